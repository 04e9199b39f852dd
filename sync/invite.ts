/**
 * Invites (spec §3 Invite, §4 Invite, §8 Merge accounts / Self support): the
 * change table, and what the API and the web app share.
 *
 * `inviteServerChanges` holds every invite write: create, withdraw, accept,
 * decline, each with its permission, its rules (the Circle's plan limit, no
 * inviting oneself, one account per address) and the history it writes.
 * They are server-only: the link's token lives hashed in
 * `private.invite_token`, which no client holds, and creating one sends mail.
 * The REST edge (api/invites/) hashes the token, runs the change, and sends
 * the mail in the change's transaction. Also here: the request/response
 * shapes, the refusal texts (the browser shows the server's words), and a
 * synced query of a person's open invites.
 */
import { defineQuery, type Row, type Transaction } from '@rocicorp/zero';
import { z } from 'zod';
import { ACCESS_LEVELS, type AccessLevel, INVITE_KINDS, type InviteKind } from '../schema/enums.ts';
import { zql } from '../schema/zero-schema.gen.ts';
import { defineChange, type HistoryEntry, historyEntry, madeBy } from './change.ts';
import { assertLinkEnd } from './circle.ts';
import { appError, errorMessages } from './errors.ts';
import { itemId as id, itemId as personId } from './ids.ts';
import { formalName } from './names.ts';
import { INVITE_ID_MAX, INVITE_TOKEN_LENGTH } from './pending-invite.ts';
import { isAdministrator, libraryAccess, readableInvites, requireAuth } from './permissions.ts';
import { lockRows } from './pipeline.ts';
import { assertSupporterSpot } from './plan-limits.ts';
import { emailAddress } from './validation.ts';

export * from './pending-invite.ts';

export const inviteIdSchema = z.string().min(1).max(INVITE_ID_MAX);
export const inviteTokenSchema = z
  .string()
  .min(INVITE_TOKEN_LENGTH.min)
  .max(INVITE_TOKEN_LENGTH.max);

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
  selfSupport: errorMessages.self_support,
  mergeAccounts: errorMessages.merge_accounts,
  // Link states.
  notFound:
    'We could not find this invite. Check that the link is complete, or ask the person who invited you for a new one.',
  expired: errorMessages.invite_expired,
  accepted: errorMessages.invite_accepted,
  declined: errorMessages.invite_declined,
  used: errorMessages.invite_used,
  gone: errorMessages.invite_gone,
  // Refusals.
  alreadyConnected: errorMessages.already_connected,
  ownInvite: errorMessages.own_invite,
  notAdministrator: 'Only the person themselves or their administrator can invite people.',
  targetNotFound: 'We could not find that.',
  kind: 'Please choose what the invite is for.',
  accessLevel: 'Please choose an access level for the Supporter.',
  target: 'Please choose what to share.',
  days: `An invite can last from 1 to ${INVITE_MAX_DAYS} days.`,
  accessEnds: 'accessEndsAt must be an ISO date-time.',
  accessEndsOnlySupporter: 'Only a Supporter invite can give access that ends by itself.',
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
    /** Supporter invites: when the access it gives ends by itself (ISO date-time). */
    accessEndsAt: z.iso.datetime({ offset: true, message: inviteErrors.accessEnds }).optional(),
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
    if (v.accessEndsAt && v.kind !== 'Supporter') {
      ctx.addIssue({
        code: 'custom',
        path: ['accessEndsAt'],
        message: inviteErrors.accessEndsOnlySupporter,
      });
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
  /** When the access it gives ends by itself, or null. */
  accessEndsAt: z.string().nullable(),
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

// ---------------------------------------------------------------------------
// Words
// ---------------------------------------------------------------------------

type Named = Pick<Row['person'], 'fullName' | 'firstName' | 'lastName' | 'knownAs'>;

/** The name a person goes by for someone who may not know them yet. */
export function displayName(p: Named) {
  return formalName(p) || 'Someone';
}

/** "to join Tui Brown’s Circle of Support as a Supporter with General access", and so on. */
export function whatFor(
  kind: InviteKind,
  name: string,
  level: AccessLevel | null,
  title: string | null,
) {
  switch (kind) {
    case 'Supporter':
      return `to join ${name}’s Circle of Support as a Supporter with ${level ?? 'General'} access`;
    case 'Profile':
      return `to view ${name}’s profile`;
    case 'Preference':
      return title
        ? `to view ${name}’s preference “${title}”`
        : `to view one of ${name}’s preferences`;
    case 'PreferenceCategory':
      return title
        ? `to view ${name}’s preferences in “${title}”`
        : `to view ${name}’s preferences in one category`;
    case 'Person':
      return 'to join Preference Bank and look after your own preferences';
    case 'User':
      return 'to join Preference Bank';
  }
}

// ---------------------------------------------------------------------------
// Reads the changes and the API share
// ---------------------------------------------------------------------------

/** The title of what a Preference / PreferenceCategory invite names, if it is still that person's. */
export async function targetOf(
  tx: Transaction,
  kind: InviteKind,
  personId: string,
  targetId: string | null,
): Promise<{ id: string; title: string } | undefined> {
  if (!targetId) return undefined;
  const row =
    kind === 'Preference'
      ? await tx.run(zql.preference.where('id', targetId).where('personId', personId).one())
      : kind === 'PreferenceCategory'
        ? await tx.run(zql.category.where('id', targetId).where('personId', personId).one())
        : undefined;
  return row ? { id: row.id, title: row.title } : undefined;
}

/** The e-mail addresses that are these people's own: their sign-in and contact addresses. */
async function addressesOf(tx: Transaction, people: string[]): Promise<Set<string>> {
  const [users, details] = await Promise.all([
    tx.run(zql.user.where('personId', 'IN', people)),
    tx.run(zql.personDetail.where('personId', 'IN', people)),
  ]);
  return new Set(
    [...users.map((u) => u.email), ...details.map((d) => d.email)]
      .filter((e): e is string => !!e)
      .map((e) => e.toLowerCase()),
  );
}

/** Only the server holds the token table and sends the mail: its database, or a refusal. */
function serverDb(tx: Transaction) {
  if (tx.location !== 'server') throw appError('forbidden');
  return tx.dbTransaction;
}

/**
 * The invite a link names, if its token matches and it still works: a
 * missing invite and a wrong token look the same (not_found); a link that no
 * longer works says why. `lock` queues concurrent answers to one invite, so
 * that only one wins.
 */
export async function openInvite(
  tx: Transaction,
  args: { id: string; tokenHash: string },
  lock: boolean,
): Promise<Row['invite']> {
  const [token] = [
    ...(await serverDb(tx).query(
      `SELECT t.used_at FROM invite i JOIN private.invite_token t ON t.invite_id = i.id
        WHERE i.id = $1 AND t.token_hash = $2${lock ? ' FOR UPDATE' : ''}`,
      [args.id, args.tokenHash],
    )),
  ];
  const row = token && (await tx.run(zql.invite.where('id', args.id).one()));
  if (!row) throw appError('not_found', inviteErrors.notFound);
  if (row.acceptedAt !== null) throw appError('invite_accepted');
  if (row.declinedAt !== null) throw appError('invite_declined');
  if (token.used_at !== null) throw appError('invite_used');
  if (row.expiresAt <= Date.now()) throw appError('invite_expired');
  return row;
}

// ---------------------------------------------------------------------------
// Changes
// ---------------------------------------------------------------------------

/** The SHA-256 of the link's token, as the API computes it (base64url or hex). */
const tokenHash = z.string().min(32).max(128);

export const inviteCreateArgs = z.object({
  id,
  personId: id,
  tokenHash,
  /** When the link stops working (ms). */
  expiresAt: z.number().int(),
  invite: inviteCreateBody,
});
export const inviteWithdrawArgs = z.object({ personId: id, id: inviteIdSchema });
export const inviteAnswerArgs = z.object({ id: inviteIdSchema, tokenHash });
export const inviteAcceptArgs = inviteAnswerArgs.extend({
  /** The id of the supporter link a Supporter invite makes. */
  supporterLinkId: id,
});

/** Only the person themselves or their Administrator invites people and withdraws invites. */
async function assertInviter(tx: Transaction, ctx: Parameters<typeof requireAuth>[0], of: string) {
  const me = requireAuth(ctx);
  if (!isAdministrator(await libraryAccess(tx, me, of))) {
    throw appError('forbidden', inviteErrors.notAdministrator);
  }
  return me;
}

async function personOf(tx: Transaction, personId: string) {
  return tx.run(zql.person.where('id', personId).one());
}

export const inviteServerChanges = {
  /**
   * A new invite of `personId`'s, and its link's token (hashed). Refuses an
   * item that is not this person's (as not found), an address that is the
   * inviter's or the person's own (self_support), and a Supporter invite when
   * the Circle is full (circle_full).
   */
  create: defineChange(inviteCreateArgs, async (tx, ctx, args) => {
    const db = serverDb(tx);
    const me = await assertInviter(tx, ctx, args.personId);
    const { kind, email } = args.invite;
    const owner = await personOf(tx, args.personId);
    if (!owner) throw appError('not_found', inviteErrors.targetNotFound);
    // Hidden and missing look the same: only this person's own items can be named.
    const target = await targetOf(tx, kind, args.personId, args.invite.targetId ?? null);
    if (TARGET_KINDS.includes(kind) && !target) {
      throw appError('not_found', inviteErrors.targetNotFound);
    }
    if (email && (await addressesOf(tx, [me.personId, args.personId])).has(email)) {
      throw appError('self_support');
    }
    if (kind === 'Supporter') await assertSupporterSpot(tx, args.personId);
    const level = kind === 'Supporter' ? (args.invite.accessLevel ?? null) : null;
    const accessEndsAt = args.invite.accessEndsAt ? Date.parse(args.invite.accessEndsAt) : null;
    if (accessEndsAt !== null) assertLinkEnd(accessEndsAt, Date.now());
    await tx.mutate.invite.insert({
      id: args.id,
      personId: args.personId,
      kind,
      accessLevel: level,
      targetId: target?.id ?? null,
      email: email ?? null,
      expiresAt: args.expiresAt,
      accessEndsAt,
      acceptedAt: null,
      acceptedBy: null,
      declinedAt: null,
      createdBy: me.personId,
      createdAt: Date.now(),
    });
    await db.query('INSERT INTO private.invite_token (invite_id, token_hash) VALUES ($1, $2)', [
      args.id,
      args.tokenHash,
    ]);
    const what = whatFor(kind, displayName(owner), level, target?.title ?? null);
    return historyEntry(
      'Create',
      'Invite',
      args,
      `Invited someone ${what}${email ? ` by e-mail (${email})` : ' with a link'}`,
    );
  }),

  /** Withdraws an invite of `personId`'s: its link stops working, and any guest access it gave ends. */
  withdraw: defineChange(inviteWithdrawArgs, async (tx, ctx, args) => {
    serverDb(tx);
    await assertInviter(tx, ctx, args.personId);
    const row = await tx.run(
      zql.invite.where('id', args.id).where('personId', args.personId).one(),
    );
    if (!row) throw appError('not_found', inviteErrors.targetNotFound);
    // The token goes with it (ON DELETE CASCADE).
    await tx.mutate.invite.delete({ id: row.id });
    return historyEntry('Delete', 'Invite', row, `Withdrew a ${row.kind} invite`);
  }),

  /**
   * Accepts an invite for the signed-in caller: the token is marked used, the
   * invite accepted, and for a Supporter invite the supporter link made, in
   * one transaction. Refuses one's own invite, an invite sent to an address
   * of another account (merge_accounts), a second link to the same person, a
   * full Circle, and an invite whose item is gone.
   */
  accept: defineChange(inviteAcceptArgs, async (tx, ctx, args) => {
    const me = requireAuth(ctx);
    const row = await openInvite(tx, args, true);
    if (row.personId === me.personId) {
      throw appError(row.kind === 'Supporter' ? 'self_support' : 'own_invite');
    }
    if (row.email) {
      const other = await tx.run(zql.user.where('email', row.email.toLowerCase()).one());
      if (other && other.id !== me.userID) throw appError('merge_accounts');
    }
    if (!(await personOf(tx, row.personId))) throw appError('not_found', inviteErrors.notFound);
    const name = displayName((await personOf(tx, me.personId)) ?? NO_NAME);
    const now = Date.now();
    const entries: HistoryEntry[] = [];

    if (row.kind === 'Supporter') {
      const existing = await tx.run(
        zql.supporterLink
          .where('supporterId', me.personId)
          .where('supportedId', row.personId)
          .one(),
      );
      if (existing) throw appError('already_connected');
      // One accept at a time per Decision Maker, so two invites cannot both take the last spot.
      await lockRows(tx, 'SELECT 1 FROM person WHERE id = $1 FOR UPDATE', [row.personId]);
      await assertSupporterSpot(tx, row.personId);
      const level = row.accessLevel ?? 'General';
      // The access it offered has ended already: nothing to join.
      if (row.accessEndsAt != null && row.accessEndsAt <= now) throw appError('invite_expired');
      await tx.mutate.supporterLink.insert({
        id: args.supporterLinkId,
        supporterId: me.personId,
        supportedId: row.personId,
        accessLevel: level,
        endsAt: row.accessEndsAt ?? null,
        ...madeBy(me.personId, now),
      });
      entries.push(
        historyEntry(
          'Create',
          'SupporterLink',
          { id: args.supporterLinkId, personId: row.personId },
          `${name} joined the Circle of Support as a Supporter with ${level} access`,
        ),
      );
    } else if (TARGET_KINDS.includes(row.kind)) {
      if (!(await targetOf(tx, row.kind, row.personId, row.targetId))) {
        throw appError('invite_gone');
      }
    }

    await useToken(tx, row.id);
    await tx.mutate.invite.update({ id: row.id, acceptedAt: now, acceptedBy: me.personId });
    const guest = GUEST_KINDS.includes(row.kind) ? ' (view only)' : '';
    entries.push(
      historyEntry('Modify', 'Invite', row, `${name} accepted a ${row.kind} invite${guest}`),
    );
    return entries;
  }),

  /** Declines an invite, signed in or not: the link stops working. */
  decline: defineChange(inviteAnswerArgs, async (tx, ctx, args) => {
    const row = await openInvite(tx, args, true);
    await useToken(tx, row.id);
    await tx.mutate.invite.update({ id: row.id, declinedAt: Date.now() });
    const who = ctx && (await personOf(tx, ctx.personId));
    return historyEntry(
      'Modify',
      'Invite',
      row,
      who
        ? `${displayName(who)} declined a ${row.kind} invite`
        : `A ${row.kind} invite was declined`,
    );
  }),
};

const NO_NAME: Named = { fullName: null, firstName: null, lastName: null, knownAs: null };

async function useToken(tx: Transaction, inviteId: string) {
  await serverDb(tx).query('UPDATE private.invite_token SET used_at = now() WHERE invite_id = $1', [
    inviteId,
  ]);
}
