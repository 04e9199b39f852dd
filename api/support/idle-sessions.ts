/**
 * Support sessions end after SUPPORT_SESSION_IDLE_MINUTES without activity
 * (spec §4; the API's sweep runs this).
 */
import { applyChange } from '../../sync/change.ts';
import { supportSessionChanges } from '../../sync/support-session.ts';
import type { Db } from '../db.ts';
import { createZeroDb } from '../zero/db-provider.ts';

/**
 * Ends every active session idle for longer than `idleMinutes`, each with its
 * history event (the change `endIdle`). Resolves to how many ended.
 */
export async function endIdleSessions(db: Db, idleMinutes: number): Promise<number> {
  const ended = await createZeroDb(db).transaction((tx) =>
    applyChange(supportSessionChanges.endIdle, tx, undefined, { idleMinutes }),
  );
  return ended.length;
}
