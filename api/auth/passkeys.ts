/**
 * Passkeys (spec §4 Sign-in and Passkey registration, §5, §7 Authentication, §8):
 * WebAuthn registration for a signed-in user, sign-in with a discoverable
 * credential, and the list/delete of a person's passkeys for their administrators.
 *
 * Challenges live in `private.webauthn_challenge` for five minutes and are
 * deleted when used (single use). A registration challenge is bound to the
 * signed-in user; a sign-in challenge is bound to the browser by an HttpOnly
 * cookie that names it. Credentials live in `private.passkey_credential`; the
 * public key never leaves the server.
 */
import { randomUUID } from 'node:crypto';
import {
  type AuthenticationResponseJSON,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import { decodeClientDataJSON, isoBase64URL } from '@simplewebauthn/server/helpers';
import { and, asc, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import { type Context, Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { z } from 'zod';
import { passkeyCredential, person, user, webauthnChallenge } from '../../schema/index.ts';
import type { AppDeps } from '../deps.ts';
import { jsonError } from '../errors.ts';
import { recordEvent } from '../history.ts';
import { administers } from './caller.ts';
import { type SessionUser, sessionFromRequest, signInUser } from './sessions.ts';

export const RP_NAME = 'Preference Bank';
/** How long a registration or sign-in challenge may be answered. */
export const CHALLENGE_TTL_MS = 5 * 60 * 1000;
const COOKIE_PATH = '/api/authentication/passkeys';
/** Names the sign-in challenge of this browser (HttpOnly, SameSite=Lax). */
export const AUTH_CHALLENGE_COOKIE = 'pb_passkey_challenge';
/** The short-lived cookie of the cookie-compatibility check. */
export const COOKIE_CHECK_COOKIE = 'pb_passkey_cookie_check';
const COOKIE_CHECK_TTL_S = 60;
/** A credential id is at most 1023 bytes (WebAuthn §5.8.3): 1364 base64url characters. */
const MAX_CREDENTIAL_ID = 1364;
/** Registration and assertion bodies are small with attestation `none`. */
const MAX_BODY_BYTES = 64 * 1024;

// ---------------------------------------------------------------------------
// Pure helpers (unit-tested in passkeys.test.ts)
// ---------------------------------------------------------------------------

type NameSource = {
  user: { id: string; email: string | null };
  person: { knownAs: string | null; fullName: string | null; firstName: string | null };
};

/**
 * The name the authenticator shows for a new passkey (spec §5): the first
 * non-blank of the sign-in e-mail, knownAs, fullName, firstName, else the user id.
 */
export function passkeyUserName(
  u: NameSource['user'],
  p: NameSource['person'] | null | undefined,
): string {
  for (const candidate of [u.email, p?.knownAs, p?.fullName, p?.firstName]) {
    const v = candidate?.trim();
    if (v) return v;
  }
  return u.id;
}

/**
 * The WebAuthn user handle of a user: the UTF-8 bytes of their id, which must be
 * 1 to 64 bytes (spec §5, WebAuthn §5.4.3). Null when the id is outside that range.
 */
export function userHandleBytes(userId: string): Uint8Array<ArrayBuffer> | null {
  const bytes = new TextEncoder().encode(userId);
  return bytes.byteLength >= 1 && bytes.byteLength <= 64 ? bytes : null;
}

/**
 * Whether an assertion's `userHandle` (base64url, as @simplewebauthn/browser sends
 * it) names `userId`. An absent handle is allowed (a non-discoverable credential
 * need not return one); the credential lookup already tied it to a user.
 */
export function userHandleMatches(userHandle: string | undefined, userId: string): boolean {
  if (userHandle === undefined || userHandle === '') return true;
  if (!/^[A-Za-z0-9_-]+={0,2}$/.test(userHandle)) return false;
  try {
    return isoBase64URL.toUTF8String(userHandle) === userId;
  } catch {
    return false;
  }
}

/**
 * The signature counter rule (WebAuthn §7.2 step 21): when either the stored or
 * the received counter is non-zero, the received one must be greater; otherwise
 * the authenticator may be a clone. Authenticators without a counter always send 0.
 */
export function counterAcceptable(stored: number, received: number): boolean {
  if (stored === 0 && received === 0) return true;
  return received > stored;
}

/** The relying party of a public URL: its host name (the RP ID) and its origin. */
export function relyingParty(publicUrl: string): { rpID: string; origin: string } {
  const url = new URL(publicUrl);
  return { rpID: url.hostname, origin: url.origin };
}

// ---------------------------------------------------------------------------
// Input schemas
// ---------------------------------------------------------------------------

const b64url = (max: number) =>
  z
    .string()
    .min(1)
    .max(max)
    .regex(/^[A-Za-z0-9_-]+={0,2}$/);

const transportSchema = z.enum(['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb']);
const attachmentSchema = z.enum(['platform', 'cross-platform']);

const registrationSchema = z
  .object({
    id: b64url(MAX_CREDENTIAL_ID),
    rawId: b64url(MAX_CREDENTIAL_ID),
    type: z.literal('public-key'),
    authenticatorAttachment: attachmentSchema.nullish(),
    clientExtensionResults: z.record(z.string(), z.unknown()).optional(),
    response: z.object({
      clientDataJSON: b64url(8 * 1024),
      attestationObject: b64url(MAX_BODY_BYTES),
      authenticatorData: b64url(MAX_BODY_BYTES).optional(),
      transports: z.array(z.string().max(32)).max(16).optional(),
      publicKeyAlgorithm: z.number().int().optional(),
      publicKey: b64url(8 * 1024).optional(),
    }),
  })
  .transform(
    (v): RegistrationResponseJSON => ({
      id: v.id,
      rawId: v.rawId,
      type: v.type,
      ...(v.authenticatorAttachment ? { authenticatorAttachment: v.authenticatorAttachment } : {}),
      clientExtensionResults: {},
      response: {
        clientDataJSON: v.response.clientDataJSON,
        attestationObject: v.response.attestationObject,
        ...(v.response.authenticatorData
          ? { authenticatorData: v.response.authenticatorData }
          : {}),
        ...(v.response.transports ? { transports: v.response.transports } : {}),
        ...(v.response.publicKeyAlgorithm !== undefined
          ? { publicKeyAlgorithm: v.response.publicKeyAlgorithm }
          : {}),
        ...(v.response.publicKey ? { publicKey: v.response.publicKey } : {}),
      },
    }),
  );

const assertionSchema = z
  .object({
    id: b64url(MAX_CREDENTIAL_ID),
    rawId: b64url(MAX_CREDENTIAL_ID),
    type: z.literal('public-key'),
    authenticatorAttachment: attachmentSchema.nullish(),
    clientExtensionResults: z.record(z.string(), z.unknown()).optional(),
    response: z.object({
      clientDataJSON: b64url(8 * 1024),
      authenticatorData: b64url(8 * 1024),
      signature: b64url(8 * 1024),
      userHandle: b64url(128).nullish(),
    }),
  })
  .transform(
    (v): AuthenticationResponseJSON => ({
      id: v.id,
      rawId: v.rawId,
      type: v.type,
      ...(v.authenticatorAttachment ? { authenticatorAttachment: v.authenticatorAttachment } : {}),
      clientExtensionResults: {},
      response: {
        clientDataJSON: v.response.clientDataJSON,
        authenticatorData: v.response.authenticatorData,
        signature: v.response.signature,
        ...(v.response.userHandle ? { userHandle: v.response.userHandle } : {}),
      },
    }),
  );

const initRegistrationQuery = z.object({
  userId: z.string().max(1024).default(''),
  passkeyUserName: z.string().max(1024).optional(),
});

const personIdParam = z.string().min(1).max(64);
const passkeyIdParam = b64url(MAX_CREDENTIAL_ID);

// ---------------------------------------------------------------------------
// Messages (spec §8 where it names them)
// ---------------------------------------------------------------------------

const MSG = {
  unauthenticated: 'You must be logged in to view this page',
  signInGeneric: 'Something went wrong signing in with your passkey.',
  createGeneric:
    'Something went wrong creating your passkey. Please try again or continue using your email.',
  notFound:
    'We could not find this passkey. It may have been deleted: please delete it from your device as well, and sign in with your email.',
  entityMismatch:
    'This passkey does not match your account. Please try again or use your email to sign in.',
  counter: 'This passkey could not be trusted. Please try again or use your email to sign in.',
  challengeExpired: 'Your passkey request has expired. Please try again.',
  previouslyRegistered: 'This passkey is already registered.',
  userIdLength: 'The user id of a passkey must be 1 to 64 bytes.',
  notAdministrator: 'Only an administrator of this person can manage their passkeys.',
  notYourself: 'You can only add a passkey to your own account.',
  passkeyGone: 'We could not find that passkey.',
  invalidPerson: 'That is not a valid person id.',
  tooLarge: 'That request is too large.',
} as const;

function noStore(c: Context) {
  c.header('cache-control', 'no-store');
}

function unauthenticated(c: Context) {
  return jsonError(c, 401, 'unauthenticated', MSG.unauthenticated);
}

// ---------------------------------------------------------------------------
// Routes
// ---------------------------------------------------------------------------

/** Passkey endpoints of spec §7 under /api/authentication/passkeys. */
export function passkeyRoutes(deps: AppDeps) {
  const { config, db } = deps;
  const secure = config.NODE_ENV === 'production';
  const { rpID, origin } = relyingParty(config.publicUrl);
  const app = new Hono();
  const limitBody = bodyLimit({
    maxSize: MAX_BODY_BYTES,
    onError: (c) => jsonError(c, 413, 'too_large', MSG.tooLarge),
  });

  app.use('*', async (c, next) => {
    noStore(c);
    await next();
  });

  /** Expired challenges are removed whenever a new one is made. */
  async function sweepExpiredChallenges() {
    await db.delete(webauthnChallenge).where(lt(webauthnChallenge.expiresAt, sql`now()`));
  }

  // -- Cookie compatibility ---------------------------------------------------

  app.get('/init-cookie-compatible', (c) => {
    setCookie(c, COOKIE_CHECK_COOKIE, '1', {
      httpOnly: true,
      sameSite: 'Lax',
      secure,
      path: COOKIE_PATH,
      maxAge: COOKIE_CHECK_TTL_S,
    });
    return c.json({ ok: true });
  });

  app.get('/verify-cookie-compatible', (c) => {
    const cookieCompatible = getCookie(c, COOKIE_CHECK_COOKIE) === '1';
    deleteCookie(c, COOKIE_CHECK_COOKIE, { path: COOKIE_PATH, secure });
    return c.json({ cookieCompatible });
  });

  // -- Registration (signed in) -----------------------------------------------

  app.get('/init-registration', async (c) => {
    const who = await sessionFromRequest(db, c.req.raw.headers);
    if (!who) return unauthenticated(c);
    const query = initRegistrationQuery.safeParse({
      userId: c.req.query('userId'),
      passkeyUserName: c.req.query('passkeyUserName'),
    });
    if (!query.success) return jsonError(c, 400, 'invalid', MSG.createGeneric);
    const handle = userHandleBytes(query.data.userId);
    if (!handle) return jsonError(c, 400, 'ERROR_INVALID_USER_ID_LENGTH', MSG.userIdLength);
    if (query.data.userId !== who.user.id) {
      return jsonError(c, 403, 'forbidden', MSG.notYourself);
    }
    const requestedName = query.data.passkeyUserName?.trim().slice(0, 256);
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

    await sweepExpiredChallenges();
    await db.insert(webauthnChallenge).values({
      id: randomUUID(),
      userId: who.user.id,
      challenge: options.challenge,
      kind: 'registration',
      expiresAt: new Date(Date.now() + CHALLENGE_TTL_MS),
    });
    return c.json(options);
  });

  app.post('/verify-registration', limitBody, async (c) => {
    const who = await sessionFromRequest(db, c.req.raw.headers);
    if (!who) return unauthenticated(c);
    const body = registrationSchema.safeParse(await c.req.json().catch(() => null));
    if (!body.success) return jsonError(c, 400, 'invalid', MSG.createGeneric);

    let challenge: string;
    try {
      challenge = decodeClientDataJSON(body.data.response.clientDataJSON).challenge;
    } catch {
      return jsonError(c, 400, 'invalid', MSG.createGeneric);
    }
    if (typeof challenge !== 'string' || challenge.length === 0 || challenge.length > 512) {
      return jsonError(c, 400, 'invalid', MSG.createGeneric);
    }
    // Single use: the challenge is deleted as it is taken; only this user's, unexpired.
    const taken = await db
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
    if (!taken[0]) return jsonError(c, 400, 'passkey_challenge_expired', MSG.challengeExpired);

    let verification: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
    try {
      verification = await verifyRegistrationResponse({
        response: body.data,
        expectedChallenge: taken[0].challenge,
        expectedOrigin: origin,
        expectedRPID: rpID,
        requireUserVerification: true,
      });
    } catch {
      return c.json(
        { verified: false, error: { code: 'passkey_not_verified', message: MSG.createGeneric } },
        400,
      );
    }
    if (!verification.verified) {
      return c.json(
        { verified: false, error: { code: 'passkey_not_verified', message: MSG.createGeneric } },
        400,
      );
    }
    const info = verification.registrationInfo;
    const credentialId = info.credential.id;

    const stored = await db.transaction(async (tx) => {
      const inserted = await tx
        .insert(passkeyCredential)
        .values({
          id: credentialId,
          userId: who.user.id,
          publicKey: isoBase64URL.fromBuffer(info.credential.publicKey),
          counter: info.credential.counter,
          // Only the transports WebAuthn defines; anything else is dropped.
          transports: (info.credential.transports ?? body.data.response.transports ?? []).filter(
            (t) => transportSchema.safeParse(t).success,
          ),
          deviceType: info.credentialDeviceType,
          backedUp: info.credentialBackedUp,
          aaguid: info.aaguid,
        })
        .onConflictDoNothing({ target: passkeyCredential.id })
        .returning({ id: passkeyCredential.id });
      if (!inserted[0]) return false;
      await recordEvent(tx, {
        personId: who.person.id,
        type: 'Create',
        relatedType: 'Passkey',
        relatedId: credentialId,
        message: 'Added a passkey',
        createdBy: who.person.id,
      });
      return true;
    });
    if (!stored) {
      return jsonError(
        c,
        400,
        'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED',
        MSG.previouslyRegistered,
      );
    }
    return c.json({ verified: true });
  });

  // -- Sign-in (signed out) ---------------------------------------------------

  app.get('/init-auth', async (c) => {
    const options = await generateAuthenticationOptions({
      rpID,
      userVerification: 'required',
      // No allowCredentials: the authenticator offers its discoverable credentials.
    });
    const id = randomUUID();
    await sweepExpiredChallenges();
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
  });

  app.post('/verify-auth', limitBody, async (c) => {
    const body = assertionSchema.safeParse(await c.req.json().catch(() => null));
    if (!body.success) return jsonError(c, 400, 'invalid', MSG.signInGeneric);
    const assertion = body.data;

    const challengeId = getCookie(c, AUTH_CHALLENGE_COOKIE);
    deleteCookie(c, AUTH_CHALLENGE_COOKIE, { path: COOKIE_PATH, secure });
    if (!challengeId || !z.uuid().safeParse(challengeId).success) {
      return jsonError(c, 400, 'passkey_challenge_missing', MSG.signInGeneric);
    }
    // Single use: taken (deleted) before anything else, whatever the outcome.
    const taken = await db
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
    if (!taken[0]) return jsonError(c, 400, 'passkey_challenge_expired', MSG.challengeExpired);

    const found = await db
      .select({ credential: passkeyCredential, user, person })
      .from(passkeyCredential)
      .innerJoin(user, eq(user.id, passkeyCredential.userId))
      .innerJoin(person, eq(person.id, user.personId))
      .where(eq(passkeyCredential.id, assertion.id))
      .limit(1);
    const row = found[0];
    if (!row) return jsonError(c, 400, 'passkey_not_found', MSG.notFound);
    const { credential } = row;

    if (!userHandleMatches(assertion.response.userHandle, credential.userId)) {
      return jsonError(c, 400, 'passkey_entity_mismatch', MSG.entityMismatch);
    }

    let verification: Awaited<ReturnType<typeof verifyAuthenticationResponse>>;
    try {
      verification = await verifyAuthenticationResponse({
        response: assertion,
        expectedChallenge: taken[0].challenge,
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
      });
    } catch {
      return c.json(
        { verified: false, error: { code: 'passkey_not_verified', message: MSG.signInGeneric } },
        400,
      );
    }
    if (!verification.verified) {
      return c.json(
        { verified: false, error: { code: 'passkey_not_verified', message: MSG.signInGeneric } },
        400,
      );
    }
    const newCounter = verification.authenticationInfo.newCounter;
    if (!counterAcceptable(credential.counter, newCounter)) {
      return jsonError(c, 400, 'passkey_counter', MSG.counter);
    }
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
    if (!updated[0]) return jsonError(c, 400, 'passkey_counter', MSG.counter);

    await signInUser(
      c,
      db,
      { userId: row.user.id, personId: row.person.id },
      { method: 'passkey', secure },
    );
    return c.json({
      verified: true,
      user: { id: row.user.id, email: row.user.email, personId: row.person.id },
      person: {
        id: row.person.id,
        firstName: row.person.firstName,
        knownAs: row.person.knownAs,
        type: row.person.type,
      },
    });
  });

  // -- Management (administrators of the person) -----------------------------

  /** The signed-in administrator of `personId`, or the error response to send. */
  async function administratorOf(
    c: Context,
    rawPersonId: string | undefined,
  ): Promise<{ who: SessionUser; personId: string } | Response> {
    const who = await sessionFromRequest(db, c.req.raw.headers);
    if (!who) return unauthenticated(c);
    const personId = personIdParam.safeParse(rawPersonId);
    if (!personId.success) return jsonError(c, 400, 'invalid', MSG.invalidPerson);
    if (!(await administers(deps.zdb, who.auth, personId.data))) {
      return jsonError(c, 403, 'forbidden', MSG.notAdministrator);
    }
    return { who, personId: personId.data };
  }

  /** Ids of the users of a person (one, by the unique constraint; none for a user-less person). */
  function usersOf(personId: string) {
    return db.select({ id: user.id }).from(user).where(eq(user.personId, personId));
  }

  app.get('/:personId', async (c) => {
    const admin = await administratorOf(c, c.req.param('personId'));
    if (admin instanceof Response) return admin;
    const rows = await db
      .select({
        id: passkeyCredential.id,
        createdAt: passkeyCredential.createdAt,
        lastUsedAt: passkeyCredential.lastUsedAt,
        deviceType: passkeyCredential.deviceType,
        backedUp: passkeyCredential.backedUp,
      })
      .from(passkeyCredential)
      .where(inArray(passkeyCredential.userId, usersOf(admin.personId)))
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
  });

  app.delete('/:personId/:passkeyId', async (c) => {
    const admin = await administratorOf(c, c.req.param('personId'));
    if (admin instanceof Response) return admin;
    const passkeyId = passkeyIdParam.safeParse(c.req.param('passkeyId'));
    if (!passkeyId.success) return jsonError(c, 404, 'passkey_not_found', MSG.passkeyGone);
    const deleted = await db.transaction(async (tx) => {
      const gone = await tx
        .delete(passkeyCredential)
        .where(
          and(
            eq(passkeyCredential.id, passkeyId.data),
            inArray(
              passkeyCredential.userId,
              tx.select({ id: user.id }).from(user).where(eq(user.personId, admin.personId)),
            ),
          ),
        )
        .returning({ id: passkeyCredential.id });
      if (!gone[0]) return false;
      await recordEvent(tx, {
        personId: admin.personId,
        type: 'Delete',
        relatedType: 'Passkey',
        relatedId: passkeyId.data,
        message: 'Deleted a passkey',
        createdBy: admin.who.person.id,
      });
      return true;
    });
    if (!deleted) return jsonError(c, 404, 'passkey_not_found', MSG.passkeyGone);
    return c.body(null, 204);
  });

  return app;
}
