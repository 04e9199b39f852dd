/** Removing media files and records nobody can reach any more (the API's minute sweep). */
import { and, eq, isNotNull, isNull, lt, notExists } from 'drizzle-orm';
import { category, mediaRemoval, media as mediaTable, person } from '../../schema/index.ts';
import type { Db } from '../db.ts';
import type { MediaStore } from './store.ts';
import { UPLOAD_PREFIX } from './uploads.ts';

/** Uploads never confirmed within this time are removed (file and record). */
export const UNSETTLED_MEDIA_MS = 60 * 60 * 1000;

/**
 * A photo uploaded for a form that was never saved (or one replaced since)
 * shows nowhere; after this long it is removed.
 */
export const UNUSED_PHOTO_MS = 24 * 60 * 60 * 1000;

/**
 * Removes what nobody can reach: uploads announced more than UNSETTLED_MEDIA_MS
 * ago and never confirmed, and photos (media of no preference) that no
 * category or person has shown for UNUSED_PHOTO_MS: their files and records;
 * and files under the upload prefix written that long ago (a settled upload's
 * URL used again: never read by anyone).
 */
export async function sweepMedia(db: Db, store: MediaStore, now = Date.now()) {
  // Deleting the records queues their files (the trigger on media).
  const unconfirmed = await db
    .delete(mediaTable)
    .where(
      and(
        isNull(mediaTable.settledAt),
        lt(mediaTable.createdAt, new Date(now - UNSETTLED_MEDIA_MS)),
      ),
    )
    .returning({ id: mediaTable.id });
  // Any upload still pending was announced less than UNSETTLED_MEDIA_MS ago, so
  // written since: older files are strays.
  const strays = (await store.list(UPLOAD_PREFIX)).filter(
    (o) => o.lastModified.getTime() < now - UNSETTLED_MEDIA_MS,
  );
  for (const o of strays) await store.remove(o.key);
  const unused = await db
    .delete(mediaTable)
    .where(
      and(
        isNotNull(mediaTable.settledAt),
        isNull(mediaTable.preferenceId),
        lt(mediaTable.createdAt, new Date(now - UNUSED_PHOTO_MS)),
        notExists(db.select().from(category).where(eq(category.photoId, mediaTable.id))),
        notExists(db.select().from(person).where(eq(person.photoId, mediaTable.id))),
      ),
    )
    .returning({ id: mediaTable.id });
  const removed = await removeQueued(db, store);
  return unconfirmed.length + unused.length + strays.length + removed;
}

/**
 * Removes from the store the files of deleted media records (queued by the
 * database in the deleting transaction: a media item deleted on its own, or
 * with its preference or person). Resolves to how many were removed.
 */
export async function removeQueued(db: Db, store: MediaStore): Promise<number> {
  let removed = 0;
  for (;;) {
    const batch = await db.select({ key: mediaRemoval.key }).from(mediaRemoval).limit(200);
    if (batch.length === 0) return removed;
    for (const { key } of batch) {
      await store.remove(key);
      await db.delete(mediaRemoval).where(eq(mediaRemoval.key, key));
      removed += 1;
    }
  }
}
