/**
 * Shared text: a preference's description and a note's body are Yjs
 * documents, so that two people typing in one field at the same moment both
 * keep every character (docs/decisions/017-shared-text-and-presence.md).
 *
 * The document is the rows of `text_update` for it: each row one Yjs update
 * (base64). Yjs merges updates in any order and ignores what it already has,
 * so a client can send the same change twice, late, or after others. The
 * change `text.push` below checks the write like any edit of the preference,
 * stores the update, and materialises the merged plain text into
 * `preference.description` / `note.body` in the same transaction, for lists,
 * search, REST and history. On the server it folds a document's rows into one
 * snapshot row once there are `COMPACT_AFTER` of them.
 *
 * A text that was only ever written whole (a REST write, the create wizard,
 * data from before shared text) is converted on the server
 * (`writePlainText`); its first content is its seed (`seedUpdate`), the same
 * update wherever it is made, so a browser may start from the seed of the
 * text it holds (docs/decisions/017-shared-text-and-presence.md).
 *
 * The documents themselves (Yjs) are in sync/shared-text-doc.ts, loaded
 * apart (`loadTextDocs`): every signed-in page registers these changes as the
 * sync client starts, and the library shows before Yjs has loaded.
 */
import { defineQuery, type Transaction } from '@rocicorp/zero';
import type { Doc } from 'yjs';
import { z } from 'zod';
import { zql } from '../schema/zero-schema.gen.ts';
import { defineChange, historyEntry, libraryEntry, quoted } from './change.ts';
import { lockJudged } from './conflict.ts';
import type { ZeroContext } from './context.ts';
import { appError } from './errors.ts';
import { fieldMessages, itemId, LIMITS } from './library-fields.ts';
import { assertLibraryWrite, found, readablePreferences, requireAuth } from './permissions.ts';

type TextDocs = typeof import('./shared-text-doc.ts');
let textDocs: TextDocs | undefined;
let loading: Promise<TextDocs> | undefined;

/**
 * Loads the Yjs side (sync/shared-text-doc.ts), once. A browser starts it
 * when its sync client starts, and an editor of a text is ready only after
 * it (web/zero.ts, web/hooks/use-shared-text.ts).
 */
export function loadTextDocs(): Promise<TextDocs> {
  loading ??= import('./shared-text-doc.ts').then((m) => {
    textDocs = m;
    return m;
  });
  return loading;
}

/**
 * The Yjs side for a change. The server loads it if need be: its
 * transaction may wait. A browser's change runs in the client's IndexedDB
 * transaction, which ends if the change waits on anything else (a module
 * load), so there it is only what is loaded already; undefined until then
 * (a change the outbox sends again as the page starts), and the change leaves
 * out of its optimistic result what needs Yjs: the server's result brings it.
 */
async function textDocsFor(tx: Transaction): Promise<TextDocs | undefined> {
  if (textDocs) return textDocs;
  if (tx.location === 'server') return loadTextDocs();
  void loadTextDocs();
  return undefined;
}

/** The server folds a document into one snapshot row once it has this many rows. */
export const COMPACT_AFTER = 64;
/** One person's typing in one text is one history event per this much time. */
export const HISTORY_QUIET_MS = 10 * 60_000;
/** An update larger than this (base64) is refused; typing sends a few bytes. */
export const MAX_UPDATE_BASE64 = 256 * 1024;

/** Which text: a preference's description (noteId null) or a note's body. */
export type TextTarget = { preferenceId: string; noteId: string | null };

/** The rows of one document, oldest first. */
async function rowsOf(tx: Transaction, target: TextTarget) {
  const q = zql.textUpdate.where('preferenceId', target.preferenceId);
  return tx.run(
    (target.noteId === null ? q.where('noteId', 'IS', null) : q.where('noteId', target.noteId))
      .orderBy('createdAt', 'asc')
      .orderBy('id', 'asc'),
  );
}

declare const crypto: { randomUUID(): string };

/** The id of a text's seed row: one per text, whoever writes it. */
export const seedIdOf = (target: TextTarget) => `seed-${target.noteId ?? target.preferenceId}`;

/**
 * Gives a text with no rows its seed row (the same row wherever it is made:
 * its id and content follow from the text), and returns the document.
 */
async function seeded(
  tx: Transaction,
  target: TextTarget & { personId: string },
  text: string,
): Promise<Doc | undefined> {
  const docs = await textDocsFor(tx);
  if (!docs) return undefined;
  const { docWith, encodeUpdate, seedUpdate } = docs;
  const seed = seedUpdate(text);
  if (text) {
    await tx.mutate.textUpdate.upsert({
      id: seedIdOf(target),
      personId: target.personId,
      preferenceId: target.preferenceId,
      noteId: target.noteId,
      data: encodeUpdate(seed),
      createdBy: null,
      createdAt: Date.now(),
    });
  }
  return docWith(seed);
}

/**
 * One text change of a preference at a time, on the server: two people typing
 * at once (or typing while a form saves the whole text) would otherwise each
 * materialise the plain text from rows without the other's, and the later
 * commit would drop a character. After the lock (READ COMMITTED) the reads
 * see the other's committed row. A description and a note's body share their
 * preference's lock; every change that writes a text takes it first.
 */
export async function lockTexts(tx: Transaction, preferenceId: string) {
  await lockJudged(tx, 'preference', preferenceId);
}

/**
 * A whole-value write of a text (a form, REST, the create wizard) as an
 * update of its document, so that editors bound to it follow and nobody's
 * typing is lost. A text's first content is its seed, in the browser and on
 * the server alike; later writes are the smallest edit from what the rows
 * hold, made on the server only (an edit made in the browser would be a
 * second, different update of the same change).
 */
export async function writePlainText(
  tx: Transaction,
  target: TextTarget & { personId: string },
  held: string,
  next: string,
  by: string,
) {
  const rows = await rowsOf(tx, target);
  if (rows.length === 0 && !held) {
    if (next) (await seeded(tx, target, next))?.destroy();
    return;
  }
  if (held === next) return;
  if (rows.length === 0) {
    // A text from before shared text, not yet backfilled.
    const doc = await seeded(tx, target, held);
    if (!doc || tx.location !== 'server') return doc?.destroy();
    return insertEdit(tx, target, doc, next, by);
  }
  if (tx.location !== 'server') return;
  const { docOf } = await loadTextDocs();
  return insertEdit(tx, target, docOf(rows.map((r) => r.data)), next, by);
}

async function insertEdit(
  tx: Transaction,
  target: TextTarget & { personId: string },
  doc: Doc,
  next: string,
  by: string,
) {
  const { encodeUpdate, replaceText } = await loadTextDocs();
  const edit = replaceText(doc, next);
  doc.destroy();
  if (!edit) return;
  await tx.mutate.textUpdate.insert({
    id: crypto.randomUUID(),
    personId: target.personId,
    preferenceId: target.preferenceId,
    noteId: target.noteId,
    data: encodeUpdate(edit),
    createdBy: by,
    createdAt: Date.now(),
  });
}

export const textPushArgs = z.object({
  /** The row's id (client-generated). */
  id: itemId,
  preferenceId: itemId,
  noteId: itemId.nullable().default(null),
  /** A Yjs update, base64. */
  data: z
    .string()
    .min(1)
    .max(MAX_UPDATE_BASE64, 'This change is too large to send at once.')
    .regex(/^[A-Za-z0-9+/]*={0,2}$/, 'This change could not be read.'),
});
export type TextPushArgs = z.input<typeof textPushArgs>;

/**
 * What a text holds now, with the write check: the preference (and note),
 * checked like any edit of the preference (sync/permissions.ts).
 */
async function writableText(tx: Transaction, ctx: ZeroContext, target: TextTarget) {
  const me = requireAuth(ctx);
  const pref = found(tx, await tx.run(zql.preference.where('id', target.preferenceId).one()));
  if (!pref) return undefined;
  await assertLibraryWrite(tx, me, pref.personId, { existing: [pref.access] });
  if (target.noteId === null) {
    return { me, pref, note: null, held: pref.description ?? '' };
  }
  const note = found(tx, await tx.run(zql.note.where('id', target.noteId).one()));
  // A note of another preference is not this text.
  if (!note || note.preferenceId !== pref.id) {
    if (tx.location === 'server') throw appError('not_found');
    return undefined;
  }
  return { me, pref, note, held: note.body };
}

/**
 * Typing in a shared text: one Yjs update. Stored as a row, merged, and the
 * plain text materialised; history says that the text changed, once per
 * person per quiet spell (HISTORY_QUIET_MS), not per keystroke.
 */
export const pushText = defineChange(textPushArgs, async (tx, ctx, args) => {
  await lockTexts(tx, args.preferenceId);
  const target = { preferenceId: args.preferenceId, noteId: args.noteId };
  const text = await writableText(tx, ctx, target);
  if (!text) return undefined;
  const { me, pref, note, held } = text;
  if (tx.location === 'server') {
    const taken = await tx.run(zql.textUpdate.where('id', args.id).limit(1));
    if (taken.length > 0) throw appError('conflict');
  }
  const rows = await rowsOf(tx, target);
  const docs = await textDocsFor(tx);
  // The server's result brings this typing (see textDocsFor).
  if (!docs) return undefined;
  const { decodeUpdate, encodeUpdate, readableUpdate, seedUpdate, textOf } = docs;
  // A text with no rows starts from its seed (see the top of this file).
  const known = rows.length > 0 || !held ? rows : [{ data: encodeUpdate(seedUpdate(held)) }];
  let update: Uint8Array;
  try {
    update = decodeUpdate(args.data);
  } catch {
    throw appError('invalid', 'This change could not be read.');
  }
  const doc = readableUpdate(known, update);
  if (!doc) throw appError('invalid', 'This change could not be read.');
  const next = textOf(doc);
  doc.destroy();
  const limit = note ? LIMITS.noteBody : LIMITS.preferenceDescription;
  if (next.length > limit && next.length > held.length) {
    throw appError('invalid', fieldMessages.tooLong(note ? 'A note' : 'A description', limit));
  }
  const now = Date.now();
  if (known !== rows) (await seeded(tx, { personId: pref.personId, ...target }, held))?.destroy();
  await tx.mutate.textUpdate.insert({
    id: args.id,
    personId: pref.personId,
    preferenceId: pref.id,
    noteId: args.noteId,
    data: args.data,
    createdBy: me.personId,
    createdAt: now,
  });
  if (next !== held) {
    if (note) {
      await tx.mutate.note.update({
        id: note.id,
        body: next,
        updatedAt: now,
        updatedBy: me.personId,
      });
    } else {
      await tx.mutate.preference.update({
        id: pref.id,
        description: next || null,
        updatedAt: now,
        updatedBy: me.personId,
      });
    }
  }
  if (tx.location === 'server' && rows.length + 1 >= COMPACT_AFTER) {
    await compact(tx, [...rows, { id: args.id, data: args.data }], {
      personId: pref.personId,
      ...target,
    });
  }
  if (next === held) return undefined;
  const lastOfMine = rows.reduce(
    (at, r) => (r.createdBy === me.personId && r.createdAt > at ? r.createdAt : at),
    0,
  );
  if (now - lastOfMine < HISTORY_QUIET_MS) return undefined;
  const scope = { access: pref.access, preferenceId: pref.id };
  if (note) {
    return libraryEntry('Modify', 'Note', note, `Changed the note ${quoted(note.title)}`, scope);
  }
  const message = `Changed the description of ${quoted(pref.title)}`;
  // A draft's changes stay the author's (sync/preference.ts).
  return pref.status === 'Draft'
    ? historyEntry('Modify', 'Preference', pref, message)
    : libraryEntry('Modify', 'Preference', pref, message, scope);
});

/** Folds a document's rows into one snapshot row (server only). */
async function compact(
  tx: Transaction,
  rows: readonly { id: string; data: string }[],
  target: TextTarget & { personId: string },
) {
  const { encodeUpdate, mergedUpdate } = await loadTextDocs();
  const merged = mergedUpdate(rows.map((r) => r.data));
  for (const row of rows) await tx.mutate.textUpdate.delete({ id: row.id });
  await tx.mutate.textUpdate.insert({
    id: crypto.randomUUID(),
    personId: target.personId,
    preferenceId: target.preferenceId,
    noteId: target.noteId,
    data: encodeUpdate(merged),
    createdBy: null,
    createdAt: Date.now(),
  });
}

export const textUpdatesArgs = z.object({
  personId: itemId,
  preferenceId: itemId,
  noteId: itemId.nullable().default(null),
});

export const textQueries = {
  /**
   * The rows of one shared text, for whoever may read its preference (notes
   * follow their preference): the same filter as every read of it.
   */
  updates: defineQuery(textUpdatesArgs, ({ args, ctx }) =>
    readablePreferences(ctx, args.personId)
      .where('personId', args.personId)
      .where('id', args.preferenceId)
      .related('textUpdates', (q) =>
        (args.noteId === null ? q.where('noteId', 'IS', null) : q.where('noteId', args.noteId))
          .orderBy('createdAt', 'asc')
          .orderBy('id', 'asc'),
      )
      .one(),
  ),
};

/** The changes of shared text (sync/change.ts). */
export const textChanges = {
  push: pushText,
};
