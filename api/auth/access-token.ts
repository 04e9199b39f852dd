import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Per-person access tokens (spec §7 "Access: access token, person, write"):
 * a short-lived bearer credential for one person's API, bound to the session
 * that asked for it, so signing out also ends its tokens.
 *
 *   pat1.<base64url {s: session id, p: person id, e: expiry ms}>.<HMAC-SHA256>
 */
export const ACCESS_TOKEN_TTL_MS = 15 * 60 * 1000;
const PREFIX = 'pat1';

export type AccessTokenClaims = { sessionId: string; personId: string; expiresAt: number };

export function accessTokenKey(secret: string | undefined): Buffer {
  // Outside production a random key per start is enough: tokens last 15 minutes.
  return secret ? Buffer.from(secret) : randomBytes(32);
}

function sign(key: Buffer, body: string): string {
  return createHmac('sha256', key).update(`${PREFIX}.${body}`).digest('base64url');
}

export function issueAccessToken(
  key: Buffer,
  claims: Omit<AccessTokenClaims, 'expiresAt'>,
  now = Date.now(),
) {
  const expiresAt = now + ACCESS_TOKEN_TTL_MS;
  const body = Buffer.from(
    JSON.stringify({ s: claims.sessionId, p: claims.personId, e: expiresAt }),
  ).toString('base64url');
  return { token: `${PREFIX}.${body}.${sign(key, body)}`, expiresAt };
}

/** The claims of a genuine, unexpired token; undefined for anything else. */
export function verifyAccessToken(
  key: Buffer,
  token: string,
  now = Date.now(),
): AccessTokenClaims | undefined {
  const [prefix, body, mac] = token.split('.');
  if (prefix !== PREFIX || !body || !mac || token.length > 1000) return undefined;
  const want = Buffer.from(sign(key, body));
  const got = Buffer.from(mac);
  if (want.length !== got.length || !timingSafeEqual(want, got)) return undefined;
  try {
    const claims: unknown = JSON.parse(Buffer.from(body, 'base64url').toString());
    if (
      typeof claims === 'object' &&
      claims !== null &&
      's' in claims &&
      'p' in claims &&
      'e' in claims &&
      typeof claims.s === 'string' &&
      typeof claims.p === 'string' &&
      typeof claims.e === 'number' &&
      claims.e > now
    ) {
      return { sessionId: claims.s, personId: claims.p, expiresAt: claims.e };
    }
  } catch {
    // not JSON: not ours
  }
  return undefined;
}
