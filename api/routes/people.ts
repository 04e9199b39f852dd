import { Hono } from 'hono';
import { appError } from '../../sync/errors.ts';
import { keepsOwnLibrary } from '../../sync/library-rules.ts';
import { isAdministrator, libraryAccess, readablePeople } from '../../sync/permissions.ts';
import { issueAccessToken } from '../auth/access-token.ts';
import { personRoute } from '../auth/caller.ts';
import type { AppDeps, AppEnv } from '../deps.ts';

export const peopleMessages = {
  invalid: 'That is not a valid person id.',
  noAccess: 'You do not have access to this person.',
} as const;

export function peopleRoutes(deps: AppDeps) {
  const caller = personRoute(deps, peopleMessages.invalid);

  return (
    new Hono<AppEnv>()
      /** The caller's access to a person (DESIGN.md §3) with a token for it; 403 when they have none. */
      .get('/', caller, async (c) => {
        const { ctx, personId, session } = c.var.caller;
        const [person, access] = await Promise.all([
          deps.zdb.run(readablePeople(ctx).where('id', personId).one()),
          deps.zdb.transaction((tx) => libraryAccess(tx, ctx, personId)),
        ]);
        // The same answer whether the person is hidden or does not exist.
        if (!person || access.kind === 'none') throw appError('forbidden', peopleMessages.noAccess);
        const { token, expiresAt } = issueAccessToken(deps.accessTokenKey, {
          sessionId: session.sessionId,
          personId,
        });
        // A Supporter keeps no library of their own: their own area is read-only.
        const write = access.write && (access.kind !== 'owner' || keepsOwnLibrary(person.type));
        return c.json({
          token,
          expiresAt,
          person: {
            id: person.id,
            type: person.type,
            firstName: person.firstName,
            knownAs: person.knownAs,
          },
          access: {
            write,
            administrator: isAdministrator(access),
            kind: access.kind,
            ...(access.kind === 'supporter' ? { level: access.level } : {}),
          },
        });
      })
  );
}
