/**
 * The Yjs side of shared text (sync/shared-text.ts): documents, updates and
 * the text in them. Apart from the changes and queries, which every signed-in
 * page registers when the sync client starts: those load this module (and
 * Yjs with it) only when a text is written, so the library shows without Yjs.
 */
import { fromBase64, toBase64 } from 'lib0/buffer';
import * as Y from 'yjs';

/** The name of the one Y.Text in a document. */
export const TEXT = 'text';
export const encodeUpdate = (u: Uint8Array) => toBase64(u);
export const decodeUpdate = (s: string) => fromBase64(s);

/**
 * The first update of a text that has none: `text` inserted by a client id
 * derived from the text. Deterministic, so that every server and browser
 * seeding the same text makes the same update (Yjs keeps it once); two
 * different seeds can never be mistaken for one another.
 */
export function seedUpdate(text: string): Uint8Array {
  const doc = new Y.Doc();
  doc.clientID = seedClientOf(text);
  if (text) doc.getText(TEXT).insert(0, text);
  const update = Y.encodeStateAsUpdate(doc);
  doc.destroy();
  return update;
}

/** FNV-1a of the text, as a Yjs client id (a positive 32-bit number). */
function seedClientOf(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0 || 1;
}

/** A document holding `updates` (base64). */
export function docOf(updates: readonly string[]): Y.Doc {
  const doc = new Y.Doc();
  if (updates.length > 0) Y.applyUpdate(doc, Y.mergeUpdates(updates.map(decodeUpdate)));
  return doc;
}

export const textOf = (doc: Y.Doc) => doc.getText(TEXT).toString();

/**
 * What a local document (the editor's, or one kept in IndexedDB) holds beyond
 * `remote`, the document the rows make, as one update to push; null when the
 * two are the same. Yjs ignores what the rows already have.
 */
export function missingFrom(local: Y.Doc, remote: Y.Doc): Uint8Array | null {
  if (Y.equalSnapshots(Y.snapshot(local), Y.snapshot(remote))) return null;
  return Y.encodeStateAsUpdate(local, Y.encodeStateVector(remote));
}

/** A document holding one update. */
export function docWith(update: Uint8Array): Y.Doc {
  const doc = new Y.Doc();
  Y.applyUpdate(doc, update);
  return doc;
}

/** The updates (base64) as one update. */
export const mergedUpdate = (updates: readonly string[]) =>
  Y.mergeUpdates(updates.map(decodeUpdate));

/**
 * Makes `doc`'s text `next` with the smallest edit (the common start and end
 * kept), and returns the update that does it, or null when nothing changed.
 */
export function replaceText(doc: Y.Doc, next: string): Uint8Array | null {
  const text = doc.getText(TEXT);
  const now = text.toString();
  if (now === next) return null;
  let start = 0;
  while (start < now.length && start < next.length && now[start] === next[start]) start++;
  let end = 0;
  while (
    end < now.length - start &&
    end < next.length - start &&
    now[now.length - 1 - end] === next[next.length - 1 - end]
  ) {
    end++;
  }
  const updates: Uint8Array[] = [];
  const collect = (u: Uint8Array) => updates.push(u);
  doc.on('update', collect);
  doc.transact(() => {
    text.delete(start, now.length - start - end);
    text.insert(start, next.slice(start, next.length - end));
  });
  doc.off('update', collect);
  return updates.length > 0 ? Y.mergeUpdates(updates) : null;
}

/** Whether `update` is a Yjs update touching only the document's one text. */
export function readableUpdate(
  rows: readonly { data: string }[],
  update: Uint8Array,
): Y.Doc | null {
  try {
    const doc = docOf(rows.map((r) => r.data));
    Y.applyUpdate(doc, update);
    for (const name of doc.share.keys()) {
      if (name !== TEXT) return null;
    }
    return doc;
  } catch {
    return null;
  }
}
