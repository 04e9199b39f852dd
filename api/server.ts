import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { compress } from 'hono/compress';
import { logger } from 'hono/logger';
import { z } from 'zod';
import { user } from '../schema/index.ts';
import type { SessionInfo } from '../sync/session.ts';
import {
  clearSessionCookie,
  createSession,
  revokeSession,
  sessionFromRequest,
  setSessionCookie,
} from './auth/sessions.ts';
import { passkeyRoutes } from './auth/passkeys.ts';
import type { Config } from './config.ts';
import type { Db, Sql } from './db.ts';
import { jsonError } from './errors.ts';
import { peopleRoutes } from './people.ts';
import type { ZeroDb } from './zero/db-provider.ts';
import { zeroRoutes } from './zero/endpoints.ts';

export type AppDeps = {
  config: Config;
  db: Db;
  sql: Sql;
  zdb: ZeroDb;
  /** Directory of the built web app; omitted when Vite serves it (dev) or in API-only tests. */
  staticRoot?: string | undefined;
};

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function createApp(deps: AppDeps) {
  const { config, db } = deps;
  const production = config.NODE_ENV === 'production';
  const allowedOrigin = new URL(config.publicUrl).origin;
  const app = new Hono();
  if (config.LOG_REQUESTS) app.use('*', logger());

  // State-changing requests from another origin are refused. Requests without an
  // Origin header (server-to-server, e.g. zero-cache for a Node client) pass;
  // the cookie's SameSite=Lax keeps cross-site browsers from sending the session.
  app.use('/api/*', async (c, next) => {
    const origin = c.req.header('origin');
    if (!SAFE_METHODS.has(c.req.method) && origin && origin !== allowedOrigin) {
      return jsonError(
        c,
        403,
        'bad_origin',
        'This request came from another site and was refused.',
      );
    }
    await next();
  });

  app.get('/api/health', (c) => c.json({ ok: true }));

  app.get('/api/session', async (c) => {
    const who = await sessionFromRequest(db, c.req.raw.headers);
    const body: SessionInfo = {
      user: who
        ? {
            id: who.user.id,
            email: who.user.email,
            personId: who.person.id,
            wizardCompletedAt: who.user.wizardCompletedAt?.getTime() ?? null,
          }
        : null,
      person: who
        ? {
            id: who.person.id,
            type: who.person.type,
            firstName: who.person.firstName,
            knownAs: who.person.knownAs,
          }
        : null,
      zeroCacheUrl: config.zeroPublicUrl,
      launched: config.APP_LAUNCHED,
    };
    c.header('cache-control', 'no-store');
    return c.json(body);
  });

  app.post('/api/auth/logout', async (c) => {
    const who = await sessionFromRequest(db, c.req.raw.headers);
    if (who) await revokeSession(db, who.sessionId);
    clearSessionCookie(c, production);
    return c.body(null, 204);
  });

  if (!production) {
    // Development-only sign-in shortcut (issue 2); the e-mail magic link replaces it.
    // In production this route does not exist.
    const devSignIn = z.object({ email: z.string().trim().toLowerCase().email().max(320) });
    app.post('/api/dev/sign-in', async (c) => {
      const parsed = devSignIn.safeParse(await c.req.json().catch(() => null));
      if (!parsed.success) {
        return jsonError(c, 400, 'invalid', 'Please enter a valid email address.');
      }
      const found = await db.select().from(user).where(eq(user.email, parsed.data.email)).limit(1);
      const u = found[0];
      if (!u) {
        return jsonError(
          c,
          404,
          'unknown_email',
          `We don't have an account for ${parsed.data.email}`,
        );
      }
      const { token, expiresAt } = await createSession(db, u.id, {
        userAgent: c.req.header('user-agent'),
      });
      setSessionCookie(c, token, expiresAt, production);
      return c.json({ userId: u.id, personId: u.personId });
    });
  }

  app.route('/api/authentication/passkeys', passkeyRoutes(deps));
  app.route('/api/zero', zeroRoutes(deps));
  app.route('/api/people', peopleRoutes(deps));

  app.all('/api/*', (c) => jsonError(c, 404, 'not_found', 'There is no such API endpoint.'));

  if (deps.staticRoot) {
    const root = deps.staticRoot;
    app.use('*', compress());
    app.use(
      '/assets/*',
      serveStatic({
        root,
        onFound: (_p, c) => {
          c.header('cache-control', 'public, max-age=31536000, immutable');
        },
      }),
    );
    app.use('*', serveStatic({ root }));
    // Client-side routes: every other GET gets the app shell.
    let shell: string | undefined;
    app.get('*', async (c) => {
      shell ??= await readFile(path.join(root, 'index.html'), 'utf8');
      c.header('cache-control', 'no-cache');
      return c.html(shell);
    });
  }

  app.onError((err, c) => {
    console.error(err);
    return jsonError(c, 500, 'internal', 'Sorry, something went wrong.');
  });

  return app;
}
