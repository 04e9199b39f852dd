import { WebAuthnError } from '@simplewebauthn/browser';
import { describe, expect, test } from 'vitest';
import { messages } from './messages.ts';
import { registrationErrorMessage, signInErrorMessage } from './passkeys.ts';

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
