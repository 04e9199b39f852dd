/**
 * The API's periodic sweeps: idle support sessions end, unconfirmed uploads
 * and unused photos go, old rate-limit events go, supporter links whose set
 * end has come go (with a timer of their own for ends between sweeps), data
 * copies past their time go, old answers to the outbox's changes go, and accounts whose deletion is due are deleted. Several API processes may
 * run against one database: each sweep runs under a Postgres advisory lock
 * taken with try (`pg_try_advisory_xact_lock`), so one process sweeps and the
 * others skip that round; a sweep never runs twice at once, so nothing is
 * ended or recorded twice.
 */
import { sql } from 'drizzle-orm';
import { applyChange } from '../sync/change.ts';
import { endExpiredLinks } from '../sync/circle.ts';
import type { Billing } from './billing/stripe.ts';
import type { Db } from './db.ts';
import { sweepHandover } from './handover/sweep.ts';
import type { MediaStore } from './media/store.ts';
import { sweepMedia } from './media/sweep.ts';
import { deleteAccountsDue } from './my-data/account-deletion.ts';
import { sweepExports } from './my-data/sweep.ts';
import { sweepRateEvents } from './rate-limit.ts';
import { endIdleSessions } from './support/idle-sessions.ts';
import { sweepRefusals } from './zero/answers.ts';
import { createZeroDb } from './zero/db-provider.ts';

/** Advisory lock keys of the sweeps (one number space with the migrations' lock). */
export const SWEEP_LOCKS = {
  idleSessions: 7301,
  media: 7302,
  rateEvents: 7303,
  linkEnds: 7304,
  exports: 7305,
  accountDeletions: 7306,
  handover: 7307,
} as const;

/** How often the API sweeps (api/process.ts); a link ending sooner gets a timer of its own. */
export const SWEEP_INTERVAL_MS = 60_000;

/**
 * Runs `work` unless another process runs the sweep `key` right now; resolves
 * to its result, or undefined when it was skipped. The lock is held by a
 * transaction that stays open while `work` runs.
 */
export async function exclusively<T>(
  db: Db,
  key: number,
  work: () => Promise<T>,
): Promise<T | undefined> {
  return db.transaction(async (tx) => {
    const rows = await tx.execute<{ ok: boolean }>(
      sql`select pg_try_advisory_xact_lock(${key}) as ok`,
    );
    if (!rows[0]?.ok) return undefined;
    return work();
  });
}

/** Removes the supporter links whose set end has come (sync/circle.ts endExpiredLinks); how many. */
export async function endLinksDue(db: Db): Promise<number> {
  const history = await createZeroDb(db).transaction((tx) =>
    applyChange(endExpiredLinks, tx, undefined, {}),
  );
  return history.filter((h) => h.relatedType === 'SupporterLink').length;
}

/**
 * Ends time-limited links at their time, not at the next sweep: looks up the
 * soonest end and, when it comes before the next sweep, sets a timer for it.
 * Asked again after every sweep, at start, and whenever this process changed
 * a link's end (api/routes/zero.ts, api/routes/circle.ts). With several API
 * processes each keeps its own timer; the sweep's lock lets one of them do it.
 */
export class LinkEndTimer {
  readonly #db: Db;
  readonly #log: (line: string) => void;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #stopped = false;

  constructor(db: Db, log: (line: string) => void) {
    this.#db = db;
    this.#log = log;
  }

  /** Looks up the soonest end again; never throws. */
  changed(floorMs = 0): void {
    void this.#plan(floorMs).catch((e: unknown) =>
      this.#log(
        `api: looking up supporter link ends failed: ${e instanceof Error ? e.message : e}`,
      ),
    );
  }

  async #plan(floorMs: number) {
    if (this.#stopped) return;
    const rows = await this.#db.execute<{ next: string | Date | null }>(
      sql`select min(ends_at) as next from supporter_link where ends_at is not null`,
    );
    const next = rows[0]?.next;
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = undefined;
    if (next === null || next === undefined || this.#stopped) return;
    const wait = Math.max(floorMs, new Date(next).getTime() - Date.now());
    if (wait > SWEEP_INTERVAL_MS) return;
    this.#timer = setTimeout(() => void this.#run(), wait);
  }

  async #run() {
    this.#timer = undefined;
    const ended = await exclusively(this.#db, SWEEP_LOCKS.linkEnds, () =>
      endLinksDue(this.#db),
    ).catch((e: unknown) => {
      this.#log(`api: ending supporter links failed: ${e instanceof Error ? e.message : e}`);
      return undefined;
    });
    // Skipped (another process is at it) or failed: look again in a second, not at once.
    this.changed(ended === undefined ? 1_000 : 0);
  }

  stop() {
    this.#stopped = true;
    if (this.#timer) clearTimeout(this.#timer);
  }
}

/** One round of every sweep; failures are reported through `log` and do not stop the others. */
export async function sweepOnce(
  deps: {
    db: Db;
    media?: MediaStore | undefined;
    billing?: Billing | undefined;
    idleMinutes: number;
  },
  log: (line: string) => void,
) {
  const { db } = deps;
  const report = (what: string) => (e: unknown) =>
    log(`api: ${what} failed: ${e instanceof Error ? e.message : e}`);
  await Promise.all([
    exclusively(db, SWEEP_LOCKS.idleSessions, () => endIdleSessions(db, deps.idleMinutes)).catch(
      report('ending idle support sessions'),
    ),
    deps.media
      ? exclusively(db, SWEEP_LOCKS.media, () => sweepMedia(db, deps.media as MediaStore)).catch(
          report('removing unfinished uploads'),
        )
      : undefined,
    exclusively(db, SWEEP_LOCKS.rateEvents, () => sweepRateEvents(db)).catch(
      report('removing old rate-limit events'),
    ),
    exclusively(db, SWEEP_LOCKS.linkEnds, () => endLinksDue(db)).catch(
      report('ending supporter links at their set time'),
    ),
    exclusively(db, SWEEP_LOCKS.exports, () => sweepExports(db, deps.media)).catch(
      report('removing expired data copies'),
    ),
    // Deleting what is past its time twice changes nothing: no lock (and no
    // connection held for one while the other sweeps wait for theirs).
    sweepRefusals(db).catch(report('removing old answers to changes')),
    exclusively(db, SWEEP_LOCKS.handover, () => sweepHandover(db)).catch(
      report('sweeping handovers (notes past their time, reviews come due)'),
    ),
    exclusively(db, SWEEP_LOCKS.accountDeletions, () =>
      deleteAccountsDue(db, deps.media, { billing: deps.billing, log }),
    ).catch(report('deleting accounts at their set time')),
  ]);
}
