/**
 * The one executor of changes on the server (sync/change.ts defines them).
 * Every write, whether it came over Zero (`/api/zero/mutate`, api/routes/zero.ts),
 * over REST (`runChange`) or from a sweep (`runSystemChange`), runs here:
 *
 * 1. its arguments are parsed with the change's own schema;
 * 2. the change and its history run in one transaction (`applyChange`);
 * 3. its server half (api/server-halves.ts), if it has one, runs `within`
 *    that transaction, after the change's writes, and `after` the commit.
 *
 * So what a change asks of the world (a mail, files leaving the object
 * store, a timer looking again) is declared once, beside the change, and
 * happens the same way whichever way the change came.
 */
import type { ReadonlyJSONValue, Transaction } from '@rocicorp/zero';
import type { Context } from 'hono';
import { type AnyChange, applyChange, type ChangeDef, type HistoryEntry } from '../sync/change.ts';
import type { ZeroContext } from '../sync/context.ts';
import { appError } from '../sync/errors.ts';
import { settled } from '../sync/pipeline.ts';
import { firstIssue } from './errors.ts';
import { type ChangeDeps, halfOf, type ServerHalf } from './server-halves.ts';
import { assertMatches, type IfMatch, ifMatchOf, versioned } from './versions.ts';

export type { ChangeDeps } from './server-halves.ts';

type Json = ReadonlyJSONValue | undefined;

/**
 * Work a committed change left for after its commit. Tasks with the same
 * `once` run once among those run together (`runLater`).
 */
export type AfterCommit = { run: () => Promise<void>; once?: unknown };

/**
 * Runs `change` with parsed `args` in the transaction `tx`, with its server
 * half's `within`; what its half does after the commit is added to `later`,
 * for the caller to run once the transaction has committed (`runLater`).
 * `call` is what only this call knows that the half needs (an invite's link).
 */
export async function applyServerChange<A>(
  deps: ChangeDeps,
  change: AnyChange,
  tx: Transaction,
  ctx: ZeroContext,
  args: A,
  later: AfterCommit[],
  call?: unknown,
): Promise<readonly HistoryEntry[]> {
  const entries = await applyChange(change, tx, ctx, args);
  const half = halfOf(change) as ServerHalf<A> | undefined;
  if (!half) return entries;
  if (half.within) {
    // The change's writes were sent ahead: known written before the work that follows them.
    await settled(tx);
    await half.within({ tx, args, ctx, deps, call });
  }
  const { after, afterAll } = half;
  if (after) later.push({ run: async () => after({ args, ctx, deps, call }) });
  if (afterAll) later.push({ run: async () => afterAll(deps), once: afterAll });
  return entries;
}

/**
 * Runs what committed changes left for after their commit. A failure there
 * is logged: the changes stand, and each such task has a sweep behind it.
 */
export async function runLater(later: readonly AfterCommit[]): Promise<void> {
  const done = new Set<unknown>();
  for (const task of later) {
    if (task.once !== undefined) {
      if (done.has(task.once)) continue;
      done.add(task.once);
    }
    await task.run().catch((e: unknown) => {
      console.error(`api: work after a change failed: ${e instanceof Error ? e.message : e}`);
    });
  }
}

/**
 * A change over REST: the arguments parsed with the change's own schema, then
 * the change, its history and its server half's `within` in one transaction,
 * exactly as the Zero mutator runs it; its `after` once committed. A refusal
 * is thrown (an app error: `app.onError` answers it). Resolves to the parsed
 * arguments.
 */
export async function runChange<I extends Json, O extends Json>(
  deps: ChangeDeps,
  change: ChangeDef<I, O>,
  ctx: ZeroContext,
  input: unknown,
  call?: unknown,
): Promise<O> {
  const parsed = change.args.safeParse(input);
  if (!parsed.success) throw appError('invalid', firstIssue(parsed.error));
  const later: AfterCommit[] = [];
  await deps.zdb.transaction((tx) =>
    applyServerChange(deps, change, tx, ctx, parsed.data, later, call),
  );
  await runLater(later);
  return parsed.data;
}

/**
 * One resource a REST write names, as its GET reads it (api/versions.ts).
 * `lock` takes the row's lock, and first the lock of any row its changes
 * lock before it (a note's preference), so that nothing changes it between
 * the version judged and the write.
 */
export type Resource<R> = {
  lock: (tx: Transaction) => Promise<void>;
  /** The resource as the caller may read it, or undefined. */
  read: (tx: Transaction) => Promise<R | undefined>;
  /** Its representation: the GET's body, whose hash is its version. */
  json: (row: R) => unknown;
  /** The refusal when the caller may not read it (404, in the route's words). */
  missing: () => Error;
};

/**
 * A REST write of one resource: in one transaction, the resource is locked
 * and read once (404 when the caller may not read it), `If-Match` judged
 * against its version (412 when stale: nothing changes), the change run with
 * its history and server half, and the resource read again for the answer.
 * Resolves to its representation after the change (undefined when the
 * caller may no longer read it, or `answer` is false, as for a DELETE).
 */
export async function changeResource<I extends Json, O extends Json, R>(
  deps: ChangeDeps,
  change: ChangeDef<I, O>,
  ctx: ZeroContext,
  input: unknown,
  resource: Resource<R>,
  ifMatch: IfMatch,
  { answer = true }: { answer?: boolean } = {},
): Promise<unknown> {
  const later: AfterCommit[] = [];
  const after = await deps.zdb.transaction(async (tx) => {
    await resource.lock(tx);
    const before = await resource.read(tx);
    if (before === undefined) throw resource.missing();
    assertMatches(ifMatch, resource.json(before));
    const parsed = change.args.safeParse(input);
    if (!parsed.success) throw appError('invalid', firstIssue(parsed.error));
    await applyServerChange(deps, change, tx, ctx, parsed.data, later);
    if (!answer) return undefined;
    const now = await resource.read(tx);
    return now === undefined ? undefined : resource.json(now);
  });
  await runLater(later);
  return after;
}

/** A REST write of one resource, as `updated` and `removed` take it. */
type ResourceWrite<R> = [
  c: Context,
  deps: ChangeDeps,
  change: AnyChange,
  ctx: ZeroContext,
  input: unknown,
  resource: Resource<R>,
];

/**
 * A REST PUT or PATCH of one resource (`changeResource`, judged against the
 * request's If-Match): answers the resource as it is now, with its version.
 */
export async function updated<R>(...[c, deps, change, ctx, input, resource]: ResourceWrite<R>) {
  const after = await changeResource(deps, change, ctx, input, resource, ifMatchOf(c));
  // Changed so that the caller may no longer read it: as if it were not there.
  if (after === undefined) throw resource.missing();
  return versioned(c, after);
}

/** A REST DELETE of one resource (`changeResource`, judged against If-Match): 204. */
export async function removed<R>(...[c, deps, change, ctx, input, resource]: ResourceWrite<R>) {
  await changeResource(deps, change, ctx, input, resource, ifMatchOf(c), { answer: false });
  return c.body(null, 204);
}

/**
 * A change of the system, with no caller (a sweep ending what is due): the
 * same executor as any other. Resolves to the history it recorded.
 */
export async function runSystemChange<I extends Json, O extends Json>(
  deps: ChangeDeps,
  change: ChangeDef<I, O>,
  input: I,
): Promise<readonly HistoryEntry[]> {
  const args = change.args.parse(input);
  const later: AfterCommit[] = [];
  const entries = await deps.zdb.transaction((tx) =>
    applyServerChange(deps, change, tx, undefined, args, later),
  );
  await runLater(later);
  return entries;
}
