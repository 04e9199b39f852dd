/**
 * What the passkey routes share (spec §4 Sign-in and Passkey registration, §5,
 * §7 Authentication, §8): the relying party, the rules WebAuthn leaves to us
 * (user handle, signature counter), the credential schemas, the messages and
 * the single-use challenges in `private.webauthn_challenge`.
 */
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import { isoBase64URL } from '@simplewebauthn/server/helpers';
import { lt, sql } from 'drizzle-orm';
import { bodyLimit } from 'hono/body-limit';
import { z } from 'zod';
import { webauthnChallenge } from '../../../schema/index.ts';
import { accountRuleMessages } from '../../../sync/account.ts';
import { errorMessages } from '../../../sync/errors.ts';
import type { Db } from '../../db.ts';
import { Refusal } from '../../errors.ts';

export const RP_NAME = 'Preference Bank';
/** How long a registration or sign-in challenge may be answered. */
export const CHALLENGE_TTL_MS = 5 * 60 * 1000;
/** The passkey cookies go only to the passkey endpoints. */
export const COOKIE_PATH = '/api/authentication/passkeys';
/** A credential id is at most 1023 bytes (WebAuthn §5.8.3): 1364 base64url characters. */
const MAX_CREDENTIAL_ID = 1364;
/** Registration and assertion bodies are small with attestation `none`. */
const MAX_BODY_BYTES = 64 * 1024;

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

const b64url = (max: number) =>
  z
    .string()
    .min(1)
    .max(max)
    .regex(/^[A-Za-z0-9_-]+={0,2}$/);

export const transportSchema = z.enum([
  'ble',
  'cable',
  'hybrid',
  'internal',
  'nfc',
  'smart-card',
  'usb',
]);
const attachmentSchema = z.enum(['platform', 'cross-platform']);
/** The browser's extension outputs: an object, read by nothing (attestation `none`). */
const extensionResults = z.custom<object>(
  (v) => typeof v === 'object' && v !== null && !Array.isArray(v),
);

/** What both ceremonies' answers (registration, assertion) carry besides their response. */
const credential = z.object({
  id: b64url(MAX_CREDENTIAL_ID),
  rawId: b64url(MAX_CREDENTIAL_ID),
  type: z.literal('public-key'),
  authenticatorAttachment: attachmentSchema.nullish(),
  clientExtensionResults: extensionResults.optional(),
});

/**
 * That shared part as @simplewebauthn/server reads it:
 * extension outputs are dropped (none is requested).
 */
function credentialOf(v: z.infer<typeof credential>) {
  return {
    id: v.id,
    rawId: v.rawId,
    type: v.type,
    ...(v.authenticatorAttachment ? { authenticatorAttachment: v.authenticatorAttachment } : {}),
    clientExtensionResults: {},
  };
}

export const registrationSchema = credential
  .extend({
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
      ...credentialOf(v),
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

export const assertionSchema = credential
  .extend({
    response: z.object({
      clientDataJSON: b64url(8 * 1024),
      authenticatorData: b64url(8 * 1024),
      signature: b64url(8 * 1024),
      userHandle: b64url(128).nullish(),
    }),
  })
  .transform(
    (v): AuthenticationResponseJSON => ({
      ...credentialOf(v),
      response: {
        clientDataJSON: v.response.clientDataJSON,
        authenticatorData: v.response.authenticatorData,
        signature: v.response.signature,
        ...(v.response.userHandle ? { userHandle: v.response.userHandle } : {}),
      },
    }),
  );

export const passkeyIdSchema = b64url(MAX_CREDENTIAL_ID);

/** Texts of spec §8 where it names them. */
export const MSG = {
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
  previouslyRegistered: errorMessages.ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED,
  userIdLength: 'The user id of a passkey must be 1 to 64 bytes.',
  notAdministrator: accountRuleMessages.notPasskeyAdministrator,
  notYourself: 'You can only add a passkey to your own account.',
  passkeyGone: errorMessages.passkey_not_found,
  invalidPerson: 'That is not a valid person id.',
  tooLarge: 'That request is too large.',
} as const;

/** 413 before a registration or assertion body larger than WebAuthn needs is read. */
export const limitBody = bodyLimit({
  maxSize: MAX_BODY_BYTES,
  onError: () => {
    throw new Refusal(413, 'too_large', MSG.tooLarge);
  },
});

/** The refusal of a credential the library could not verify. */
export function notVerified(message: string) {
  return new Refusal(400, 'passkey_not_verified', message);
}

/** Expired challenges are removed whenever a new one is made. */
export async function sweepExpiredChallenges(db: Db) {
  await db.delete(webauthnChallenge).where(lt(webauthnChallenge.expiresAt, sql`now()`));
}
