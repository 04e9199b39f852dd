/**
 * The API, as one typed Hono app mounted at `/api` (api/server.ts puts the
 * edge in front of it). Its type, `Api`, is what the web app's client
 * (`hc<Api>`, web/api-client.ts) follows: a renamed or removed route fails the
 * web app's type check.
 */
import { Hono } from 'hono';
import { z } from 'zod';
import type { SessionInfo } from '../sync/session.ts';
import { accountDeletionRoutes, deletionDueFor } from './account-deletion.ts';
import { magicLinkRoutes } from './auth/magic-link.ts';
import { passkeyRoutes } from './auth/passkeys/routes.ts';
import { clearSessionCookie, sessionFromRequest, signOutSession } from './auth/sessions.ts';
import { stripeWebhookRoutes } from './billing/webhook.ts';
import { circleRoutes } from './circle.ts';
import type { AppDeps, AppEnv } from './deps.ts';
import { Refusal, requestMessages } from './errors.ts';
import { historyFeedRoutes } from './history-feed.ts';
import { inviteRoutes } from './invites/routes.ts';
import { libraryRoutes } from './library.ts';
import { mediaRoutes } from './media.ts';
import { myDataRoutes } from './my-data.ts';
import { organisationRoutes } from './organisations.ts';
import { peopleRoutes } from './people.ts';
import { photoSearchRoutes } from './photo-search/routes.ts';
import { presenceRoutes } from './presence.ts';
import { profileRoutes } from './profiles.ts';
import { subscriptionRoutes } from './subscriptions.ts';
import { supportRoutes } from './support.ts';
import { userRoutes } from './users.ts';
import { valid } from './validate.ts';
import { zeroRoutes } from './zero/endpoints.ts';

const mailboxQuery = z.object({ to: z.string().max(254).optional() });

export function apiRoutes(deps: AppDeps) {
  const { config, db } = deps;
  const production = config.NODE_ENV === 'production';
  // The development mailbox (DESIGN.md §4): mail that was kept, not sent. In
  // production, or with SMTP_URL set, there is none and its route is a 404.
  const mailbox = production ? undefined : deps.mailer.mailbox;
  return (
    new Hono<AppEnv>()
      .get('/health', (c) => c.json({ ok: true }))
      .get('/session', async (c) => {
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
      })
      .post('/auth/logout', async (c) => {
        const who = await sessionFromRequest(db, c.req.raw.headers);
        if (who) await signOutSession(deps.zdb, who);
        clearSessionCookie(c, production);
        return c.body(null, 204);
      })
      .get('/dev/mailbox', valid('query', mailboxQuery), (c) => {
        if (!mailbox) throw new Refusal(404, 'not_found', requestMessages.noSuchEndpoint);
        return c.json(mailbox.list(c.req.valid('query').to));
      })
      // Passkeys first: the magic-link router answers 404 for any other provider.
      .route('/authentication/passkeys', passkeyRoutes(deps))
      .route('/authentication', magicLinkRoutes(deps))
      .route('/zero', zeroRoutes(deps))
      .route('/people', peopleRoutes(deps))
      .route('/people', historyFeedRoutes(deps))
      .route('/people', supportRoutes(deps))
      .route('/people', circleRoutes(deps))
      .route('/people', subscriptionRoutes(deps))
      .route('/people', presenceRoutes(deps, new URL(config.publicUrl).origin))
      .route('/', inviteRoutes(deps))
      .route('/', libraryRoutes(deps))
      .route('/', mediaRoutes(deps))
      .route('/', profileRoutes(deps))
      .route('/', myDataRoutes(deps))
      .route('/', accountDeletionRoutes(deps))
      .route('/', photoSearchRoutes(deps))
      .route('/users', userRoutes(deps))
      .route('/orgs', organisationRoutes(deps))
      // Stripe's, not a browser's: signed, and read raw (api/billing/webhook.ts).
      .route('/webhooks', stripeWebhookRoutes(deps))
  );
}

/** The API's routes and their inputs and outputs, for Hono's typed client. */
export type Api = ReturnType<typeof apiRoutes>;
