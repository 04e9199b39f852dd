/**
 * How the server answered an outbox change, for the browser that sent it
 * (docs/decisions/029-the-outbox-asks-how-a-change-was-answered.md).
 *
 * Zero's client settles a change as done once the client's last mutation id
 * passes it, unless the refusal reached it first. After a lost connection it
 * often has not: the push's answer went with the connection, and on
 * reconnecting every change up to that id reads as done. Refusals of outbox
 * changes are therefore kept (schema/private.ts changeRefusal), written in the
 * transaction in which Zero records them (api/zero/db-provider.ts); the
 * outbox asks for them by its own key (GET /api/zero/answers/{key},
 * api/routes/zero.ts) before it says such a change was saved.
 */
import { and, desc, eq, lt, sql } from 'drizzle-orm';
import { changeRefusal } from '../../schema/index.ts';
import type { Db } from '../db.ts';

/** How long a refusal is kept for its outbox to ask about (a tablet offline for weeks). */
export const REFUSALS_KEPT_DAYS = 45;

/** The answer to GET /api/zero/answers/{key}: refused (with what the screen shows), or not. */
export type ChangeAnswer =
  | { refused: false }
  | { refused: true; code: string | null; message: string; details: unknown };

/** Zero's server transaction, as a mutator's callback is given it. */
type ServerTx = { dbTransaction: { query: (sql: string, args: unknown[]) => Promise<unknown> } };

/** A change sent again landed: its earlier refusals no longer stand. */
export async function forgetRefusals(tx: ServerTx, userId: string, changeKey: string) {
  await tx.dbTransaction.query(
    'DELETE FROM private.change_refusal WHERE user_id = $1 AND change_key = $2',
    [userId, changeKey],
  );
}

/** The last refusal of the caller's change `key`, if it was refused. */
export async function answerOf(db: Db, userId: string, key: string): Promise<ChangeAnswer> {
  const [row] = await db
    .select()
    .from(changeRefusal)
    .where(and(eq(changeRefusal.userId, userId), eq(changeRefusal.changeKey, key)))
    .orderBy(desc(changeRefusal.createdAt), desc(changeRefusal.mutationId))
    .limit(1);
  return row
    ? { refused: true, code: row.code, message: row.message, details: row.details }
    : { refused: false };
}

/** The minute sweep: refusals older than REFUSALS_KEPT_DAYS go. */
export async function sweepRefusals(db: Db) {
  await db
    .delete(changeRefusal)
    .where(lt(changeRefusal.createdAt, sql`now() - (${REFUSALS_KEPT_DAYS} * interval '1 day')`));
}
