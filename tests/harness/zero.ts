/**
 * Zero clients as the integration tests use them: `client(who)` makes one
 * (tests/harness/clients.ts zeroClient) and the harness closes it after the
 * file; `serverResult(z, request)` runs a mutation and waits for the
 * server's answer, or says where it hung.
 */
import { readdirSync, readFileSync } from 'node:fs';
import postgres from 'postgres';
import { afterAll, inject } from 'vitest';
import type { ZeroContext } from '../../sync/context.ts';
import { type SignedIn, zeroClient } from './clients.ts';

export type Client = ReturnType<typeof zeroClient>;

/**
 * What went over each client's sockets (message types and times, by client
 * ID): a stall's report says whether the client sent what zero-cache needed,
 * and what it heard back. Zero takes `WebSocket` from the global scope.
 */
const traffic = new Map<string, string[]>();
const NativeWebSocket = globalThis.WebSocket;
globalThis.WebSocket = class extends NativeWebSocket {
  constructor(url: string | URL, protocols?: string | string[]) {
    super(url, protocols);
    const clientID = new URL(String(url)).searchParams.get('clientID') ?? 'unknown';
    const seen = traffic.get(clientID) ?? [];
    traffic.set(clientID, seen);
    const started = Date.now();
    const note = (what: string) => {
      seen.push(`${Date.now() - started} ms ${what}`);
      if (seen.length > 40) seen.shift();
    };
    note('socket created');
    this.addEventListener('open', () => note('open'));
    this.addEventListener('close', (e) => note(`closed ${e.code}`));
    this.addEventListener('message', (e) => note(`got ${messageType(e.data)}`));
    const send = this.send.bind(this);
    this.send = (data) => {
      note(`sent ${messageType(data)}`);
      send(data);
    };
  }
} as typeof WebSocket;

function messageType(data: unknown): string {
  if (typeof data !== 'string') return 'binary';
  const m = /^\["(\w+)"/.exec(data);
  return m?.[1] ?? data.slice(0, 20);
}
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
  withRunDeadline(z);
  return closeAfterFile(z);
}

/** How long a `complete` read may wait for zero-cache before the test is told where it hung. */
export const COMPLETE_READ_MS = 20_000;

/**
 * `run` with `{ type: 'complete' }` waits for zero-cache to say the query is
 * complete; if it never does, the test would hang until its hook's or test's
 * timeout with nothing to go on. Here it fails after `COMPLETE_READ_MS` with
 * the query, the client's connection states and zero-cache's last warnings.
 */
function withRunDeadline(z: Client) {
  const run = z.run.bind(z) as (...args: unknown[]) => Promise<unknown>;
  (z as { run: unknown }).run = (...args: unknown[]) => {
    const started = Date.now();
    const states = watchStates(z, started);
    const request = args[0] as { query?: { queryName?: string }; args?: unknown } | undefined;
    const name = request?.query?.queryName
      ? `${request.query.queryName}(${JSON.stringify(request.args) ?? ''})`
      : 'a query';
    return withDeadline(run(...args), COMPLETE_READ_MS, () =>
      stalled(z, `${name} was not complete`, COMPLETE_READ_MS, states),
    ).finally(states.stop);
  };
}

/** The client's connection state now and each change of it since `started`. */
function watchStates(z: Client, started: number) {
  let last = stateText(z.connection.state.current);
  const seen = [`${last} at first`];
  const stop = z.connection.state.subscribe((s) => {
    const now = stateText(s);
    if (now !== last) seen.push(`${now} after ${Date.now() - started} ms`);
    last = now;
  });
  return { seen, stop };
}

/** `promise`, or a rejection with `message()` if it has not settled in `ms`. */
async function withDeadline<T>(
  promise: Promise<T>,
  ms: number,
  message: () => Promise<string>,
): Promise<T> {
  // An answer after the deadline must not surface as an unhandled rejection.
  promise.catch(() => {});
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      message().then(
        (m) => reject(new Error(m)),
        (e: unknown) => reject(new Error(`stalled; the report failed too: ${String(e)}`)),
      );
    }, ms);
  });
  try {
    return await Promise.race([promise, deadline]);
  } finally {
    clearTimeout(timer);
  }
}

/** What a stall message says about the client and zero-cache. */
async function stalled(
  z: Client,
  what: string,
  ms: number,
  states: { seen: string[] },
  more: () => string = () => '',
): Promise<string> {
  const [cpu, api, database, group] = await Promise.all([
    zeroCacheCpu(),
    apiAnswer(),
    databaseNow(),
    // zero-cache's log names client groups, not clients.
    Promise.race([z.clientGroupID, new Promise((r) => setTimeout(() => r('unknown'), 1000))]),
  ]);
  return (
    `${what} within ${ms / 1000} s. ` +
    `Client ${z.clientID} of group ${String(group)} (${owners.get(z) ?? 'made outside the harness'}${z.closed ? ', closed' : ''}): ` +
    `connection ${stateText(z.connection.state.current)} now; it was ${states.seen.join(', then ')}.` +
    `${more()}\nIts sockets: ${(traffic.get(z.clientID) ?? ['none seen']).join('; ')}\n` +
    `zero-cache: ${cpu}. The API: ${api}.\nPostgres, what runs now:\n${database}\n` +
    `The stack's last lines about group ${String(group)}:\n${stackLogTail(20, String(group))}\n` +
    `The stack's last lines:\n${stackLogTail()}`
  );
}

/** CPU seconds of a process (/proc/<pid>/stat utime + stime), or 0 when it is gone. */
function cpuSeconds(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/** `pid` and its descendants. */
function treeOf(pid: number): number[] {
  const parent = new Map<number, number>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      parent.set(Number(name), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // gone meanwhile
    }
  }
  const tree = [pid];
  for (let i = 0; i < tree.length; i++) {
    for (const [child, p] of parent) if (p === tree[i]) tree.push(child);
  }
  return tree;
}

/** How busy zero-cache's processes are over one second: computing, or waiting on something. */
async function zeroCacheCpu(): Promise<string> {
  const pid = inject('stack').zeroCachePid;
  if (!pid) return 'pid unknown';
  const tree = treeOf(pid);
  const before = tree.map(cpuSeconds);
  await new Promise((r) => setTimeout(r, 1000));
  const busy = tree.map((p, i) => `${p} ${Math.round((cpuSeconds(p) - (before[i] ?? 0)) * 100)}%`);
  return `${tree.length} processes, CPU over the last second: ${busy.join(', ')}`;
}

/** Whether the API answers a request that reads the database, and how fast. */
async function apiAnswer(): Promise<string> {
  const started = Date.now();
  try {
    const res = await fetch(`${inject('stack').url}/api/session`, {
      headers: { cookie: 'pb_session=not-a-session' },
      signal: AbortSignal.timeout(5000),
    });
    return `${res.status} in ${Date.now() - started} ms`;
  } catch (e) {
    return `no answer after ${Date.now() - started} ms (${e instanceof Error ? e.message : String(e)})`;
  }
}

/** Every other connection to the database: its state, what it waits on, its transaction's age, its query. */
async function databaseNow(): Promise<string> {
  const sql = postgres(inject('stack').databaseUrl, {
    max: 1,
    onnotice: () => {},
    connect_timeout: 5,
  });
  try {
    const rows = await sql<
      {
        pid: number;
        app: string;
        state: string;
        wait: string | null;
        age: string | null;
        query: string;
      }[]
    >`select pid, application_name as app, state,
             wait_event_type || ':' || wait_event as wait,
             extract(epoch from now() - xact_start)::int || ' s' as age,
             left(regexp_replace(query, '[[:space:]]+', ' ', 'g'), 160) as query
        from pg_stat_activity
       where datname = current_database() and pid <> pg_backend_pid()
       order by xact_start nulls last`;
    return (
      rows
        .map(
          (r) =>
            `  ${r.pid} ${r.app || '-'} ${r.state} ${r.wait ?? '-'} xact ${r.age ?? '-'}: ${r.query}`,
        )
        .join('\n') || '  (nothing)'
    );
  } catch (e) {
    return `  (could not ask: ${e instanceof Error ? e.message : String(e)})`;
  } finally {
    await sql.end({ timeout: 1 }).catch(() => {});
  }
}

/** The last lines zero-cache and the runner wrote (tests/harness/global-setup.ts). */
function stackLogTail(lines = 40, about?: string): string {
  try {
    const text = readFileSync(inject('stack').logFile, 'utf8');
    return (
      text
        .split('\n')
        .filter((l) => about === undefined || l.includes(about))
        .slice(-lines - 1)
        .map((l) => (l.length > 400 ? `${l.slice(0, 400)}…` : l))
        .join('\n') || '(nothing)'
    );
  } catch (e) {
    return `(no log: ${e instanceof Error ? e.message : String(e)})`;
  }
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
  const states = watchStates(z, started);
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
  const args = JSON.stringify(request.args) ?? 'undefined';
  const call = `${request.mutator.mutatorName}(${args.length > 300 ? `${args.slice(0, 300)}…` : args})`;
  return withDeadline(pending.server, timeoutMs, () =>
    stalled(
      z,
      `${call} got no answer from the server`,
      timeoutMs,
      states,
      () => ` Run on the client, it ${onClient}.`,
    ),
  ).finally(states.stop);
}
