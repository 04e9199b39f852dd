import { z } from 'zod';

/** The magic-link endpoints (api/auth/magic-link.ts). */
const base = '/api/authentication/email';

const authenticateResponse = z.object({
  message: z.string(),
  challengeId: z.string().nullable(),
  token: z.string().nullable(),
  /** Shown on the asking screen; typed on another device that opens the link (ADR 012). */
  code: z.string().nullable().optional(),
});
/** Opening the link: done (this browser asked), or a question for the code. */
const finalizeResponse = z.discriminatedUnion('status', [
  z.object({ status: z.literal('verified') }),
  z.object({ status: z.literal('confirm'), askedAt: z.string(), browser: z.string().nullable() }),
]);
export type FinalizeResult = z.infer<typeof finalizeResponse>;
const errorBody = z.object({ error: z.object({ code: z.string(), message: z.string() }) });

export type AuthResult<T> =
  | { ok: true; status: number; data: T }
  | { ok: false; status: number; code: string; message: string };

async function call<T>(
  path: string,
  init: RequestInit,
  parse: (d: unknown) => T,
): Promise<AuthResult<T>> {
  const res = await fetch(`${base}${path}`, { credentials: 'same-origin', ...init });
  const body: unknown = await res.json().catch(() => null);
  if (!res.ok) {
    const e = errorBody.safeParse(body);
    return {
      ok: false,
      status: res.status,
      code: e.success ? e.data.error.code : 'unknown',
      message: e.success ? e.data.error.message : '',
    };
  }
  return { ok: true, status: res.status, data: parse(body) };
}

const json = (body: unknown, headers: Record<string, string> = {}): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', ...headers },
  body: JSON.stringify(body),
});

export function requestMagicLink(email: string, inviteId?: string) {
  return call(
    '/track/authenticate',
    json({ email, challengeType: 'EMAIL_MAGIC_LINK', ...(inviteId ? { inviteId } : {}) }),
    (d) => authenticateResponse.parse(d),
  );
}

/** Opens the link; `code` is the one shown where the sign-in was asked, when this is another browser. */
export function finalizeMagicLink(challengeId: string, secret: string, code?: string) {
  return call(
    '/verify/email-magic-link/finalize',
    json(code === undefined ? { challengeId } : { challengeId, code }, {
      authorization: `Bearer ${secret}`,
    }),
    (d) => finalizeResponse.parse(d),
  );
}

/** "I did not ask for this": the link stops working and the asking tab is told. */
export function cancelMagicLink(challengeId: string, secret: string) {
  return call(
    '/verify/email-magic-link/cancel',
    json({ challengeId }, { authorization: `Bearer ${secret}` }),
    () => null,
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
  return call(`/track/complete?token=${encodeURIComponent(token)}`, json({ challengeId }), (d) =>
    z.object({ status: z.enum(['pending', 'complete']) }).parse(d),
  );
}
