/**
 * The API in this process, over the test stack's database, with settings of
 * a test's own (low limits, production, an SMTP server); and an SMTP server
 * that keeps what it receives. Tests that need other settings than the
 * stack's use these instead of starting a stack of their own.
 */
import { once } from 'node:events';
import { serve, type WebSocketServerLike } from '@hono/node-server';
import { SMTPServer } from 'smtp-server';
import { WebSocketServer } from 'ws';
import { loadConfig } from '../../api/config.ts';
import { connect } from '../../api/db.ts';
import { freePort } from '../../api/dev/ports.ts';
import { createMailer, type Mailer } from '../../api/mail/mailer.ts';
import type { MediaStore } from '../../api/media/store.ts';
import { createApp } from '../../api/server.ts';
import { createZeroDb } from '../../api/zero/db-provider.ts';

export type InProcessApi = {
  app: ReturnType<typeof createApp>;
  mailer: Mailer;
  close: () => Promise<void>;
};

/**
 * The API with `env` over `databaseUrl` (NODE_ENV test unless `env` says
 * otherwise), with `media`, the media store it keeps files in, and
 * `presenceTimeoutMs`, how long a silent presence socket is kept.
 */
export function inProcessApi(
  databaseUrl: string,
  env: Record<string, string> = {},
  opts: { media?: MediaStore; presenceTimeoutMs?: number } = {},
): InProcessApi {
  const config = loadConfig({ NODE_ENV: 'test', DATABASE_URL: databaseUrl, ...env });
  const { sql, db } = connect(databaseUrl, { max: 4 });
  const mailer = createMailer(config);
  const app = createApp({
    config,
    sql,
    db,
    zdb: createZeroDb(db),
    mailer,
    media: opts.media,
    presenceTimeoutMs: opts.presenceTimeoutMs,
  });
  return { app, mailer, close: () => sql.end() };
}

/**
 * Serves `app` on 127.0.0.1:`port` with its WebSockets (presence), as
 * api/process.ts does; `close` ends the sockets still open, then the server.
 */
export async function serveWithSockets(app: InProcessApi['app'], port: number) {
  const sockets = new WebSocketServer({ noServer: true, maxPayload: 4096 });
  const server = serve({
    fetch: app.fetch,
    port,
    hostname: '127.0.0.1',
    // ws's own types say `noServer?: boolean`; the adapter's, `boolean`.
    websocket: { server: sockets as unknown as WebSocketServerLike },
  });
  await once(server, 'listening');
  return {
    close: async () => {
      for (const socket of sockets.clients) socket.terminate();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type SmtpSink = {
  url: string;
  received: { to: string; data: string }[];
  close: () => Promise<void>;
};

/** A real SMTP server on a free port that keeps every message it receives. */
export async function smtpSink(): Promise<SmtpSink> {
  const received: SmtpSink['received'] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let data = '';
      stream.on('data', (d: Buffer) => {
        data += d.toString();
      });
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address).join(','), data });
        callback();
      });
    },
  });
  const port = await freePort();
  server.listen(port, '127.0.0.1');
  await once(server.server, 'listening');
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** What the mutate endpoint answered for one change: nothing for a saved one, else Zero's error. */
export type PushResult = { error?: string; message?: string; details?: unknown };

/**
 * One device of `who` (its session cookie) pushing changes to `app`'s mutate
 * endpoint exactly as zero-cache pushes them, one change a push, with the
 * mutation ids of one Zero client.
 */
export function pushingDevice(app: InProcessApi['app'], who: { cookie: string }) {
  const clientGroupID = crypto.randomUUID();
  const clientID = crypto.randomUUID();
  let next = 1;
  return {
    async push(name: string, args: Record<string, unknown>): Promise<PushResult> {
      const res = await app.request('/api/zero/mutate?schema=zero_0&appID=zero', {
        method: 'POST',
        headers: { cookie: who.cookie, 'content-type': 'application/json' },
        body: JSON.stringify({
          clientGroupID,
          mutations: [
            { type: 'custom', id: next++, clientID, name, args: [args], timestamp: Date.now() },
          ],
          pushVersion: 1,
          timestamp: Date.now(),
          requestID: crypto.randomUUID(),
        }),
      });
      const body = (await res.json()) as { mutations?: { result: PushResult }[] };
      const result = body.mutations?.[0]?.result;
      if (res.status !== 200 || !result) {
        throw new Error(`the push was not answered: ${res.status} ${JSON.stringify(body)}`);
      }
      return result;
    },
  };
}
