import type { AST } from '@rocicorp/zero';
import {
  type ApplicationError,
  executePostgresQuery,
  isApplicationError,
  ZQLDatabase,
} from '@rocicorp/zero/server';
import type { DrizzleTransaction } from '@rocicorp/zero/server/adapters/drizzle';
import { sql } from 'drizzle-orm';
import type postgres from 'postgres';
import { schema } from '../../schema/zero-schema.gen.ts';
import { appError } from '../../sync/errors.ts';
import type { Pipeline } from '../../sync/pipeline.ts';
import type { Db } from '../db.ts';
import { databaseUnavailable } from '../errors.ts';

type DrizzleTx = DrizzleTransaction<Db>;
type Rows = Iterable<Record<string, unknown>>;

/**
 * One transaction of the API, whose statements go to Postgres without
 * waiting for each other's answers where nothing reads the answer
 * (docs/decisions/035-a-change-in-two-round-trips.md).
 *
 * - `query` sends a statement at once and resolves with its rows. It goes
 *   straight to postgres.js, so statements reach the connection in the order
 *   they were asked for, and Postgres runs them in that order.
 * - `hold` keeps the answer of a statement already sent that nobody reads (a
 *   change's writes and row locks: sync/change.ts). The change goes on at
 *   once; its next read is sent behind it, in the same round trip.
 * - `settle` awaits every held answer and throws the first failure.
 *
 * A held statement that fails aborts the transaction in Postgres: every
 * later statement fails too (a read then throws the held failure, not
 * "transaction aborted"), and the commit becomes a rollback. The commit is
 * sent behind the held statements, so when it is answered they are too; the
 * connection then settles them and throws if one failed (`PipelinedConnection`).
 */
class PipelinedTransaction implements Pipeline {
  readonly #client: postgres.Sql;
  readonly #held: Promise<void>[] = [];
  #failure: { error: unknown } | undefined;

  constructor(readonly wrappedTransaction: DrizzleTx) {
    // drizzle's postgres-js session keeps the transaction's own postgres.js client.
    const session = (wrappedTransaction as unknown as { _: { session: { client: postgres.Sql } } })
      ._.session;
    this.#client = session.client;
  }

  query(text: string, params: unknown[]): Promise<Rows> {
    // Those sent before this one (not this one's own, held after it is sent).
    const earlier = [...this.#held];
    // A named statement, as every query of the API (ADR 034): once prepared
    // on the connection, it can be sent behind others without waiting.
    const answer = this.#client
      .unsafe(text, params as postgres.ParameterOrJSON<never>[], { prepare: true })
      .execute();
    return answer.then(
      (rows) => rows as Rows,
      async (e: unknown) => {
        // After a held statement failed, Postgres refuses the rest of the
        // transaction: that failure is the one worth telling. Those held
        // before this one are answered by now; their handlers may not have
        // run yet.
        await Promise.all(earlier);
        throw this.#failure ? this.#failure.error : e;
      },
    );
  }

  runQuery(ast: AST, format: never, zeroSchema: never, serverSchema: never): Promise<never> {
    return executePostgresQuery(this, ast, format, zeroSchema, serverSchema) as Promise<never>;
  }

  hold(answer: Promise<unknown>): void {
    this.#held.push(
      answer.then(
        () => {},
        (error: unknown) => {
          this.#failure ??= { error };
        },
      ),
    );
  }

  /** The first held statement that failed, if one did. */
  get failure(): { error: unknown } | undefined {
    return this.#failure;
  }

  async settle(): Promise<void> {
    await Promise.all(this.#held.splice(0));
    if (this.#failure) throw this.#failure.error;
  }
}

/**
 * A statement sent ahead failed after its change had returned, so Postgres
 * turned the commit into a rollback: nothing of the transaction was written.
 * `cause` is the statement's own error (it may quote the statement).
 */
export class NotCommitted extends Error {
  constructor(cause: unknown) {
    super('a statement of the transaction failed, so its commit was a rollback', { cause });
  }
}

/** The API's transactions as Zero's database adapter asks for them: pipelined (above). */
class PipelinedConnection {
  constructor(readonly db: Db) {}

  async transaction<T>(fn: (tx: PipelinedTransaction) => Promise<T>): Promise<T> {
    let tx: PipelinedTransaction | undefined;
    try {
      const result = await this.db.transaction(async (drizzleTx) => {
        tx = new PipelinedTransaction(drizzleTx as unknown as DrizzleTx);
        return fn(tx);
      });
      // Everything held was sent before the commit, so it is answered by now.
      // If something failed, Postgres turned that commit into a rollback.
      await tx?.settle();
      return result;
    } catch (e) {
      const failure = tx?.failure;
      // A held statement failed: the change did not land, and this says so,
      // whether postgres.js noticed before its commit (it then rolls back and
      // throws the statement's error) or the commit was the rollback. A
      // refusal of the change's own stays the answer; so does the database's
      // absence, which is tried again (pushDatabase), never answered.
      if (
        failure === undefined ||
        isApplicationError(e) ||
        databaseUnavailable(e) ||
        databaseUnavailable(failure.error)
      ) {
        throw e;
      }
      throw new NotCommitted(failure.error);
    }
  }
}

/**
 * ZQL over Postgres, through the app's drizzle client: runs the mutators, lets
 * REST handlers reuse the synced queries' filters, and gives them drizzle
 * (`tx.dbTransaction.wrappedTransaction`) for the rest of a change, all in one
 * transaction. The one ZQL database of the API; its transactions are
 * pipelined (`PipelinedTransaction`).
 */
export function createZeroDb(db: Db) {
  return new ZQLDatabase<typeof schema, DrizzleTx>(new PipelinedConnection(db), schema);
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
        if (e instanceof NotCommitted) {
          // The database refused one of the change's statements, as it may
          // refuse one inside the mutator (api/routes/zero.ts): a code and
          // words for the client, whose answer Zero stores and replicates;
          // the statement's error to the server log only.
          console.error('zero mutate: a statement failed; nothing was written:', e.cause);
          const refusal = appError('internal');
          if (key) ledger?.refused.set(key, refusal);
          throw refusal;
        }
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
