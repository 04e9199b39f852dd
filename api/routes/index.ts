/**
 * The API, as one typed Hono app mounted at `/api` (api/server.ts puts the
 * edge in front of it): one sub-app per resource (this folder), each mounted
 * at the prefix that names it. No two sub-apps answer the same request, so
 * the order of the mounts below does not matter (api/routes/routes.test.ts);
 * where one resource's paths could match each other (`/storage` and `/:id`),
 * its own sub-app orders them. Its type, `Api`, is what the web app's client
 * (`hc<Api>`, web/api-client.ts) follows: a renamed or removed route fails
 * the web app's type check.
 */
import { Hono } from 'hono';
import { z } from 'zod';
import { answers } from '../answers.ts';
import type { AppDeps, AppEnv } from '../deps.ts';
import { openApiDocument } from '../openapi.ts';
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
import { referenceRoutes } from './reference.ts';
import { sessionRoutes } from './session.ts';
import { subscriptionRoutes } from './subscriptions.ts';
import { supportRoutes } from './support.ts';
import { userRoutes } from './users.ts';
import { stripeWebhookRoutes } from './webhooks.ts';
import { zeroRoutes } from './zero.ts';

export function apiRoutes(deps: AppDeps) {
  const { config } = deps;
  const session = sessionRoutes(deps);
  const invites = inviteRoutes(deps);
  const circle = circleRoutes(deps);
  const library = libraryRoutes(deps);
  const media = mediaRoutes(deps);
  const photos = photoSearchRoutes(deps);
  const profiles = profileRoutes(deps);
  const api = new Hono<AppEnv>()
    .get('/health', answers(200, 'The API is up.', z.object({ ok: z.literal(true) })), (c) =>
      c.json({ ok: true as const }),
    )
    .route('/session', session.session)
    .route('/auth', session.auth)
    .route('/dev', mailboxRoutes(deps))
    .route('/authentication/passkeys', passkeyRoutes(deps))
    .route('/authentication/email', authenticationRoutes(deps))
    .route('/zero', zeroRoutes(deps))
    .route('/people', circle.people)
    .route('/people/:personId/access', peopleRoutes(deps))
    .route('/people/:personId/access/events', historyFeedRoutes(deps))
    .route('/people/:personId/support', supportRoutes(deps))
    .route('/people/:personId/supporters', circle.supporters)
    .route('/people/:personId/supporters/:id/photo', media.supporterPhoto)
    .route('/people/:personId/supported', circle.supported)
    .route('/people/:personId/handover', handoverRoutes(deps))
    .route('/people/:personId/subscriptions', subscriptionRoutes(deps))
    .route('/people/:personId/presence', presenceRoutes(deps, new URL(config.publicUrl).origin))
    .route('/people/:personId/invites', invites.inviter)
    .route('/invites', invites.recipient)
    .route('/people/:personId/preferences', library.preferences)
    .route('/preferences/categories', library.categoriesByBody)
    .route('/people/:personId/reviews', library.reviews)
    .route('/people/:personId/notes', library.notes)
    .route('/people/:personId/media', media.media)
    .route('/people/:personId/media/from-search', photos.fromSearch)
    .route('/media-source', media.mediaSource)
    .route('/people/:personId/photo-search', photos.search)
    .route('/photo-search/catalogue', photos.catalogue)
    .route('/people/:personId/profiles', profiles.pages)
    .route('/shared-profiles', profiles.shared)
    .route('/people/:personId/exports', myDataRoutes(deps))
    .route('/people/:personId/account-deletion', accountDeletionRoutes(deps))
    .route('/users', userRoutes(deps))
    .route('/orgs', organisationRoutes(deps))
    // Stripe's, not a browser's: signed, and read raw (api/routes/webhooks.ts).
    .route('/webhooks', stripeWebhookRoutes(deps));
  // The document of all of the above, made once, when first asked for
  // (api/openapi.ts), and in development its reference page to read.
  let document: Promise<object> | undefined;
  const documentOf = () => {
    document ??= openApiDocument(api);
    return document;
  };
  return api
    .route('/dev/reference', referenceRoutes(deps, documentOf))
    .get('/openapi.json', async (c) => c.json(await documentOf()));
}

/** The API's routes and their inputs and outputs, for Hono's typed client. */
export type Api = ReturnType<typeof apiRoutes>;
