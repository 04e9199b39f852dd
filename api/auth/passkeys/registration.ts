/**
 * Registering a passkey for the signed-in user (spec §4 Passkey registration,
 * §5): options bound to a single-use challenge for this user, then the
 * authenticator's answer verified and the credential stored (its public key
 * never leaves the server).
 */
import { randomUUID } from 'node:crypto';
import { generateRegistrationOptions, verifyRegistrationResponse } from '@simplewebauthn/server';
import { decodeClientDataJSON, isoBase64URL } from '@simplewebauthn/server/helpers';
import { and, eq, gt, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import { passkeyCredential, webauthnChallenge } from '../../../schema/index.ts';
import { accountServerChanges } from '../../../sync/account.ts';
import { appError } from '../../../sync/errors.ts';
import { runChange } from '../../change.ts';
import type { AppDeps, AppEnv } from '../../deps.ts';
import { Refusal } from '../../errors.ts';
import { valid } from '../../validate.ts';
import { signedIn } from '../caller.ts';
import {
  CHALLENGE_TTL_MS,
  limitBody,
  MSG,
  notVerified,
  passkeyUserName,
  RP_NAME,
  registrationSchema,
  relyingParty,
  sweepExpiredChallenges,
  transportSchema,
  userHandleBytes,
} from './common.ts';

const initRegistrationQuery = z.object({
  userId: z.string().max(1024).default(''),
  passkeyUserName: z.string().max(1024).optional(),
});

/** The challenge an authenticator signed, from its client data; null when unreadable. */
function signedChallenge(clientDataJSON: string): string | null {
  try {
    const { challenge } = decodeClientDataJSON(clientDataJSON);
    return typeof challenge === 'string' && challenge.length > 0 && challenge.length <= 512
      ? challenge
      : null;
  } catch {
    return null;
  }
}

export function registrationRoutes(deps: AppDeps) {
  const { config, db } = deps;
  const { rpID, origin } = relyingParty(config.publicUrl);
  const invalid = () => appError('invalid', MSG.createGeneric);

  return new Hono<AppEnv>()
    .get(
      '/init-registration',
      signedIn(deps),
      valid('query', initRegistrationQuery, invalid),
      async (c) => {
        const who = c.var.session;
        const query = c.req.valid('query');
        const handle = userHandleBytes(query.userId);
        if (!handle) throw new Refusal(400, 'ERROR_INVALID_USER_ID_LENGTH', MSG.userIdLength);
        if (query.userId !== who.user.id) throw appError('forbidden', MSG.notYourself);
        const requestedName = query.passkeyUserName?.trim().slice(0, 256);
        const userName = requestedName || passkeyUserName(who.user, who.person);
        const displayName =
          who.person.knownAs?.trim() ||
          who.person.fullName?.trim() ||
          [who.person.firstName, who.person.lastName].filter(Boolean).join(' ').trim() ||
          userName;

        const existing = await db
          .select({ id: passkeyCredential.id, transports: passkeyCredential.transports })
          .from(passkeyCredential)
          .where(eq(passkeyCredential.userId, who.user.id));

        const options = await generateRegistrationOptions({
          rpName: RP_NAME,
          rpID,
          userName,
          userDisplayName: displayName,
          userID: handle,
          attestationType: 'none',
          excludeCredentials: existing.map((e) => ({ id: e.id, transports: e.transports })),
          authenticatorSelection: { residentKey: 'preferred', userVerification: 'required' },
        });

        await sweepExpiredChallenges(db);
        await db.insert(webauthnChallenge).values({
          id: randomUUID(),
          userId: who.user.id,
          challenge: options.challenge,
          kind: 'registration',
          expiresAt: new Date(Date.now() + CHALLENGE_TTL_MS),
        });
        return c.json(options);
      },
    )
    .post(
      '/verify-registration',
      limitBody,
      signedIn(deps),
      valid('json', registrationSchema, invalid),
      async (c) => {
        const who = c.var.session;
        const body = c.req.valid('json');
        const challenge = signedChallenge(body.response.clientDataJSON);
        if (!challenge) throw invalid();
        // Single use: the challenge is deleted as it is taken; only this user's, unexpired.
        const [taken] = await db
          .delete(webauthnChallenge)
          .where(
            and(
              eq(webauthnChallenge.challenge, challenge),
              eq(webauthnChallenge.userId, who.user.id),
              eq(webauthnChallenge.kind, 'registration'),
              gt(webauthnChallenge.expiresAt, sql`now()`),
            ),
          )
          .returning({ challenge: webauthnChallenge.challenge });
        if (!taken) throw new Refusal(400, 'passkey_challenge_expired', MSG.challengeExpired);

        const verification = await verifyRegistrationResponse({
          response: body,
          expectedChallenge: taken.challenge,
          expectedOrigin: origin,
          expectedRPID: rpID,
          requireUserVerification: true,
        }).catch(() => null);
        if (!verification?.verified) throw notVerified(MSG.createGeneric);
        const info = verification.registrationInfo;

        await runChange(deps, accountServerChanges.addPasskey, who.auth, {
          id: info.credential.id,
          publicKey: isoBase64URL.fromBuffer(info.credential.publicKey),
          counter: info.credential.counter,
          // Only the transports WebAuthn defines; anything else is dropped.
          transports: (info.credential.transports ?? body.response.transports ?? []).filter(
            (t) => transportSchema.safeParse(t).success,
          ),
          deviceType: info.credentialDeviceType,
          backedUp: info.credentialBackedUp,
          aaguid: info.aaguid,
        });
        return c.json({ verified: true as const });
      },
    );
}
