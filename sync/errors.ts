import { ApplicationError } from '@rocicorp/zero';

/** Error codes a client may branch on. Messages never reveal whether a hidden record exists. */
export const ErrorCode = {
  unauthenticated: 'unauthenticated',
  forbidden: 'forbidden',
  notFound: 'not_found',
  invalid: 'invalid',
  /** A create whose client-chosen id is already taken: creates never overwrite. */
  conflict: 'conflict',
  /** A field someone else changed since the editor read it (sync/conflict.ts). */
  changed: 'changed',
  /** A plan limit: no supporter spot left (sync/plan-limits.ts). */
  circleFull: 'circle_full',
  /** A plan limit: the media would take the library past its storage (sync/plan-limits.ts). */
  libraryFull: 'library_full',
  /** A failure nobody foresaw: the details are in the server's log, never in the answer. */
  internal: 'internal',
  // An invite link that no longer works, and the refusals of accepting one (sync/invite.ts).
  inviteExpired: 'invite_expired',
  inviteAccepted: 'invite_accepted',
  inviteDeclined: 'invite_declined',
  inviteUsed: 'invite_used',
  inviteGone: 'invite_gone',
  selfSupport: 'self_support',
  ownInvite: 'own_invite',
  mergeAccounts: 'merge_accounts',
  alreadyConnected: 'already_connected',
  // Accounts and sign-in (sync/account.ts), and "My data" (sync/my-data.ts).
  emailTaken: 'email_taken',
  /** SimpleWebAuthn's own name for it, which the browser's passkey code reads (web/passkeys.ts). */
  passkeyRegistered: 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED',
  passkeyNotFound: 'passkey_not_found',
  decideFirst: 'decide_first',
  alreadyAsked: 'already_asked',
  notAsked: 'not_asked',
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

export const errorMessages: Record<ErrorCode, string> = {
  unauthenticated: 'You must be logged in to view this page',
  forbidden: 'You do not have permission to do that.',
  not_found: 'We could not find that.',
  invalid: 'Please check what you entered.',
  conflict: 'This has already been created. Please reload and try again.',
  changed: 'Someone else changed this while you were editing. Choose which to keep.',
  circle_full: 'Your Circle of Support is full!',
  library_full: 'Your library is full!',
  internal: 'Sorry, something went wrong. Please try again.',
  invite_expired: 'This invite has expired. Ask the person who invited you for a new one.',
  invite_accepted: 'Someone has already said yes to this invite. Each invite link works once.',
  invite_declined: 'This invite was declined. Ask the person who invited you for a new one.',
  invite_used: 'This invite has already been used. Each invite link works once.',
  invite_gone: 'What this invite shared is no longer available.',
  // Spec §8.
  self_support: 'You cannot be set as your own supporter',
  own_invite: 'This is your own invite. Send the link to the person you want to share with.',
  // Spec §8.
  merge_accounts: 'We are not yet able to combine accounts.',
  already_connected: 'You are already in this person’s Circle of Support.',
  email_taken: 'There is already an account for this e-mail address. Please sign in instead.',
  ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED: 'This passkey is already set up.',
  passkey_not_found: 'We could not find that passkey.',
  decide_first:
    'Please decide first what happens to the people you look after whom nobody else could reach.',
  already_asked: 'Your account is already set to be deleted.',
  not_asked: 'Your account is not set to be deleted.',
};

/** The code a refusal carries in its details (see appError), if any. */
export function codeOf(details: unknown): string | undefined {
  return typeof details === 'object' && details !== null && 'code' in details
    ? String(details.code)
    : undefined;
}

export function appError(
  code: ErrorCode,
  message: string = errorMessages[code],
  extra?: Record<string, ReadonlyJSON>,
) {
  return new ApplicationError(message, { details: { ...extra, code } });
}

type ReadonlyJSON =
  | string
  | number
  | boolean
  | null
  | readonly ReadonlyJSON[]
  | { readonly [key: string]: ReadonlyJSON };
