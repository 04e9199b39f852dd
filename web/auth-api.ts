import { client } from './api-client.ts';

/** The magic-link endpoints (api/routes/authentication.ts), through the typed client. */
const email = client.authentication.email;

export type AuthResult<T> =
  | { ok: true; status: number; data: T }
  | { ok: false; status: number; code: string; message: string };

/**
 * A sign-in call as an answer to branch on: the routes show each refusal's
 * own message (an expired link, a wrong code) rather than one error.
 */
async function result<R extends { ok: boolean; status: number; json(): Promise<unknown> }>(
  request: Promise<R>,
): Promise<AuthResult<Awaited<ReturnType<R['json']>>>> {
  const res = await request;
  const body: unknown = await res.json().catch(() => null);
  // The route's own output type (hc): what it answers when it succeeds.
  if (res.ok) return { ok: true, status: res.status, data: body as Awaited<ReturnType<R['json']>> };
  const error =
    typeof body === 'object' && body !== null && 'error' in body
      ? (body.error as { code?: unknown; message?: unknown })
      : undefined;
  return {
    ok: false,
    status: res.status,
    code: typeof error?.code === 'string' ? error.code : 'unknown',
    message: typeof error?.message === 'string' ? error.message : '',
  };
}

export function requestMagicLink(address: string, inviteId?: string) {
  return result(
    email.track.authenticate.$post({
      json: {
        email: address,
        challengeType: 'EMAIL_MAGIC_LINK',
        ...(inviteId ? { inviteId } : {}),
      },
    }),
  );
}

/** Opening the link: done (this browser asked), or a question for the code. */
export type FinalizeResult = Extract<
  Awaited<ReturnType<typeof finalizeMagicLink>>,
  { ok: true }
>['data'];

const bearer = (secret: string) => ({ authorization: `Bearer ${secret}` });

/** Opens the link; `code` is the one shown where the sign-in was asked, when this is another browser. */
export function finalizeMagicLink(challengeId: string, secret: string, code?: string) {
  return result(
    email.verify['email-magic-link'].finalize.$post({
      header: bearer(secret),
      json: code === undefined ? { challengeId } : { challengeId, code },
    }),
  );
}

/** "I did not ask for this": the link stops working and the asking tab is told. */
export function cancelMagicLink(challengeId: string, secret: string) {
  return result(
    email.verify['email-magic-link'].cancel.$post({
      header: bearer(secret),
      json: { challengeId },
    }),
  );
}

/** The asking tab keeps its code here (this tab only) to show it while it waits. */
const codeKey = (challengeId: string) => `signin.code.${challengeId}`;

export function keepSignInCode(challengeId: string, code: string) {
  sessionStorage.setItem(codeKey(challengeId), code);
}

export function signInCode(challengeId: string): string | null {
  return sessionStorage.getItem(codeKey(challengeId));
}

export function forgetSignInCode(challengeId: string) {
  sessionStorage.removeItem(codeKey(challengeId));
}

export function completeChallenge(challengeId: string, token: string) {
  return result(email.track.complete.$post({ query: { token }, json: { challengeId } }));
}
