/**
 * Signing in with a passkey (spec §4 Sign-in, §7 Authentication): a
 * discoverable-credential challenge bound to this browser by an HttpOnly
 * cookie, then the assertion verified against the stored public key and the
 * signature counter, and the session started. Also the cookie-compatibility
 * check the sign-in page makes first.
 */
import { randomUUID } from 'node:crypto';
import {
  generateAuthenticationOptions,
  verifyAuthenticationResponse,
} from '@simplewebauthn/server';
import { isoBase64URL } from '@simplewebauthn/server/helpers';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { z } from 'zod';
import { passkeyCredential, person, user, webauthnChallenge } from '../../../schema/index.ts';
import { appError } from '../../../sync/errors.ts';
import type { AppDeps, AppEnv } from '../../deps.ts';
import { Refusal } from '../../errors.ts';
import { valid } from '../../validate.ts';
import { signInUser } from '../sessions.ts';
import {
  assertionSchema,
  CHALLENGE_TTL_MS,
  COOKIE_PATH,
  counterAcceptable,
  limitBody,
  MSG,
  notVerified,
  relyingParty,
  sweepExpiredChallenges,
  userHandleMatches,
} from './common.ts';

/** Names the sign-in challenge of this browser (HttpOnly, SameSite=Lax). */
export const AUTH_CHALLENGE_COOKIE = 'pb_passkey_challenge';
/** The short-lived cookie of the cookie-compatibility check. */
export const COOKIE_CHECK_COOKIE = 'pb_passkey_cookie_check';
const COOKIE_CHECK_TTL_S = 60;

export function authenticationRoutes(deps: AppDeps) {
  const { config, db } = deps;
  const secure = config.NODE_ENV === 'production';
  const { rpID, origin } = relyingParty(config.publicUrl);
  const counterRefused = () => new Refusal(400, 'passkey_counter', MSG.counter);

  return new Hono<AppEnv>()
    .get('/init-cookie-compatible', (c) => {
      setCookie(c, COOKIE_CHECK_COOKIE, '1', {
        httpOnly: true,
        sameSite: 'Lax',
        secure,
        path: COOKIE_PATH,
        maxAge: COOKIE_CHECK_TTL_S,
      });
      return c.json({ ok: true });
    })
    .get('/verify-cookie-compatible', (c) => {
      const cookieCompatible = getCookie(c, COOKIE_CHECK_COOKIE) === '1';
      deleteCookie(c, COOKIE_CHECK_COOKIE, { path: COOKIE_PATH, secure });
      return c.json({ cookieCompatible });
    })
    .get('/init-auth', async (c) => {
      const options = await generateAuthenticationOptions({
        rpID,
        userVerification: 'required',
        // No allowCredentials: the authenticator offers its discoverable credentials.
      });
      const id = randomUUID();
      await sweepExpiredChallenges(db);
      await db.insert(webauthnChallenge).values({
        id,
        userId: null,
        challenge: options.challenge,
        kind: 'authentication',
        expiresAt: new Date(Date.now() + CHALLENGE_TTL_MS),
      });
      setCookie(c, AUTH_CHALLENGE_COOKIE, id, {
        httpOnly: true,
        sameSite: 'Lax',
        secure,
        path: COOKIE_PATH,
        maxAge: CHALLENGE_TTL_MS / 1000,
      });
      return c.json(options);
    })
    .post(
      '/verify-auth',
      limitBody,
      valid('json', assertionSchema, () => appError('invalid', MSG.signInGeneric)),
      async (c) => {
        const assertion = c.req.valid('json');
        const challengeId = getCookie(c, AUTH_CHALLENGE_COOKIE);
        deleteCookie(c, AUTH_CHALLENGE_COOKIE, { path: COOKIE_PATH, secure });
        if (!challengeId || !z.uuid().safeParse(challengeId).success) {
          throw new Refusal(400, 'passkey_challenge_missing', MSG.signInGeneric);
        }
        // Single use: taken (deleted) before anything else, whatever the outcome.
        const [taken] = await db
          .delete(webauthnChallenge)
          .where(
            and(
              eq(webauthnChallenge.id, challengeId),
              eq(webauthnChallenge.kind, 'authentication'),
              isNull(webauthnChallenge.userId),
              gt(webauthnChallenge.expiresAt, sql`now()`),
            ),
          )
          .returning({ challenge: webauthnChallenge.challenge });
        if (!taken) throw new Refusal(400, 'passkey_challenge_expired', MSG.challengeExpired);

        const [row] = await db
          .select({ credential: passkeyCredential, user, person })
          .from(passkeyCredential)
          .innerJoin(user, eq(user.id, passkeyCredential.userId))
          .innerJoin(person, eq(person.id, user.personId))
          .where(eq(passkeyCredential.id, assertion.id))
          .limit(1);
        if (!row) throw new Refusal(400, 'passkey_not_found', MSG.notFound);
        const { credential } = row;

        if (!userHandleMatches(assertion.response.userHandle, credential.userId)) {
          throw new Refusal(400, 'passkey_entity_mismatch', MSG.entityMismatch);
        }

        const verification = await verifyAuthenticationResponse({
          response: assertion,
          expectedChallenge: taken.challenge,
          expectedOrigin: origin,
          expectedRPID: rpID,
          requireUserVerification: true,
          credential: {
            id: credential.id,
            publicKey: isoBase64URL.toBuffer(credential.publicKey),
            // The library checks the counter before the signature and throws a plain
            // Error; counterAcceptable() below applies the same rule once the
            // signature is known to be good, so a refusal names the real cause.
            counter: 0,
            transports: credential.transports,
          },
        }).catch(() => null);
        if (!verification?.verified) throw notVerified(MSG.signInGeneric);
        const newCounter = verification.authenticationInfo.newCounter;
        if (!counterAcceptable(credential.counter, newCounter)) throw counterRefused();
        // Conditional on the counter read above, so two racing sign-ins cannot both pass.
        const updated = await db
          .update(passkeyCredential)
          .set({
            counter: newCounter,
            lastUsedAt: new Date(),
            deviceType: verification.authenticationInfo.credentialDeviceType,
            backedUp: verification.authenticationInfo.credentialBackedUp,
          })
          .where(
            and(
              eq(passkeyCredential.id, credential.id),
              eq(passkeyCredential.userId, credential.userId),
              eq(passkeyCredential.counter, credential.counter),
            ),
          )
          .returning({ id: passkeyCredential.id });
        if (!updated[0]) throw counterRefused();

        await signInUser(
          c,
          deps,
          { userId: row.user.id, personId: row.person.id },
          { method: 'passkey', secure },
        );
        return c.json({
          verified: true as const,
          user: { id: row.user.id, email: row.user.email, personId: row.person.id },
          person: {
            id: row.person.id,
            firstName: row.person.firstName,
            knownAs: row.person.knownAs,
            type: row.person.type,
          },
        });
      },
    );
}
