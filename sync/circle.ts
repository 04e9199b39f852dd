/**
 * Circle of Support: synced queries and changes of supporter links.
 *
 * Read rule (DESIGN.md §3): a link is readable by the two people on it, and by
 * an Administrator of the supported person while that Administrator is in an
 * active support session. A supporter without a session therefore sees only
 * their own link (and, through it, the Decision Maker's name).
 *
 * Write rules, re-checked on the server inside the mutation's transaction:
 * - change a level: the supported person, or their Administrator in session;
 *   nobody changes the level of their own link;
 * - remove a link: anyone who may read it (either side, or an Administrator in
 *   session). Removing first ends the link's active support session;
 * - set or clear the time a link ends by itself: as for a level. When the time
 *   comes, the API's sweep removes the link as a removal would
 *   (`endExpiredLinks`), so every open screen of the supporter loses the
 *   library at once.
 *
 * The same functions serve the Zero mutators and the REST handlers (api/routes/circle.ts).
 */
import { defineQuery, type Row, type Transaction } from '@rocicorp/zero';
import { z } from 'zod';
import { ACCESS_LEVELS, type AccessLevel } from '../schema/enums.ts';
import { zql } from '../schema/zero-schema.gen.ts';
import { defineChange, type HistoryEntry, historyEntry } from './change.ts';
import type { AuthContext } from './context.ts';
import { appError } from './errors.ts';
import { itemId as id } from './ids.ts';
import { personName } from './names.ts';
import {
  isAdministrator,
  type LibraryAccess,
  libraryAccess,
  readableLinks,
  requireAuth,
  touchSession,
} from './permissions.ts';

/** Why a support session ended when its link was removed. */
export const CONNECTION_REMOVED = 'connection removed';
/** Why a support session ended when its link reached its set end. */
export const ACCESS_ENDED = 'access ended at its set time';

/** The furthest a link's end may be set ahead: two years. */
export const LINK_END_MAX_MS = 2 * 365 * 24 * 60 * 60 * 1000;

/** Refusals the interface shows as they are (never telling whether a hidden link exists). */
export const circleErrors = {
  notFound: 'We could not find that connection.',
  ownLevel: 'You cannot change your own access level.',
  notManager:
    'Only the person themselves or their Administrator in a support session can change access levels.',
  ownEnd: 'You cannot set when your own access ends.',
  endInPast: 'Choose a time that is still to come.',
  endTooFar: 'Choose a time within the next two years.',
} as const;

// ---------------------------------------------------------------------------
// Queries
// ---------------------------------------------------------------------------

export const circleListArgs = z.object({ personId: id });
export const circleLinkArgs = z.object({ personId: id, id });

export const circleQueries = {
  /** The supporters of `personId` (the Circle list), each with the supporter person. */
  supporters: defineQuery(circleListArgs, ({ args, ctx }) =>
    readableLinks(ctx)
      .where('supportedId', args.personId)
      .related('supporter')
      .orderBy('createdAt', 'asc')
      .orderBy('id', 'asc'),
  ),
  /** The people `personId` supports, each with the supported person. */
  supported: defineQuery(circleListArgs, ({ args, ctx }) =>
    readableLinks(ctx)
      .where('supporterId', args.personId)
      .related('supported')
      .orderBy('createdAt', 'asc')
      .orderBy('id', 'asc'),
  ),
  /** One link of `personId`'s Circle (`/supporters/{id}`). */
  supporterLink: defineQuery(circleLinkArgs, ({ args, ctx }) =>
    readableLinks(ctx)
      .where('supportedId', args.personId)
      .where('id', args.id)
      .related('supporter')
      .one(),
  ),
  /** One person `personId` supports (`/supporting/{id}`). */
  supportedLink: defineQuery(circleLinkArgs, ({ args, ctx }) =>
    readableLinks(ctx)
      .where('supporterId', args.personId)
      .where('id', args.id)
      .related('supported')
      .one(),
  ),
  /**
   * The signed-in person's own link to `personId`, with its active session if
   * any: tells the interface whether they may manage that person's Circle.
   */
  myLink: defineQuery(circleListArgs, ({ args, ctx }) =>
    readableLinks(ctx)
      .where('supporterId', ctx?.personId ?? '')
      .where('supportedId', args.personId)
      .related('sessions', (s) => s.where('endedAt', 'IS', null).limit(1))
      .one(),
  ),
};

// ---------------------------------------------------------------------------
// Writes shared by the Zero mutators and REST
// ---------------------------------------------------------------------------

/**
 * Which side of the link the caller named (REST paths carry it): a link of
 * another person is "not found". Optional for every caller.
 */
const linkScope = { supportedId: id.optional(), supporterId: id.optional() };
type LinkScope = { supportedId?: string | undefined; supporterId?: string | undefined };

export const updateLevelArgs = z.object({ id, accessLevel: z.enum(ACCESS_LEVELS), ...linkScope });
export type UpdateLevelArgs = z.input<typeof updateLevelArgs>;

export const removeLinkArgs = z.object({ id, ...linkScope });
export type RemoveLinkArgs = z.input<typeof removeLinkArgs>;

/** A link's end (ms) must be still to come, and within LINK_END_MAX_MS of `now`. */
export function assertLinkEnd(endsAt: number, now: number) {
  if (endsAt <= now) throw appError('invalid', circleErrors.endInPast);
  if (endsAt > now + LINK_END_MAX_MS) throw appError('invalid', circleErrors.endTooFar);
}

/** `endsAt`: epoch milliseconds, or null for a link that does not end by itself. */
export const setLinkEndArgs = z.object({
  id,
  endsAt: z.number().int().positive().nullable(),
  ...linkScope,
});
export type SetLinkEndArgs = z.input<typeof setLinkEndArgs>;

type Link = Row['supporterLink'];

/** The caller may read the link: one of its two people, or an Administrator of the supported person in session. */
function mayRead(link: Link, me: AuthContext, access: LibraryAccess): boolean {
  return (
    link.supporterId === me.personId || link.supportedId === me.personId || isAdministrator(access)
  );
}

function inScope(link: Link, scope: LinkScope | undefined): boolean {
  if (scope?.supportedId !== undefined && scope.supportedId !== link.supportedId) return false;
  if (scope?.supporterId !== undefined && scope.supporterId !== link.supporterId) return false;
  return true;
}

/** A supporter acting in session keeps the session alive. */
/**
 * Reads a link the caller may see, on the server; on the client, the synced
 * row or undefined (the server then decides). Throws not_found otherwise.
 */
async function readLink(
  tx: Transaction,
  me: AuthContext,
  linkId: string,
  scope: LinkScope | undefined,
): Promise<{ link: Link; access: LibraryAccess } | undefined> {
  const link = await tx.run(zql.supporterLink.where('id', linkId).one());
  if (tx.location === 'client') {
    // A client only holds what it has synced; the server decides.
    if (!link) return undefined;
    return { link, access: { kind: 'none', write: false } };
  }
  if (!link || !inScope(link, scope)) throw appError('not_found', circleErrors.notFound);
  const access = await libraryAccess(tx, me, link.supportedId);
  // Missing and hidden look the same: the answer never tells whether it exists.
  if (!mayRead(link, me, access)) throw appError('not_found', circleErrors.notFound);
  return { link, access };
}

/** "Sam Tane" in Circle history, or a neutral word when the person has no name. */
export function supporterName(p: Parameters<typeof personName>[0]): string {
  return personName(p) || 'a supporter';
}

/** Human-readable level names, for history messages. */
export const levelNames: Record<AccessLevel, string> = {
  General: 'General',
  Restricted: 'Restricted',
  Administrator: 'Administrator',
};

/** History messages of Circle changes. */
export const circleHistoryMessages = {
  levelChanged: (name: string, from: AccessLevel, to: AccessLevel) =>
    `Changed ${name}’s access level from ${levelNames[from]} to ${levelNames[to]}`,
  removed: (name: string) => `Removed ${name} from the Circle of Support`,
  endSet: (name: string) => `Set a time for ${name}’s access to end`,
  endCleared: (name: string) => `Removed the end time of ${name}’s access`,
  ended: (name: string) => `${name}’s access ended at its set time`,
  sessionEnded: (name: string) => `Ended ${name}’s support session: connection removed`,
  sessionEndedAtTime: (name: string) =>
    `${name}’s support session ended: their access reached its set end`,
  profileCreated: (name: string) => `Created a profile for ${name}`,
  /** Said of the one who made the profile: “Ana joined …”, and to her “You joined …”. */
  supporterAdded: 'Joined the Circle of Support as Administrator',
  detailsChanged: 'Changed personal details',
  roleChanged: (role: string) => `Changed their role to ${role}`,
  finishedOnboarding: 'Finished getting started',
} as const;

async function nameOf(tx: Transaction, personId: string) {
  return supporterName(await tx.run(zql.person.where('id', personId).one()));
}

/**
 * Changes a link's access level, or throws: not_found (missing or hidden),
 * forbidden (own link, or not a manager of the supported person).
 */
export const updateLinkLevel = defineChange(updateLevelArgs, async (tx, ctx, args) => {
  const me = requireAuth(ctx);
  const found = await readLink(tx, me, args.id, args);
  if (!found) return undefined;
  const { link, access } = found;
  // Nobody may change their own link's level (checked on the client too: the row is there).
  if (link.supporterId === me.personId) throw appError('forbidden', circleErrors.ownLevel);
  if (tx.location === 'server' && !isAdministrator(access)) {
    throw appError('forbidden', circleErrors.notManager);
  }
  if (link.accessLevel === args.accessLevel) return undefined;
  await tx.mutate.supporterLink.update({
    id: link.id,
    accessLevel: args.accessLevel,
    updatedAt: Date.now(),
    updatedBy: me.personId,
  });
  if (tx.location !== 'server') return undefined;
  await touchSession(tx, access);
  // `access`: the supporter is told of their new level (sync/handover.ts).
  return {
    ...historyEntry(
      'Modify',
      'SupporterLink',
      { id: link.id, personId: link.supportedId },
      circleHistoryMessages.levelChanged(
        await nameOf(tx, link.supporterId),
        link.accessLevel,
        args.accessLevel,
      ),
    ),
    access: 'General',
  };
});

/**
 * Removes a link after ending its active support sessions (each one a history
 * event of its own), or throws not_found.
 */
export const removeLink = defineChange(removeLinkArgs, async (tx, ctx, args) => {
  const me = requireAuth(ctx);
  const found = await readLink(tx, me, args.id, args);
  if (!found) return undefined;
  const { link, access } = found;
  const active = await tx.run(
    zql.supportSession.where('supporterLinkId', link.id).where('endedAt', 'IS', null),
  );
  const now = Date.now();
  for (const s of active) {
    await tx.mutate.supportSession.update({
      id: s.id,
      endedAt: now,
      endedReason: CONNECTION_REMOVED,
    });
  }
  // An Administrator removing someone else's link keeps their own session alive.
  if (tx.location === 'server' && access.kind === 'supporter' && link.supporterId !== me.personId) {
    await touchSession(tx, access);
  }
  await tx.mutate.supporterLink.delete({ id: link.id });
  if (tx.location !== 'server') return undefined;
  const name = await nameOf(tx, link.supporterId);
  return [
    ...active.map(
      (s): HistoryEntry => ({
        personId: link.supportedId,
        type: 'SessionFinish',
        relatedType: 'SupportSession',
        relatedId: s.id,
        message: circleHistoryMessages.sessionEnded(name),
      }),
    ),
    {
      personId: link.supportedId,
      type: 'Delete',
      relatedType: 'SupporterLink',
      relatedId: link.id,
      message: circleHistoryMessages.removed(name),
    },
  ];
});

/**
 * Sets (or clears) the time a link ends by itself, or throws: not_found
 * (missing or hidden), forbidden (own link, or not a manager), invalid (a time
 * gone by, or more than two years ahead, as the server's clock counts).
 */
export const setLinkEnd = defineChange(setLinkEndArgs, async (tx, ctx, args) => {
  const me = requireAuth(ctx);
  const found = await readLink(tx, me, args.id, args);
  if (!found) return undefined;
  const { link, access } = found;
  if (link.supporterId === me.personId) throw appError('forbidden', circleErrors.ownEnd);
  if (tx.location !== 'server') {
    await tx.mutate.supporterLink.update({ id: link.id, endsAt: args.endsAt });
    return undefined;
  }
  if (!isAdministrator(access)) throw appError('forbidden', circleErrors.notManager);
  const now = Date.now();
  if (args.endsAt !== null) assertLinkEnd(args.endsAt, now);
  if ((link.endsAt ?? null) === args.endsAt) return undefined;
  await tx.mutate.supporterLink.update({
    id: link.id,
    endsAt: args.endsAt,
    updatedAt: now,
    updatedBy: me.personId,
  });
  await touchSession(tx, access);
  const name = await nameOf(tx, link.supporterId);
  return historyEntry(
    'Modify',
    'SupporterLink',
    { id: link.id, personId: link.supportedId },
    args.endsAt === null
      ? circleHistoryMessages.endCleared(name)
      : circleHistoryMessages.endSet(name),
  );
});

/** Every change of the Circle (sync/change.ts): Zero mutators and REST both run these. */
export const circleChanges = {
  updateLevel: updateLinkLevel,
  remove: removeLink,
  setEnd: setLinkEnd,
};

/**
 * Removes every link whose set end has come, after ending its active support
 * sessions: a change of the system (no caller), run by the API's sweep
 * (api/sweeps.ts). Written for each link: the session's end and the link's,
 * both in the supported person's history. Returns the history it wrote.
 */
export const endExpiredLinks = defineChange(z.object({}), async (tx) => {
  const now = Date.now();
  const due = await tx.run(zql.supporterLink.where('endsAt', '<=', now));
  const history: HistoryEntry[] = [];
  for (const link of due) {
    const name = await nameOf(tx, link.supporterId);
    const active = await tx.run(
      zql.supportSession.where('supporterLinkId', link.id).where('endedAt', 'IS', null),
    );
    for (const s of active) {
      await tx.mutate.supportSession.update({ id: s.id, endedAt: now, endedReason: ACCESS_ENDED });
      history.push({
        personId: link.supportedId,
        type: 'SessionFinish',
        relatedType: 'SupportSession',
        relatedId: s.id,
        message: circleHistoryMessages.sessionEndedAtTime(name),
      });
    }
    await tx.mutate.supporterLink.delete({ id: link.id });
    history.push({
      personId: link.supportedId,
      type: 'Delete',
      relatedType: 'SupporterLink',
      relatedId: link.id,
      message: circleHistoryMessages.ended(name),
    });
  }
  return history;
});
