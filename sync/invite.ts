/**
 * Invites (spec §3 Invite, §4 Invite): what the API and the web app share.
 *
 * The REST endpoints live in api/invites.ts; the token's hash is server-only
 * (private.invite_token). Here: the request/response shapes, the refusal texts
 * (the browser shows the server's words), and a synced query of a person's open
 * invites for the Decision Maker and their administrators.
 */
import { defineQuery } from '@rocicorp/zero';
import { z } from 'zod';
import { ACCESS_LEVELS, INVITE_KINDS, type InviteKind } from '../schema/enums.ts';
import { inviteTokenSchema } from './pending-invite.ts';
import { readableInvites } from './permissions.ts';
import { emailAddress } from './validation.ts';

export * from './pending-invite.ts';

/** An invite lasts this many days unless the inviter says otherwise (1 to 30). */
export const INVITE_DEFAULT_DAYS = 14;
export const INVITE_MAX_DAYS = 30;

/** Kinds whose invite names one item of the library. */
export const TARGET_KINDS: readonly InviteKind[] = ['Preference', 'PreferenceCategory'];
/** Kinds whose acceptance grants read-only guest access (DESIGN.md §3). */
export const GUEST_KINDS: readonly InviteKind[] = ['Profile', 'Preference', 'PreferenceCategory'];

/** Texts of the invite endpoints. Spec §8 texts are copied exactly. */
export const inviteErrors = {
  // Spec §8.
  selfSupport: 'You cannot be set as your own supporter',
  mergeAccounts: 'We are not yet able to combine accounts.',
  // Link states.
  notFound:
    'We could not find this invite. Check that the link is complete, or ask the person who invited you for a new one.',
  expired: 'This invite has expired. Ask the person who invited you for a new one.',
  accepted: 'This invite has already been accepted. Each invite link works once.',
  declined: 'This invite was declined. Ask the person who invited you for a new one.',
  used: 'This invite has already been used. Each invite link works once.',
  gone: 'What this invite shared is no longer available.',
  // Refusals.
  alreadyConnected: 'You are already in this person’s Circle of Support.',
  ownInvite: 'This is your own invite. Send the link to the person you want to share with.',
  notAdministrator: 'Only the person themselves or their administrator can invite people.',
  targetNotFound: 'We could not find that.',
  kind: 'Please choose what the invite is for.',
  accessLevel: 'Please choose an access level for the Supporter.',
  target: 'Please choose what to share.',
  days: `An invite can last from 1 to ${INVITE_MAX_DAYS} days.`,
  token: 'This invite link is not complete.',
  mailFailed:
    'We could not send the invite e-mail. Please try again, or create a link to share instead.',
  loggedOut: 'You must be logged in to view this page',
} as const;

export const inviteCreateBody = z
  .object({
    kind: z.enum(INVITE_KINDS, { message: inviteErrors.kind }),
    accessLevel: z.enum(ACCESS_LEVELS, { message: inviteErrors.accessLevel }).optional(),
    targetId: z.string().min(1, inviteErrors.target).max(64, inviteErrors.target).optional(),
    email: emailAddress.optional(),
    expiresInDays: z
      .number({ message: inviteErrors.days })
      .int(inviteErrors.days)
      .min(1, inviteErrors.days)
      .max(INVITE_MAX_DAYS, inviteErrors.days)
      .optional(),
  })
  .strict()
  .superRefine((v, ctx) => {
    if (v.kind === 'Supporter' && !v.accessLevel) {
      ctx.addIssue({ code: 'custom', path: ['accessLevel'], message: inviteErrors.accessLevel });
    }
    if (TARGET_KINDS.includes(v.kind) && !v.targetId) {
      ctx.addIssue({ code: 'custom', path: ['targetId'], message: inviteErrors.target });
    }
  });
export type InviteCreateBody = z.input<typeof inviteCreateBody>;

export const inviteCreated = z.object({
  id: z.string(),
  url: z.string(),
  expiresAt: z.string(),
});
export type InviteCreated = z.infer<typeof inviteCreated>;

export const inviteTokenBody = z.object({ token: inviteTokenSchema }).strict();

/** GET /api/invites/{id}?token= — an open invite, as its recipient sees it. */
export const inviteView = z.object({
  id: z.string(),
  kind: z.enum(INVITE_KINDS),
  accessLevel: z.enum(ACCESS_LEVELS).nullable(),
  /** The Decision Maker who shares. */
  personId: z.string(),
  person: z.object({ name: z.string() }),
  /** Who created the invite: the Decision Maker or their administrator. */
  inviter: z.object({ name: z.string() }),
  target: z.object({ id: z.string(), title: z.string() }).nullable(),
  expiresAt: z.string(),
  state: z.literal('open'),
});
export type InviteView = z.infer<typeof inviteView>;

/** POST /api/invites/{id}/accept. */
export const inviteAccepted = z.object({
  id: z.string(),
  kind: z.enum(INVITE_KINDS),
  personId: z.string(),
  accessLevel: z.enum(ACCESS_LEVELS).nullable(),
  targetId: z.string().nullable(),
  supporterLinkId: z.string().nullable(),
});
export type InviteAccepted = z.infer<typeof inviteAccepted>;

/** GET /api/people/{personId}/invites/accepted — the connections a person made through invites. */
export const acceptedInvites = z.array(
  z.object({
    id: z.string(),
    kind: z.enum(INVITE_KINDS),
    accessLevel: z.enum(ACCESS_LEVELS).nullable(),
    personId: z.string(),
    person: z.object({ name: z.string() }),
    target: z.object({ id: z.string(), title: z.string() }).nullable(),
    acceptedAt: z.string(),
  }),
);
export type AcceptedInvite = z.infer<typeof acceptedInvites>[number];

const personId = z.string().min(1).max(64);

export const inviteQueries = {
  /**
   * A person's invites that are still waiting for an answer (not accepted, not
   * declined; the caller hides the expired ones), newest first. Readable by the
   * person themselves and by an Administrator of theirs inside a support session.
   * `email` is the address it was sent to; the token never leaves the server.
   */
  open: defineQuery(z.object({ personId }), ({ args, ctx }) =>
    readableInvites(ctx)
      .where('personId', args.personId)
      .where('acceptedAt', 'IS', null)
      .where('declinedAt', 'IS', null)
      .orderBy('createdAt', 'desc')
      .orderBy('id', 'desc'),
  ),
};
