/**
 * Passkeys in the browser (spec §4, §8): registration for the signed-in user,
 * sign-in with a discoverable credential, and the list/delete of a person's
 * passkeys. A cancelled prompt is never an error: it resolves to
 * `{verified: false, cancelled: true}` and the caller shows nothing. A prompt
 * the browser gave up on (no authenticator came) is one, and says so.
 */
import {
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  startAuthentication,
  startRegistration,
  WebAuthnError,
} from '@simplewebauthn/browser';
import type { InferResponseType } from 'hono/client';
import { ApiError, call, client } from './api-client.ts';
import { messages } from './messages.ts';
import { forgetPasskeyCounts, webAuthnSupported } from './passkey-support.ts';

/** The passkey endpoints (api/routes/passkeys.ts), through the typed client. */
const passkeys = client.authentication.passkeys;

/** An error whose message is ready to show to the user (spec §8 texts). */
export class PasskeyError extends Error {
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message);
    this.name = 'PasskeyError';
  }
}

export type Cancelled = { verified: false; cancelled: true };
const CANCELLED: Cancelled = { verified: false, cancelled: true };

/**
 * Whether an error from startRegistration/startAuthentication means the person
 * closed or declined the prompt (or it timed out): simplewebauthn's
 * ERROR_CEREMONY_ABORTED, or the platform's NotAllowedError.
 */
export function isCancellation(err: unknown): boolean {
  if (typeof err !== 'object' || err === null) return false;
  if ('code' in err && err.code === 'ERROR_CEREMONY_ABORTED') return true;
  if ('name' in err && (err.name === 'NotAllowedError' || err.name === 'AbortError')) return true;
  const cause = 'cause' in err ? err.cause : undefined;
  return (
    typeof cause === 'object' &&
    cause !== null &&
    'name' in cause &&
    cause.name === 'NotAllowedError'
  );
}

/** What the browser's prompt waits at most when the options name no timeout (WebAuthn's usual). */
const PROMPT_TIMEOUT_MS = 60_000;

/**
 * A refusal after the prompt's whole time was not the person cancelling: the
 * browser waited for an authenticator that never came (Firefox on a device
 * with no passkey store waits out the timeout, then says NotAllowedError, the
 * same name as a cancel). Past nine tenths of the timeout, it is that.
 */
export function timedOut(elapsedMs: number, timeoutMs: number | undefined): boolean {
  return elapsedMs >= 0.9 * (timeoutMs ?? PROMPT_TIMEOUT_MS);
}

/**
 * A refused prompt: cancelled (nothing is shown), or the browser gave up
 * waiting, which says what happened and what to try.
 */
function refusedPrompt(
  err: unknown,
  startedAt: number,
  timeoutMs: number | undefined,
  timedOutMessage: string,
): Cancelled {
  if (!isCancellation(err)) throw err;
  if (timedOut(performance.now() - startedAt, timeoutMs)) {
    throw new PasskeyError(timedOutMessage, 'timed_out');
  }
  return CANCELLED;
}

function errorCode(err: unknown): string {
  if (err instanceof ApiError) return err.code;
  if (typeof err === 'object' && err !== null && 'code' in err) return String(err.code);
  return 'unknown';
}

// Options travel as JSON; startRegistration/startAuthentication check them
// further. Checked by hand, not by a schema: this module is on the sign-in page.
function creationOptions(d: unknown): PublicKeyCredentialCreationOptionsJSON {
  if (
    typeof d === 'object' &&
    d !== null &&
    'challenge' in d &&
    typeof d.challenge === 'string' &&
    'user' in d &&
    'rp' in d
  ) {
    return d as PublicKeyCredentialCreationOptionsJSON;
  }
  throw new Error('The passkey options are not in the expected form.');
}
function requestOptions(d: unknown): PublicKeyCredentialRequestOptionsJSON {
  if (typeof d === 'object' && d !== null && 'challenge' in d && typeof d.challenge === 'string') {
    return d as PublicKeyCredentialRequestOptionsJSON;
  }
  throw new Error('The passkey options are not in the expected form.');
}

// -- Registration -------------------------------------------------------------

export type PasskeyUser = { id: string; email?: string | null | undefined };
export type RegisterResult = { verified: true } | Cancelled;

/**
 * The browser's refusals of this site's address, by @simplewebauthn's names:
 * trying again cannot help, so they say why, for creating and signing in alike.
 */
function addressRefusal(code: string): string | undefined {
  if (code === 'ERROR_INVALID_DOMAIN') return messages.passkeys.invalidDomain;
  if (code === 'ERROR_INVALID_RP_ID') return messages.passkeys.invalidRpId;
  return undefined;
}

/** The message for a failed registration (spec §8: one toast, whatever the cause). */
export function registrationErrorMessage(err: unknown): string {
  const code = errorCode(err);
  if (code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED') {
    return messages.passkeys.previouslyRegistered;
  }
  if (code === 'unsupported') return messages.passkeys.unsupported;
  return addressRefusal(code) ?? messages.passkeys.createFailed;
}

/**
 * Creates a passkey for the signed-in `user` on this device. Resolves
 * `{verified: true}` or, when the prompt is cancelled, `{verified: false,
 * cancelled: true}`; otherwise throws a PasskeyError with the message to show.
 */
export async function registerPasskey(
  user: PasskeyUser,
  opts: { passkeyUserName?: string } = {},
): Promise<RegisterResult> {
  if (!webAuthnSupported()) throw new PasskeyError(messages.passkeys.unsupported, 'unsupported');
  try {
    const name = opts.passkeyUserName ?? user.email ?? undefined;
    const optionsJSON = creationOptions(
      await call(
        passkeys['init-registration'].$get({
          query: { userId: user.id, ...(name ? { passkeyUserName: name } : {}) },
        }),
      ),
    );
    let response: Awaited<ReturnType<typeof startRegistration>>;
    const startedAt = performance.now();
    try {
      response = await startRegistration({ optionsJSON });
    } catch (err) {
      return refusedPrompt(err, startedAt, optionsJSON.timeout, messages.passkeys.createTimedOut);
    }
    await call(passkeys['verify-registration'].$post({ json: response }));
    forgetPasskeyCounts();
    return { verified: true };
  } catch (err) {
    if (err instanceof PasskeyError) throw err;
    throw new PasskeyError(registrationErrorMessage(err), errorCode(err));
  }
}

// -- Sign-in ------------------------------------------------------------------

export type PasskeySignedIn = InferResponseType<(typeof passkeys)['verify-auth']['$post'], 200>;
export type SignInResult = PasskeySignedIn | Cancelled;

/** The message for a failed sign-in (spec §8). */
export function signInErrorMessage(err: unknown): string {
  const code = errorCode(err);
  const refusal = addressRefusal(code);
  if (refusal) return refusal;
  switch (code) {
    case 'passkey_not_found':
      return messages.passkeys.notFound;
    case 'passkey_entity_mismatch':
      return messages.passkeys.entityMismatch;
    case 'passkey_counter':
      return messages.passkeys.counter;
    case 'cookies_blocked':
      return messages.passkeys.cookiesBlocked;
    case 'unsupported':
      return messages.passkeys.unsupported;
    case 'passkey_not_verified':
    case 'passkey_challenge_expired':
    case 'invalid':
      return messages.passkeys.signInFailed;
  }
  if (err instanceof ApiError) return messages.passkeys.signInFailed;
  // Thrown by the browser (a WebAuthnError names the cause): its message (spec §8).
  if (err instanceof WebAuthnError && err.message) return err.message;
  return messages.passkeys.signInThrown;
}

/** Whether this browser keeps the cookies passkey sign-in needs (spec §7). */
export async function cookiesCompatible(): Promise<boolean> {
  try {
    await call(passkeys['init-cookie-compatible'].$get());
    const { cookieCompatible } = await call(passkeys['verify-cookie-compatible'].$get());
    return cookieCompatible;
  } catch {
    return false;
  }
}

/**
 * Signs in with a passkey of this device. Resolves the signed-in user and
 * person (the session cookie is set), or `{verified: false, cancelled: true}`
 * when the prompt is cancelled; otherwise throws a PasskeyError.
 */
export async function signInWithPasskey(): Promise<SignInResult> {
  if (!webAuthnSupported()) throw new PasskeyError(messages.passkeys.unsupported, 'unsupported');
  try {
    const optionsJSON = requestOptions(await call(passkeys['init-auth'].$get()));
    let response: Awaited<ReturnType<typeof startAuthentication>>;
    const startedAt = performance.now();
    try {
      response = await startAuthentication({ optionsJSON });
    } catch (err) {
      return refusedPrompt(err, startedAt, optionsJSON.timeout, messages.passkeys.signInTimedOut);
    }
    try {
      return await call(passkeys['verify-auth'].$post({ json: response }));
    } catch (err) {
      // The challenge travels in a cookie: tell a cookie-blocking browser so.
      if (
        err instanceof ApiError &&
        err.code === 'passkey_challenge_missing' &&
        !(await cookiesCompatible())
      ) {
        throw new PasskeyError(messages.passkeys.cookiesBlocked, 'cookies_blocked');
      }
      throw err;
    }
  } catch (err) {
    if (err instanceof PasskeyError) throw err;
    throw new PasskeyError(signInErrorMessage(err), errorCode(err));
  }
}

export * from './passkey-support.ts';
