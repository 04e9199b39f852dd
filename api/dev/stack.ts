import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import type { Config } from '../config.ts';
import { ensureDatabase } from '../migrate.ts';
import { listenHostOf, type ServerOf, s3SettingsOf, serve, startApi } from '../process.ts';
import { StackError } from '../startup-errors.ts';
import { DATABASE_NAME } from './local-database.ts';
import { DEV_CREDENTIALS, DEV_REGION, startDevObjectStore } from './object-store.ts';
import { portIsFree } from './ports.ts';
import { startEmbeddedPostgres } from './postgres.ts';
import { type Child, supervise } from './supervise.ts';
import { ensureWebBuild, projectRoot, webDist } from './web-build.ts';
import { startZeroCache } from './zero-cache.ts';

export type StackOptions = {
  config: Config;
  /** `static` serves dist/web (built when stale); `vite` mounts Vite's dev server (HMR). */
  web: 'static' | 'vite' | 'none';
  log?: (line: string) => void;
  /** Child-process output (Postgres, zero-cache); silent when omitted. */
  childLog?: (line: string) => void;
  /** Called when `pids` changed: Postgres or zero-cache was restarted. */
  pidsChanged?: () => void;
};

export type Stack = {
  url: string;
  zeroUrl: string;
  databaseUrl: string;
  /** Kept current: Postgres and zero-cache get a new pid when they are restarted. */
  pids: { postgres?: number; zeroCache?: number };
  /**
   * Stops the API (every connection it holds is closed, as when its process
   * is restarted or redeployed), waits `downMs`, and starts it again on the
   * same port. Postgres, zero-cache and the browsers are left to carry on.
   */
  restartApi: (downMs?: number) => Promise<void>;
  stop: () => Promise<void>;
};

/**
 * Vite's dev server (HMR) for everything but /api, on the same port and
 * origin as the API, with its HMR WebSocket on this server too.
 */
async function withVite(
  serverOf: ServerOf,
  config: Config,
  host: string,
  cleanups: Array<() => Promise<void>>,
) {
  let viteMiddlewares: ((req: IncomingMessage, res: ServerResponse) => void) | undefined;
  const server = serverOf((api) => (req, res) => {
    if (req.url?.startsWith('/api/') || !viteMiddlewares) return api(req, res);
    viteMiddlewares(req, res);
  });
  const { createServer: createVite } = await import('vite');
  const vite = await createVite({
    configFile: path.join(projectRoot, 'vite.config.ts'),
    server: { middlewareMode: true, ws: { server } },
    appType: 'spa',
  });
  viteMiddlewares = vite.middlewares;
  cleanups.push(() => vite.close());
  return serve(server, config.PORT, host);
}

export async function startStack(opts: StackOptions): Promise<Stack> {
  const { config } = opts;
  const log = opts.log ?? (() => {});
  const cleanups: Array<() => Promise<void>> = [];
  const stopAll = async () => {
    for (const fn of cleanups.reverse()) await fn().catch(() => {});
    cleanups.length = 0;
  };

  try {
    const listenHost = listenHostOf(config);
    if (!(await portIsFree(config.PORT, listenHost))) {
      throw new StackError('api', `port ${config.PORT} is already in use (set PORT)`);
    }
    // Every port is checked before the web app is built: a taken port is said
    // at once, not after a minute of building.
    if (!config.DATABASE_URL && !(await portIsFree(config.PG_PORT))) {
      throw new StackError(
        'postgres',
        `port ${config.PG_PORT} is already in use (set PG_PORT or DATABASE_URL)`,
      );
    }
    if (opts.web === 'static') await ensureWebBuild(log);

    const pids: Stack['pids'] = {};
    /**
     * Supervises a child (api/dev/supervise.ts): started again when it dies,
     * its pid kept current in `pids`, stopped with the stack.
     */
    const keepRunning = <C extends Child>(
      key: keyof Stack['pids'],
      first: C,
      start: () => Promise<C>,
    ) => {
      pids[key] = first.pid;
      const child = supervise({
        name: key === 'zeroCache' ? 'zero-cache' : key,
        first,
        start,
        log,
        restarted: (next) => {
          pids[key] = next.pid;
          opts.pidsChanged?.();
        },
      });
      cleanups.push(() => child.stop());
    };
    let databaseUrl = config.DATABASE_URL;
    if (!databaseUrl) {
      const startPg = () =>
        startEmbeddedPostgres({
          dataDir: config.DATA_DIR,
          port: config.PG_PORT,
          ...(opts.childLog ? { log: opts.childLog } : {}),
        });
      const started = await startPg();
      // Postgres dying on its own is started again on the same data and port;
      // the API's pool and zero-cache reconnect.
      keepRunning('postgres', started, startPg);
      databaseUrl = started.url(DATABASE_NAME);
      await ensureDatabase(databaseUrl);
    }

    let s3 = s3SettingsOf(config);
    if (!s3) {
      const store = await startDevObjectStore({
        dataDir: config.DATA_DIR,
        port: config.S3_DEV_PORT,
        origin: new URL(config.publicUrl).origin,
      });
      cleanups.push(() => store.stop());
      s3 = {
        endpoint: store.endpoint,
        region: DEV_REGION,
        bucket: store.bucket,
        ...DEV_CREDENTIALS,
        forcePathStyle: true,
      };
    }

    const apiSettings = { config, databaseUrl, s3, log };
    let api = await startApi({
      ...apiSettings,
      staticRoot: opts.web === 'static' ? webDist : undefined,
      ...(opts.web === 'vite'
        ? { listen: (serverOf) => withVite(serverOf, config, listenHost, cleanups) }
        : {}),
    });
    cleanups.push(() => api.stop());
    const restartApi = async (downMs = 0) => {
      if (opts.web === 'vite') throw new StackError('api', 'cannot restart beside Vite');
      await api.stop();
      await new Promise((r) => setTimeout(r, downMs));
      api = await startApi({
        ...apiSettings,
        staticRoot: opts.web === 'static' ? webDist : undefined,
      });
    };

    if (config.STACK_ROLE === 'api') {
      return {
        url: config.publicUrl,
        zeroUrl: config.zeroPublicUrl,
        databaseUrl,
        pids: {},
        restartApi,
        stop: async () => {
          await stopAll();
        },
      };
    }

    const startZero = async () => {
      try {
        return await startZeroCache({
          upstreamDb: databaseUrl,
          port: config.ZERO_PORT,
          apiUrl: `http://127.0.0.1:${config.PORT}`,
          dataDir: path.join(config.DATA_DIR, 'zero'),
          adminPassword: config.ZERO_ADMIN_PASSWORD,
          numSyncWorkers: config.ZERO_NUM_SYNC_WORKERS,
          logLevel: config.ZERO_LOG_LEVEL,
          mallocLibrary: config.ZERO_MALLOC_LIBRARY,
          metrics: config.ZERO_METRICS_URL
            ? { url: config.ZERO_METRICS_URL, intervalMs: config.ZERO_METRICS_INTERVAL_MS }
            : undefined,
          production: config.NODE_ENV === 'production',
          ...(opts.childLog ? { log: opts.childLog } : {}),
        });
      } catch (e) {
        throw e instanceof StackError ? e : new StackError('zero-cache', String(e));
      }
    };
    // zero-cache dying on its own is started again, with a growing pause while
    // it keeps dying: the clients reconnect by themselves, so a tablet in the
    // middle of a care visit carries on.
    keepRunning('zeroCache', await startZero(), startZero);

    return {
      url: config.publicUrl,
      zeroUrl: config.zeroPublicUrl,
      databaseUrl,
      pids,
      restartApi,
      stop: async () => {
        await stopAll();
      },
    };
  } catch (e) {
    await stopAll();
    throw e;
  }
}
