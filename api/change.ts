import type { ReadonlyJSONValue } from '@rocicorp/zero';
import { applyChange, type ChangeDef } from '../sync/change.ts';
import type { AuthContext } from '../sync/context.ts';
import { appError } from '../sync/errors.ts';
import { firstIssue } from './errors.ts';
import type { ZeroDb } from './zero/db-provider.ts';

type Json = ReadonlyJSONValue | undefined;

/**
 * A change over REST: the arguments parsed with the change's own schema, then
 * the change and its history in one transaction, exactly as the Zero mutator
 * runs it. A refusal is thrown (an app error: `app.onError` answers it).
 * Resolves to the parsed arguments.
 */
export async function runChange<I extends Json, O extends Json>(
  zdb: ZeroDb,
  change: ChangeDef<I, O>,
  ctx: AuthContext,
  input: unknown,
): Promise<O> {
  const parsed = change.args.safeParse(input);
  if (!parsed.success) throw appError('invalid', firstIssue(parsed.error));
  await zdb.transaction((tx) => applyChange(change, tx, ctx, parsed.data));
  return parsed.data;
}
