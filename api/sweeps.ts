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
import type { AnyChange } from '../sync/change.ts';
import { endExpiredLinks } from '../sync/circle.ts';
import { myDataServerChanges } from '../sync/my-data.ts';
import { supportSessionServerChanges } from '../sync/support-session.ts';
import type { Billing } from './billing/stripe.ts';
import { runSystemChange } from './change.ts';
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
  const history = await runSystemChange({ db, zdb: createZeroDb(db) }, endExpiredLinks, {});
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

type SweepDeps = {
  db: Db;
  media?: MediaStore | undefined;
  billing?: Billing | undefined;
  idleMinutes: number;
};

/**
 * One sweep: what it does, in the words of its failure; the advisory lock it
 * runs under (none: it may run twice at once and change nothing); and the
 * change it runs through the executor (api/change.ts), with its history and
 * server half, or `null` for housekeeping no person made and no history
 * tells (rows past their time).
 */
type Sweep = {
  what: string;
  lock: number | null;
  change: AnyChange | null;
  run: (deps: SweepDeps, log: (line: string) => void) => Promise<unknown> | undefined;
};

export const SWEEPS: readonly Sweep[] = [
  {
    what: 'ending idle support sessions',
    lock: SWEEP_LOCKS.idleSessions,
    change: supportSessionServerChanges.endIdle,
    run: ({ db, idleMinutes }) => endIdleSessions(db, idleMinutes),
  },
  {
    what: 'removing unfinished uploads',
    lock: SWEEP_LOCKS.media,
    change: null,
    run: ({ db, media }) => (media ? sweepMedia(db, media) : undefined),
  },
  {
    what: 'removing old rate-limit events',
    lock: SWEEP_LOCKS.rateEvents,
    change: null,
    run: ({ db }) => sweepRateEvents(db),
  },
  {
    what: 'ending supporter links at their set time',
    lock: SWEEP_LOCKS.linkEnds,
    change: endExpiredLinks,
    run: ({ db }) => endLinksDue(db),
  },
  {
    what: 'removing expired data copies',
    lock: SWEEP_LOCKS.exports,
    change: null,
    run: ({ db, media }) => sweepExports(db, media),
  },
  {
    // Deleting what is past its time twice changes nothing: no lock (and no
    // connection held for one while the other sweeps wait for theirs).
    what: 'removing old answers to changes',
    lock: null,
    change: null,
    run: ({ db }) => sweepRefusals(db),
  },
  {
    what: 'sweeping handovers (notes past their time, reviews come due)',
    lock: SWEEP_LOCKS.handover,
    change: null,
    run: ({ db }) => sweepHandover(db),
  },
  {
    what: 'deleting accounts at their set time',
    lock: SWEEP_LOCKS.accountDeletions,
    change: myDataServerChanges.deleteAccount,
    run: ({ db, media, billing }, log) => deleteAccountsDue(db, media, { billing, log }),
  },
];

/** One round of every sweep; failures are reported through `log` and do not stop the others. */
export async function sweepOnce(deps: SweepDeps, log: (line: string) => void) {
  await Promise.all(
    SWEEPS.map(async (sweep) => {
      const run = async () => sweep.run(deps, log);
      await (sweep.lock === null ? run() : exclusively(deps.db, sweep.lock, run)).catch(
        (e: unknown) => log(`api: ${sweep.what} failed: ${e instanceof Error ? e.message : e}`),
      );
    }),
  );
}
