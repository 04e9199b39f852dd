/**
 * An invite link's token: 256 random bits in the link, only its SHA-256 in
 * `private.invite_token`, so a copy of the database opens no invite.
 */
import { randomBytes } from 'node:crypto';
import { hashToken } from '../auth/sessions.ts';

/** A new token for a link, and the hash that is stored. */
export function newInviteToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: hashToken(token) };
}

/** The hash a presented token is looked up by. */
export const inviteTokenHash = hashToken;

/** The link an invite is opened by. */
export function inviteUrl(publicUrl: string, id: string, token: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/invite/${id}/${token}`;
}
