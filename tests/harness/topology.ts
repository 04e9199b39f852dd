/**
 * Zero's production topology as processes on this machine ("past one
 * machine", docs/decisions/024-past-one-machine.md): one PostgreSQL, one
 * replication-manager (a zero-cache that runs only the change-streamer), two
 * view-syncers following it (`ZERO_CHANGE_STREAMER_URI`), two API processes
 * (the production entry, api/main.ts) behind a round-robin proxy, and a
 * proxy in front of the view-syncers that is sticky per client group and
 * skips a dead one. Everything lives in a throwaway directory under
 * .data/test; `stop()` stops every process by its id and deletes it, and a
 * later start sweeps what a killed run left behind.
 *
 * Without litestream (not in the npm package) a view-syncer cannot restore a
 * replica, and zero-cache will not initial-sync one without a change-streamer
 * of its own: each view-syncer starts from a consistent copy (`VACUUM INTO`,
 * as zero-cache's own serving-copy does) of the replication-manager's replica
 * and catches up from the change log.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import Database from '@rocicorp/zero-sqlite3';
import { connect } from '../../api/db.ts';
import { DEV_CREDENTIALS, DEV_REGION, startDevObjectStore } from '../../api/dev/object-store.ts';
import { spawnWatched } from '../../api/dev/parent-watch.ts';
import { freePort, waitFor } from '../../api/dev/ports.ts';
import { startEmbeddedPostgres } from '../../api/dev/postgres.ts';
import { killStragglers, processesWithEnv } from '../../api/dev/stragglers.mjs';
import { projectRoot } from '../../api/dev/web-build.ts';
import { startZeroCache, type ZeroCacheHandle } from '../../api/dev/zero-cache.ts';
import { ensureDatabase, migrationsFolder, runMigrations } from '../../api/migrate.ts';
import { seedDemo } from '../../api/seed.ts';
import { startProxy, type TestProxy } from './proxy.ts';
import { freePortPair, sweepStale } from './stack.ts';

export type ApiNode = {
  name: string;
  /** This process directly: sign in here (the dev mailbox is kept per process). */
  url: string;
  port: number;
  pid: number;
  stop: () => Promise<void>;
};

export type ZeroNode = {
  name: string;
  url: string;
  port: number;
  pid: number;
  /** A crash: SIGKILL to every process of this zero-cache at once (its workers too). */
  kill: () => Promise<void>;
  stop: () => Promise<void>;
};

export type Topology = {
  dataDir: string;
  databaseUrl: string;
  pgPid: number;
  apis: ApiNode[];
  /** The API behind its proxy: PUBLIC_URL, and what the view-syncers call. */
  apiProxy: TestProxy;
  replicationManager: ZeroNode;
  viewSyncers: ZeroNode[];
  /** The clients' cacheURL: sticky per client group, skips a dead view-syncer. */
  syncProxy: TestProxy;
  stop: () => Promise<void>;
};

const API_NAMES = ['api-1', 'api-2'];
const VIEW_SYNCER_NAMES = ['view-syncer-a', 'view-syncer-b'];
/** Every API process of a topology carries this, with `<topology dir>/<name>` as its value. */
const API_MARKER = 'PB_TOPOLOGY_API';

/**
 * A consistent copy of a zero-cache replica (SQLite's `VACUUM INTO`, through
 * Zero's own SQLite build, which reads every journal mode Zero uses), for a
 * view-syncer to start from. Replaces `to`.
 */
export async function copyReplica(from: string, to: string): Promise<void> {
  await mkdir(path.dirname(to), { recursive: true });
  for (const suffix of ['', '-wal', '-wal2', '-shm']) await rm(`${to}${suffix}`, { force: true });
  const db = new Database(from, { readonly: true, fileMustExist: true });
  try {
    db.prepare('VACUUM INTO ?').run(to);
  } finally {
    db.close();
  }
}

export async function startTopology(
  opts: {
    verbose?: boolean;
    /** zero-cache's malloc library (ZERO_MALLOC_LIBRARY). */
    mallocLibrary?: string;
  } = {},
): Promise<Topology> {
  const log = opts.verbose ? (line: string) => console.log(line) : undefined;
  const started = Date.now();
  const phase = (what: string) => log?.(`topology: ${what} (${Date.now() - started} ms)`);
  const base = path.join(projectRoot, '.data', 'test');
  await mkdir(base, { recursive: true });
  await sweepStaleTopologies(base);
  const dataDir = await mkdtemp(path.join(base, 'topology-'));
  await writeFile(path.join(dataDir, 'owner.pid'), String(process.pid));

  const cleanups: Array<() => Promise<void>> = [];
  const stopAll = async () => {
    for (const fn of cleanups.reverse()) await fn().catch(() => {});
    cleanups.length = 0;
  };
  cleanups.push(() => rm(dataDir, { recursive: true, force: true }));

  try {
    const pg = await startEmbeddedPostgres({ dataDir, port: await freePort() });
    cleanups.push(() => pg.stop());
    const databaseUrl = pg.url('topology');
    await ensureDatabase(databaseUrl);
    await runMigrations(databaseUrl);
    {
      const { sql, db } = connect(databaseUrl, { max: 1 });
      await seedDemo(db);
      await sql.end();
    }
    phase('postgres migrated and seeded');

    const apiPorts = [await freePort(), await freePort()];
    const apiProxy = await startProxy({
      upstreams: API_NAMES.map((name, i) => ({ name, port: apiPorts[i] ?? 0 })),
      routing: 'round-robin',
      port: await freePort(),
    });
    cleanups.push(() => apiProxy.stop());
    const syncProxyPort = await freePort();
    const syncProxyUrl = `http://127.0.0.1:${syncProxyPort}`;

    const store = await startDevObjectStore({
      dataDir,
      port: await freePort(),
      origin: apiProxy.url,
    });
    cleanups.push(() => store.stop());

    // No web app is built for these tests: the API processes serve an empty directory.
    await mkdir(path.join(dataDir, 'web'));
    // Every API process must sign and check access tokens alike.
    const secret = randomBytes(32).toString('hex');
    const apiEnv = (port: number): NodeJS.ProcessEnv => ({
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'test',
      HOST: 'localhost',
      PORT: String(port),
      DATABASE_URL: databaseUrl,
      PUBLIC_URL: apiProxy.url,
      ZERO_PUBLIC_URL: syncProxyUrl,
      ACCESS_TOKEN_SECRET: secret,
      S3_ENDPOINT: store.endpoint,
      S3_BUCKET: store.bucket,
      S3_REGION: DEV_REGION,
      S3_ACCESS_KEY_ID: DEV_CREDENTIALS.accessKeyId,
      S3_SECRET_ACCESS_KEY: DEV_CREDENTIALS.secretAccessKey,
      MIGRATIONS_DIR: migrationsFolder,
      WEB_ROOT: path.join(dataDir, 'web'),
      TRUST_PROXY: 'true',
      MAGIC_LINK_LIMIT_PER_IP: '100000',
      MAGIC_LINK_LIMIT_PER_EMAIL: '50',
    });
    const zeroOpts = {
      upstreamDb: databaseUrl,
      apiUrl: apiProxy.url,
      logLevel: opts.verbose ? 'warn' : 'error',
      production: false,
      mallocLibrary: opts.mallocLibrary,
      ...(log ? { log } : {}),
    };
    const rmPort = await freePortPair();
    const rmDir = path.join(dataDir, 'zero-rm');
    // The API processes and the replication-manager start side by side.
    const apisStarting = settleAll(
      API_NAMES.map((name, i) =>
        startApiProcess(name, apiPorts[i] ?? 0, apiEnv(apiPorts[i] ?? 0), dataDir, cleanups, log),
      ),
    );
    const rmStarting = settleAll([
      startZeroCache({
        ...zeroOpts,
        port: rmPort,
        dataDir: rmDir,
        numSyncWorkers: 0,
        taskId: 'replication-manager',
      }).then((h) => {
        cleanups.push(() => h.stop());
        return h;
      }),
    ]);
    const [apis, [rmHandle]] = await settleAll([
      apisStarting.finally(() => phase('API processes ready')),
      rmStarting.finally(() => phase('replication-manager ready')),
    ] as const);

    const viewSyncerPorts = [await freePort(), await freePort()];
    const viewSyncerHandles = await settleAll(
      VIEW_SYNCER_NAMES.map(async (name, i) => {
        const dir = path.join(dataDir, `zero-${name}`);
        await copyReplica(path.join(rmDir, 'replica.db'), path.join(dir, 'replica.db'));
        const h = await startZeroCache({
          ...zeroOpts,
          port: viewSyncerPorts[i] ?? 0,
          dataDir: dir,
          numSyncWorkers: 1,
          changeStreamerUri: `ws://127.0.0.1:${rmPort + 1}/`,
          taskId: name,
        });
        cleanups.push(() => h.stop());
        return h;
      }),
    );

    phase('view-syncers ready');
    const syncProxy = await startProxy({
      upstreams: VIEW_SYNCER_NAMES.map((name, i) => ({ name, port: viewSyncerPorts[i] ?? 0 })),
      routing: 'client-group',
      port: syncProxyPort,
    });
    // Before the view-syncers stop: the clients' sockets close first.
    cleanups.push(() => syncProxy.stop());

    const zeroNode = (name: string, port: number, h: ZeroCacheHandle): ZeroNode => ({
      name,
      port,
      url: `http://127.0.0.1:${port}`,
      pid: h.pid,
      kill: async () => {
        for (const pid of await processesWithEnv(h.marker)) {
          try {
            process.kill(pid, 'SIGKILL');
          } catch {
            // already gone
          }
        }
        await h.exited;
      },
      stop: h.stop,
    });

    return {
      dataDir,
      databaseUrl,
      pgPid: pg.pid,
      apis,
      apiProxy,
      replicationManager: zeroNode('replication-manager', rmPort, rmHandle),
      viewSyncers: viewSyncerHandles.map((h, i) =>
        zeroNode(VIEW_SYNCER_NAMES[i] ?? '', viewSyncerPorts[i] ?? 0, h),
      ),
      syncProxy,
      stop: stopAll,
    };
  } catch (e) {
    await stopAll();
    throw e;
  }
}

/** The production entry (api/main.ts) in a process of its own, under a parent watch. */
async function startApiProcess(
  name: string,
  port: number,
  env: NodeJS.ProcessEnv,
  dataDir: string,
  cleanups: Array<() => Promise<void>>,
  log: ((line: string) => void) | undefined,
): Promise<ApiNode> {
  // Its own marker: the watch kills what carries it when the process exits.
  const marker = `${API_MARKER}=${path.join(dataDir, name)}`;
  const loader = pathToFileURL(path.join(projectRoot, 'node_modules/tsx/dist/loader.mjs')).href;
  const child = spawnWatched({
    command: process.execPath,
    args: ['--import', loader, path.join(projectRoot, 'api/main.ts')],
    env: { ...env, [API_MARKER]: path.join(dataDir, name) },
    stopSignals: [
      ['SIGTERM', 5000],
      ['SIGKILL', 0],
    ],
    marker,
  });
  const stop = async () => {
    await child.stop();
  };
  cleanups.push(stop);
  let tail = '';
  let dead = false;
  void child.exited.then(() => {
    dead = true;
  });
  const onData = (d: Buffer) => {
    const text = d.toString();
    tail = (tail + text).slice(-2000);
    for (const line of text.split('\n')) if (line.trim()) log?.(`${name}: ${line}`);
  };
  child.stdout.on('data', onData);
  child.stderr.on('data', onData);
  const url = `http://127.0.0.1:${port}`;
  const ready = await waitFor(async () => dead || (await fetch(`${url}/api/health`)).ok, {
    timeoutMs: 60_000,
    intervalMs: 100,
  });
  if (dead || !ready) throw new Error(`${name} did not start: ${tail.trim().slice(-500)}`);
  return { name, url, port, pid: await child.pid, stop };
}

/**
 * Promise.all that waits for every start to settle before it throws, so that
 * the clean-up after a failed start also stops whatever started beside it.
 */
async function settleAll<T extends readonly unknown[]>(
  starts: readonly [...{ [K in keyof T]: Promise<T[K]> }],
): Promise<T> {
  const results: PromiseSettledResult<unknown>[] = await Promise.allSettled(starts);
  for (const r of results) if (r.status === 'rejected') throw r.reason;
  return results.map((r) => (r.status === 'fulfilled' ? r.value : undefined)) as unknown as T;
}

/** Topologies of a killed run: their API processes, zero-caches and Postgres. */
function sweepStaleTopologies(base: string) {
  return sweepStale(base, 'topology-', async (dir) => {
    for (const api of API_NAMES) await killStragglers(`${API_MARKER}=${path.join(dir, api)}`);
    for (const node of ['zero-rm', ...VIEW_SYNCER_NAMES.map((n) => `zero-${n}`)]) {
      await killStragglers(`ZERO_REPLICA_FILE=${path.resolve(dir, node, 'replica.db')}`);
    }
  });
}
