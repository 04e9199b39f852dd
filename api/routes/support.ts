/**
 * Support sessions over REST (spec §4, §7): POST starts (or resumes) the
 * session of the caller's link, GET reads it (and, for its supporter, counts
 * as activity), DELETE ends it. The rules are the change table's
 * (sync/support-session.ts); sessions also end after
 * SUPPORT_SESSION_IDLE_MINUTES without activity (`endIdleSessions`,
 * api/support/idle-sessions.ts, run by the API's sweep).
 */
import { randomUUID } from 'node:crypto';
import type { Row } from '@rocicorp/zero';
import { Hono } from 'hono';
import { z } from 'zod';
import { zql } from '../../schema/zero-schema.gen.ts';
import { appError } from '../../sync/errors.ts';
import { linkWithActiveSession } from '../../sync/permissions.ts';
import { supportMessages, supportSessionServerChanges } from '../../sync/support-session.ts';
import {
  answers,
  type SupportSessionAnswer,
  supportSessionAnswer,
  supportSessionStartAnswer,
} from '../answers.ts';
import { personRoute } from '../auth/caller.ts';
import { runChange } from '../change.ts';
import type { AppDeps, AppEnv } from '../deps.ts';
import { personParams, valid } from '../validate.ts';

export { supportMessages };

function view(s: Row['supportSession'], idleMinutes: number): SupportSessionAnswer {
  return {
    /**
     * How long until it ends for want of activity, as the server counts
     * (relative, so a device's clock does not matter): the page warns before.
     */
    endsWhenIdleInMs:
      s.endedAt === null
        ? Math.max(0, Number(s.lastActiveAt) + idleMinutes * 60_000 - Date.now())
        : 0,
    id: s.id,
    personId: s.personId,
    supporterId: s.supporterId,
    supporterLinkId: s.supporterLinkId,
    startedAt: s.startedAt,
    lastActiveAt: s.lastActiveAt,
    endedAt: s.endedAt,
    endedReason: s.endedReason,
    active: s.endedAt === null,
  };
}

const sessionParam = personParams({ id: z.string().min(1).max(64) });

/** DELETE's query: why the supporter ends it, when it is not a plain finish. */
const endQuery = z.object({ reason: z.enum(['signed-out']).optional() });

export function supportRoutes(deps: AppDeps) {
  const { zdb } = deps;
  const idle = deps.config.SUPPORT_SESSION_IDLE_MINUTES;
  const caller = personRoute(deps, supportMessages.invalid);
  /** The caller, and the session the path names. */
  const aSession = [caller, valid('param', sessionParam, supportMessages.invalid)] as const;
  const session = (id: string) => zdb.run(zql.supportSession.where('id', id).one());

  return new Hono<AppEnv>()
    .post(
      '/',
      answers(201, 'The session, started.', supportSessionStartAnswer),
      answers(
        200,
        'The session already open on another tab or device, resumed.',
        supportSessionStartAnswer,
      ),
      caller,
      async (c) => {
        const { ctx, personId } = c.var.caller;
        // A finish from another tab can end the session this one resumed between
        // the start and the read below (ending, then at once starting again, does
        // that): then no session is active, and starting again opens a new one.
        for (let attempt = 0; attempt < 3; attempt++) {
          const { id } = await runChange(deps, supportSessionServerChanges.start, ctx, {
            personId,
            id: randomUUID(),
          });
          // Started now, or the one another tab or device opened: the link's active session.
          const link = await zdb.run(linkWithActiveSession(ctx.personId, personId));
          if (!link) break;
          const active = link.sessions[0];
          if (!active) continue;
          // The link's level: the tab asks for the library at it without waiting to sync it.
          return c.json(
            { ...view(active, idle), accessLevel: link.accessLevel },
            active.id === id ? 201 : 200,
          );
        }
        throw appError('not_found', supportMessages.notFound);
      },
    )
    .get(
      '/:id',
      answers(200, 'The session; for its supporter, counted as activity.', supportSessionAnswer),
      ...aSession,
      async (c) => {
        const { ctx, personId } = c.var.caller;
        const { id } = c.req.valid('param');
        await runChange(deps, supportSessionServerChanges.touch, ctx, { personId, id });
        const s = await session(id);
        if (!s) throw appError('not_found', supportMessages.notFound);
        return c.json(view(s, idle));
      },
    )
    .delete('/:id', answers(204, 'Ended.'), ...aSession, valid('query', endQuery), async (c) => {
      const { ctx, personId } = c.var.caller;
      const { id } = c.req.valid('param');
      // ?reason=signed-out: the supporter is signing out of the device the session is on.
      const signingOut = c.req.valid('query').reason === 'signed-out';
      await runChange(deps, supportSessionServerChanges.end, ctx, { personId, id, signingOut });
      return c.body(null, 204);
    });
}
