import { type ApplicationError, isApplicationError } from '@rocicorp/zero/server';
import { zeroDrizzle } from '@rocicorp/zero/server/adapters/drizzle';
import { sql } from 'drizzle-orm';
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

/** How long `databaseAnswers` waits for the database. */
const PROBE_MS = 2_000;

/** Whether the database answers a trivial query now (within PROBE_MS). */
export async function databaseAnswers(db: Db): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), PROBE_MS);
  });
  try {
    return await Promise.race([
      db.execute(sql`select 1`).then(
        () => true,
        () => false,
      ),
      late,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** A refusal as a client may read it: a code and words, and what the screen shows beside them. */
export type Answer = { code: string | undefined; message: string; details: unknown };

/**
 * What one push knows of its changes beside Zero: the signed-in user, each
 * change's outbox key (sync/change.ts OUTBOX_KEY), and the refusals to record
 * (by `clientID/mutationID`). The mutate endpoint fills the keys and the
 * refusals it makes before a change's transaction; `pushDatabase` adds those
 * thrown inside one.
 */
export class PushLedger {
  readonly keys = new Map<string, string>();
  readonly refused = new Map<string, ApplicationError>();
  constructor(
    readonly userId: string,
    /** How the client will read a refusal (the endpoint rewords what is not ours). */
    readonly answerOf: (e: ApplicationError) => Answer,
  ) {}
}

/** `clientID/mutationID`: one change of one client. */
export const mutationKey = (clientID: string, mutationID: number) => `${clientID}/${mutationID}`;

/** Zero's server transaction, as the provider's callback is given it. */
type ServerTx = { dbTransaction: { query: (sql: string, args: unknown[]) => Promise<unknown> } };

/** A refusal of an outbox change, written in the transaction that records it (schema/private.ts changeRefusal). */
async function recordRefusal(
  tx: ServerTx,
  ledger: PushLedger,
  input: { clientID: string; mutationID: number },
  changeKey: string,
  error: ApplicationError,
) {
  const answer = ledger.answerOf(error);
  await tx.dbTransaction.query(
    `INSERT INTO private.change_refusal
       (client_id, mutation_id, user_id, change_key, code, message, details)
     VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb)
     ON CONFLICT (client_id, mutation_id) DO NOTHING`,
    [
      input.clientID,
      input.mutationID,
      ledger.userId,
      changeKey,
      answer.code ?? null,
      answer.message,
      answer.details === undefined ? null : JSON.stringify(answer.details),
    ],
  );
}

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
  {
    waitMs = PUSH_WAITS_FOR_DATABASE_MS,
    ledger,
  }: { waitMs?: number; ledger?: PushLedger | undefined } = {},
): { transaction: Transact } {
  /** Changes (client/mutation id) whose database could not be reached in this push. */
  const unreachable = new Set<string>();
  const transaction = (async (callback, input) => {
    const key = input ? mutationKey(input.clientID, input.mutationID) : undefined;
    // Zero's recording of a failure that was the database's: refused, so it
    // answers the push as failed and the change stays the client's to send.
    if (key && unreachable.has(key)) throw new DatabaseUnreachable(undefined);
    // Zero's recording of a refusal: the outbox's record of it goes in the
    // same transaction, so that it exists exactly when the refusal does.
    const refused = key ? ledger?.refused.get(key) : undefined;
    const changeKey = key ? ledger?.keys.get(key) : undefined;
    const run: typeof callback =
      input && ledger && refused && changeKey
        ? async (tx, hooks) => {
            const result = await callback(tx, hooks);
            await recordRefusal(tx, ledger, input, changeKey, refused);
            return result;
          }
        : callback;
    const until = Date.now() + waitMs;
    for (let attempt = 0; ; attempt++) {
      try {
        return await zdb.transaction(run, input);
      } catch (e) {
        if (!databaseUnavailable(e)) {
          if (key && isApplicationError(e)) ledger?.refused.set(key, e);
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
