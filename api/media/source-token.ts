/**
 * Media-source tokens (spec §7 `GET /api/media-source/{id}/token`): a
 * short-lived credential for reading one media item without the session
 * cookie, for players that fetch on their own (a native shell's audio player,
 * a cast device, a recording paused past its signed URL's life). The token
 * names the item and the session that asked, so signing out ends it, and
 * every use checks the reader's access again: a supporter whose access ended
 * cannot go on listening with it.
 *
 *   mst1.<base64url {m: media id, s: session id, e: expiry ms}>.<HMAC-SHA256>
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export const MEDIA_SOURCE_TTL_MS = 60 * 60 * 1000;
const PREFIX = 'mst1';

export type MediaSourceClaims = { mediaId: string; sessionId: string; expiresAt: number };

function sign(key: Buffer, body: string): string {
  return createHmac('sha256', key).update(`${PREFIX}.${body}`).digest('base64url');
}

export function issueMediaSourceToken(
  key: Buffer,
  claims: Omit<MediaSourceClaims, 'expiresAt'>,
  now = Date.now(),
) {
  const expiresAt = now + MEDIA_SOURCE_TTL_MS;
  const body = Buffer.from(
    JSON.stringify({ m: claims.mediaId, s: claims.sessionId, e: expiresAt }),
  ).toString('base64url');
  return { token: `${PREFIX}.${body}.${sign(key, body)}`, expiresAt };
}

/** The claims of a genuine, unexpired token for `mediaId`; undefined for anything else. */
export function verifyMediaSourceToken(
  key: Buffer,
  token: string,
  mediaId: string,
  now = Date.now(),
): MediaSourceClaims | undefined {
  const [prefix, body, mac, ...rest] = token.split('.');
  if (prefix !== PREFIX || !body || !mac || rest.length > 0 || token.length > 1000) {
    return undefined;
  }
  const want = Buffer.from(sign(key, body));
  const got = Buffer.from(mac);
  if (want.length !== got.length || !timingSafeEqual(want, got)) return undefined;
  try {
    const c: unknown = JSON.parse(Buffer.from(body, 'base64url').toString());
    if (
      typeof c === 'object' &&
      c !== null &&
      'm' in c &&
      's' in c &&
      'e' in c &&
      c.m === mediaId &&
      typeof c.s === 'string' &&
      typeof c.e === 'number' &&
      c.e > now
    ) {
      return { mediaId, sessionId: c.s, expiresAt: c.e };
    }
  } catch {
    // not JSON: not ours
  }
  return undefined;
}
