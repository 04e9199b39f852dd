/**
 * Invite ids and tokens, and the pending invite kept across sign-in. Its own
 * module, free of Zero and of zod, so that the sign-in pages can use it
 * without loading the sync client or a schema library; the schemas of these
 * limits are in sync/invite.ts.
 */

export const INVITE_ID_MAX = 64;
/** 32 random bytes, base64url: 43 characters. Anything far off is not a token. */
export const INVITE_TOKEN_LENGTH = { min: 20, max: 100 } as const;

/**
 * What the join page keeps in sessionStorage under `invite.pending` so that,
 * after signing in or registering, the app can return to the invite.
 */
export const PENDING_INVITE_KEY = 'invite.pending';
export type PendingInvite = { id: string; token: string };

const isInviteId = (v: unknown): v is string =>
  typeof v === 'string' && v.length >= 1 && v.length <= INVITE_ID_MAX;
const isInviteToken = (v: unknown): v is string =>
  typeof v === 'string' &&
  v.length >= INVITE_TOKEN_LENGTH.min &&
  v.length <= INVITE_TOKEN_LENGTH.max;

/** Reads `invite.pending`: the JSON `{id, token}`, or undefined (an old bare id has no token). */
export function parsePendingInvite(raw: string | null | undefined): PendingInvite | undefined {
  if (!raw) return undefined;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed !== 'object' || parsed === null) return undefined;
    const { id, token } = parsed as Record<string, unknown>;
    return isInviteId(id) && isInviteToken(token) ? { id, token } : undefined;
  } catch {
    return undefined;
  }
}
