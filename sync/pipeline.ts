/**
 * Statements sent ahead in a server transaction (ADR 035): what a change may
 * send without waiting for its answer. Kept apart from change.ts, which
 * brings Zero's mutators, so that rules that lock rows (conflict.ts,
 * plan-limits.ts) do not bring them into every screen that reads their words.
 */
import type { Transaction } from '@rocicorp/zero';

/**
 * A server transaction that sends statements without waiting for each
 * answer (api/zero/db-provider.ts; ADR 035). `hold` keeps the answer of a
 * statement already sent that the change does not read; the transaction
 * awaits it before it reports a commit. `settle` awaits those held so far
 * and throws the first that failed.
 */
export type Pipeline = { hold(answer: Promise<unknown>): void; settle(): Promise<void> };

export function pipelineOf(tx: Transaction): Pipeline | undefined {
  if (tx.location !== 'server') return undefined;
  const db = tx.dbTransaction as unknown as Partial<Pipeline>;
  return typeof db.hold === 'function' && typeof db.settle === 'function'
    ? (db as Pipeline)
    : undefined;
}

/**
 * Locks rows with `statement` (a `SELECT … FOR UPDATE` whose rows nobody
 * reads) on the server. In a pipelined transaction it is sent and held: the
 * change's next read goes right behind it and, as Postgres runs a
 * connection's statements in order, reads what the lock protects.
 */
export async function lockRows(tx: Transaction, statement: string, params: unknown[]) {
  if (tx.location !== 'server') return;
  const answer = tx.dbTransaction.query(statement, params);
  const pipeline = pipelineOf(tx);
  if (pipeline) pipeline.hold(answer);
  else await answer;
}

/**
 * Awaits the statements a change has sent ahead, in a pipelined server
 * transaction (nothing to wait for elsewhere), and throws the first that
 * failed: for work after a change, in its transaction, that must know the
 * change was written (an e-mail about it).
 */
export async function settled(tx: Transaction): Promise<void> {
  await pipelineOf(tx)?.settle();
}
