/**
 * The visit from the supporter's side (docs/decisions/038-the-handover.md):
 *
 * - **Since your last visit.** For each person they support, what changed
 *   since the supporter's last support session with them: preferences and
 *   notes added, changed and removed, reviews that became due, their own
 *   level changed. The database makes one `handover_item` per change and
 *   supporter whose level reads it, from the history rows (migrations/0018);
 *   the API's sweep adds the reviews that became due (api/handover-sweep.ts).
 *   Opening one marks it seen; the end of a session clears what came before.
 * - **A note for the next visit.** Left inside a support session (or by the
 *   person), shown at the top of the next supporter's session and on the
 *   person's home; the person and their Administrator read, change and delete
 *   every one; a supporter reads those left while they had access, at or
 *   under their level. A note lasts the days the person chose.
 *
 * One change table (`handoverChanges`): Zero mutators and REST
 * (api/routes/handover.ts) run the same rules.
 */
import { ApplicationError, defineQuery, type Transaction } from '@rocicorp/zero';
import { z } from 'zod';
import { type Access, HANDOVER_DAYS_DEFAULT } from '../schema/enums.ts';

export { HANDOVER_DAYS_DEFAULT };

import { zql } from '../schema/zero-schema.gen.ts';
import { defineChange, historyEntry } from './change.ts';
import { supporterName } from './circle.ts';
import { replayed } from './conflict.ts';
import type { AuthContext } from './context.ts';
import { appError, codeOf } from './errors.ts';
import { HANDOVER_DAYS_MAX, HANDOVER_DAYS_MIN, HANDOVER_NOTE_MAX } from './handover-limits.ts';
import { itemId } from './library-fields.ts';
import {
  assertLibraryWrite,
  assertNewId,
  found,
  isAdministrator,
  LEVELS_FOR_ACCESS,
  type LibraryAccess,
  libraryAccess,
  readableHandoverItems,
  readableHandoverNotes,
  requireAuth,
  touchSession,
} from './permissions.ts';
import { visiblePerson } from './preference.ts';

export { HANDOVER_DAYS_MAX, HANDOVER_DAYS_MIN, HANDOVER_NOTE_MAX };
/** The most handover items a screen asks for at once. */
export const HANDOVER_ITEMS_MAX = 200;
/** The most notes on one person a screen shows. */
export const HANDOVER_NOTES_MAX = 20;

const DAY_MS = 24 * 60 * 60 * 1000;

export const handoverRuleMessages = {
  bodyRequired: 'Write the note first.',
  bodyTooLong: `Keep the note to ${HANDOVER_NOTE_MAX} characters.`,
  daysRange: `Choose from ${HANDOVER_DAYS_MIN} to ${HANDOVER_DAYS_MAX} days.`,
  notInSession: 'Start a support session with this person to leave a note.',
  onlyAdministrator:
    'Only the person and their Administrator can change or delete a handover note.',
  onlyAdministratorDays:
    'Only the person and their Administrator can choose how long handover notes last.',
  /**
   * History, in the screens' words ("Notes for the next visit"), each starting
   * with what was done so the feed can put who did it first: "Sam left a note
   * for the next visit", "You set notes for the next visit to last 3 days".
   */
  left: 'Left a note for the next visit',
  changed: 'Changed a note for the next visit',
  deleted: 'Deleted a note for the next visit',
  days: (days: number) =>
    `Set notes for the next visit to last ${days} ${days === 1 ? 'day' : 'days'}`,
} as const;

const id = itemId;

export const noteBody = z
  .string()
  .trim()
  .min(1, handoverRuleMessages.bodyRequired)
  .max(HANDOVER_NOTE_MAX, handoverRuleMessages.bodyTooLong);

export const handoverLeaveArgs = z.object({ id, personId: id, body: noteBody, replayed });
export const handoverEditArgs = z.object({ id, body: noteBody });
export const handoverRemoveArgs = z.object({ id });
export const handoverSeenArgs = z.object({ id: z.string().min(1).max(200) });
export const handoverDaysArgs = z.object({
  personId: id,
  days: z
    .number()
    .int(handoverRuleMessages.daysRange)
    .min(HANDOVER_DAYS_MIN, handoverRuleMessages.daysRange)
    .max(HANDOVER_DAYS_MAX, handoverRuleMessages.daysRange),
});

export const handoverQueries = {
  /**
   * What changed since the reader's last visit, newest first: for one person
   * they support, or (no `personId`) for everyone they support.
   */
  changes: defineQuery(z.object({ personId: id.optional() }), ({ args, ctx }) => {
    const q = readableHandoverItems(ctx);
    return (args.personId === undefined ? q : q.where('personId', args.personId))
      .orderBy('createdAt', 'desc')
      .limit(HANDOVER_ITEMS_MAX);
  }),
  /** The handover notes on `personId` the reader may read, newest first, with their authors. */
  notes: defineQuery(z.object({ personId: id }), ({ args, ctx }) =>
    readableHandoverNotes(ctx)
      .where('personId', args.personId)
      .orderBy('createdAt', 'desc')
      .limit(HANDOVER_NOTES_MAX)
      .related('author', visiblePerson(ctx)),
  ),
};

/**
 * Who may leave a note on `personId`: whoever may change the person's
 * library (assertLibraryWrite: the person when they keep one, a supporter in
 * an active session, whose session it keeps alive). A supporter outside a
 * session learns why; anyone else finds nothing. Undefined on the client.
 */
async function assertMayLeave(
  tx: Transaction,
  me: AuthContext,
  personId: string,
): Promise<LibraryAccess | undefined> {
  try {
    return await assertLibraryWrite(tx, me, personId, {});
  } catch (e) {
    if (!(e instanceof ApplicationError) || codeOf(e.details) !== 'not_found') throw e;
    const link = await tx.run(
      zql.supporterLink.where('supporterId', me.personId).where('supportedId', personId).one(),
    );
    throw link ? appError('forbidden', handoverRuleMessages.notInSession) : e;
  }
}

/** A note's access: its author's level (the person's own notes are General). */
function accessOf(access: LibraryAccess | undefined): Access {
  return access?.kind === 'supporter' && access.level !== 'General' ? 'Restricted' : 'General';
}

export const leaveHandoverNote = defineChange(handoverLeaveArgs, async (tx, ctx, args) => {
  const me = requireAuth(ctx);
  const access = await assertMayLeave(tx, me, args.personId);
  const done = args.replayed && { createdBy: me.personId, personId: args.personId };
  if (await assertNewId(tx, 'handoverNote', args.id, done)) return undefined;
  const person = await tx.run(zql.person.where('id', args.personId).one());
  const author =
    me.personId === args.personId
      ? person
      : await tx.run(zql.person.where('id', me.personId).one());
  const days = person?.handoverNoteDays ?? HANDOVER_DAYS_DEFAULT;
  const now = Date.now();
  const noteAccess = accessOf(access);
  await tx.mutate.handoverNote.insert({
    id: args.id,
    personId: args.personId,
    body: args.body,
    access: noteAccess,
    authorName: author ? supporterName(author) : null,
    createdBy: me.personId,
    createdAt: now,
    updatedAt: now,
    updatedBy: me.personId,
    expiresAt: now + days * DAY_MS,
  });
  // Its readers: every link that reads it now. On the client, only the
  // author's own (the one link it holds), so a note left offline shows.
  const links =
    tx.location === 'server'
      ? await tx.run(zql.supporterLink.where('supportedId', args.personId))
      : await tx.run(
          zql.supporterLink.where('supporterId', me.personId).where('supportedId', args.personId),
        );
  for (const link of links) {
    if (!LEVELS_FOR_ACCESS[noteAccess].includes(link.accessLevel)) continue;
    await tx.mutate.handoverNoteReader.insert({
      noteId: args.id,
      supporterLinkId: link.id,
      supporterId: link.supporterId,
    });
  }
  return historyEntry(
    'Create',
    'HandoverNote',
    { id: args.id, personId: args.personId },
    handoverRuleMessages.left,
  );
});

/**
 * A note the caller may change: the person's, or their Administrator's in a
 * session. A reader who may not is told so; anyone else finds nothing.
 */
async function changeableNote(tx: Transaction, me: AuthContext, noteId: string) {
  const note = found(tx, await tx.run(zql.handoverNote.where('id', noteId).one()));
  if (!note || tx.location !== 'server') return note && { note, access: undefined };
  const access = await libraryAccess(tx, me, note.personId);
  if (isAdministrator(access)) return { note, access };
  const reader = await tx.run(
    zql.handoverNoteReader.where('noteId', noteId).where('supporterId', me.personId).one(),
  );
  throw reader
    ? appError('forbidden', handoverRuleMessages.onlyAdministrator)
    : appError('not_found');
}

export const editHandoverNote = defineChange(handoverEditArgs, async (tx, ctx, args) => {
  const me = requireAuth(ctx);
  const target = await changeableNote(tx, me, args.id);
  if (!target) return undefined;
  const { note, access } = target;
  if (note.body === args.body) return undefined;
  await tx.mutate.handoverNote.update({
    id: note.id,
    body: args.body,
    updatedAt: Date.now(),
    updatedBy: me.personId,
  });
  if (access) await touchSession(tx, access);
  return historyEntry('Modify', 'HandoverNote', note, handoverRuleMessages.changed);
});

export const removeHandoverNote = defineChange(handoverRemoveArgs, async (tx, ctx, args) => {
  const me = requireAuth(ctx);
  const target = await changeableNote(tx, me, args.id);
  if (!target) return undefined;
  const { note, access } = target;
  await tx.mutate.handoverNote.delete({ id: note.id });
  if (access) await touchSession(tx, access);
  return historyEntry('Delete', 'HandoverNote', note, handoverRuleMessages.deleted);
});

/** The supporter opened one thing of their handover: seen, for them alone. */
export const seeHandoverItem = defineChange(handoverSeenArgs, async (tx, ctx, args) => {
  const me = requireAuth(ctx);
  const item = found(tx, await tx.run(zql.handoverItem.where('id', args.id).one()));
  if (!item) return undefined;
  // Someone else's looks the same as none.
  if (item.supporterId !== me.personId) throw appError('not_found');
  if (item.seenAt !== null) return undefined;
  await tx.mutate.handoverItem.update({ id: item.id, seenAt: Date.now() });
  return undefined;
});

/** How long the person's handover notes last, from the next one left. */
export const setHandoverNoteDays = defineChange(handoverDaysArgs, async (tx, ctx, args) => {
  const me = requireAuth(ctx);
  const person = found(tx, await tx.run(zql.person.where('id', args.personId).one()));
  if (!person) return undefined;
  let access: LibraryAccess | undefined;
  if (tx.location === 'server') {
    access = await libraryAccess(tx, me, args.personId);
    if (access.kind === 'none') throw appError('not_found');
    if (!isAdministrator(access)) {
      throw appError('forbidden', handoverRuleMessages.onlyAdministratorDays);
    }
  }
  if (person.handoverNoteDays === args.days) return undefined;
  await tx.mutate.person.update({ id: person.id, handoverNoteDays: args.days });
  if (access) await touchSession(tx, access);
  return historyEntry(
    'Modify',
    'Person',
    { id: person.id, personId: person.id },
    handoverRuleMessages.days(args.days),
  );
});

/** Every change of the handover (sync/change.ts): Zero mutators and REST both run these. */
export const handoverChanges = {
  leave: leaveHandoverNote,
  edit: editHandoverNote,
  remove: removeHandoverNote,
  seen: seeHandoverItem,
  setNoteDays: setHandoverNoteDays,
};
