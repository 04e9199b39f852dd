/**
 * What every page of the person area asks of passkeys: whether the browser
 * has them, how many a person has (the menu's rule), the offer after an
 * e-mail sign-in. Apart from the ceremonies (web/passkeys.ts, which
 * re-exports this) and the WebAuthn library they use, which the person area
 * loads only when a passkey is made or managed.
 */
import type { InferResponseType } from 'hono/client';
import { call, client } from './api-client.ts';

const passkeys = client.authentication.passkeys;

/** As @simplewebauthn/browser's browserSupportsWebAuthn decides it. */
export function webAuthnSupported(): boolean {
  return (
    globalThis?.PublicKeyCredential !== undefined &&
    typeof globalThis.PublicKeyCredential === 'function'
  );
}

export type PasskeySummary = InferResponseType<(typeof passkeys)[':personId']['$get'], 200>[number];

/** Passkey counts by person id, for passkeyCount(); see there. */
const counts = new Map<string, Promise<number>>();

/** After a passkey was added: every count is asked again. */
export function forgetPasskeyCounts() {
  counts.clear();
}

/** The passkeys of a person's user; ApiError 403 when the caller is not their administrator. */
export async function listPasskeys(personId: string): Promise<PasskeySummary[]> {
  const list = await call(passkeys[':personId'].$get({ param: { personId } }));
  counts.set(personId, Promise.resolve(list.length));
  return list;
}

export async function deletePasskey(personId: string, passkeyId: string): Promise<void> {
  await call(passkeys[':personId'][':passkeyId'].$delete({ param: { personId, passkeyId } }));
  counts.delete(personId);
}

/**
 * How many passkeys a person has, for the "Manage passkeys" menu rule. Kept
 * until a passkey is added or deleted here, or the page reloads (spec §9: the
 * passkey list used for this check has no staleness expiry). 0 when the caller
 * may not list them.
 */
export function passkeyCount(personId: string): Promise<number> {
  let c = counts.get(personId);
  if (!c) {
    c = listPasskeys(personId).then(
      (l) => l.length,
      () => 0,
    );
    counts.set(personId, c);
  }
  return c;
}

/**
 * Spec §2: "Manage passkeys" is for an administrator, when not supporting, and
 * when passkeys are supported or the person already has some.
 */
export function showManagePasskeys(opts: {
  administrator: boolean;
  supporting: boolean;
  supported: boolean;
  passkeyCount: number;
}): boolean {
  return opts.administrator && !opts.supporting && (opts.supported || opts.passkeyCount > 0);
}

/** sessionStorage key set after an e-mail sign-in to offer a passkey once. */
export const PASSKEY_OFFER_KEY = 'passkey.offer';
