import type { Context } from 'hono';
import type { AuthContext } from '../../sync/context.ts';
import { errorMessages } from '../../sync/errors.ts';
import { itemId } from '../../sync/library-fields.ts';
import { isAdministrator, libraryAccess } from '../../sync/permissions.ts';
import { jsonError } from '../errors.ts';
import type { AppDeps } from '../server.ts';
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

export type PersonCaller =
  | { ok: true; ctx: AuthContext; personId: string }
  | { ok: false; res: Response };

/**
 * The caller of a `/people/:personId/...` route, or the error response: 400
 * (`badId`) for a malformed person id, 401 without a session (or a token for
 * that person).
 */
export async function personCaller(
  deps: Pick<AppDeps, 'db' | 'accessTokenKey'>,
  c: Context,
  badId = 'That is not a valid id.',
): Promise<PersonCaller> {
  const personId = itemId.safeParse(c.req.param('personId'));
  if (!personId.success) return { ok: false, res: jsonError(c, 400, 'invalid', badId) };
  const who = await callerFor(deps, c, personId.data);
  if (!who) {
    return {
      ok: false,
      res: jsonError(c, 401, 'unauthenticated', errorMessages.unauthenticated),
    };
  }
  return { ok: true, ctx: who.auth, personId: personId.data };
}
