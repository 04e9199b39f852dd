/**
 * The API process, one way for every runner: the development stack
 * (api/dev/stack.ts, behind `npm start`) and the production entry
 * (api/main.ts) both start it here. It migrates the database (under the
 * advisory lock, so several processes may start together), checks that Zero
 * can replicate it, builds the app, runs the periodic sweeps and serves HTTP.
 * It imports nothing of the development stack (api/dev/): no embedded
 * Postgres, no development object store, no Vite (tests/static/layers.test.ts
 * checks what api/main.ts bundles).
 */
import { createServer, type RequestListener, type Server } from 'node:http';
import type { Socket } from 'node:net';
import { createAdaptorServer, type WebSocketServerLike } from '@hono/node-server';
import { WebSocketServer } from 'ws';
import { preparePlans } from './billing/plans.ts';
import { billingFor } from './billing/stripe.ts';
import type { Config } from './config.ts';
import { connect, type Sql } from './db.ts';
import { createMailer } from './mail/mailer.ts';
import { type S3Settings, s3MediaStore } from './media/store.ts';
import { runMigrations } from './migrate.ts';
import { seedDemo } from './seed.ts';
import { createApp } from './server.ts';
import { StackError } from './startup-errors.ts';
import { LinkEndTimer, SWEEP_INTERVAL_MS, sweepOnce } from './sweeps.ts';
import { createZeroDb } from './zero/db-provider.ts';

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

/** The media bucket named by the settings (S3_*), for a store that is not the development one. */
export function s3SettingsOf(config: Config): S3Settings | undefined {
  if (!config.S3_BUCKET) return undefined;
  return {
    endpoint: config.S3_ENDPOINT,
    region: config.S3_REGION,
    bucket: config.S3_BUCKET,
    accessKeyId: config.S3_ACCESS_KEY_ID,
    secretAccessKey: config.S3_SECRET_ACCESS_KEY,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
  };
}

export type ApiOptions = {
  config: Config;
  databaseUrl: string;
  s3: S3Settings;
  /** The built web app to serve; omitted when something else serves it (Vite in development). */
  staticRoot?: string | undefined;
  /** The migrations to apply; the repository's own when omitted. */
  migrationsFolder?: string | undefined;
  log: (line: string) => void;
  /**
   * What listens: the API's own server by default. `serverOf` makes the
   * server (the API's WebSockets included); `front` puts something before
   * the API's requests (the development runner's Vite).
   */
  listen?: (serverOf: ServerOf) => Promise<{ server: Server; close: () => Promise<void> }>;
};

/** Makes the API's HTTP server; `front` may route requests elsewhere before the API. */
export type ServerOf = (front?: (api: RequestListener) => RequestListener) => Server;

export type ApiProcess = {
  server: Server;
  /** Stops serving and sweeping and closes the database pool. Idempotent. */
  stop: () => Promise<void>;
};

/** The API's HTTP server on config.HOST:PORT (`localhost` bound as 127.0.0.1). */
export function listenOn(config: Config) {
  return (serverOf: ServerOf) => serve(serverOf(), config.PORT, listenHostOf(config));
}

/**
 * `localhost` is bound as 127.0.0.1: zero-cache calls the API there, and browsers
 * resolve localhost to loopback (the page and zero-cache must share the host name
 * `localhost` so that the session cookie reaches both).
 */
export function listenHostOf(config: Config) {
  return config.HOST === 'localhost' ? '127.0.0.1' : config.HOST;
}

/** How long an idle HTTP connection stays open (more than a 60 s load balancer's). */
export const KEEP_ALIVE_MS = 65_000;

/**
 * Listens with `server`; its close also ends the connections still open.
 * `closeAllConnections` ends only the HTTP connections: a socket handed to an
 * `upgrade` handler that has not finished with it (a WebSocket caught
 * mid-handshake by a restart) is the server's no more, yet `close` waits for
 * it, for ever. So every socket is kept here and destroyed at close.
 */
export async function serve(server: Server, port: number, host: string) {
  // A client that reuses an idle connection at the moment the server closes it
  // gets ECONNRESET for a request the server never saw. Node closes idle
  // connections after 5 s; browsers, proxies and load balancers keep theirs for
  // 60 s or more, so the server waits longer than they do and they close first.
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  server.headersTimeout = KEEP_ALIVE_MS + 1000;
  const sockets = new Set<Socket>();
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', (e) => reject(new StackError('api', `could not listen: ${e.message}`)));
    server.listen(port, host, () => resolve());
  });
  return {
    server,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
        for (const socket of sockets) socket.destroy();
      }),
  };
}

export async function startApi(opts: ApiOptions): Promise<ApiProcess> {
  const { config, databaseUrl, log } = opts;
  const cleanups: Array<() => Promise<void>> = [];
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    for (const fn of cleanups.reverse()) await fn().catch(() => {});
  };
  try {
    try {
      await runMigrations(databaseUrl, opts.migrationsFolder);
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
    // Every database has its plans (the migrations); a deployment's prices come from its settings.
    await preparePlans(db, config);
    const media = s3MediaStore(opts.s3);
    // Time-limited supporter links end at their time (api/sweeps.ts).
    const linkEnds = new LinkEndTimer(db, log);
    cleanups.push(async () => linkEnds.stop());
    linkEnds.changed();
    const app = createApp({
      linkEnds,
      config,
      sql,
      db,
      zdb: createZeroDb(db),
      mailer: createMailer(config),
      media,
      staticRoot: opts.staticRoot,
    });

    // Idle support sessions end on the server (ZQL has no now(): a write must say so);
    // uploads never confirmed are removed; so are abuse-limit events no window counts;
    // supporter links whose set end has come are removed; so are data copies past
    // their time and accounts whose deletion is due (their plan cancelled first).
    // One process sweeps at a time (api/sweeps.ts).
    const billing = billingFor(config);
    const sweep = setInterval(() => {
      void sweepOnce(
        { db, media, billing, idleMinutes: config.SUPPORT_SESSION_IDLE_MINUTES },
        log,
      ).then(() => linkEnds.changed());
    }, SWEEP_INTERVAL_MS);
    cleanups.push(async () => clearInterval(sweep));

    // The API's WebSockets (presence, api/routes/presence.ts); small messages only.
    const sockets = new WebSocketServer({ noServer: true, maxPayload: 4096 });
    const serverOf: ServerOf = (front) =>
      createAdaptorServer({
        fetch: app.fetch,
        // ws's own types say `noServer?: boolean`; the adapter's, `boolean`.
        websocket: { server: sockets as unknown as WebSocketServerLike },
        createServer: ((options: object, api: RequestListener) =>
          createServer(options, front ? front(api) : api)) as typeof createServer,
      }) as Server;
    const listen = opts.listen ?? listenOn(config);
    const { server, close } = await listen(serverOf);
    // The sockets first: the server's close waits for every connection, and an
    // upgraded one is not among those it closes itself.
    cleanups.push(async () => {
      for (const socket of sockets.clients) socket.terminate();
      await close();
    });
    return { server, stop };
  } catch (e) {
    await stop();
    throw e;
  }
}
