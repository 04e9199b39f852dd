import { useState } from 'react';
import { messages } from '../messages.ts';
import { PasskeyError, signInWithPasskey, webAuthnSupported } from '../passkeys.ts';
import { forgetSession } from '../session.ts';
import { ErrorAlert } from './modal-dialog.tsx';

/**
 * "Sign in with a passkey" for the sign-in page (spec §4). On success the
 * session cookie is set and the cached session is dropped, so the next route
 * guard reads the signed-in user; then `onSignedIn(personId)` runs. A cancelled
 * prompt shows nothing; other failures show the spec §8 text in an alert.
 */
export function PasskeySignIn({
  onSignedIn,
}: {
  onSignedIn: (personId: string) => void | Promise<void>;
}) {
  const [supported] = useState(webAuthnSupported);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();

  if (!supported) {
    return <p className="status">{messages.passkeys.unsupported}</p>;
  }

  async function signIn() {
    setBusy(true);
    setError(undefined);
    try {
      const result = await signInWithPasskey();
      if (!result.verified) return;
      forgetSession();
      await onSignedIn(result.person.id);
    } catch (err) {
      setError(err instanceof PasskeyError ? err.message : messages.passkeys.signInThrown);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="passkey-sign-in">
      <ErrorAlert message={error} />
      <button type="button" className="secondary" onClick={signIn} disabled={busy}>
        {busy ? messages.passkeys.signingIn : messages.passkeys.signIn}
      </button>
    </div>
  );
}
