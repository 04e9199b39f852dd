/**
 * Invite ids and tokens, and the pending invite kept across sign-in. Its own
 * module, free of Zero, so that the sign-in pages can use it without loading
 * the sync client.
 */
import { z } from 'zod';

export const inviteIdSchema = z.string().min(1).max(64);
/** 32 random bytes, base64url: 43 characters. Anything far off is not a token. */
export const inviteTokenSchema = z.string().min(20).max(100);

/**
 * What the join page keeps in sessionStorage under `invite.pending` so that,
 * after signing in or registering, the app can return to the invite.
 */
export const PENDING_INVITE_KEY = 'invite.pending';
export const pendingInvite = z.object({ id: inviteIdSchema, token: inviteTokenSchema });
export type PendingInvite = z.infer<typeof pendingInvite>;

/** Reads `invite.pending`: the JSON `{id, token}`, or undefined (an old bare id has no token). */
export function parsePendingInvite(raw: string | null | undefined): PendingInvite | undefined {
  if (!raw) return undefined;
  try {
    const parsed = pendingInvite.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}
