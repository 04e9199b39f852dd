import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import path from 'node:path';
import { getRequestListener } from '@hono/node-server';
import type { Config } from '../config.ts';
import { connect, type Sql } from '../db.ts';
import { createMailer } from '../mail/mailer.ts';
import { type S3Settings, s3MediaStore } from '../media/store.ts';
import { ensureDatabase, runMigrations } from '../migrate.ts';
import { seedDemo } from '../seed.ts';
import { createApp } from '../server.ts';
import { sweepOnce } from '../sweeps.ts';
import { createZeroDb } from '../zero/db-provider.ts';
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
 * Zero needs logical replication; say so in one line rather than let zero-cache
 * fail obscurely. An unbounded max_slot_wal_keep_size lets Zero's slot hold WAL
 * without limit while zero-cache is stopped: warn (embedded Postgres sets 1GB).
 */
async function checkReplicationSettings(sql: Sql, log: (line: string) => void) {
  const [row] = await sql`select current_setting('wal_level') as wal_level,
                                 current_setting('max_slot_wal_keep_size') as keep`;
  if (row?.wal_level !== 'logical') {
    throw new StackError(
      'postgres',
      `wal_level is ${row?.wal_level}; Zero needs wal_level=logical`,
    );
  }
  if (row.keep === '-1') {
    log(
      "postgres: warning: max_slot_wal_keep_size is unlimited, so Zero's replication slot can hold WAL without bound while zero-cache is stopped (set it, e.g. 2GB)",
    );
  }
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
    // `localhost` is bound as 127.0.0.1: zero-cache calls the API there, and browsers
    // resolve localhost to loopback (the page and zero-cache must share the host name
    // `localhost` so that the session cookie reaches both).
    const listenHost = config.HOST === 'localhost' ? '127.0.0.1' : config.HOST;
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

    try {
      await runMigrations(databaseUrl);
    } catch (e) {
      throw new StackError(
        'migrations',
        e instanceof Error ? (e.message.split('\n')[0] ?? '') : String(e),
      );
    }

    const { sql, db } = connect(databaseUrl);
    cleanups.push(() => sql.end({ timeout: 5 }));
    await checkReplicationSettings(sql, log);
    if (config.NODE_ENV === 'development') {
      // A brand-new development database gets the demo circle, so that
      // `npm install && npm start` is enough to sign in as a demo user.
      const [row] = await sql`select exists (select 1 from app_user) as any`;
      if (!row?.any)
        log(`Seeded the demo circle (${await seedDemo(db)} rows): sign in as aroha@example.com`);
    }
    let s3: S3Settings;
    if (config.S3_BUCKET) {
      s3 = {
        endpoint: config.S3_ENDPOINT,
        region: config.S3_REGION,
        bucket: config.S3_BUCKET,
        accessKeyId: config.S3_ACCESS_KEY_ID,
        secretAccessKey: config.S3_SECRET_ACCESS_KEY,
        forcePathStyle: config.S3_FORCE_PATH_STYLE,
      };
    } else {
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
    const media = s3MediaStore(s3);

    const zdb = createZeroDb(db);
    const app = createApp({
      config,
      sql,
      db,
      zdb,
      mailer: createMailer(config),
      media,
      staticRoot: opts.web === 'static' ? webDist : undefined,
    });

    // Idle support sessions end on the server (ZQL has no now(): a write must say so);
    // uploads never confirmed are removed; so are abuse-limit events no window counts.
    // One process sweeps at a time (api/sweeps.ts).
    const sweep = setInterval(() => {
      void sweepOnce({ db, media, idleMinutes: config.SUPPORT_SESSION_IDLE_MINUTES }, log);
    }, 60_000);
    cleanups.push(async () => clearInterval(sweep));

    const apiListener = getRequestListener(app.fetch);
    const { createServer } = await import('node:http');
    let server: Server;
    if (opts.web === 'vite') {
      // Vite's dev server (HMR) for everything but /api, on the same port and
      // origin, with its HMR WebSocket on this server too.
      let viteMiddlewares: ((req: IncomingMessage, res: ServerResponse) => void) | undefined;
      server = createServer((req, res) => {
        if (req.url?.startsWith('/api/') || !viteMiddlewares) return apiListener(req, res);
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
    } else {
      server = createServer(apiListener);
    }
    await new Promise<void>((resolve, reject) => {
      server.once('error', (e) => reject(new StackError('api', `could not listen: ${e.message}`)));
      server.listen(config.PORT, listenHost, () => resolve());
    });
    cleanups.push(
      () =>
        new Promise<void>((resolve) => {
          server.close(() => resolve());
          server.closeAllConnections();
        }),
    );

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
