import type { AuthContext } from '../sync/context.ts';
import type { SessionUser } from './auth/sessions.ts';
import type { Config } from './config.ts';
import type { Db, Sql } from './db.ts';
import type { Mailer } from './mail/mailer.ts';
import type { MediaStore } from './media/store.ts';
import type { ZeroDb } from './zero/db-provider.ts';

/** What the API's routes are given: configuration and the services they use. */
export type AppDeps = {
  config: Config;
  /** Key for per-person access tokens (api/auth/access-token.ts). */
  accessTokenKey: Buffer;
  db: Db;
  sql: Sql;
  zdb: ZeroDb;
  mailer: Mailer;
  /** Photos and media; without it the media routes answer 503. */
  media?: MediaStore | undefined;
  /** Told when a supporter link's end was set or cleared (api/sweeps.ts LinkEndTimer). */
  linkEnds?: { changed(): void } | undefined;
  /** Directory of the built web app; omitted when Vite serves it (dev) or in API-only tests. */
  staticRoot?: string | undefined;
  /**
   * How long a silent presence socket is kept (api/routes/presence.ts);
   * PRESENCE_TIMEOUT_MS unless a test shortens it to watch one expire.
   */
  presenceTimeoutMs?: number | undefined;
};

/** The caller of a `/people/:personId/...` route (api/auth/caller.ts `personRoute`). */
export type PersonCaller = {
  ctx: AuthContext;
  /** The person in the path, parsed. */
  personId: string;
  /** The signed-in user and person behind the cookie or token. */
  session: SessionUser;
};

/**
 * The context variables the middleware sets: `c.var.caller` on person routes,
 * `c.var.session` on routes that need only a signed-in user.
 */
export type AppEnv = {
  Variables: {
    caller: PersonCaller;
    session: SessionUser;
  };
};
