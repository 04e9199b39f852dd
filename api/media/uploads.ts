/**
 * Settling an upload (ADR 011): the browser writes to an upload key nobody
 * reads; at settling the API reads the file's first bytes, and only a picture,
 * sound or video of the announced kind is copied to the key it is read from,
 * stored and served as what its bytes are, with its smaller copies beside it.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import { media as mediaTable } from '../../schema/index.ts';
import { zql } from '../../schema/zero-schema.gen.ts';
import type { AuthContext } from '../../sync/context.ts';
import { appError } from '../../sync/errors.ts';
import {
  mediaKind,
  mediaRuleMessages,
  mediaServerChanges,
  normaliseType,
  pendingUpload,
  settledType,
  storageKeyFor,
} from '../../sync/media.ts';
import { runChange } from '../change.ts';
import type { AppDeps } from '../deps.ts';
import { Refusal } from '../errors.ts';
import { inlineDisposition, type MediaRow, mediaApiMessages, servedAs } from './serving.ts';
import type { MediaStore } from './store.ts';
import { makeVariants, type Variants, variantKeys } from './variants.ts';

/**
 * Bytes read from the start of an upload to tell what it really is: file-type
 * needs about 4 KB; more lets it look past a long header (an MP3's cover art).
 */
export const SNIFF_BYTES = 64 * 1024;

/** Where uploads land; nothing under it is ever read by a browser. */
export const UPLOAD_PREFIX = 'uploads/';

/**
 * Where the browser PUTs the file. Its signed URL lives on after the upload is
 * settled, so it never points at what is served: settling copies the checked
 * file to the storage key, and anything written here later is swept.
 */
export function uploadKeyFor(personId: string, id: string) {
  return `${UPLOAD_PREFIX}${storageKeyFor(personId, id)}`;
}

/** What the bytes say the file is (normalised), or undefined when they say nothing we know. */
async function sniff(bytes: Uint8Array): Promise<string | undefined> {
  const found = await fileTypeFromBuffer(bytes);
  return found ? normaliseType(found.mime) : undefined;
}

/**
 * Confirms the upload `id` that `ctx` began in `personId`'s library, once the
 * store holds it under its upload key (the browser's PUT, or the API's own
 * for a photo from a search): the store must hold exactly what was announced
 * (type and size), and its first bytes must be a picture, sound or video of
 * the announced kind (settledType). Not arrived yet: 409, try again. Something
 * else: the file and the record go, 400. Accepted: the file is copied to its
 * storage key, stored as what its bytes are, the upload key emptied, and the
 * item confirmed (its history written). Resolves to the confirmed row.
 */
export async function settleUpload(
  deps: AppDeps,
  mediaStore: MediaStore,
  ctx: AuthContext,
  personId: string,
  id: string,
): Promise<MediaRow> {
  const { zdb } = deps;
  const pending = await zdb.transaction((tx) => pendingUpload(tx, ctx, personId, id));
  const uploadKey = uploadKeyFor(pending.personId, pending.id);
  const refuse = async (message: string): Promise<never> => {
    const gone = await deps.db
      .delete(mediaTable)
      .where(unsettled(pending.id))
      .returning({ id: mediaTable.id });
    await mediaStore.remove(uploadKey);
    // Only while unconfirmed: a confirmation that won a race keeps its file.
    if (gone.length > 0) await mediaStore.remove(pending.storageKey);
    throw appError('invalid', message);
  };
  const notArrived = () => new Refusal(409, 'not_arrived', mediaRuleMessages.notArrived);
  const stored = await mediaStore.head(uploadKey);
  if (!stored) throw notArrived();
  const type = normaliseType(stored.contentType ?? '');
  if (stored.contentLength !== pending.contentLength || type !== pending.contentType) {
    await refuse(mediaRuleMessages.differs);
  }
  const start = await mediaStore.readStart(uploadKey, SNIFF_BYTES);
  if (!start) throw notArrived();
  const contentType = settledType(pending.contentType, await sniff(start.bytes));
  if (!contentType) return refuse(mediaRuleMessages.notWhatItSays);
  // Only the bytes just read are copied: a write since (the URL still works) fails the copy.
  const served = servedAs({ contentType, name: pending.name });
  if (!(await mediaStore.copy(uploadKey, pending.storageKey, served, start.etag))) {
    await refuse(mediaRuleMessages.differs);
  }
  await mediaStore.remove(uploadKey);
  const variants =
    mediaKind(contentType) === 'image'
      ? await storeVariants(mediaStore, pending.storageKey, pending.name)
      : undefined;
  if (variants === null) return refuse(mediaRuleMessages.notWhatItSays);
  try {
    await runChange(deps, mediaServerChanges.settle, ctx, {
      personId,
      id: pending.id,
      contentType,
      ...variants,
    });
  } catch (e) {
    // Refused (the library is full, access lost meanwhile): nothing is kept.
    const gone = await deps.db
      .delete(mediaTable)
      .where(unsettled(pending.id))
      .returning({ id: mediaTable.id });
    if (gone.length > 0) {
      const copies = variants ? [variants.displayKey, variants.thumbKey] : [];
      for (const key of [pending.storageKey, ...copies]) {
        if (key) await mediaStore.remove(key);
      }
    }
    throw e;
  }
  // Its uploader reads it back even when the read rule does not yet let them
  // (a supporter's photo for a category not saved yet shows nowhere so far).
  const row = await zdb.run(
    zql.media.where('id', pending.id).where('createdBy', ctx.personId).one(),
  );
  if (!row) throw appError('not_found', mediaApiMessages.notFound);
  return row;
}

/**
 * Makes and stores a picture's copies (api/media/variants.ts) beside its
 * original under `storageKey`; null when its bytes are no picture sharp can read.
 */
async function storeVariants(mediaStore: MediaStore, storageKey: string, name: string) {
  const bytes = await mediaStore.read(storageKey);
  if (!bytes) return null;
  let made: Variants;
  try {
    made = await makeVariants(bytes);
  } catch {
    return null;
  }
  const keys = variantKeys(storageKey);
  const base = name.replace(/\.[^.]*$/, '');
  await mediaStore.put(keys.thumb, made.thumb, 'image/webp', {
    contentType: 'image/webp',
    contentDisposition: inlineDisposition(`${base}-tile.webp`),
  });
  if (made.display) {
    await mediaStore.put(keys.display, made.display, 'image/webp', {
      contentType: 'image/webp',
      contentDisposition: inlineDisposition(`${base}.webp`),
    });
  }
  return {
    displayKey: made.display ? keys.display : null,
    thumbKey: keys.thumb,
    width: made.width,
    height: made.height,
  };
}

/** The unconfirmed media record `id`. */
function unsettled(id: string) {
  return and(eq(mediaTable.id, id), isNull(mediaTable.settledAt));
}
