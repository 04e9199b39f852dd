import { isApplicationError } from '@rocicorp/zero/server';
import { zeroDrizzle } from '@rocicorp/zero/server/adapters/drizzle';
import { schema } from '../../schema/zero-schema.gen.ts';
import type { Db } from '../db.ts';
import { databaseUnavailable } from '../errors.ts';

/**
 * ZQL over Postgres, through the app's drizzle client: runs the mutators, lets
 * REST handlers reuse the synced queries' filters, and gives them drizzle
 * (`tx.dbTransaction.wrappedTransaction`) for the rest of a change, all in one
 * transaction. The one ZQL database of the API.
 */
export function createZeroDb(db: Db) {
  return zeroDrizzle(schema, db);
}
export type ZeroDb = ReturnType<typeof createZeroDb>;

/** How long one push waits for the database to come back before it is answered as failed. */
export const PUSH_WAITS_FOR_DATABASE_MS = 15_000;

/** The pauses between tries while the database cannot be reached: short first, then each second. */
const RETRY_PAUSES_MS = [100, 250, 500, 1_000];

/** Thrown instead of recording a change's failure when the failure was the database's absence. */
export class DatabaseUnreachable extends Error {
  readonly code = 'DATABASE_UNREACHABLE';
  constructor(cause: unknown) {
    super('the database could not be reached; the change was not judged', { cause });
  }
}

type Transact = ZeroDb['transaction'];

/**
 * The database Zero's mutate handler writes through, for one push.
 *
 * When a change's transaction fails, Zero's handler runs a second transaction
 * without the change, to store the failure as the change's answer and move
 * the client's last mutation id past it: the change is then dropped, and the
 * browser counts it as answered (a moved id reads as "saved"). That is right
 * for a refusal; it is wrong when the database could not be reached at all
 * (restarting after a crash, a pooled connection cut), because the change was
 * never judged. Postgres is often back within a second or two, and the pool
 * then has fresh connections, so that second transaction would succeed and
 * the change would be lost while the person is told it is kept.
 *
 * So here a transaction that fails because the database cannot be reached is
 * tried again, whole, while it comes back (up to `waitMs`): the browser keeps
 * saying "Saving…" meanwhile. Trying again is safe: the client's last mutation
 * id is checked and moved in the same transaction, so a change whose commit
 * did land before the connection broke is answered "already processed", and
 * nothing runs twice. If the database stays away, the failure is not
 * recorded either: the recording transaction is refused at once, Zero answers
 * the push as failed without consuming the change, and the browser sends it
 * again when it reconnects.
 */
export function pushDatabase(
  zdb: ZeroDb,
  { waitMs = PUSH_WAITS_FOR_DATABASE_MS }: { waitMs?: number } = {},
): { transaction: Transact } {
  /** Changes (client/mutation id) whose database could not be reached in this push. */
  const unreachable = new Set<string>();
  const transaction = (async (callback, input) => {
    const key = input ? `${input.clientID}/${input.mutationID}` : undefined;
    // Zero's recording of a failure that was the database's: refused, so it
    // answers the push as failed and the change stays the client's to send.
    if (key && unreachable.has(key)) throw new DatabaseUnreachable(undefined);
    const until = Date.now() + waitMs;
    for (let attempt = 0; ; attempt++) {
      try {
        return await zdb.transaction(callback, input);
      } catch (e) {
        if (!databaseUnavailable(e)) {
          // A refusal is the change's answer, and a change sent again after its
          // answer was lost is Zero's to answer; anything else is a fault worth reading.
          if (!isApplicationError(e) && e?.constructor?.name !== 'MutationAlreadyProcessedError') {
            console.error('zero mutate: transaction failed:', e);
          }
          throw e;
        }
        const pause = RETRY_PAUSES_MS[Math.min(attempt, RETRY_PAUSES_MS.length - 1)] ?? 1_000;
        if (Date.now() + pause > until) {
          if (key) unreachable.add(key);
          throw new DatabaseUnreachable(e);
        }
        await new Promise((r) => setTimeout(r, pause));
      }
    }
  }) as Transact;
  return { transaction };
}
