import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { uniqueSymbol } from 'hono-openapi';
import type { AuthContext } from '../../sync/context.ts';
import { appError } from '../../sync/errors.ts';
import { idMessages } from '../../sync/ids.ts';
import { itemId } from '../../sync/library-fields.ts';
import { isAdministrator, libraryAccess } from '../../sync/permissions.ts';
import type { AppDeps, AppEnv } from '../deps.ts';
import type { ZeroDb } from '../zero/db-provider.ts';
import { verifyAccessToken } from './access-token.ts';
import { bearerToken, type SessionUser, sessionById, sessionFromRequest } from './sessions.ts';

/**
 * Who is calling about `personId`: the session cookie, or a per-person access
 * token (`Authorization: Bearer pat1...`) issued for exactly this person.
 * Every REST handler under /api/people/{personId} starts here.
 */
export async function callerFor(
  deps: Pick<AppDeps, 'db' | 'accessTokenKey'>,
  c: Context,
  personId: string,
): Promise<SessionUser | null> {
  const bearer = bearerToken(c.req.header('authorization'));
  if (bearer?.startsWith('pat1.')) {
    const claims = verifyAccessToken(deps.accessTokenKey, bearer);
    if (!claims || claims.personId !== personId) return null;
    return sessionById(deps.db, claims.sessionId);
  }
  return sessionFromRequest(deps.db, c.req.raw.headers);
}

/** Whether `ctx` administers `personId` right now (sync/permissions.ts: isAdministrator). */
export async function administers(
  zdb: ZeroDb,
  ctx: AuthContext,
  personId: string,
): Promise<boolean> {
  return isAdministrator(await zdb.transaction((tx) => libraryAccess(tx, ctx, personId)));
}

type CallerDeps = Pick<AppDeps, 'db' | 'accessTokenKey'>;

/**
 * The middleware of every `/people/:personId/...` route: the caller for the
 * person in the path (session cookie, or an access token for exactly this
 * person) on `c.var.caller`. A malformed person id is 400 (`badId`); no
 * session (or a token for someone else) is 401.
 */
export function personRoute(deps: CallerDeps, badId: string = idMessages.invalid) {
  const middleware = createMiddleware<AppEnv>(async (c, next) => {
    const personId = itemId.safeParse(c.req.param('personId'));
    if (!personId.success) throw appError('invalid', badId);
    const session = await callerFor(deps, c, personId.data);
    if (!session) throw appError('unauthenticated');
    c.set('caller', { ctx: session.auth, personId: personId.data, session });
    await next();
  });
  return described(middleware, [{ session: [] }, { bearer: [] }]);
}

/** The middleware of a route that needs only a signed-in user: `c.var.session`, or 401. */
export function signedIn(deps: Pick<AppDeps, 'db'>) {
  const middleware = createMiddleware<AppEnv>(async (c, next) => {
    const session = await sessionFromRequest(deps.db, c.req.raw.headers);
    if (!session) throw appError('unauthenticated');
    c.set('session', session);
    await next();
  });
  return described(middleware, [{ session: [] }, { bearer: [] }]);
}

/**
 * The sign-in a route needs, as the OpenAPI document says it (api/openapi.ts
 * names the schemes): read by hono-openapi from the middleware itself.
 */
function described<M extends object>(middleware: M, security: Record<string, string[]>[]) {
  return Object.assign(middleware, { [uniqueSymbol]: { spec: { security } } });
}
