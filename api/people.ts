import { Hono } from 'hono';
import { z } from 'zod';
import { libraryAccess, readablePeople } from '../sync/permissions.ts';
import { issueAccessToken } from './auth/access-token.ts';
import { callerFor } from './auth/caller.ts';
import type { AppDeps } from './deps.ts';
import { jsonError } from './errors.ts';

const personIdParam = z.string().min(1).max(64);

export function peopleRoutes(deps: AppDeps) {
  const app = new Hono();

  /** The caller's access to a person (DESIGN.md §3) with a token for it; 403 when they have none. */
  app.get('/:personId/access', async (c) => {
    const personId = personIdParam.safeParse(c.req.param('personId'));
    if (!personId.success) return jsonError(c, 400, 'invalid', 'That is not a valid person id.');
    const who = await callerFor(deps, c, personId.data);
    if (!who)
      return jsonError(c, 401, 'unauthenticated', 'You must be logged in to view this page');
    const ctx = who.auth;
    const [person, access] = await Promise.all([
      deps.zdb.run(readablePeople(ctx).where('id', personId.data).one()),
      deps.zdb.transaction((tx) => libraryAccess(tx, ctx, personId.data)),
    ]);
    // The same answer whether the person is hidden or does not exist.
    if (!person || access.kind === 'none') {
      return jsonError(c, 403, 'forbidden', 'You do not have access to this person.');
    }
    const { token, expiresAt } = issueAccessToken(deps.accessTokenKey, {
      sessionId: who.sessionId,
      personId: personId.data,
    });
    c.header('cache-control', 'no-store');
    return c.json({
      token,
      expiresAt,
      person: { id: person.id, firstName: person.firstName, knownAs: person.knownAs },
      access: {
        write: access.write,
        kind: access.kind,
        ...(access.kind === 'supporter' ? { level: access.level } : {}),
      },
    });
  });

  return app;
}
