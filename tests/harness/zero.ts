/**
 * Zero clients as the integration tests use them: `client(who)` makes one
 * (tests/harness/clients.ts zeroClient) and the harness closes it after the
 * file; `serverResult(z, request)` runs a mutation and waits for the
 * server's answer, or says where it hung.
 */
import { afterAll, inject } from 'vitest';
import type { ZeroContext } from '../../sync/context.ts';
import { type SignedIn, zeroClient } from './clients.ts';

export type Client = ReturnType<typeof zeroClient>;
type MutateRequest = Parameters<Client['mutate']>[0];
type ServerAnswer = Awaited<ReturnType<Client['mutate']>['server']>;

/** Whatever the file made that must be closed after it: clients, or anything with `close()`. */
const toClose: { close: () => Promise<void>; readonly closed?: boolean }[] = [];
/** Whose each client is, for a failure's message. */
const owners = new WeakMap<object, string>();

/** Closes `it` after the file (unless the test closed it already); returns it. */
export function closeAfterFile<T extends { close: () => Promise<void>; readonly closed?: boolean }>(
  it: T,
): T {
  toClose.push(it);
  return it;
}

/**
 * A Zero client of `who` (a new device: a client group of its own) on the
 * stack's zero-cache, or on `cacheURL`; with `context`, one that claims what
 * the session may not give. Closed after the file.
 */
export function client(
  who: Pick<SignedIn, 'token' | 'userId' | 'personId'>,
  opts: { cacheURL?: string; context?: ZeroContext } = {},
): Client {
  const z = zeroClient(
    opts.cacheURL ?? inject('stack').zeroUrl,
    who,
    opts.context ? { context: opts.context } : {},
  );
  owners.set(z, `person ${who.personId}`);
  return closeAfterFile(z);
}

afterAll(async () => {
  for (const it of toClose.splice(0)) {
    if (!it.closed) await it.close().catch(() => {});
  }
});

/** How long a mutation may wait for the server's answer before the test is told where it hung. */
export const SERVER_ANSWER_MS = 15_000;

type State = Client['connection']['state']['current'];

function stateText(s: State): string {
  if (!('reason' in s) || s.reason === undefined) return s.name;
  return `${s.name} (${typeof s.reason === 'string' ? s.reason : JSON.stringify(s.reason)})`;
}

/**
 * Runs `request` on `z` and resolves to the server's answer (`.server`). If
 * none comes within `timeoutMs`, rejects with what there is to know: the
 * mutation and its arguments, the client, its connection state now and every
 * change of it while it waited, and how the mutation ran on the client.
 */
export async function serverResult(
  z: Client,
  request: MutateRequest,
  timeoutMs = SERVER_ANSWER_MS,
): Promise<ServerAnswer> {
  const started = Date.now();
  let last = stateText(z.connection.state.current);
  const states = [`${last} when sent`];
  const unsubscribe = z.connection.state.subscribe((s) => {
    const now = stateText(s);
    if (now !== last) states.push(`${now} after ${Date.now() - started} ms`);
    last = now;
  });
  const pending = z.mutate(request);
  let onClient = 'had not finished';
  pending.client.then(
    (r) => {
      onClient = r.type === 'success' ? 'succeeded' : `refused (${r.error.message})`;
    },
    (e: unknown) => {
      onClient = `threw (${e instanceof Error ? e.message : String(e)})`;
    },
  );
  // An answer after the deadline must not surface as an unhandled rejection.
  pending.server.catch(() => {});
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const args = JSON.stringify(request.args) ?? 'undefined';
      reject(
        new Error(
          `${request.mutator.mutatorName}(${args.length > 300 ? `${args.slice(0, 300)}…` : args}) ` +
            `got no answer from the server within ${timeoutMs / 1000} s. ` +
            `Client ${z.clientID} (${owners.get(z) ?? 'made outside the harness'}${z.closed ? ', closed' : ''}): ` +
            `connection ${stateText(z.connection.state.current)} now; it was ${states.join(', then ')}. ` +
            `Run on the client, it ${onClient}.`,
        ),
      );
    }, timeoutMs);
  });
  try {
    return await Promise.race([pending.server, deadline]);
  } finally {
    clearTimeout(timer);
    unsubscribe();
  }
}
