import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import type { Config } from '../config.ts';
import { ensureDatabase } from '../migrate.ts';
import { listenHostOf, type ServerOf, s3SettingsOf, serve, startApi } from '../process.ts';
import { describeFailure, StackError } from './errors.ts';
import { DATABASE_NAME } from './local-database.ts';
import { DEV_CREDENTIALS, DEV_REGION, startDevObjectStore } from './object-store.ts';
import { describeExit } from './parent-watch.ts';
import { portIsFree } from './ports.ts';
import { type EmbeddedPostgresHandle, startEmbeddedPostgres } from './postgres.ts';
import { ensureWebBuild, projectRoot, webDist } from './web-build.ts';
import { startZeroCache, type ZeroCacheHandle } from './zero-cache.ts';

export type StackOptions = {
  config: Config;
  /** `static` serves dist/web (built when stale); `vite` mounts Vite's dev server (HMR). */
  web: 'static' | 'vite' | 'none';
  log?: (line: string) => void;
  /** Child-process output (Postgres, zero-cache); silent when omitted. */
  childLog?: (line: string) => void;
  /** Called when `pids` changed: zero-cache was restarted. */
  pidsChanged?: () => void;
};

export type Stack = {
  url: string;
  zeroUrl: string;
  databaseUrl: string;
  /** Kept current: zero-cache gets a new pid when it is restarted. */
  pids: { postgres?: number; zeroCache?: number };
  /**
   * Resolves with a description when a child process dies unexpectedly (and,
   * for zero-cache, its restarts are used up or one fails).
   */
  failed: Promise<string>;
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
  let stopping = false;
  let failing = false;
  let onFailure: (why: string) => void = () => {};
  const failed = new Promise<string>((resolve) => {
    onFailure = (why) => {
      if (stopping || failing) return;
      failing = true;
      resolve(why);
    };
  });

  try {
    const listenHost = listenHostOf(config);
    if (!(await portIsFree(config.PORT, listenHost))) {
      throw new StackError('api', `port ${config.PORT} is already in use (set PORT)`);
    }
    if (opts.web === 'static') await ensureWebBuild(log);

    let pg: EmbeddedPostgresHandle | undefined;
    let databaseUrl = config.DATABASE_URL;
    if (!databaseUrl) {
      if (!(await portIsFree(config.PG_PORT))) {
        throw new StackError(
          'postgres',
          `port ${config.PG_PORT} is already in use (set PG_PORT or DATABASE_URL)`,
        );
      }
      const started = await startEmbeddedPostgres({
        dataDir: config.DATA_DIR,
        port: config.PG_PORT,
        ...(opts.childLog ? { log: opts.childLog } : {}),
      });
      pg = started;
      cleanups.push(() => started.stop());
      void started.exited.then((status) =>
        onFailure(`postgres: exited unexpectedly (${describeExit(status)})`),
      );
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

    const api = await startApi({
      config,
      databaseUrl,
      s3,
      staticRoot: opts.web === 'static' ? webDist : undefined,
      log,
      ...(opts.web === 'vite'
        ? { listen: (serverOf) => withVite(serverOf, config, listenHost, cleanups) }
        : {}),
    });
    cleanups.push(api.stop);

    if (config.STACK_ROLE === 'api') {
      return {
        url: config.publicUrl,
        zeroUrl: config.zeroPublicUrl,
        databaseUrl,
        pids: {},
        failed,
        stop: async () => {
          stopping = true;
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
          production: config.NODE_ENV === 'production',
          ...(opts.childLog ? { log: opts.childLog } : {}),
        });
      } catch (e) {
        throw e instanceof StackError ? e : new StackError('zero-cache', String(e));
      }
    };
    let zero = await startZero();
    const pids: Stack['pids'] = { ...(pg ? { postgres: pg.pid } : {}), zeroCache: zero.pid };

    // zero-cache dying on its own is restarted, a few times: the clients reconnect by
    // themselves, so a tablet in the middle of a care visit carries on. More often than
    // that, or when a restart fails, the whole stack stops: never half a stack.
    const maxRestarts = 3;
    const restartWindowMs = 10 * 60_000;
    const restarts: number[] = [];
    let restarting = Promise.resolve();
    const watchZero = (z: ZeroCacheHandle) => {
      void z.exited.then((status) => {
        if (stopping || failing) return;
        const why = `zero-cache: exited unexpectedly (${describeExit(status)})`;
        const now = Date.now();
        while (restarts.length > 0 && now - (restarts[0] ?? now) > restartWindowMs) {
          restarts.shift();
        }
        if (restarts.length >= maxRestarts) {
          onFailure(`${why}, after ${maxRestarts} restarts within 10 minutes`);
          return;
        }
        restarts.push(now);
        // Before the line: a stop it may cause (a closed output) then waits for the restart.
        restarting = startZero().then(
          (next) => {
            zero = next;
            pids.zeroCache = next.pid;
            watchZero(next);
            opts.pidsChanged?.();
          },
          (e: unknown) => onFailure(describeFailure(e)),
        );
        log(`${why}; restarting it (${restarts.length} of ${maxRestarts} within 10 minutes)`);
      });
    };
    watchZero(zero);
    cleanups.push(async () => {
      await restarting;
      await zero.stop();
    });

    return {
      url: config.publicUrl,
      zeroUrl: config.zeroPublicUrl,
      databaseUrl,
      pids,
      failed,
      stop: async () => {
        stopping = true;
        await stopAll();
      },
    };
  } catch (e) {
    stopping = true;
    await stopAll();
    throw e;
  }
}
