import { z } from 'zod';

/** The magic-link endpoints (api/auth/magic-link.ts). */
const base = '/api/authentication/email';

const authenticateResponse = z.object({
  message: z.string(),
  challengeId: z.string().nullable(),
  token: z.string().nullable(),
});
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

export function finalizeMagicLink(challengeId: string, secret: string) {
  return call(
    '/verify/email-magic-link/finalize',
    json({ challengeId }, { authorization: `Bearer ${secret}` }),
    () => null,
  );
}

export function completeChallenge(challengeId: string, token: string) {
  return call(`/track/complete?token=${encodeURIComponent(token)}`, json({ challengeId }), (d) =>
    z.object({ status: z.enum(['pending', 'complete']) }).parse(d),
  );
}
