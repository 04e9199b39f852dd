/**
 * Support sessions end after SUPPORT_SESSION_IDLE_MINUTES without activity
 * (spec §4; the API's sweep runs this).
 */
import { supportSessionServerChanges } from '../../sync/support-session.ts';
import { runSystemChange } from '../change.ts';
import type { Db } from '../db.ts';
import { createZeroDb } from '../zero/db-provider.ts';

/**
 * Ends every active session idle for longer than `idleMinutes`, each with its
 * history event (the change `endIdle`). Resolves to how many ended.
 */
export async function endIdleSessions(db: Db, idleMinutes: number): Promise<number> {
  const ended = await runSystemChange(
    { db, zdb: createZeroDb(db) },
    supportSessionServerChanges.endIdle,
    {
      idleMinutes,
    },
  );
  return ended.length;
}
