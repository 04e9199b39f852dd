/**
 * A person's passkeys, for their administrators (spec §4 Settings, §7): the
 * list (no key material) and deleting one, recorded in the person's history.
 */
import { asc, eq, inArray } from 'drizzle-orm';
import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import { z } from 'zod';
import { passkeyCredential, user } from '../../../schema/index.ts';
import { accountServerChanges } from '../../../sync/account.ts';
import { appError } from '../../../sync/errors.ts';
import { runChange } from '../../change.ts';
import type { AppDeps, AppEnv } from '../../deps.ts';
import { Refusal } from '../../errors.ts';
import { valid } from '../../validate.ts';
import { administers, signedIn } from '../caller.ts';
import { MSG, passkeyIdSchema } from './common.ts';

const personParam = z.object({ personId: z.string().min(1).max(64) });
/** An unreadable passkey id is one that is not there. */
const passkeyParam = personParam.extend({ passkeyId: passkeyIdSchema });

export function manageRoutes(deps: AppDeps) {
  const { db } = deps;
  const gone = () => new Refusal(404, 'passkey_not_found', MSG.passkeyGone);

  /** Only an administrator of the person in the path goes on (the person id already checked). */
  const administrator = createMiddleware<AppEnv>(async (c, next) => {
    const personId = c.req.param('personId') ?? '';
    if (!(await administers(deps.zdb, c.var.session.auth, personId))) {
      throw appError('forbidden', MSG.notAdministrator);
    }
    await next();
  });
  const admin = [
    signedIn(deps),
    valid('param', personParam, MSG.invalidPerson),
    administrator,
  ] as const;

  /** Ids of the users of a person (one, by the unique constraint; none for a user-less person). */
  function usersOf(personId: string) {
    return db.select({ id: user.id }).from(user).where(eq(user.personId, personId));
  }

  return new Hono<AppEnv>()
    .get('/:personId', ...admin, async (c) => {
      const { personId } = c.req.valid('param');
      const rows = await db
        .select({
          id: passkeyCredential.id,
          createdAt: passkeyCredential.createdAt,
          lastUsedAt: passkeyCredential.lastUsedAt,
          deviceType: passkeyCredential.deviceType,
          backedUp: passkeyCredential.backedUp,
        })
        .from(passkeyCredential)
        .where(inArray(passkeyCredential.userId, usersOf(personId)))
        .orderBy(asc(passkeyCredential.createdAt), asc(passkeyCredential.id));
      return c.json(
        rows.map((r) => ({
          id: r.id,
          createdAt: r.createdAt.toISOString(),
          lastUsedAt: r.lastUsedAt?.toISOString() ?? null,
          deviceType: r.deviceType,
          backedUp: r.backedUp,
        })),
      );
    })
    .delete('/:personId/:passkeyId', ...admin, valid('param', passkeyParam, gone), async (c) => {
      const { personId, passkeyId } = c.req.valid('param');
      await runChange(deps, accountServerChanges.deletePasskey, c.var.session.auth, {
        personId,
        passkeyId,
      });
      return c.body(null, 204);
    });
}
