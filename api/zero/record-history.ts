import { randomUUID } from 'node:crypto';
import type { Transaction } from '@rocicorp/zero';
import type { Context } from 'hono';
import type { Change } from '../../sync/change.ts';
import type { AuthContext } from '../../sync/context.ts';
import { refusal } from '../errors.ts';
import type { ZeroDb } from './db-provider.ts';

/** A history event written in the change's own transaction: both land, or neither. */
export async function recordHistory(tx: Transaction, ctx: AuthContext, change: Change) {
  await tx.mutate.historyEvent.insert({
    id: randomUUID(),
    ...change,
    createdBy: ctx.personId,
    createdAt: Date.now(),
  });
}

/** A shared mutator body that reports its change (see sync/change.ts). */
export type ChangeFn<A> = (
  tx: Transaction,
  ctx: AuthContext | undefined,
  args: A,
) => Promise<Change | undefined>;

/** Runs `fn` and records the change it reports, on the server. */
export async function applyChange<A>(
  fn: ChangeFn<A>,
  tx: Transaction,
  ctx: AuthContext | undefined,
  args: A,
): Promise<Change | undefined> {
  const change = await fn(tx, ctx, args);
  if (change && ctx && tx.location === 'server') await recordHistory(tx, ctx, change);
  return change;
}

/**
 * A change over REST: `fn` and its history in one transaction. Resolves to
 * undefined when it is made, or to the refusal's JSON error response.
 */
export async function changeOverRest<A>(
  zdb: ZeroDb,
  c: Context,
  fn: ChangeFn<A>,
  ctx: AuthContext,
  args: A,
): Promise<Response | undefined> {
  try {
    await zdb.transaction((tx) => applyChange(fn, tx, ctx, args));
    return undefined;
  } catch (e) {
    return refusal(c, e);
  }
}
