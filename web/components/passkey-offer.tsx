import { useRouter } from '@tanstack/react-router';
import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { messages } from '../messages.ts';
import { PASSKEY_OFFER_KEY, webAuthnSupported } from '../passkey-support.ts';
import type { PasskeyUser } from '../passkeys.ts';
import { ErrorAlert } from './modal-dialog.tsx';

const ceremony = () => import('../passkeys.ts');

function offerPending(): boolean {
  try {
    return sessionStorage.getItem(PASSKEY_OFFER_KEY) === '1';
  } catch {
    return false;
  }
}

function clearOffer() {
  try {
    sessionStorage.removeItem(PASSKEY_OFFER_KEY);
  } catch {
    // Storage unavailable: nothing to clear.
  }
}

/**
 * After an e-mail sign-in (which sets sessionStorage `passkey.offer` to `1`),
 * offers to create a passkey (spec §4), once: on the first page after signing
 * in, until "Not now" or moving to another page. Success says "Passkey
 * created". Not shown when WebAuthn is unsupported.
 */
export function PasskeyOffer({ user }: { user: PasskeyUser | null | undefined }) {
  const titleId = useId();
  // Decided once: the offer never appears in the middle of a visit.
  const [offered] = useState(() => Boolean(user) && webAuthnSupported() && offerPending());
  const [open, setOpen] = useState(offered);
  const [busy, setBusy] = useState(false);
  const busyRef = useRef(false);
  busyRef.current = busy;
  // Offered once: not again on a reload or in another tab, and gone when the
  // person moves on to another page (it never sits on top of every page).
  // (A redirect while landing replaces the page: that is not moving on.)
  const router = useRouter();
  useEffect(() => {
    if (offered) clearOffer();
  }, [offered]);
  // The ceremony and its WebAuthn library load when the offer shows, not
  // with every page of the person area; by the tap they are here.
  useEffect(() => {
    if (offered) ceremony().catch(() => {});
  }, [offered]);
  // Listening from the commit that shows the offer (a layout effect): a
  // passive effect may wait behind the page's other work, and a tap on the
  // bar in that gap moved on without closing it (seen on a busy machine).
  useLayoutEffect(
    () =>
      router.history.subscribe(({ action }) => {
        if (action.type !== 'REPLACE') {
          setOpen((o) => (busyRef.current ? o : false));
        }
      }),
    [router],
  );
  const [error, setError] = useState<string | undefined>();
  const [created, setCreated] = useState(false);

  if (!offered || !user) return null;

  function dismiss() {
    clearOffer();
    setOpen(false);
  }

  async function create() {
    if (!user) return;
    setBusy(true);
    setError(undefined);
    let PasskeyError: typeof import('../passkeys.ts').PasskeyError | undefined;
    try {
      const passkeys = await ceremony();
      PasskeyError = passkeys.PasskeyError;
      const result = await passkeys.registerPasskey(user);
      if (!result.verified) return;
      clearOffer();
      setOpen(false);
      setCreated(true);
    } catch (err) {
      setError(
        PasskeyError && err instanceof PasskeyError ? err.message : messages.passkeys.createFailed,
      );
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      {open ? (
        <section className="card" aria-labelledby={titleId}>
          <h2 id={titleId}>{messages.passkeys.offerTitle}</h2>
          <p>{messages.passkeys.offerBody}</p>
          <ErrorAlert message={error} />
          <div className="actions">
            <button type="button" onClick={create} disabled={busy}>
              {busy ? messages.passkeys.creating : messages.passkeys.offerCreate}
            </button>
            <button type="button" className="secondary" onClick={dismiss} disabled={busy}>
              {messages.passkeys.offerDismiss}
            </button>
          </div>
        </section>
      ) : null}
      <p role="status" className="status">
        {created ? messages.passkeys.created : ''}
      </p>
    </>
  );
}
