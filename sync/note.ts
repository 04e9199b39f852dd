/**
 * Notes on a preference: they follow the preference's access for reading and
 * writing (see sync/preference.ts for the pattern).
 */
import { defineQuery, type Transaction } from '@rocicorp/zero';
import { z } from 'zod';
import { zql } from '../schema/zero-schema.gen.ts';
import { defineChange, libraryEntry, quoted } from './change.ts';
import { assertNotCrossed, baseOf, lockJudged, replayed } from './conflict.ts';
import type { ZeroContext } from './context.ts';
import { itemId, noteBody, noteTitle } from './library-fields.ts';
import {
  assertLibraryWrite,
  assertNewId,
  found,
  readableNotes,
  requireAuth,
} from './permissions.ts';
import { visiblePerson } from './preference.ts';
import { lockTexts, writePlainText } from './shared-text.ts';

const id = itemId;

export const noteByIdArgs = z.object({ personId: id, id });

export const noteQueries = {
  byId: defineQuery(noteByIdArgs, ({ args, ctx }) =>
    readableNotes(ctx, args.personId)
      .where('personId', args.personId)
      .where('id', args.id)
      .related('author', visiblePerson(ctx))
      .related('preference')
      .one(),
  ),
};

export const noteCreateArgs = z.object({
  id,
  preferenceId: id,
  title: noteTitle,
  body: noteBody,
  replayed,
});
export const noteUpdateArgs = z.object({
  id,
  title: noteTitle.optional(),
  body: noteBody.optional(),
  /** What the editor started from: a title changed meanwhile is refused (sync/conflict.ts). */
  base: baseOf(['title']),
});
export const noteDeleteArgs = z.object({ id });

/** What a note's history is read at: its preference's access (sync/handover.ts). */
const scopeOf = (pref: { id: string; access: 'General' | 'Restricted' }) => ({
  access: pref.access,
  preferenceId: pref.id,
});

/** The preference a note belongs to, after the server's write check on it. */
async function writablePreference(tx: Transaction, ctx: ZeroContext, preferenceId: string) {
  const me = requireAuth(ctx);
  const pref = found(tx, await tx.run(zql.preference.where('id', preferenceId).one()));
  if (!pref) return undefined;
  await assertLibraryWrite(tx, me, pref.personId, { existing: [pref.access] });
  return { me, pref };
}

export const createNote = defineChange(noteCreateArgs, async (tx, ctx, args) => {
  const target = await writablePreference(tx, ctx, args.preferenceId);
  if (!target) return undefined;
  const { me, pref } = target;
  const done = args.replayed && { createdBy: me.personId, preferenceId: pref.id };
  if (await assertNewId(tx, 'note', args.id, done)) return undefined;
  const now = Date.now();
  await tx.mutate.note.insert({
    id: args.id,
    personId: pref.personId,
    preferenceId: pref.id,
    title: args.title,
    body: args.body,
    createdBy: me.personId,
    createdAt: now,
    updatedAt: now,
    updatedBy: me.personId,
  });
  await writePlainText(
    tx,
    { personId: pref.personId, preferenceId: pref.id, noteId: args.id },
    '',
    args.body,
    me.personId,
  );
  return libraryEntry(
    'Create',
    'Note',
    { id: args.id, personId: pref.personId },
    `Added the note ${quoted(args.title)} to ${quoted(pref.title)}`,
    scopeOf(pref),
  );
});

async function existingNote(tx: Transaction, ctx: ZeroContext, noteId: string) {
  const note = found(tx, await tx.run(zql.note.where('id', noteId).one()));
  if (!note) return undefined;
  const target = await writablePreference(tx, ctx, note.preferenceId);
  return target ? { ...target, note } : undefined;
}

export const updateNote = defineChange(noteUpdateArgs, async (tx, ctx, args) => {
  const first = await existingNote(tx, ctx, args.id);
  if (!first) return undefined;
  // Judged against what is stored, and its body is a text: its preference is
  // locked (then the note), and the note read again after the lock.
  await lockTexts(tx, first.note.preferenceId);
  await lockJudged(tx, 'note', args.id);
  const target = tx.location === 'server' ? await existingNote(tx, ctx, args.id) : first;
  if (!target) return undefined;
  const { me, note, pref } = target;
  assertNotCrossed(tx, note, args, args.base);
  // The same change again (a replay from the outbox) writes nothing.
  if (
    (args.title === undefined || args.title === note.title) &&
    (args.body === undefined || args.body === note.body)
  ) {
    return undefined;
  }
  await tx.mutate.note.update({
    id: note.id,
    ...(args.title !== undefined && { title: args.title }),
    ...(args.body !== undefined && { body: args.body }),
    updatedAt: Date.now(),
    updatedBy: me.personId,
  });
  if (args.body !== undefined) {
    await writePlainText(
      tx,
      { personId: note.personId, preferenceId: note.preferenceId, noteId: note.id },
      note.body,
      args.body,
      me.personId,
    );
  }
  return libraryEntry(
    'Modify',
    'Note',
    note,
    `Changed the note ${quoted(args.title ?? note.title)}`,
    scopeOf(pref),
  );
});

export const deleteNote = defineChange(noteDeleteArgs, async (tx, ctx, args) => {
  const target = await existingNote(tx, ctx, args.id);
  if (!target) return undefined;
  const { note, pref } = target;
  await tx.mutate.note.delete({ id: note.id });
  return libraryEntry(
    'Delete',
    'Note',
    note,
    `Deleted the note ${quoted(note.title)} from ${quoted(pref.title)}`,
    scopeOf(pref),
  );
});

/** Every change of notes (sync/change.ts): Zero mutators and REST both run these. */
export const noteChanges = {
  create: createNote,
  update: updateNote,
  delete: deleteNote,
};
