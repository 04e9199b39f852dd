/**
 * Passkeys under /api/authentication/passkeys (spec §4 Sign-in and Passkey
 * registration, §5, §7 Authentication, §8), the ceremonies of api/auth/passkeys/:
 * registration for a signed-in user (registration.ts), sign-in with a
 * discoverable credential (authentication.ts), and the list/delete of a
 * person's passkeys for their administrators (manage.ts).
 *
 * Challenges live in `private.webauthn_challenge` for five minutes and are
 * deleted when used (single use). A registration challenge is bound to the
 * signed-in user; a sign-in challenge is bound to the browser by an HttpOnly
 * cookie that names it. Credentials live in `private.passkey_credential`; the
 * public key never leaves the server.
 */
import { Hono } from 'hono';
import { authenticationRoutes } from '../auth/passkeys/authentication.ts';
import { manageRoutes } from '../auth/passkeys/manage.ts';
import { registrationRoutes } from '../auth/passkeys/registration.ts';
import type { AppDeps, AppEnv } from '../deps.ts';

export function passkeyRoutes(deps: AppDeps) {
  return (
    new Hono<AppEnv>()
      // Challenges, options and credentials are never cached: the edge says so (api/edge.ts).
      .route('/', registrationRoutes(deps))
      .route('/', authenticationRoutes(deps))
      // Last: its `/:personId` would otherwise answer for the paths above.
      .route('/', manageRoutes(deps))
  );
}
