/**
 * `npm run bench:load`: how one zero-cache (one sync
 * worker, as the stack runs it) holds up as the clients of one library grow,
 * against a bare Zero app with the same rows and clients, so that the cost of
 * our rules is a ratio, not a guess.
 *
 * Ours: a real throwaway stack (tests/harness/stack.ts) with a Decision Maker
 * whose library has 200 preferences (tests/bench/load-data.ts). At each step
 * of N clients, a tenth are the Decision Maker on devices of their own and the
 * rest supporters in a support session (half General, 35 % Restricted, 15 %
 * Administrator); each client subscribes to what the library screen
 * subscribes to. The writer is the Decision Maker, changing the title of a
 * General preference (so every client sees it) through the real mutator, at
 * LOAD_RATE writes a second for LOAD_SECONDS. The control
 * (tests/bench/load-bare.ts): the same 200 rows copied into one table of a
 * bare app with its own Postgres and zero-cache, one query with no filter,
 * one mutator, the same number of clients and the same writes. Steps run
 * ours, then the control, at each size, so that both see the same hour of
 * this machine.
 *
 * The clients run in LOAD_PROCESSES forked processes (tests/bench/load-client.ts),
 * the writers in one more, so the API and this process do not starve. Per
 * step: the time until every client holds the library; per write, from the
 * writer's t0 to the last client holding it (p50, p99), and to its `.server`
 * acknowledgement; errors (errors the clients logged, such as a connection
 * attempt that timed out, fatal connection states and reconnects, failed
 * queries, refused or unacknowledged writes, clients that never synced, writes
 * some client had not after 30 s); CPU while the writes ran, as % of one core,
 * of zero-cache's and Postgres's process trees, this process (the API, and the
 * control's endpoints), the client processes and the rest of the machine
 * (other work on a shared machine shows there); the memory (PSS) of
 * zero-cache's and Postgres's trees when idle before the first step, at their
 * peak, and LOAD_SETTLE_SECONDS after the clients left, and the RSS of
 * zero-cache's sync worker.
 *
 * Settings: LOAD_STEPS (default 50,100,200,500), LOAD_RATE (writes a second,
 * all writers together, default 5), LOAD_SECONDS (default 60), LOAD_SETTLE_SECONDS
 * (default 60), LOAD_WRITERS (default 1; writer 2 on are Administrators in a
 * session, each on a preference of its own), LOAD_PROCESSES (client processes,
 * default 2), LOAD_SYNC_WORKERS (zero-cache's, ours and the control's alike,
 * default 1), LOAD_SKIP_CONTROL=1 (ours only), LOAD_TOPOLOGY=two (ours as a
 * replication-manager and two view-syncers; no control), LOAD_ALLOCATOR
 * (zero-cache's malloc, ours and the control's alike: `jemalloc`, the default
 * when Debian's libjemalloc2 is installed, or `system`), LOAD_VIEW=rows (each
 * client subscribes to the library's rows only, not the rest of the screen).
 *
 * Prints the figures beside the targets they must meet, writes them to
 * .data/bench/load-<time>.json and the curve beside them (load-<time>.svg).
 */
import { type ChildProcess, fork } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { projectRoot } from '../../api/dev/web-build.ts';
import { JEMALLOC } from '../../api/dev/zero-cache.ts';
import { startTestStack } from '../harness/stack.ts';
import { startTopology } from '../harness/topology.ts';
import { type BareBackend, bareZeroEndpoints, startBareBackend } from './bare-control.ts';
import { BARE_USER_ID, bareLoadMutators, bareLoadQueries, bareLoadSchema } from './load-bare.ts';
import {
  copyLibraryToBare,
  keepSessionsActive,
  type LoadData,
  replicated,
  seedLoadData,
} from './load-data.ts';
import {
  describeErrors,
  fmtMb,
  fmtMs,
  fmtMs2,
  fmtPct,
  fmtRatio,
  ratio,
  row,
  type StepErrors,
} from './load-format.ts';
import {
  type GroupFigures,
  groupFigures,
  type MetricsReceiver,
  type MetricTotals,
  startMetricsReceiver,
} from './load-metrics.ts';
import { lineChart } from './load-plot.ts';
import { machineBusyMs, mergeTrees, readTrees, type TreeReading } from './load-proc.ts';
import {
  type App,
  type FromClient,
  now,
  type PlannedWrite,
  type Problem,
  type Target,
  type ToClient,
  type ViewerSpec,
  type WriterSpec,
} from './load-protocol.ts';
import { type OrgData, screensAt, seedOrgData } from './org-data.ts';
import { orgMarkdown, orgTargets, printOrgStep, TARGET_RATE } from './org-report.ts';
import { percentile } from './stats.ts';

function setting(name: string, fallback: number): number {
  const v = Number(process.env[name] ?? fallback);
  if (!(v > 0)) throw new Error(`${name} must be a positive number`);
  return v;
}

/**
 * `org` (`npm run bench:org`): a care provider's shape (tests/bench/org-data.ts),
 * LOAD_PEOPLE people and their screens; otherwise one library.
 */
const ORG = process.env.LOAD_SHAPE === 'org';
const STEPS = (process.env.LOAD_STEPS ?? (ORG ? '100,200,400' : '50,100,200,500'))
  .split(',')
  .map((s) => Number(s.trim()));
if (STEPS.some((n) => !Number.isInteger(n) || n < 1)) {
  throw new Error('LOAD_STEPS must be client counts, e.g. 50,100,200');
}
const RATE = setting('LOAD_RATE', 5);
const SECONDS = setting('LOAD_SECONDS', ORG ? 30 : 60);
/** The provider's people (LOAD_SHAPE=org). */
const PEOPLE = Math.round(setting('LOAD_PEOPLE', 300));
const SETTLE_SECONDS = setting('LOAD_SETTLE_SECONDS', 60);
const WRITERS = Math.round(setting('LOAD_WRITERS', 1));
const PROCESSES = Math.round(setting('LOAD_PROCESSES', 2));
/** zero-cache's sync workers, ours and the control's alike. */
const SYNC_WORKERS = Math.round(setting('LOAD_SYNC_WORKERS', 1));
/**
 * `two`: ours as Zero's production topology (tests/harness/topology.ts: a
 * replication-manager, two view-syncers behind a sticky proxy, two API
 * processes behind another), without the control (a bare app has no such).
 */
const TOPOLOGY = process.env.LOAD_TOPOLOGY === 'two' ? 'two' : 'one';
/** zero-cache's malloc: Debian's libjemalloc2 when installed (ADR 025). */
const ALLOCATOR = (() => {
  const wanted = process.env.LOAD_ALLOCATOR ?? (existsSync(JEMALLOC) ? 'jemalloc' : 'system');
  if (wanted !== 'jemalloc' && wanted !== 'system') {
    throw new Error('LOAD_ALLOCATOR must be jemalloc or system');
  }
  if (wanted === 'jemalloc' && !existsSync(JEMALLOC)) {
    throw new Error(
      `LOAD_ALLOCATOR=jemalloc: ${JEMALLOC} is missing (apt-get install libjemalloc2)`,
    );
  }
  return wanted;
})();
/** LOAD_VIEW=rows: each client holds the library's rows only (the client processes read it too). */
const VIEW_ROWS_ONLY = process.env.LOAD_VIEW === 'rows';
const MALLOC_LIBRARY = ALLOCATOR === 'jemalloc' ? JEMALLOC : undefined;
const APPS: App[] =
  process.env.LOAD_SKIP_CONTROL || TOPOLOGY === 'two' ? ['ours'] : ['ours', 'bare'];
/** The share of a step's clients that are the Decision Maker's own devices. */
const OWNER_SHARE = 0.1;
/** A write some client has not had this long after it was sent is an error. */
const SEEN_TIMEOUT_MS = 30_000;
const SYNC_TIMEOUT_MS = 10 * 60_000;

/** How often zero-cache reports its metrics to the bench (load-metrics.ts). */
const METRICS_INTERVAL_MS = 1000;
/**
 * The per-kind comparison: this many clients all of one kind, supporters in
 * session and then the Decision Maker's own devices, at LOAD_RATE (0: not run).
 */
const KIND_CLIENTS = ORG ? 0 : Math.round(Number(process.env.LOAD_KIND_CLIENTS ?? 50));
/**
 * One library: the sustainable-rate search: at LOAD_RATE_CLIENTS clients (if
 * a step), after the step's own writes, these rates a second in turn
 * (LOAD_RATE_SECONDS each) until the last client's p99 passes 1 s. Empty: not
 * run. The provider's shape: every step writes at each of these rates in turn
 * (LOAD_SECONDS each), to the end.
 */
const RATES = (process.env.LOAD_RATES ?? (ORG ? '2,5,10,20' : '5,10,20,40,80'))
  .split(',')
  .filter((x) => x.trim() !== '')
  .map(Number);
if (RATES.some((r) => !(r > 0)))
  throw new Error('LOAD_RATES must be writes a second, e.g. 5,10,20');
const RATE_CLIENTS = Math.round(setting('LOAD_RATE_CLIENTS', 200));

const ownersAt = (n: number) => Math.ceil(n * OWNER_SHARE);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// ---------------------------------------------------------------------------
// Clean-up: every process this bench starts, by its id, also on Ctrl-C.
// ---------------------------------------------------------------------------

const cleanups: Array<() => Promise<unknown>> = [];
let cleaning: Promise<void> | undefined;
function cleanUp(): Promise<void> {
  cleaning ??= (async () => {
    for (const fn of cleanups.reverse()) {
      await fn().catch((e: unknown) => console.error('load bench: clean-up failed:', e));
    }
  })();
  return cleaning;
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    // A terminal's Ctrl-C comes twice: to this process and relayed by tsx.
    if (cleaning) return;
    console.error(`\n${signal}: stopping everything the load bench started…`);
    void cleanUp().then(() => process.exit(130));
  });
}

/** Set when a client process dies: every wait gives up at once. */
let broken: Error | undefined;

/** Waits until `check` holds or `timeoutMs` passes; the caller reads what came of it. */
async function until(check: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (broken) throw broken;
    if (check()) return;
    await sleep(100);
  }
}

// ---------------------------------------------------------------------------
// Client processes
// ---------------------------------------------------------------------------

type ClientProcess = { child: ChildProcess; pid: number };

function forkClientProcess(onMessage: (m: FromClient) => void): ClientProcess {
  const child = fork(path.join(import.meta.dirname, 'load-client.ts'), [], {
    execArgv: ['--import', import.meta.resolve('tsx'), '--max-old-space-size=6144'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  if (child.pid === undefined) throw new Error('could not start a client process');
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let stopping = false;
  child.on('message', (m) => onMessage(m as FromClient));
  child.once('exit', (code, signal) => {
    if (!stopping) broken = new Error(`a client process exited (${signal ?? `code ${code}`})`);
  });
  cleanups.push(async () => {
    stopping = true;
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await exited;
    }
  });
  return { child, pid: child.pid };
}

function tell(p: ClientProcess, m: ToClient) {
  p.child.send(m);
}

// ---------------------------------------------------------------------------
// One step
// ---------------------------------------------------------------------------

type WriteRecord = {
  t0?: number;
  ack?: number;
  error?: string;
  count: number;
  last: number;
  /** When the quickest client had it: the write's way to zero-cache, before the fan-out. */
  first: number;
};

type StepState = {
  synced: number[];
  counted: number;
  /** Per writer, how many counted viewers watch its row. */
  perTarget: number[];
  countReplies: number;
  writersReady: number;
  /** The writers of this step, by index into the targets. */
  writersList: number[];
  /** Per writer, the number of its last planned write (phases go on from each other). */
  nextK: number[];
  writes: Map<string, WriteRecord>;
  problems: Record<Problem, number>;
  details: string[];
  loopDelays: Array<{ p50: number; p99: number; max: number }>;
};

let state: StepState | undefined;

function record(s: StepState, w: number, k: number): WriteRecord {
  const key = `${w}:${k}`;
  let r = s.writes.get(key);
  if (!r) {
    r = { count: 0, last: 0, first: Number.POSITIVE_INFINITY };
    s.writes.set(key, r);
  }
  return r;
}

function onMessage(m: FromClient) {
  const s = state;
  if (!s) return;
  switch (m.type) {
    case 'synced':
      s.synced.push(...m.times);
      break;
    case 'seen':
      for (const [w, k, count, last, first] of m.items) {
        const r = record(s, w, k);
        r.count += count;
        r.last = Math.max(r.last, last);
        r.first = Math.min(r.first, first);
      }
      break;
    case 'counted':
      s.counted += m.n;
      m.perTarget.forEach((n, w) => {
        s.perTarget[w] = (s.perTarget[w] ?? 0) + n;
      });
      s.countReplies++;
      break;
    case 'problem':
      s.problems[m.kind]++;
      if (s.details.length < 8) s.details.push(`${m.kind}: ${m.detail}`);
      break;
    case 'writer-ready':
      s.writersReady++;
      break;
    case 'sent':
      record(s, m.w, m.k).t0 = m.t0;
      break;
    case 'wrote': {
      const r = record(s, m.w, m.k);
      r.ack = m.ack;
      if (m.error) {
        r.error = m.error;
        if (s.details.length < 8) s.details.push(`write refused: ${m.error}`);
      }
      break;
    }
    case 'closed':
      s.loopDelays.push(m.loopDelay);
      break;
  }
}

type Readings = {
  at: number;
  zeroCache: TreeReading;
  postgres: TreeReading;
  clients: { cpuMs: number; memoryBytes: number };
  /** This process: the API (ours) and the control's endpoints; the bench itself is light. */
  api: { cpuMs: number; rssBytes: number };
  /** Every core, every process: other agents share this machine. */
  machineMs: number;
};

export type Summary = { n: number; p50: number; p99: number; max: number };

function summary(samples: number[]): Summary {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    n: sorted.length,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    max: sorted.at(-1) ?? Number.NaN,
  };
}

/** `other`: the machine's busy time that none of ours explains (other work on the machine). */
export type Cpu = {
  zeroCache: number;
  postgres: number;
  api: number;
  clients: number;
  machine: number;
  other: number;
};

export type StepResult = {
  app: App;
  clients: number;
  /** Clients per kind: the Decision Maker's devices, supporters by level. */
  mix: Record<string, number>;
  loadAverage: number;
  /** From opening the clients until the last one held the library (NaN: some never did). */
  syncMs: number;
  synced: number;
  writes: number;
  writeToLastClient: Summary;
  /** To the quickest client: the write's way in (push, Postgres, replication), before the fan-out. */
  writeToFirstClient: Summary;
  writerAck: Summary;
  /** The clients' kind when the step had one kind only (the per-kind comparison). */
  only?: 'owners' | 'supporters' | undefined;
  /** zero-cache's own figures while the writes ran (its OpenTelemetry metrics). */
  groups: (GroupFigures & { syncerCpuMsPerAdvance: number }) | undefined;
  /** The step's write phases: one library's one, or the provider's, one a rate. */
  phases: Phase[];
  /** The sustainable-rate search, when this step ran it: each rate tried, in order. */
  rates: Phase[];
  /**
   * Every write in the order sent: [ms after the first, to the last client
   * (null: some client never had it), to the acknowledgement (null: none)].
   */
  timeline: Array<[at: number, toLastClient: number | null, ack: number | null]>;
  errors: StepErrors & { total: number; details: string[] };
  /** CPU seconds while the clients synced; % of one core while the writes ran (2 cores: 200 %). */
  cpu: {
    syncSeconds: Cpu;
    writePercent: Cpu;
    /** zero-cache's processes while the writes ran, by script (`syncer.js`: the sync worker). */
    zeroCacheWritePercent: Record<string, number>;
  };
  /** Event-loop delay of the client processes during the writes (worst process). */
  clientLoopDelay: { p99: number; max: number };
  /** Bytes: process trees by PSS (load-proc.ts), single processes by RSS. */
  memory: {
    zeroCache: { idle: number; peak: number; end: number; afterLeave: number };
    /** zero-cache's largest process (its sync worker) at the end and after the clients left, RSS. */
    syncWorker: { name: string; end: number; afterLeave: number };
    postgres: { idle: number; peak: number; end: number; afterLeave: number };
    clientsEnd: number;
    api: number;
  };
};

/** Our stack, one node or several: where clients connect, and the processes to read. */
type Ours = {
  zeroUrl: string;
  databaseUrl: string;
  /** Every zero-cache node's main process (its workers are its descendants). */
  zeroCacheRoots: () => number[];
  pgPid: () => number;
  /** API processes other than this one (the topology's); this one is read on its own. */
  apiPids: () => number[];
};

type Bench = {
  stack: Ours;
  metrics: MetricsReceiver;
  bare: BareBackend | undefined;
  /** One library's data, or the provider's (LOAD_SHAPE=org). */
  data: { library: LoadData; org?: undefined } | { org: OrgData; library?: undefined };
  /** Every row written, by writer: one library's writers', or each provider's person's. */
  targets: Target[];
  viewers: ClientProcess[];
  /** One library's writers (the provider's write from their own devices, among the viewers). */
  writer: ClientProcess | undefined;
  idle: Record<App, { zeroCache: number; postgres: number }>;
};

function processes(b: Bench): ClientProcess[] {
  return b.writer ? [...b.viewers, b.writer] : b.viewers;
}

function roots(b: Bench, app: App): { zeroCache: number[]; postgres: number; api: number[] } {
  if (app === 'ours') {
    return {
      zeroCache: b.stack.zeroCacheRoots(),
      postgres: b.stack.pgPid(),
      api: b.stack.apiPids(),
    };
  }
  if (!b.bare) throw new Error('no control');
  return { zeroCache: [b.bare.pids.zeroCache], postgres: b.bare.pids.postgres, api: [] };
}

/** zero-cache's (every node's) and Postgres's process trees. */
async function readServers(b: Bench, app: App) {
  const r = roots(b, app);
  const [pg, ...zeroCache] = await readTrees([r.postgres, ...r.zeroCache]);
  if (!pg) throw new Error('no reading');
  return { zeroCache: mergeTrees(zeroCache), postgres: pg };
}

async function read(b: Bench, app: App): Promise<Readings> {
  const procs = processes(b);
  const r = roots(b, app);
  const { zeroCache, postgres } = await readServers(b, app);
  const clients = await readTrees(procs.map((p) => p.pid));
  const apis = await readTrees(r.api);
  const cpu = process.cpuUsage();
  return {
    at: now(),
    zeroCache,
    postgres,
    clients: {
      cpuMs: clients.reduce((a, c) => a + c.cpuMs, 0),
      memoryBytes: clients.reduce((a, c) => a + c.memoryBytes, 0),
    },
    api: {
      cpuMs: (cpu.user + cpu.system) / 1000 + apis.reduce((a, t) => a + t.cpuMs, 0),
      rssBytes: process.memoryUsage.rss() + apis.reduce((a, t) => a + t.memoryBytes, 0),
    },
    machineMs: await machineBusyMs(),
  };
}

function cpuBetween(a: Readings, z: Readings, as: 'seconds' | 'percent'): Cpu {
  const scale = as === 'seconds' ? 1 / 1000 : 100 / (z.at - a.at);
  const ours = {
    zeroCache: z.zeroCache.cpuMs - a.zeroCache.cpuMs,
    postgres: z.postgres.cpuMs - a.postgres.cpuMs,
    api: z.api.cpuMs - a.api.cpuMs,
    clients: z.clients.cpuMs - a.clients.cpuMs,
  };
  const machine = z.machineMs - a.machineMs;
  const other = machine - Object.values(ours).reduce((x, y) => x + y, 0);
  return {
    zeroCache: ours.zeroCache * scale,
    postgres: ours.postgres * scale,
    api: ours.api * scale,
    clients: ours.clients * scale,
    machine: machine * scale,
    other: Math.max(0, other) * scale,
  };
}

/** Peak RSS of zero-cache's and Postgres's trees, read every second. */
function samplePeaks(b: Bench, app: App) {
  const peak = { zeroCache: 0, postgres: 0 };
  let running = true;
  const loop = (async () => {
    while (running) {
      const { zeroCache, postgres } = await readServers(b, app);
      peak.zeroCache = Math.max(peak.zeroCache, zeroCache.memoryBytes);
      peak.postgres = Math.max(peak.postgres, postgres.memoryBytes);
      await sleep(1000);
    }
  })();
  return {
    stop: async () => {
      running = false;
      await loop;
      return peak;
    },
  };
}

/** The provider's screens of a step, ours or the control's: whole people until there are `n`. */
function orgSpecs(b: Bench, org: OrgData, app: App, n: number): ViewerSpec[] {
  return screensAt(org, n).map((screen): ViewerSpec => {
    const libraryId = org.people[screen.person]?.personId ?? '';
    const writes = screen.kind === 'device' ? screen.person : undefined;
    const home = screen.kind === 'home' ? { screen: 'home' as const } : {};
    if (app === 'bare') return { app, zeroUrl: b.bare?.zeroUrl ?? '', libraryId, writes, ...home };
    const { zeroUrl } = b.stack;
    if (screen.kind === 'session') {
      const { level, sessionId } = screen;
      return { app, zeroUrl, who: screen.who, libraryId, supporting: { level, sessionId } };
    }
    return { app, zeroUrl, who: screen.who, libraryId, writes, ...home };
  });
}

/** `only`: every client of one kind (the Decision Maker's devices, or supporters in session). */
function viewerSpecs(b: Bench, app: App, n: number, only?: 'owners' | 'supporters'): ViewerSpec[] {
  if (b.data.org) return orgSpecs(b, b.data.org, app, n);
  if (app === 'bare') {
    const zeroUrl = b.bare?.zeroUrl ?? '';
    return Array.from({ length: n }, () => ({ app: 'bare', zeroUrl }));
  }
  const { zeroUrl } = b.stack;
  const { libraryId, ownerDevices, supporters } = b.data.library;
  const owners = only === 'owners' ? n : only === 'supporters' ? 0 : ownersAt(n);
  if (ownerDevices.length < owners || supporters.length < n - owners) {
    throw new Error(`not enough clients seeded for ${n} (${only ?? 'mixed'})`);
  }
  return [
    ...ownerDevices.slice(0, owners).map((who) => ({
      app: 'ours' as const,
      zeroUrl,
      who,
      libraryId,
    })),
    ...supporters.slice(0, n - owners).map(({ level, sessionId, ...who }) => ({
      app: 'ours' as const,
      zeroUrl,
      who,
      libraryId,
      supporting: { level, sessionId },
    })),
  ];
}

function writerSpec(b: Bench, library: LoadData, app: App, w: number): WriterSpec {
  if (app === 'bare') return { app: 'bare', zeroUrl: b.bare?.zeroUrl ?? '' };
  const who = library.writers[w];
  if (!who) throw new Error(`no writer ${w}`);
  return { app: 'ours', zeroUrl: b.stack.zeroUrl, who, libraryId: library.libraryId };
}

/** How long each rate of the sustainable-rate search writes. */
const RATE_SECONDS = setting('LOAD_RATE_SECONDS', 15);

/** What one run of writes at one rate measured. */
export type Phase = {
  rate: number;
  writes: number;
  writeToLastClient: Summary;
  /** To the quickest client: the write's way in (push, Postgres, replication), before the fan-out. */
  writeToFirstClient: Summary;
  writerAck: Summary;
  /** Writes some counted client had not after 30 s. */
  missed: number;
  refused: number;
  unacknowledged: number;
  /** p99 to the last client ≤ 1 s, and no write missed. */
  held: boolean;
  /** zero-cache's own figures while the writes ran (its OpenTelemetry metrics). */
  groups: (GroupFigures & { syncerCpuMsPerAdvance: number }) | undefined;
  /** % of one core while the writes ran (2 cores: 200 %). */
  cpu: Cpu;
  /** CPU milliseconds a write: zero-cache's and Postgres's trees, and the API. */
  cpuMsPerWrite: { zeroCache: number; postgres: number; api: number };
  /** zero-cache's processes while the writes ran, by script (`syncer.js`: the sync worker). */
  zeroCacheWritePercent: Record<string, number>;
  /**
   * Every write in the order sent: [ms after the first, to the last client
   * (null: some client never had it), to the acknowledgement (null: none)].
   */
  timeline: Array<[at: number, toLastClient: number | null, ack: number | null]>;
};

/**
 * The writes of one phase: one library's writers each in turn at `rate` a
 * second all together; the provider's, one write at a time over the people
 * in the step, in a shuffled round (each person's device writes its own row).
 */
function plan(b: Bench, s: StepState, rate: number, seconds: number): PlannedWrite[] {
  const at = now() + 250;
  const k = (w: number) => {
    const next = (s.nextK[w] ?? 0) + 1;
    s.nextK[w] = next;
    return next;
  };
  if (b.data.org) {
    const people = s.writersList;
    const total = Math.max(1, Math.round(rate * seconds));
    let round: number[] = [];
    return Array.from({ length: total }, (_, i): PlannedWrite => {
      if (round.length === 0) round = shuffled(people, i + 1);
      const w = round.pop() ?? 0;
      return [w, k(w), at + (i * 1000) / rate];
    });
  }
  const perWriter = Math.max(1, Math.round((rate * seconds) / WRITERS));
  const items: PlannedWrite[] = [];
  for (let w = 0; w < WRITERS; w++) {
    for (let i = 0; i < perWriter; i++) {
      items.push([w, k(w), at + (w * 1000) / rate + (i * 1000 * WRITERS) / rate]);
    }
  }
  return items;
}

/** `items` in an order that is the same for the same `seed`. */
function shuffled<T>(items: readonly T[], seed: number): T[] {
  const out = [...items];
  let x = (seed * 2654435761) >>> 0 || 1;
  for (let i = out.length - 1; i > 0; i--) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    const j = (x >>> 0) % (i + 1);
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

/**
 * One run of writes at `rate` a second for `seconds`: done when every write
 * was sent and each was acknowledged and had by every counted client that
 * watches its row, or given up on SEEN_TIMEOUT_MS after it was sent. Measures
 * the machine and zero-cache around it.
 */
async function writePhase(
  b: Bench,
  app: App,
  s: StepState,
  rate: number,
  seconds: number,
): Promise<Phase> {
  const items = plan(b, s, rate, seconds);
  const keys = new Set(items.map(([w, k]) => `${w}:${k}`));
  const expectedOf = (key: string) => s.perTarget[Number(key.slice(0, key.indexOf(':')))] ?? 0;
  const metricsBefore = await metricsNow(b, app);
  const started = await read(b, app);
  for (const p of processes(b)) tell(p, { type: 'writes', items });
  const records = () => [...s.writes.entries()].filter(([key]) => keys.has(key));
  await until(
    () => {
      const rs = records();
      if (rs.filter(([, r]) => r.t0 !== undefined).length < items.length) return false;
      const t = now();
      return rs.every(
        ([key, r]) =>
          r.t0 !== undefined &&
          ((r.ack !== undefined && r.count >= expectedOf(key)) || t - r.t0 > SEEN_TIMEOUT_MS),
      );
    },
    seconds * 1000 + SEEN_TIMEOUT_MS + 60_000,
  );
  const ended = await read(b, app);
  const advanced = groupsSince(metricsBefore, await metricsNow(b, app));
  const latencies: number[] = [];
  const firsts: number[] = [];
  const acks: number[] = [];
  let missed = 0;
  let refused = 0;
  let unacknowledged = 0;
  const seen = (key: string, r: WriteRecord) => {
    const expected = expectedOf(key);
    return expected > 0 && r.count >= expected && r.t0 !== undefined;
  };
  for (const [key, r] of records()) {
    if (r.t0 === undefined) continue;
    if (seen(key, r) && r.last - r.t0 <= SEEN_TIMEOUT_MS) {
      latencies.push(r.last - r.t0);
      firsts.push(r.first - r.t0);
    } else missed++;
    if (r.ack === undefined) unacknowledged++;
    else if (r.error) refused++;
    else acks.push(r.ack - r.t0);
  }
  const sent = records()
    .filter((e): e is [string, WriteRecord & { t0: number }] => e[1].t0 !== undefined)
    .sort(([, x], [, y]) => x.t0 - y.t0);
  const start = sent[0]?.[1].t0 ?? 0;
  const timeline = sent.map(([key, r]): [number, number | null, number | null] => [
    Math.round(r.t0 - start),
    seen(key, r) ? Math.round(r.last - r.t0) : null,
    r.ack !== undefined && !r.error ? Math.round(r.ack - r.t0) : null,
  ]);
  // A saturated sync worker's advance time is mostly waiting its turn; the
  // CPU it spent per group advance is the cost of one group.
  const syncerMs =
    (ended.zeroCache.cpuByName['syncer.js'] ?? 0) - (started.zeroCache.cpuByName['syncer.js'] ?? 0);
  const writeToLastClient = summary(latencies);
  const perWrite = (ms: number) => (items.length > 0 ? ms / items.length : Number.NaN);
  return {
    rate,
    writes: items.length,
    writeToLastClient,
    writeToFirstClient: summary(firsts),
    writerAck: summary(acks),
    missed,
    refused,
    unacknowledged,
    held: missed === 0 && latencies.length > 0 && writeToLastClient.p99 <= 1000,
    groups: advanced && {
      ...advanced,
      syncerCpuMsPerAdvance: advanced.advances > 0 ? syncerMs / advanced.advances : Number.NaN,
    },
    cpu: cpuBetween(started, ended, 'percent'),
    cpuMsPerWrite: {
      zeroCache: perWrite(ended.zeroCache.cpuMs - started.zeroCache.cpuMs),
      postgres: perWrite(ended.postgres.cpuMs - started.postgres.cpuMs),
      api: perWrite(ended.api.cpuMs - started.api.cpuMs),
    },
    zeroCacheWritePercent: Object.fromEntries(
      Object.entries(ended.zeroCache.cpuByName).map(([name, ms]) => [
        name,
        ((ms - (started.zeroCache.cpuByName[name] ?? 0)) * 100) / (ended.at - started.at),
      ]),
    ),
    timeline,
  };
}

/** zero-cache's totals for `app`, once every worker has reported since now. */
async function metricsNow(b: Bench, app: App): Promise<MetricTotals> {
  await b.metrics.fresh(app, 10_000);
  return b.metrics.snapshot(app);
}

/** What zero-cache reported between two snapshots; undefined when it reported nothing (LOAD_TOPOLOGY=two). */
function groupsSince(before: MetricTotals, after: MetricTotals): GroupFigures | undefined {
  return after.size > 0 ? groupFigures(before, after) : undefined;
}

/**
 * One step: `n` clients open at once and sync, then write phases (one library:
 * LOAD_RATE, then the rate search if asked; the provider's: every rate of
 * LOAD_RATES), then every client leaves and the memory is read after a while.
 */
async function runStep(
  b: Bench,
  app: App,
  n: number,
  opts: { only?: 'owners' | 'supporters'; rates?: readonly number[] } = {},
): Promise<StepResult> {
  const step = `${app}-${n}`;
  const s: StepState = {
    synced: [],
    counted: 0,
    perTarget: [],
    countReplies: 0,
    writersReady: 0,
    writersList: [],
    nextK: [],
    writes: new Map(),
    problems: { client: 0, connection: 0, reconnect: 0, query: 0 },
    details: [],
    loopDelays: [],
  };
  state = s;
  if (app === 'ours') await keepSessionsActive(b.stack.databaseUrl);
  const specs = viewerSpecs(b, app, n, opts.only);
  const clients = specs.length;
  const mix: Record<string, number> = {};
  for (const v of specs) {
    const kind =
      v.screen === 'home'
        ? 'home'
        : v.app === 'bare'
          ? 'bare'
          : (v.supporting?.level ?? 'Decision Maker');
    mix[kind] = (mix[kind] ?? 0) + 1;
  }
  // One library: its writers are clients of their own; the provider's people
  // write from their own devices, among the viewers.
  const library = b.data.library;
  s.writersList = library
    ? Array.from({ length: WRITERS }, (_, w) => w)
    : specs.flatMap((v) => (v.writes === undefined ? [] : [v.writes]));
  const loadAverage = os.loadavg()[0] ?? 0;

  // Open: every viewer and writer at once, as after a deploy or a network blip.
  const opened = await read(b, app);
  b.viewers.forEach((p, j) => {
    const viewers = specs.filter((_, i) => i % b.viewers.length === j);
    tell(p, { type: 'open', step, viewers, targets: b.targets });
  });
  if (library && b.writer) {
    for (let w = 0; w < WRITERS; w++) {
      const target = b.targets[w];
      if (!target) throw new Error(`no target for writer ${w}`);
      tell(b.writer, { type: 'writer', step, w, spec: writerSpec(b, library, app, w), target });
    }
  }
  const writers = s.writersList.length;
  await until(() => s.synced.length >= clients && s.writersReady >= writers, SYNC_TIMEOUT_MS);
  if (s.writersReady < writers) {
    // What the clients reported says why (a refused schema, a refused connection).
    const why = s.details.length ? `; the clients reported: ${s.details.join('; ')}` : '';
    throw new Error(`${step}: ${writers - s.writersReady} writer(s) never held their row${why}`);
  }
  const syncMs = s.synced.length >= clients ? Math.max(...s.synced) - opened.at : Number.NaN;

  // Write: the viewers synced by now are the ones that must see every write.
  const started = await read(b, app);
  const peaks = samplePeaks(b, app);
  for (const p of b.viewers) tell(p, { type: 'count' });
  await until(() => s.countReplies === b.viewers.length, 30_000);
  const expected = s.counted;
  const phases: Phase[] = [];
  if (b.data.org) {
    for (const rate of RATES) {
      phases.push(await writePhase(b, app, s, rate, SECONDS));
      await sleep(2000);
    }
  } else {
    phases.push(await writePhase(b, app, s, RATE, SECONDS));
  }
  const peak = await peaks.stop();

  // The sustainable write rate: the same clients, faster and faster, until
  // the last client's p99 passes 1 s (or a write goes missing).
  const rates: Phase[] = [];
  for (const rate of opts.rates ?? []) {
    const phase = await writePhase(b, app, s, rate, RATE_SECONDS);
    rates.push(phase);
    if (!phase.held) break;
    await sleep(2000);
  }

  // Leave: every client closes; zero-cache's memory is read again after a while.
  const ended = await read(b, app);
  const closing = processes(b);
  for (const p of closing) tell(p, { type: 'close' });
  await until(() => s.loopDelays.length === closing.length, 120_000);
  await sleep(SETTLE_SECONDS * 1000);
  const left = await read(b, app);
  state = undefined;

  const main = phases[0];
  if (!main) throw new Error('no write phase');
  const neverSynced = clients - expected;
  const missed = phases.reduce((a, p) => a + p.missed, 0);
  const errors = {
    neverSynced,
    ...s.problems,
    refusedWrites: phases.reduce((a, p) => a + p.refused, 0),
    unacknowledgedWrites: phases.reduce((a, p) => a + p.unacknowledged, 0),
    missedWrites: missed,
  };
  const idle = b.idle[app];
  return {
    app,
    clients,
    only: opts.only,
    groups: main.groups,
    phases,
    rates,
    mix,
    loadAverage,
    syncMs,
    synced: s.synced.length,
    writes: main.writes,
    writeToLastClient: main.writeToLastClient,
    writeToFirstClient: main.writeToFirstClient,
    writerAck: main.writerAck,
    timeline: main.timeline,
    errors: {
      total: Object.values(errors).reduce((a, x) => a + x, 0),
      ...errors,
      details: s.details,
    },
    cpu: {
      syncSeconds: cpuBetween(opened, started, 'seconds'),
      writePercent: main.cpu,
      zeroCacheWritePercent: main.zeroCacheWritePercent,
    },
    clientLoopDelay: {
      p99: Math.max(0, ...s.loopDelays.map((d) => d.p99)),
      max: Math.max(0, ...s.loopDelays.map((d) => d.max)),
    },
    memory: {
      zeroCache: {
        idle: idle.zeroCache,
        peak: Math.max(peak.zeroCache, ended.zeroCache.memoryBytes),
        end: ended.zeroCache.memoryBytes,
        afterLeave: left.zeroCache.memoryBytes,
      },
      syncWorker: {
        name: ended.zeroCache.largest.name,
        end: ended.zeroCache.largest.rssBytes,
        afterLeave: left.zeroCache.largest.rssBytes,
      },
      postgres: {
        idle: idle.postgres,
        peak: Math.max(peak.postgres, ended.postgres.memoryBytes),
        end: ended.postgres.memoryBytes,
        afterLeave: left.postgres.memoryBytes,
      },
      clientsEnd: ended.clients.memoryBytes,
      api: ended.api.rssBytes,
    },
  };
}

// ---------------------------------------------------------------------------
// Output
// ---------------------------------------------------------------------------

function describeMix(r: StepResult): string {
  if (r.app === 'bare') return `${r.clients} bare clients`;
  const owner = r.mix['Decision Maker'] ?? 0;
  const levels = Object.entries(r.mix).filter(([k]) => k !== 'Decision Maker');
  const supporters = levels.reduce((a, [, v]) => a + v, 0);
  return `the Decision Maker on ${owner} devices, ${supporters} supporters in session (${levels.map(([k, v]) => `${v} ${k}`).join(', ')})`;
}

function growth(now: number, idle: number) {
  const pct = ((now - idle) / idle) * 100;
  return `${pct >= 0 ? '+' : ''}${pct.toFixed(0)} %`;
}

function printStep(n: number, results: StepResult[]) {
  const ours = results.find((r) => r.app === 'ours');
  const bare = results.find((r) => r.app === 'bare');
  const cols = [ours, bare].filter((r) => r !== undefined);
  const widths = [40, 24, 24, 10];
  const line = (label: string, f: (r: StepResult) => string, extra = '') =>
    console.log(row([`  ${label}`, ...cols.map(f), extra], widths).trimEnd());
  console.log(`\n${n} clients (load average ${cols[0]?.loadAverage.toFixed(1)} at the start)`);
  for (const r of cols)
    console.log(`  ${r.app === 'ours' ? 'ours' : 'control'}: ${describeMix(r)}`);
  console.log(
    row(
      ['', ...cols.map((r) => (r.app === 'ours' ? 'ours' : 'control')), bare ? 'ratio' : ''],
      widths,
    ),
  );
  const ratioOf = (p: 'p50' | 'p99') =>
    ours && bare ? fmtRatio(ratio(ours.writeToLastClient[p], bare.writeToLastClient[p])) : '';
  line('all clients synced in', (r) => `${fmtMs(r.syncMs)} (${r.synced}/${r.clients})`);
  line('write to last client p50', (r) => fmtMs(r.writeToLastClient.p50), ratioOf('p50'));
  line('write to last client p99', (r) => fmtMs(r.writeToLastClient.p99), ratioOf('p99'));
  line(
    'write to first client p50 / p99',
    (r) => `${fmtMs(r.writeToFirstClient.p50)} / ${fmtMs(r.writeToFirstClient.p99)}`,
  );
  line('writer ack p50 / p99', (r) => `${fmtMs(r.writerAck.p50)} / ${fmtMs(r.writerAck.p99)}`);
  line('errors', describeErrors);
  line('zero-cache: group advances (per write)', (r) =>
    r.groups ? `${r.groups.advances} (${(r.groups.advances / r.writes).toFixed(0)})` : '—',
  );
  line('  one group advance, mean / its IVM', (r) =>
    r.groups ? `${fmtMs2(r.groups.advanceMs)} / ${fmtMs2(r.groups.ivmAdvanceMs)}` : '—',
  );
  line('  sync worker CPU per group advance', (r) =>
    r.groups ? fmtMs2(r.groups.syncerCpuMsPerAdvance) : '—',
  );
  line('  CVR flushes (mean) / pipeline resets', (r) =>
    r.groups
      ? `${r.groups.cvrFlushes} (${fmtMs2(r.groups.cvrFlushMs)}) / ${r.groups.pipelineResets}`
      : '—',
  );
  line('CPU, % of a core: zero-cache', (r) => fmtPct(r.cpu.writePercent.zeroCache));
  line(
    '  Postgres / API process',
    (r) => `${fmtPct(r.cpu.writePercent.postgres)} / ${fmtPct(r.cpu.writePercent.api)}`,
  );
  line(
    '  client processes / others',
    (r) => `${fmtPct(r.cpu.writePercent.clients)} / ${fmtPct(r.cpu.writePercent.other)}`,
  );
  line('  whole machine (2 cores = 200 %)', (r) => fmtPct(r.cpu.writePercent.machine));
  for (const r of cols) {
    const parts = Object.entries(r.cpu.zeroCacheWritePercent)
      .sort(([, a], [, b]) => b - a)
      .map(([name, pct]) => `${name} ${fmtPct(pct)}`);
    console.log(
      `    zero-cache by process, ${r.app === 'ours' ? 'ours' : 'control'}: ${parts.join(', ')}`,
    );
  }
  line(
    'client event-loop delay p99 / max',
    (r) => `${fmtMs(r.clientLoopDelay.p99)} / ${fmtMs(r.clientLoopDelay.max)}`,
  );
  line(
    'CPU to sync: zero-cache / Postgres',
    (r) =>
      `${r.cpu.syncSeconds.zeroCache.toFixed(1)} s / ${r.cpu.syncSeconds.postgres.toFixed(1)} s`,
  );
  line(
    'zero-cache memory idle / peak',
    (r) => `${fmtMb(r.memory.zeroCache.idle)} / ${fmtMb(r.memory.zeroCache.peak)}`,
  );
  line(`  ${SETTLE_SECONDS} s after the clients left`, (r) => {
    const z = r.memory.zeroCache;
    return `${fmtMb(z.afterLeave)} (${growth(z.afterLeave, z.idle)})`;
  });
  line(
    '  sync worker RSS end / after',
    (r) => `${fmtMb(r.memory.syncWorker.end)} / ${fmtMb(r.memory.syncWorker.afterLeave)}`,
  );
  line('Postgres memory idle / peak / after', (r) => {
    const p = r.memory.postgres;
    return `${fmtMb(p.idle)} / ${fmtMb(p.peak)} / ${fmtMb(p.afterLeave)}`;
  });
  for (const r of cols) {
    for (const d of r.errors.details)
      console.log(`  ${r.app === 'ours' ? 'ours' : 'control'}: ${d}`);
  }
}

/** The highest rate the search held (p99 ≤ 1 s, nothing missed), or 0. */
function sustained(r: StepResult | undefined): number {
  return Math.max(0, ...(r?.rates ?? []).filter((x) => x.held).map((x) => x.rate));
}

function printRates(all: StepResult[]) {
  const searched = all.filter((r) => r.rates.length > 0);
  if (searched.length === 0) return;
  console.log(
    `\nSustainable write rate at ${RATE_CLIENTS} clients (${RATE_SECONDS} s a rate; held: write to last client p99 ≤ 1 s, none missed)`,
  );
  for (const r of searched) {
    const tried = r.rates
      .map(
        (x) =>
          `${x.rate}/s p50 ${fmtMs(x.writeToLastClient.p50)} p99 ${fmtMs(x.writeToLastClient.p99)}${x.missed ? ` (${x.missed} missed)` : ''}${x.groups ? ` advance ${fmtMs2(x.groups.advanceMs)}` : ''} ${x.held ? 'held' : 'NOT held'}`,
      )
      .join('; ');
    console.log(`  ${r.app === 'ours' ? 'ours' : 'control'}: ${sustained(r)}/s held. ${tried}`);
  }
}

function printKinds(kinds: StepResult[]) {
  if (kinds.length === 0) return;
  console.log(
    `\nOne kind of client at a time (${KIND_CLIENTS} clients, ours, ${RATE} writes/s for ${SECONDS} s)`,
  );
  for (const r of kinds) {
    const g = r.groups;
    console.log(
      `  ${r.only === 'supporters' ? 'supporters in session' : "the person's own devices"} (${describeMix(r)}): write to last client p50 ${fmtMs(r.writeToLastClient.p50)}, p99 ${fmtMs(r.writeToLastClient.p99)}; ` +
        (g
          ? `${g.advances} group advances, sync worker CPU ${fmtMs2(g.syncerCpuMsPerAdvance)} each, mean wall time ${fmtMs2(g.advanceMs)} (IVM ${fmtMs2(g.ivmAdvanceMs)}), CVR flush ${fmtMs2(g.cvrFlushMs)}, ${g.pipelineResets} pipeline resets; zero-cache CPU ${fmtPct(r.cpu.writePercent.zeroCache)}`
          : 'no zero-cache figures'),
    );
  }
}

function libraryTargets(all: StepResult[], kinds: StepResult[] = []): string[] {
  const ours = (n: number) => all.find((r) => r.app === 'ours' && r.clients === n);
  const bare = (n: number) => all.find((r) => r.app === 'bare' && r.clients === n);
  const verdict = (ok: boolean) => (ok ? 'met' : 'NOT met');
  const lines: string[] = [];
  const sup = kinds.find((k) => k.only === 'supporters')?.groups;
  const own = kinds.find((k) => k.only === 'owners')?.groups;
  if (sup && own) {
    const r = ratio(sup.syncerCpuMsPerAdvance, own.syncerCpuMsPerAdvance);
    const w = ratio(sup.advanceMs, own.advanceMs);
    lines.push(
      `one group advance, a supporter in session ≤ 1.5x the person's own: sync worker CPU ${fmtMs2(sup.syncerCpuMsPerAdvance)} vs ${fmtMs2(own.syncerCpuMsPerAdvance)}, ${fmtRatio(r)}, ${verdict(r <= 1.5)} (wall time ${fmtMs2(sup.advanceMs)} vs ${fmtMs2(own.advanceMs)}, ${fmtRatio(w)})`,
    );
  }
  const oursRated = all.find((r) => r.app === 'ours' && r.rates.length > 0);
  const bareRated = all.find((r) => r.app === 'bare' && r.rates.length > 0);
  if (oursRated && bareRated) {
    const r = ratio(sustained(oursRated), sustained(bareRated));
    lines.push(
      `${RATE_CLIENTS} clients: sustainable write rate ≥ 0.8x the control's: ${sustained(oursRated)}/s vs ${sustained(bareRated)}/s, ${fmtRatio(r)}, ${verdict(r >= 0.8)}`,
    );
  }
  const at200 = ours(200);
  if (at200) {
    lines.push(
      `200 clients: p99 ≤ 1 s: ${fmtMs(at200.writeToLastClient.p99)}, ${verdict(at200.writeToLastClient.p99 <= 1000)}`,
    );
  }
  const at500 = ours(500);
  if (at500) {
    lines.push(
      `500 clients: no errors and p99 ≤ 3 s: ${at500.errors.total} errors, ${fmtMs(at500.writeToLastClient.p99)}, ${verdict(at500.errors.total === 0 && at500.writeToLastClient.p99 <= 3000)}`,
    );
  }
  for (const r of all.filter((x) => x.app === 'ours')) {
    const z = r.memory.zeroCache;
    const bareAt = bare(r.clients);
    const rp50 = bareAt ? ratio(r.writeToLastClient.p50, bareAt.writeToLastClient.p50) : Number.NaN;
    const rp99 = bareAt ? ratio(r.writeToLastClient.p99, bareAt.writeToLastClient.p99) : Number.NaN;
    lines.push(
      `${r.clients} clients: zero-cache within 20 % of idle ${SETTLE_SECONDS} s after the clients left: ${fmtMb(z.afterLeave)} vs ${fmtMb(z.idle)}, ${verdict(z.afterLeave <= z.idle * 1.2)}` +
        (bareAt
          ? `; ratio to the control ≤ 1.2: p50 ${fmtRatio(rp50)}, p99 ${fmtRatio(rp99)}, ${verdict(rp50 <= 1.2 && rp99 <= 1.2)}`
          : ''),
    );
  }
  return lines;
}

function markdownSummary(all: StepResult[]): string[] {
  const lines = [
    '| clients | ours p50 / p99 | control p50 / p99 | ratio p50 / p99 | ours errors | writer ack p99 | zero-cache CPU | machine busy | zero-cache memory idle / peak / after leaving |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- |',
  ];
  for (const n of STEPS) {
    const o = all.find((r) => r.app === 'ours' && r.clients === n);
    const c = all.find((r) => r.app === 'bare' && r.clients === n);
    if (!o) continue;
    const w = (r: StepResult) =>
      `${fmtMs(r.writeToLastClient.p50)} / ${fmtMs(r.writeToLastClient.p99)}`;
    const ratios = c
      ? `${fmtRatio(ratio(o.writeToLastClient.p50, c.writeToLastClient.p50))} / ${fmtRatio(ratio(o.writeToLastClient.p99, c.writeToLastClient.p99))}`
      : '—';
    const z = o.memory.zeroCache;
    lines.push(
      `| ${n} | ${w(o)} | ${c ? w(c) : '—'} | ${ratios} | ${describeErrors(o)} | ${fmtMs(o.writerAck.p99)} | ${fmtPct(o.cpu.writePercent.zeroCache)} | ${fmtPct(o.cpu.writePercent.machine)} | ${fmtMb(z.idle)} / ${fmtMb(z.peak)} / ${fmtMb(z.afterLeave)} |`,
    );
  }
  return lines;
}

function plot(all: StepResult[], date: string): string {
  // The provider's: at the rate its targets are set at.
  const latency = (r: StepResult) =>
    ORG ? r.phases.find((x) => x.rate === TARGET_RATE)?.writeToLastClient : r.writeToLastClient;
  const curve = (app: App, p: 'p50' | 'p99', color: string) => ({
    label: `${app === 'ours' ? 'ours' : 'bare control'} ${p}`,
    color,
    dashed: p === 'p99',
    points: all
      .filter((r) => r.app === app)
      .map((r) => [r.clients, latency(r)?.[p] ?? Number.NaN] as [number, number]),
  });
  const curves = [curve('ours', 'p50', '#1f5fa8'), curve('ours', 'p99', '#1f5fa8')];
  if (APPS.includes('bare')) {
    curves.push(curve('bare', 'p50', '#d9730d'), curve('bare', 'p99', '#d9730d'));
  }
  if (ORG) {
    return lineChart({
      title: `Write to every open screen of the library, a provider of ${PEOPLE} people, one zero-cache`,
      subtitle: `npm run bench:org, ${date}: ${TARGET_RATE} writes/s over the people for ${SECONDS} s, ${os.cpus().length} cores, shared machine`,
      xLabel: "clients (the people's own devices, supporters in session and on their home)",
      yLabel: 'from the write to the last screen holding it (log scale)',
      xTicks: STEPS,
      curves,
      marks: [{ x: 400, y: 1000, label: 'p99 ≤ 1 s' }].filter((m) => STEPS.includes(m.x)),
    });
  }
  return lineChart({
    title: 'Write to last client, one library, one zero-cache (1 sync worker)',
    subtitle: `npm run bench:load, ${date}: ${RATE} writes/s for ${SECONDS} s per step, ${os.cpus().length} cores, shared machine`,
    xLabel: 'clients subscribed to the library',
    yLabel: 'from the write to the last client holding it (log scale)',
    xTicks: STEPS,
    curves,
    marks: [
      { x: 200, y: 1000, label: 'p99 ≤ 1 s' },
      { x: 500, y: 3000, label: 'p99 ≤ 3 s' },
    ].filter((m) => STEPS.includes(m.x)),
  });
}

// ---------------------------------------------------------------------------

/** Our stack: one node as `npm start` runs it, or the production topology (LOAD_TOPOLOGY=two). */
async function startOurs(metrics: MetricsReceiver): Promise<Ours> {
  if (TOPOLOGY === 'two') {
    const topo = await startTopology(MALLOC_LIBRARY ? { mallocLibrary: MALLOC_LIBRARY } : {});
    cleanups.push(() => topo.stop());
    return {
      zeroUrl: topo.syncProxy.url,
      databaseUrl: topo.databaseUrl,
      zeroCacheRoots: () => [topo.replicationManager, ...topo.viewSyncers].map((n) => n.pid),
      pgPid: () => topo.pgPid,
      apiPids: () => topo.apis.map((a) => a.pid),
    };
  }
  const stack = await startTestStack({
    web: 'none',
    env: {
      ZERO_NUM_SYNC_WORKERS: String(SYNC_WORKERS),
      ZERO_METRICS_URL: metrics.urlFor('ours'),
      ZERO_METRICS_INTERVAL_MS: String(METRICS_INTERVAL_MS),
      ...(MALLOC_LIBRARY ? { ZERO_MALLOC_LIBRARY: MALLOC_LIBRARY } : {}),
    },
  });
  cleanups.push(() => stack.stop());
  return {
    zeroUrl: stack.zeroUrl,
    databaseUrl: stack.databaseUrl,
    zeroCacheRoots: () => [stack.pids.zeroCache ?? -1],
    pgPid: () => stack.pgPid,
    apiPids: () => [],
  };
}

async function main() {
  const date = new Date().toISOString();
  console.log(
    `${ORG ? 'Provider' : 'Load'} bench on ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown CPU'}), ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}, ${date.slice(0, 16)}; load average ${os.loadavg()[0]?.toFixed(2)}`,
  );
  console.log(
    `${ORG ? `A provider of ${PEOPLE} people; steps of at least ${STEPS.join(', ')} clients; ${RATES.join(', ')} writes/s in turn over the people's own devices, ${SECONDS} s each` : `Steps ${STEPS.join(', ')} clients; ${RATE} writes/s by ${WRITERS} writer(s) for ${SECONDS} s`}; ${PROCESSES} client processes; ${TOPOLOGY === 'two' ? 'a replication-manager and two view-syncers' : `${SYNC_WORKERS} sync worker(s)`}; zero-cache on ${ALLOCATOR === 'jemalloc' ? 'jemalloc' : "glibc's malloc"}; ${VIEW_ROWS_ONLY ? "the library's rows only" : "the library screen's queries"}; ${SETTLE_SECONDS} s to settle; ${APPS.includes('bare') ? 'with' : 'without'} the bare control`,
  );
  const maxClients = Math.max(...STEPS);
  const metrics = await startMetricsReceiver();
  cleanups.push(() => metrics.stop());
  const stack = await startOurs(metrics);
  const seeding = performance.now();
  const data: Bench['data'] = ORG
    ? { org: await seedOrgData(stack.databaseUrl, { people: PEOPLE, screens: maxClients }) }
    : {
        library: await seedLoadData(stack.databaseUrl, {
          supporters: Math.max(maxClients - ownersAt(maxClients), KIND_CLIENTS),
          ownerDevices: Math.max(ownersAt(maxClients), KIND_CLIENTS),
          writers: WRITERS,
        }),
      };
  if (data.org && screensAt(data.org, maxClients).length < maxClients) {
    throw new Error(`${PEOPLE} people have fewer than ${maxClients} screens: raise LOAD_PEOPLE`);
  }
  const targets = data.org ? data.org.people.map((p) => p.target) : data.library.targets;
  const seeded = (performance.now() - seeding) / 1000;
  const caughtUp = await replicated(stack.databaseUrl);
  console.log(
    `Seeded in ${seeded.toFixed(0)} s; zero-cache had taken it all in ${caughtUp.toFixed(0)} s later`,
  );
  let bare: BareBackend | undefined;
  if (APPS.includes('bare')) {
    bare = await startBareBackend({
      setup: async (sql) => {
        await copyLibraryToBare(stack.databaseUrl, data.library?.libraryId, sql);
      },
      app: async (sql) =>
        bareZeroEndpoints({
          schema: bareLoadSchema,
          queries: bareLoadQueries,
          mutators: bareLoadMutators,
          userID: BARE_USER_ID,
          sql,
        }),
      syncWorkers: SYNC_WORKERS,
      mallocLibrary: MALLOC_LIBRARY,
      metrics: { url: metrics.urlFor('bare'), intervalMs: METRICS_INTERVAL_MS },
    });
    cleanups.push(() => bare?.stop() ?? Promise.resolve());
  }
  const viewers = Array.from({ length: PROCESSES }, () => forkClientProcess(onMessage));
  const writer = data.library ? forkClientProcess(onMessage) : undefined;

  // Idle: both stacks up, synced, no client yet.
  await sleep(5000);
  const b: Bench = {
    stack,
    metrics,
    bare,
    data,
    targets,
    viewers,
    writer,
    idle: { ours: { zeroCache: 0, postgres: 0 }, bare: { zeroCache: 0, postgres: 0 } },
  };
  for (const app of APPS) {
    const { zeroCache, postgres } = await readServers(b, app);
    b.idle[app] = { zeroCache: zeroCache.memoryBytes, postgres: postgres.memoryBytes };
  }

  const results: StepResult[] = [];
  // A step that fails ends the run, but what was measured before it is still written.
  let failure: unknown;
  steps: for (const n of STEPS) {
    const here: StepResult[] = [];
    for (const app of APPS) {
      console.log(`… ${n} clients, ${app === 'ours' ? 'ours' : 'control'}`);
      try {
        const r = await runStep(
          b,
          app,
          n,
          !ORG && n === RATE_CLIENTS && RATES.length ? { rates: RATES } : {},
        );
        here.push(r);
        results.push(r);
      } catch (e) {
        failure = e;
        if (here.length > 0) (ORG ? printOrgStep : printStep)(n, here);
        break steps;
      }
    }
    (ORG ? printOrgStep : printStep)(n, here);
  }

  // The cost of one kind of client: supporters in session, then the person's own devices.
  const kinds: StepResult[] = [];
  if (!failure && KIND_CLIENTS > 0) {
    for (const only of ['supporters', 'owners'] as const) {
      console.log(`… ${KIND_CLIENTS} clients, ours, ${only} only`);
      try {
        kinds.push(await runStep(b, 'ours', KIND_CLIENTS, { only }));
      } catch (e) {
        failure = e;
        break;
      }
    }
    printKinds(kinds);
  }
  printRates(results);

  console.log('\nTargets:');
  for (const l of ORG ? orgTargets(results) : libraryTargets(results, kinds)) console.log(`  ${l}`);
  console.log('\nSummary (Markdown):\n');
  for (const l of ORG ? orgMarkdown(results) : markdownSummary(results)) console.log(l);

  const out = path.join(projectRoot, '.data', 'bench');
  await mkdir(out, { recursive: true });
  const file = path.join(out, `${ORG ? 'org' : 'load'}-${date.replace(/[:.]/g, '-')}.json`);
  const settings = {
    SHAPE: ORG ? 'org' : 'library',
    PEOPLE: ORG ? PEOPLE : undefined,
    STEPS,
    RATE,
    SECONDS,
    SETTLE_SECONDS,
    WRITERS,
    PROCESSES,
    SYNC_WORKERS,
    TOPOLOGY,
    APPS,
    ALLOCATOR,
    KIND_CLIENTS,
    RATES,
    RATE_CLIENTS,
    RATE_SECONDS,
    VIEW: VIEW_ROWS_ONLY ? 'rows' : 'screen',
  };
  const machine = { cores: os.cpus().length, cpu: os.cpus()[0]?.model, node: process.version };
  await writeFile(
    file,
    `${JSON.stringify({ date, machine, settings, idle: b.idle, results, kinds }, null, 2)}\n`,
  );
  // Beside the figures: the README's plot (docs/bench/load.svg) is a recorded run's, copied.
  const svg = file.replace(/\.json$/, '.svg');
  await writeFile(svg, plot(results, date.slice(0, 10)));
  console.log(
    `\nFigures: ${path.relative(projectRoot, file)}; curve: ${path.relative(projectRoot, svg)}`,
  );
  if (failure) throw failure;
}

try {
  await main();
} finally {
  await cleanUp();
}
