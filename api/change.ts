import type { ReadonlyJSONValue, Transaction } from '@rocicorp/zero';
import { applyChange, type ChangeDef } from '../sync/change.ts';
import type { ZeroContext } from '../sync/context.ts';
import { appError } from '../sync/errors.ts';
import { settled } from '../sync/pipeline.ts';
import { firstIssue } from './errors.ts';
import type { ZeroDb } from './zero/db-provider.ts';

type Json = ReadonlyJSONValue | undefined;

/**
 * A change over REST: the arguments parsed with the change's own schema, then
 * the change and its history in one transaction, exactly as the Zero mutator
 * runs it. A refusal is thrown (an app error: `app.onError` answers it).
 * `within`, when given, runs after the change in its transaction: work the
 * change needs done or undone with it (an invite's e-mail), never a rule.
 * Resolves to the parsed arguments.
 */
export async function runChange<I extends Json, O extends Json>(
  zdb: ZeroDb,
  change: ChangeDef<I, O>,
  ctx: ZeroContext,
  input: unknown,
  within?: (tx: Transaction, args: O) => Promise<void>,
): Promise<O> {
  const parsed = change.args.safeParse(input);
  if (!parsed.success) throw appError('invalid', firstIssue(parsed.error));
  await zdb.transaction(async (tx) => {
    await applyChange(change, tx, ctx, parsed.data);
    if (within) {
      // The change's writes were sent ahead: known written before the work that follows them.
      await settled(tx);
      await within(tx, parsed.data);
    }
  });
  return parsed.data;
}
