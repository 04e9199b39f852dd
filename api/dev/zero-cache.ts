import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { StackError } from '../startup-errors.ts';
import { type ExitStatus, spawnWatched } from './parent-watch.ts';
import { portIsFree, waitFor } from './ports.ts';
import { killStragglers } from './stragglers.mjs';

/** Where Debian's libjemalloc2 puts jemalloc: what ZERO_MALLOC_LIBRARY is set to (ADR 025). */
export const JEMALLOC = '/usr/lib/x86_64-linux-gnu/libjemalloc.so.2';

export type ZeroCacheOptions = {
  upstreamDb: string;
  port: number;
  /** The API that resolves synced queries and custom mutators. */
  apiUrl: string;
  dataDir: string;
  adminPassword?: string | undefined;
  /** 0 on a replication-manager: it runs the change-streamer and syncs no client. */
  numSyncWorkers: number;
  logLevel: string;
  production: boolean;
  log?: (line: string) => void;
  /**
   * A view-syncer of a multi-node topology (docs/decisions/024): it runs no
   * change-streamer of its own but follows the replication-manager's at this
   * URI (e.g. `ws://127.0.0.1:4849/`). Its replica must exist in `dataDir`
   * before it starts (zero-cache restores one only with litestream).
   */
  changeStreamerUri?: string | undefined;
  /** Where a node that runs the change-streamer serves it; `port` + 1 when omitted. */
  changeStreamerPort?: number | undefined;
  /** Unique per node of a topology; a random flag-safe one when omitted. */
  taskId?: string | undefined;
  /**
   * A malloc library preloaded into every process of zero-cache (LD_PRELOAD),
   * e.g. jemalloc: glibc's allocator keeps the memory of client groups that
   * have left; jemalloc gives it back (docs/decisions/025).
   */
  mallocLibrary?: string | undefined;
  /** Where its OpenTelemetry metrics go (OTLP/HTTP JSON), and how often (ms). */
  metrics?: { url: string; intervalMs: number } | undefined;
};

export type ZeroCacheHandle = {
  pid: number;
  /** The environment entry every process of this zero-cache carries (its workers too). */
  marker: string;
  exited: Promise<ExitStatus>;
  stop: () => Promise<void>;
};

const require = createRequire(import.meta.url);

function zeroCacheBin(): string {
  // The package exports no ./package.json; its main entry sits beside the CLI.
  return path.join(path.dirname(require.resolve('@rocicorp/zero')), 'cli.js');
}

export async function startZeroCache(opts: ZeroCacheOptions): Promise<ZeroCacheHandle> {
  // A node that runs the change-streamer (every one but a view-syncer) also
  // takes its port, port + 1 unless said otherwise.
  const changeStreamerPort = opts.changeStreamerUri
    ? undefined
    : (opts.changeStreamerPort ?? opts.port + 1);
  const ports = changeStreamerPort === undefined ? [opts.port] : [opts.port, changeStreamerPort];
  for (const p of ports) {
    if (!(await portIsFree(p))) {
      throw new StackError('zero-cache', `port ${p} is already in use (set ZERO_PORT)`);
    }
  }
  if (opts.mallocLibrary && !existsSync(opts.mallocLibrary)) {
    throw new StackError(
      'zero-cache',
      `the malloc library ${opts.mallocLibrary} does not exist (ZERO_MALLOC_LIBRARY; on Debian: apt-get install libjemalloc2)`,
    );
  }
  const dir = path.resolve(opts.dataDir);
  const tmp = path.join(dir, 'tmp');
  await mkdir(tmp, { recursive: true });

  // Every process of this zero-cache (its workers too) carries the marker, so
  // that none can outlive it: see killStragglers.
  const instance = `PB_ZERO_CACHE_INSTANCE=${randomBytes(8).toString('hex')}`;
  const env: NodeJS.ProcessEnv = {
    PB_ZERO_CACHE_INSTANCE: instance.split('=')[1],
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: opts.production ? 'production' : 'development',
    ZERO_UPSTREAM_DB: opts.upstreamDb,
    ZERO_REPLICA_FILE: path.join(dir, 'replica.db'),
    ZERO_QUERY_URL: `${opts.apiUrl}/api/zero/query`,
    ZERO_MUTATE_URL: `${opts.apiUrl}/api/zero/mutate`,
    // Auth reaches the API through the session cookie (docs/decisions/002).
    ZERO_QUERY_FORWARD_COOKIES: 'true',
    ZERO_MUTATE_FORWARD_COOKIES: 'true',
    ZERO_PORT: String(opts.port),
    // zero-cache's own default is a nanoid, which may start with "-"; its workers
    // then read the id back as a command-line flag and exit ("Expected string at
    // taskID. Got true"), about one start in 64. A hex id cannot.
    ZERO_TASK_ID: opts.taskId ?? `zc-${randomBytes(6).toString('hex')}`,
    ZERO_NUM_SYNC_WORKERS: String(opts.numSyncWorkers),
    // Every write is a custom mutator through the API (DESIGN.md): zero-cache's
    // legacy CRUD path stays shut, and no client group pays for its write
    // authoriser on connecting (docs/decisions/025).
    ZERO_ENABLE_CRUD_MUTATIONS: 'false',
    ZERO_STORAGE_DB_TMP_DIR: tmp,
    ZERO_ENABLE_TELEMETRY: 'false',
    ZERO_LOG_LEVEL: opts.logLevel,
    TMPDIR: tmp,
  };
  if (opts.adminPassword) env.ZERO_ADMIN_PASSWORD = opts.adminPassword;
  // Node's options for zero-cache and its workers alone, e.g. a bench's
  // `--cpu-prof --cpu-prof-dir=...` to see where a sync worker's time goes.
  if (process.env.PB_ZERO_NODE_OPTIONS) env.NODE_OPTIONS = process.env.PB_ZERO_NODE_OPTIONS;
  if (opts.mallocLibrary) env.LD_PRELOAD = opts.mallocLibrary;
  if (opts.metrics) {
    // zero-cache starts OpenTelemetry's SDK when an exporter is named, in every worker.
    env.OTEL_EXPORTER_OTLP_METRICS_ENDPOINT = opts.metrics.url;
    env.OTEL_EXPORTER_OTLP_PROTOCOL = 'http/json';
    env.OTEL_METRIC_EXPORT_INTERVAL = String(opts.metrics.intervalMs);
  }
  if (opts.changeStreamerUri) env.ZERO_CHANGE_STREAMER_URI = opts.changeStreamerUri;
  if (opts.changeStreamerPort !== undefined && changeStreamerPort !== undefined) {
    env.ZERO_CHANGE_STREAMER_PORT = String(changeStreamerPort);
  }

  const child = spawnWatched({
    command: process.execPath,
    args: [zeroCacheBin()],
    env,
    // SIGTERM: zero-cache closes its connections and its replica; a hung one is killed.
    stopSignals: [
      ['SIGTERM', 10_000],
      ['SIGKILL', 0],
    ],
    marker: instance,
  });
  // Resolves once the main process is gone, its workers with it (its watch kills them;
  // so does this, should the watch itself have been killed), and its ports are free.
  const exited = child.exited.then(async (status) => {
    await killStragglers(instance);
    await waitFor(
      async () => {
        for (const p of ports) if (!(await portIsFree(p))) return false;
        return true;
      },
      { timeoutMs: 10_000 },
    );
    return status;
  });
  let tail = '';
  const onData = (d: Buffer) => {
    const text = d.toString();
    tail = (tail + text).slice(-4000);
    for (const line of text.split('\n')) if (line.trim()) opts.log?.(line);
  };
  child.stdout.on('data', onData);
  child.stderr.on('data', onData);

  let dead = false;
  void child.exited.then(() => {
    dead = true;
  });
  const ready = await waitFor(
    async () => {
      if (dead) return true;
      const res = await fetch(`http://127.0.0.1:${opts.port}/keepalive`);
      return res.ok;
    },
    { timeoutMs: 60_000, intervalMs: 100 },
  );
  if (dead || !ready) {
    if (!dead) await child.stop();
    const last =
      tail
        .split('\n')
        .filter((l) => /error|fatal/i.test(l))
        .pop()
        ?.trim()
        .slice(0, 300) ?? 'exited during start-up';
    throw new StackError(
      'zero-cache',
      dead ? `exited during start-up: ${last}` : 'not ready after 60 s',
    );
  }

  return {
    pid: await child.pid,
    marker: instance,
    exited,
    stop: async () => {
      await child.stop();
      await exited;
    },
  };
}
