/**
 * The signed-in session: GET /api/session says who is signed in (and what the
 * web app needs to start: sync/session.ts); POST /api/auth/logout signs out.
 */
import { Hono } from 'hono';
import { type SessionInfo, sessionSchema } from '../../sync/session.ts';
import { answers } from '../answers.ts';
import { clearSessionCookie, sessionFromRequest, signOutSession } from '../auth/sessions.ts';
import type { AppDeps, AppEnv } from '../deps.ts';
import { deletionDueFor } from '../my-data/account-deletion.ts';

export function sessionRoutes(deps: AppDeps) {
  const { config, db } = deps;
  const production = config.NODE_ENV === 'production';
  /** Who is signed in here. Mounted at /session. */
  const session = new Hono<AppEnv>().get(
    '/',
    answers(
      200,
      'Who is signed in here (null when nobody), and what the app needs to start.',
      sessionSchema,
    ),
    async (c) => {
      const who = await sessionFromRequest(db, c.req.raw.headers);
      const body: SessionInfo = {
        user: who
          ? {
              id: who.user.id,
              email: who.user.email,
              personId: who.person.id,
              wizardCompletedAt: who.user.wizardCompletedAt?.getTime() ?? null,
              deletionDueAt: await deletionDueFor(db, who.person.id),
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
        links: {
          help: config.HELP_URL ?? null,
          feedback: config.FEEDBACK_URL ?? null,
          platform: config.PLATFORM_DASHBOARD_URL ?? null,
        },
        payments: Boolean(config.STRIPE_SECRET_KEY && config.STRIPE_WEBHOOK_SECRET),
      };
      return c.json(body);
    },
  );
  /** Signing out. Mounted at /auth. */
  const auth = new Hono<AppEnv>().post(
    '/logout',
    answers(204, 'Signed out: the session ends and its cookie is cleared.'),
    async (c) => {
      const who = await sessionFromRequest(db, c.req.raw.headers);
      if (who) await signOutSession(deps, who);
      clearSessionCookie(c, production);
      return c.body(null, 204);
    },
  );
  return { session, auth };
}
