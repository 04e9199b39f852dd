/**
 * The API, as one typed Hono app mounted at `/api` (api/server.ts puts the
 * edge in front of it): one sub-app per resource (this folder), each mounted
 * at its prefix. Its type, `Api`, is what the web app's client (`hc<Api>`,
 * web/api-client.ts) follows: a renamed or removed route fails the web app's
 * type check. Routes match in the order they are mounted here.
 */
import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../deps.ts';
import { accountDeletionRoutes } from './account-deletion.ts';
import { authenticationRoutes } from './authentication.ts';
import { circleRoutes } from './circle.ts';
import { handoverRoutes } from './handover.ts';
import { historyFeedRoutes } from './history-feed.ts';
import { inviteRoutes } from './invites.ts';
import { libraryRoutes } from './library.ts';
import { mailboxRoutes } from './mailbox.ts';
import { mediaRoutes } from './media.ts';
import { myDataRoutes } from './my-data.ts';
import { organisationRoutes } from './organisations.ts';
import { passkeyRoutes } from './passkeys.ts';
import { peopleRoutes } from './people.ts';
import { photoSearchRoutes } from './photo-search.ts';
import { presenceRoutes } from './presence.ts';
import { profileRoutes } from './profiles.ts';
import { sessionRoutes } from './session.ts';
import { subscriptionRoutes } from './subscriptions.ts';
import { supportRoutes } from './support.ts';
import { userRoutes } from './users.ts';
import { stripeWebhookRoutes } from './webhooks.ts';
import { zeroRoutes } from './zero.ts';

export function apiRoutes(deps: AppDeps) {
  const { config } = deps;
  return (
    new Hono<AppEnv>()
      .get('/health', (c) => c.json({ ok: true }))
      // GET /session and POST /auth/logout: two prefixes, so mounted at the root.
      .route('/', sessionRoutes(deps))
      .route('/dev', mailboxRoutes(deps))
      // Passkeys first: the magic-link router answers 404 for any other provider.
      .route('/authentication/passkeys', passkeyRoutes(deps))
      .route('/authentication', authenticationRoutes(deps))
      .route('/zero', zeroRoutes(deps))
      .route('/people', peopleRoutes(deps))
      .route('/people', historyFeedRoutes(deps))
      .route('/people', supportRoutes(deps))
      .route('/people', circleRoutes(deps))
      .route('/people', handoverRoutes(deps))
      .route('/people', subscriptionRoutes(deps))
      .route('/people', presenceRoutes(deps, new URL(config.publicUrl).origin))
      // These span /people/{personId}/… and a prefix of their own (/invites,
      // /preferences, /media-source, /shared-profiles, /photo-search): mounted at the root.
      .route('/', inviteRoutes(deps))
      .route('/', libraryRoutes(deps))
      .route('/', mediaRoutes(deps))
      .route('/', profileRoutes(deps))
      .route('/people', myDataRoutes(deps))
      .route('/people', accountDeletionRoutes(deps))
      .route('/', photoSearchRoutes(deps))
      .route('/users', userRoutes(deps))
      .route('/orgs', organisationRoutes(deps))
      // Stripe's, not a browser's: signed, and read raw (api/routes/webhooks.ts).
      .route('/webhooks', stripeWebhookRoutes(deps))
  );
}

/** The API's routes and their inputs and outputs, for Hono's typed client. */
export type Api = ReturnType<typeof apiRoutes>;
