import { WebAuthnError } from '@simplewebauthn/browser';
import { describe, expect, test } from 'vitest';
import { messages } from './messages.ts';
import { registrationErrorMessage, signInErrorMessage, timedOut } from './passkeys.ts';

/** A browser's refusal as @simplewebauthn/browser reports it. */
const refused = (code: ConstructorParameters<typeof WebAuthnError>[0]['code']) =>
  new WebAuthnError({ message: `the browser said ${code}`, code, cause: new Error(code) });

describe('passkey errors by name', () => {
  test('a site address the browser refuses says so, creating a passkey and signing in', () => {
    for (const message of [registrationErrorMessage, signInErrorMessage]) {
      expect(message(refused('ERROR_INVALID_DOMAIN'))).toBe(messages.passkeys.invalidDomain);
      expect(message(refused('ERROR_INVALID_RP_ID'))).toBe(messages.passkeys.invalidRpId);
    }
  });

  test('other browser errors keep their spec texts', () => {
    expect(registrationErrorMessage(refused('ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED'))).toBe(
      messages.passkeys.previouslyRegistered,
    );
    expect(registrationErrorMessage(refused('ERROR_PASSTHROUGH_SEE_CAUSE_PROPERTY'))).toBe(
      messages.passkeys.createFailed,
    );
    // A sign-in the browser refused for another reason: its own words (spec §8).
    expect(signInErrorMessage(refused('ERROR_PASSTHROUGH_SEE_CAUSE_PROPERTY'))).toBe(
      'the browser said ERROR_PASSTHROUGH_SEE_CAUSE_PROPERTY',
    );
  });
});

describe('a refused prompt', () => {
  test('refused within its time is the person cancelling; at its end, the browser gave up', () => {
    expect(timedOut(3_000, 60_000)).toBe(false);
    expect(timedOut(40_000, 60_000)).toBe(false);
    // Firefox with no authenticator refused after the prompt's whole minute.
    expect(timedOut(60_020, 60_000)).toBe(true);
    expect(timedOut(55_000, 60_000)).toBe(true);
    // Options without a timeout: WebAuthn's usual minute.
    expect(timedOut(59_000, undefined)).toBe(true);
    expect(timedOut(10_000, undefined)).toBe(false);
    expect(timedOut(9_500, 10_000)).toBe(true);
  });
});
