/**
 * The one place that says who may read and write what (DESIGN.md §3).
 *
 * Reads are ZQL relationship filters: a supporter reaches a Decision Maker's
 * library only through a supporter link whose level allows the item AND an
 * active support session on that link (`endedAt IS NULL`); a guest reaches
 * what an accepted Preference / PreferenceCategory invite names, read-only. Because the rule is
 * a live filter, ending a session or lowering a level removes rows from an open
 * screen without reconnecting. Writes are assert functions; the server runs
 * them authoritatively inside the mutation's transaction.
 *
 * Every synced query, mutator and REST handler goes through this module.
 */
import type { ExpressionBuilder, Query, Transaction } from '@rocicorp/zero';
import type { Access, AccessLevel } from '../schema/enums.ts';
import { type Schema, zql } from '../schema/zero-schema.gen.ts';
import type { AuthContext, ZeroContext } from './context.ts';
import { appError } from './errors.ts';
import { keepsOwnLibrary, libraryRuleMessages } from './library-rules.ts';

/** Supporter link levels that may read (and, in a session, write) items of each access. */
export const LEVELS_FOR_ACCESS: Record<Access, readonly AccessLevel[]> = {
  General: ['General', 'Restricted', 'Administrator'],
  Restricted: ['Restricted', 'Administrator'],
};

/**
 * The heart of every supporter rule: `me`'s link at one of `levels`, with an
 * active support session on it. Reached from a row's own person
 * (`personLinks`), with the link's equalities before the walk on to its
 * sessions: a plain `where` filters in memory before the `exists` reads
 * anything (docs/decisions/032-supporter-rules-in-one-step.md).
 */
function activeLinkOf(me: string, levels: readonly AccessLevel[]) {
  return (link: Query<'supporterLink'>) =>
    link
      .where('supporterId', me)
      .where('accessLevel', 'IN', [...levels])
      .whereExists('sessions', (s) => s.where('endedAt', 'IS', null));
}

/**
 * A row a mutator needs. Missing on the server: `not_found` (a hidden row
 * looks the same, see assertLibraryWrite). Missing on the client: undefined,
 * and the mutator stops there; a client only holds what it has synced, so
 * the server decides.
 */
export function found<T>(tx: Transaction, row: T | undefined): T | undefined {
  if (row === undefined && tx.location === 'server') throw appError('not_found');
  return row;
}

/** Tables whose rows a client creates with an id of its own choosing. */
type ClientCreated =
  | 'preference'
  | 'category'
  | 'note'
  | 'review'
  | 'media'
  | 'profilePage'
  | 'handoverNote';

/**
 * Before a create: the id the client chose must be new. An insert of an
 * existing key does nothing in Zero, and whatever the create does next
 * (links, history) would then act on someone else's row; so a create never
 * upserts. The check reads every row, not only readable ones: a taken id is
 * refused whoever holds it (ids are random UUIDs: the caller learns only that
 * the id they already hold is taken). On the client the server decides.
 * True for a replayed create already done (see below): the caller stops there.
 */
export async function assertNewId(
  tx: Transaction,
  table: ClientCreated,
  id: string,
  replay?: Record<string, string> | false,
): Promise<boolean> {
  if (tx.location !== 'server') return false;
  const q = zql[table] as unknown as Query<ClientCreated>;
  const [row] = (await tx.run(q.where('id', id).limit(1))) as Record<string, unknown>[];
  if (!row) return false;
  // The outbox sending again a create that had no answer before a reload
  // (web/offline/outbox.ts): when the row is that create's (same author, same
  // place), it is already done and nothing more happens.
  if (replay && Object.entries(replay).every(([k, v]) => row[k] === v)) return true;
  throw appError('conflict');
}

/**
 * What is only ever one's own (a copy of all one's data, deleting one's
 * account): `personId` must be the signed-in person, whoever else may act
 * for them in a support session. Refused as forbidden, in `message`.
 */
export function assertSelf(me: AuthContext, personId: string, message: string) {
  if (me.personId !== personId) throw appError('forbidden', message);
}

export function requireAuth(ctx: ZeroContext): AuthContext {
  if (!ctx) throw appError('unauthenticated');
  return ctx;
}

type Where<T extends keyof Schema['tables'] & string> = ExpressionBuilder<T, Schema>;

/**
 * The rule for one preference row: `me` owns it; or holds an active session on
 * a link whose level allows its access; or is the guest of an accepted invite
 * naming it or one of its categories. One branch per item access, so that no
 * row matches two supporter branches: each row's visibility hangs on exactly
 * one condition, which keeps the live removal after a session ends to one
 * change per row. Notes and media follow their preference through this rule.
 */
export function preferenceReadableBy(me: string, library?: string) {
  // In one's own library the rule is ownership alone: the same rows, without
  // the relationship joins of the other branches (much cheaper to keep live).
  if (library === me) return ({ cmp }: Where<'preference'>) => cmp('personId', '=', me);
  return ({ or, and, cmp, exists }: Where<'preference'>) => {
    const inActiveSession = (levels: readonly AccessLevel[]) =>
      exists('personLinks', activeLinkOf(me, levels));
    return or(
      cmp('personId', '=', me),
      and(cmp('access', '=', 'General'), inActiveSession(LEVELS_FOR_ACCESS.General)),
      and(cmp('access', '=', 'Restricted'), inActiveSession(LEVELS_FOR_ACCESS.Restricted)),
      // A guest: an accepted invite that names this preference, or a category it is in.
      exists('invites', (inv) => inv.where('kind', 'Preference').where('acceptedBy', me)),
      exists('preferenceCategories', (pc) =>
        pc.whereExists('categoryInvites', (inv) =>
          inv.where('kind', 'PreferenceCategory').where('acceptedBy', me),
        ),
      ),
    );
  };
}

/** The rule for one category row: as for preferences, with the category's own access. */
export function categoryReadableBy(me: string, library?: string) {
  if (library === me) return ({ cmp }: Where<'category'>) => cmp('personId', '=', me);
  return ({ or, and, cmp, exists }: Where<'category'>) => {
    const inActiveSession = (levels: readonly AccessLevel[]) =>
      exists('personLinks', activeLinkOf(me, levels));
    return or(
      cmp('personId', '=', me),
      and(cmp('access', '=', 'General'), inActiveSession(LEVELS_FOR_ACCESS.General)),
      and(cmp('access', '=', 'Restricted'), inActiveSession(LEVELS_FOR_ACCESS.Restricted)),
      exists('invites', (inv) => inv.where('kind', 'PreferenceCategory').where('acceptedBy', me)),
    );
  };
}

/**
 * The preferences `ctx` may read; callers narrow and relate from here. Signed
 * out → a query that matches nothing. `library`: the person whose library the
 * caller narrows to (then the caller's own library costs no joins).
 */
export function readablePreferences(ctx: ZeroContext, library?: string) {
  const q = zql.preference;
  if (!ctx) return q.where(({ or }) => or());
  return q.where(preferenceReadableBy(ctx.personId, library));
}

/** The categories `ctx` may read (`library` as for readablePreferences). */
export function readableCategories(ctx: ZeroContext, library?: string) {
  const q = zql.category;
  if (!ctx) return q.where(({ or }) => or());
  return q.where(categoryReadableBy(ctx.personId, library));
}

/**
 * The rule for one media item, once its upload is confirmed: it follows its
 * preference; a photo (no preference) follows the category or person showing
 * it. The library's owner reads all of theirs. An item that is nobody's photo
 * yet is read by no one else.
 */
export function mediaReadableBy(me: string, library?: string) {
  // In one's own library: ownership alone (as preferenceReadableBy).
  if (library === me) {
    return ({ and, cmp }: Where<'media'>) =>
      and(cmp('settledAt', 'IS NOT', null), cmp('personId', '=', me));
  }
  return ({ and, or, cmp, exists }: Where<'media'>) =>
    and(
      cmp('settledAt', 'IS NOT', null),
      or(
        cmp('personId', '=', me),
        exists('preference', (p) => p.where(preferenceReadableBy(me, library))),
        exists('photoOfCategories', (c) => c.where(categoryReadableBy(me, library))),
        exists('photoOfPeople', (p) => p.where(personReadableBy(me))),
      ),
    );
}

/** The media items `ctx` may read (`library` as for readablePreferences). */
export function readableMedia(ctx: ZeroContext, library?: string) {
  const q = zql.media;
  if (!ctx) return q.where(({ or }) => or());
  return q.where(mediaReadableBy(ctx.personId, library));
}

/** The notes `ctx` may read: those of preferences they may read. */
export function readableNotes(ctx: ZeroContext, library?: string) {
  const q = zql.note;
  if (!ctx) return q.where(({ or }) => or());
  const me = ctx.personId;
  return q.whereExists('preference', (p) => p.where(preferenceReadableBy(me, library)));
}

/** People whose basic profile `ctx` may read: themselves and anyone linked to them either way. */
export function readablePeople(ctx: ZeroContext) {
  const q = zql.person;
  if (!ctx) return q.where(({ or }) => or());
  return q.where(personReadableBy(ctx.personId));
}

/**
 * The rule for one person row (readablePeople). Also filters the people
 * related to an item (author, editor, reviewer): reading a preference does not
 * open its author's personal details to someone not linked to them; the
 * screens then show a neutral byline.
 */
export function personReadableBy(me: string) {
  return ({ or, cmp, exists }: Where<'person'>) =>
    or(
      cmp('id', '=', me),
      exists('supporters', (link) => link.where('supporterId', me)),
      exists('supporting', (link) => link.where('supportedId', me)),
      // A guest of an accepted invite sees who shared it.
      exists('invites', (inv) =>
        inv
          .where('kind', 'IN', ['Profile', 'Preference', 'PreferenceCategory'])
          .where('acceptedBy', me),
      ),
    );
}

/**
 * The access `ctx` has to a person's library right now: `write` and the level of
 * the active session's link (or `owner`). Used by mutators and REST handlers.
 */
export type LibraryAccess =
  | { kind: 'owner'; write: true }
  | { kind: 'supporter'; level: AccessLevel; sessionId: string; write: true }
  | { kind: 'none'; write: false };

/** The link from `supporterId` to `supportedId`, with its active session (if any) as `sessions[0]`. */
export function linkWithActiveSession(supporterId: string, supportedId: string) {
  return zql.supporterLink
    .where('supporterId', supporterId)
    .where('supportedId', supportedId)
    .related('sessions', (s) => s.where('endedAt', 'IS', null).limit(1))
    .one();
}

export async function libraryAccess(
  tx: Transaction,
  ctx: AuthContext,
  personId: string,
): Promise<LibraryAccess> {
  if (ctx.personId === personId) return { kind: 'owner', write: true };
  const link = await tx.run(linkWithActiveSession(ctx.personId, personId));
  const session = link?.sessions[0];
  if (!link || !session) return { kind: 'none', write: false };
  return { kind: 'supporter', level: link.accessLevel, sessionId: session.id, write: true };
}

export function accessAllows(access: LibraryAccess, itemAccess: Access): boolean {
  if (access.kind === 'owner') return true;
  if (access.kind === 'none') return false;
  return LEVELS_FOR_ACCESS[itemAccess].includes(access.level);
}

/**
 * The server's check before a change to `personId`'s library: the owner, or a
 * supporter in an active session whose level allows the items the change
 * touches. `existing`: the access of items that are already there (the item
 * changed, its preference, categories it is put in); one the caller may not
 * read is refused as `not_found`, like a missing one, so a refusal never tells
 * whether something exists. A Supporter has no library of their own
 * (keepsOwnLibrary): `forbidden`, except for `ownPhoto`: a change that only
 * adds a picture of the person themselves, belonging to no preference, which
 * everyone may have (it is how the people they support see them).
 * `wanted`: the access the change asks for (a new
 * item's, or an item's new access); more than the level allows is
 * `forbidden`. No way into the library at all is `not_found`. A supporter's
 * change keeps their session alive (sessions end when idle). Returns undefined
 * on the client: it only holds what it has synced, so the server decides.
 */
export async function assertLibraryWrite(
  tx: Transaction,
  ctx: AuthContext,
  personId: string,
  items: { existing?: readonly Access[]; wanted?: readonly Access[]; ownPhoto?: boolean },
): Promise<LibraryAccess | undefined> {
  if (tx.location !== 'server') return undefined;
  const access = await libraryAccess(tx, ctx, personId);
  if (access.kind === 'none') throw appError('not_found');
  if (access.kind === 'owner' && !items.ownPhoto) {
    // The caller's own type came with their session (one statement fewer per change).
    const type = ctx.personType ?? (await tx.run(zql.person.where('id', personId).one()))?.type;
    if (type !== undefined && !keepsOwnLibrary(type)) {
      throw appError('forbidden', libraryRuleMessages.noOwnLibrary);
    }
  }
  if (!(items.existing ?? []).every((a) => accessAllows(access, a))) throw appError('not_found');
  if (!(items.wanted ?? []).every((a) => accessAllows(access, a))) throw appError('forbidden');
  await touchSession(tx, access);
  return access;
}

/**
 * A change made in a support session keeps it alive (ADR 008): its last
 * activity is now. Nothing for the person themselves.
 */
export async function touchSession(tx: Transaction, access: LibraryAccess, now = Date.now()) {
  if (access.kind === 'supporter') {
    await tx.mutate.supportSession.update({ id: access.sessionId, lastActiveAt: now });
  }
}

/**
 * Administrator of a person: the person themselves (when they have no separate
 * administrator) or a supporter whose link is Administrator, inside a session.
 * Administrators see subscription, history and passkey management.
 */
export function isAdministrator(access: LibraryAccess): boolean {
  return (
    access.kind === 'owner' || (access.kind === 'supporter' && access.level === 'Administrator')
  );
}

/**
 * Supporter links `ctx` may read: those they are on, either side, and all of a
 * person's links for their Administrator while in an active session.
 */
export function readableLinks(ctx: ZeroContext) {
  const q = zql.supporterLink;
  if (!ctx) return q.where(({ or }) => or());
  const me = ctx.personId;
  return q.where(({ or, cmp, exists }) =>
    or(
      cmp('supporterId', '=', me),
      cmp('supportedId', '=', me),
      exists('supported', (person) =>
        person.whereExists('supporters', activeLinkOf(me, ['Administrator'])),
      ),
    ),
  );
}

/**
 * Whether `me` takes part in a support session (its supporter or the person
 * supported): the rule of readableSessions, for a row already read (REST).
 */
export function takesPartIn(me: string, s: { supporterId: string; personId: string }): boolean {
  return s.supporterId === me || s.personId === me;
}

/** Support sessions `ctx` may read: their own as supporter, and those in which they are supported. */
export function readableSessions(ctx: ZeroContext) {
  const q = zql.supportSession;
  if (!ctx) return q.where(({ or }) => or());
  const me = ctx.personId;
  return q.where(({ or, cmp }) => or(cmp('supporterId', '=', me), cmp('personId', '=', me)));
}

/** Invites `ctx` may read: their own, and a person's for their Administrator in a session. */
export function readableInvites(ctx: ZeroContext) {
  const q = zql.invite;
  if (!ctx) return q.where(({ or }) => or());
  const me = ctx.personId;
  return q.where(({ or, cmp, exists }) =>
    or(cmp('personId', '=', me), exists('personLinks', activeLinkOf(me, ['Administrator']))),
  );
}

/** What a link level reads (the inverse of LEVELS_FOR_ACCESS). */
export const ACCESSES_FOR_LEVEL: Record<AccessLevel, readonly Access[]> = {
  General: ['General'],
  Restricted: ['General', 'Restricted'],
  Administrator: ['General', 'Restricted'],
};

/**
 * A supported person's library for a supporter who says their level: the
 * person row, present only while `ctx` holds an active session on a link of
 * exactly `level`, with the items that level reads. One permission check for
 * the whole library instead of one per row, so a large library stays quick
 * on a supporter's tablet. Claiming another level than one's own matches
 * nothing; a level changed meanwhile empties the result until the screen asks
 * again with the new one; a session ending empties it, live.
 */
export function supportedLibrary(ctx: ZeroContext, personId: string, level: AccessLevel) {
  const q = zql.person.where('id', personId);
  if (!ctx) return q.where(({ or }) => or());
  return q.whereExists('supporters', activeLinkOf(ctx.personId, [level]));
}

/**
 * The rule for one person's details row (bio, phone, contact e-mail,
 * pronouns): the person themselves, and their Administrator while in an
 * active support session (isAdministrator), the same people REST shows the
 * details to. Everyone else linked to a person reads only their `person` row.
 */
export function personDetailReadableBy(me: string) {
  return personOrAdministrator<'personDetail'>(me);
}

/** Tables of a person's own records, each with `personId` and its `person`. */
type PersonRecords =
  | 'personDetail'
  | 'historyEvent'
  | 'surveyResponse'
  | 'subscription'
  | 'profilePage'
  | 'profilePageItem'
  | 'profileShare';

/**
 * The rule for a person's own records (details, history, check-in answers,
 * subscription): the person, and their Administrator while in an active
 * support session (isAdministrator, as REST decides it). One rule, so the
 * tables it guards cannot drift apart.
 */
function personOrAdministrator<T extends PersonRecords>(me: string) {
  // Every table named has the same two fields; ZQL's builder types one table at a time.
  const rule = ({ or, cmp, exists }: Where<'historyEvent'>) =>
    or(cmp('personId', '=', me), exists('personLinks', activeLinkOf(me, ['Administrator'])));
  return rule as unknown as (eb: Where<T>) => ReturnType<typeof rule>;
}

/**
 * The history events `ctx` may read (the feed of /settings/history, the home
 * page's "what changed"): the person's own, and a person's for their
 * Administrator in an active session (DESIGN.md §3), as the REST feed
 * (api/routes/history-feed.ts) decides with isAdministrator.
 */
export function readableHistory(ctx: ZeroContext) {
  const q = zql.historyEvent;
  if (!ctx) return q.where(({ or }) => or());
  return q.where(personOrAdministrator<'historyEvent'>(ctx.personId));
}

/**
 * One-page profiles, their items and their share links (sync/profile.ts):
 * the person, and their Administrator in an active session, who build and
 * share them. Whoever holds a share link reads the page through the API.
 */
export function readableProfilePages(ctx: ZeroContext) {
  const q = zql.profilePage;
  if (!ctx) return q.where(({ or }) => or());
  return q.where(personOrAdministrator<'profilePage'>(ctx.personId));
}
export function readableProfileItems(ctx: ZeroContext) {
  const q = zql.profilePageItem;
  if (!ctx) return q.where(({ or }) => or());
  return q.where(personOrAdministrator<'profilePageItem'>(ctx.personId));
}
export function readableProfileShares(ctx: ZeroContext) {
  const q = zql.profileShare;
  if (!ctx) return q.where(({ or }) => or());
  return q.where(personOrAdministrator<'profileShare'>(ctx.personId));
}

/** The person details `ctx` may read (personDetailReadableBy). */
export function readablePersonDetails(ctx: ZeroContext) {
  const q = zql.personDetail;
  if (!ctx) return q.where(({ or }) => or());
  return q.where(personDetailReadableBy(ctx.personId));
}

/**
 * The rule for one check-in survey answer (sync/survey.ts): the person who
 * was asked, and their Administrator while in an active support session; a
 * Supporter who helped answer reads them no more than any other Supporter.
 */
export function surveyResponseReadableBy(me: string) {
  return personOrAdministrator<'surveyResponse'>(me);
}

/** The check-in survey answers `ctx` may read (surveyResponseReadableBy). */
export function readableSurveyResponses(ctx: ZeroContext) {
  const q = zql.surveyResponse;
  if (!ctx) return q.where(({ or }) => or());
  return q.where(surveyResponseReadableBy(ctx.personId));
}

/**
 * The subscriptions `ctx` may read (sync/subscription.ts): the person's own,
 * and a person's for their Administrator in an active session, the same
 * people GET /people/{id}/subscriptions answers. Other Supporters see no plan.
 */
export function readableSubscriptions(ctx: ZeroContext) {
  const q = zql.subscription;
  if (!ctx) return q.where(({ or }) => or());
  return q.where(personOrAdministrator<'subscription'>(ctx.personId));
}

/**
 * The rule for one organisation row (spec §3, §6): its members
 * read it. A platform user reads every organisation, which no relationship
 * of the row can say, so readableOrganisations decides that from the
 * caller's context (the server's comes from the session's person type).
 * Membership opens the organisation and who else is in it, nothing more:
 * no library rule names organisations, so a provider's staff reach the
 * people they support only through their own supporter links.
 */
export function organisationReadableBy(me: string) {
  return ({ exists }: Where<'organisation'>) => exists('members', (m) => m.where('personId', me));
}

/** The organisations `ctx` may read: those they are a member of; all, for a platform user. */
export function readableOrganisations(ctx: ZeroContext) {
  const q = zql.organisation;
  if (!ctx) return q.where(({ or }) => or());
  if (ctx.platform) return q;
  return q.where(organisationReadableBy(ctx.personId));
}

/**
 * A supporter's handover, "since your last visit" (sync/handover.ts): the
 * rows the database made for them, one per change their level reads, so the
 * rule is the reader alone (migrations/0018 keeps the rows: a session's end,
 * a lower level, a stricter preference and a removed link take them away).
 */
export function readableHandoverItems(ctx: ZeroContext) {
  const q = zql.handoverItem;
  if (!ctx) return q.where(({ or }) => or());
  return q.where('supporterId', ctx.personId);
}

/**
 * The rule for one handover note: the person it is about, their
 * Administrator in an active session, and the supporters who read it when it
 * was left (at or above its access, `handover_note_reader`): nobody who
 * joined the Circle later, and nobody whose level no longer reads it.
 */
export function handoverNoteReadableBy(me: string) {
  return ({ or, cmp, exists }: Where<'handoverNote'>) =>
    or(
      cmp('personId', '=', me),
      exists('personLinks', activeLinkOf(me, ['Administrator'])),
      exists('readers', (r) => r.where('supporterId', me)),
    );
}

/** The handover notes `ctx` may read (handoverNoteReadableBy). */
export function readableHandoverNotes(ctx: ZeroContext) {
  const q = zql.handoverNote;
  if (!ctx) return q.where(({ or }) => or());
  return q.where(handoverNoteReadableBy(ctx.personId));
}
