/**
 * The API's periodic sweeps: idle support sessions end, unconfirmed uploads
 * and unused photos go, old rate-limit events go. Several API processes may
 * run against one database: each sweep runs under a Postgres advisory lock
 * taken with try (`pg_try_advisory_xact_lock`), so one process sweeps and the
 * others skip that round; a sweep never runs twice at once, so nothing is
 * ended or recorded twice.
 */
import { sql } from 'drizzle-orm';
import type { Db } from './db.ts';
import type { MediaStore } from './media/store.ts';
import { sweepMedia } from './media.ts';
import { sweepRateEvents } from './rate-limit.ts';
import { endIdleSessions } from './support.ts';

/** Advisory lock keys of the sweeps (one number space with the migrations' lock). */
export const SWEEP_LOCKS = { idleSessions: 7301, media: 7302, rateEvents: 7303 } as const;

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

/** One round of every sweep; failures are reported through `log` and do not stop the others. */
export async function sweepOnce(
  deps: { db: Db; media?: MediaStore | undefined; idleMinutes: number },
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
  ]);
}
