/**
 * "My data": the copy's zip, built in the background with its progress in
 * `private.data_export`, and kept in the media store under `exports/{personId}/`.
 */
import { and, eq, ne } from 'drizzle-orm';
import { strToU8, type Zippable, zipSync } from 'fflate';
import { dataExport } from '../../schema/index.ts';
import { EXPORT_DEFAULT_TIME_ZONE, EXPORT_KEEP_MS } from '../../sync/my-data.ts';
import type { Db } from '../db.ts';
import type { MediaStore } from '../media/store.ts';
import { collectPersonData } from './collect.ts';
import { readablePage } from './page.ts';

const EXPORT_PREFIX = 'exports/';

/** Where a person's copies are kept in the store. */
export const exportPrefix = (personId: string) => `${EXPORT_PREFIX}${personId}/`;

/**
 * Builds the zip of `exportId` for `personId`, writing its progress as it
 * goes: the rows (10 %), each media file (to 90 %), the page and the upload.
 * A failure marks the copy failed; nothing half-made is offered. Its page
 * shows times in `timeZone`.
 */
export async function buildExport(
  db: Db,
  store: MediaStore,
  exportId: string,
  personId: string,
  timeZone: string = EXPORT_DEFAULT_TIME_ZONE,
): Promise<void> {
  let shown = -1;
  const progress = async (n: number) => {
    const value = Math.min(100, Math.max(0, Math.floor(n)));
    if (value === shown) return;
    shown = value;
    await db.update(dataExport).set({ progress: value }).where(eq(dataExport.id, exportId));
  };
  try {
    await progress(1);
    const data = await collectPersonData(db, personId);
    if (!data) throw new Error('the person is gone');
    await progress(10);
    const exportedAt = new Date();
    const { files, actors: _actors, ...json } = data;
    const zip: Zippable = {};
    for (const [i, f] of files.entries()) {
      const bytes = await store.read(f.key);
      // Pictures, sounds and videos are compressed already: stored as they are.
      if (bytes) zip[f.file] = [bytes, { level: 0 }];
      await progress(10 + (80 * (i + 1)) / files.length);
    }
    zip['data.json'] = strToU8(JSON.stringify({ exportedAt, ...json }, null, 2));
    zip['index.html'] = strToU8(readablePage(data, exportedAt, timeZone));
    await progress(95);
    const bytes = zipSync(zip, { level: 6, mtime: exportedAt });
    const key = `${exportPrefix(personId)}${exportId}.zip`;
    await store.put(key, bytes, 'application/zip');
    await db
      .update(dataExport)
      .set({
        status: 'ready',
        progress: 100,
        storageKey: key,
        bytes: bytes.length,
        finishedAt: new Date(),
        expiresAt: new Date(Date.now() + EXPORT_KEEP_MS),
      })
      .where(eq(dataExport.id, exportId));
  } catch (e) {
    await db
      .update(dataExport)
      .set({ status: 'failed', finishedAt: new Date() })
      .where(eq(dataExport.id, exportId));
    throw e;
  }
  // One copy kept per person: the newest. The ones before it go, files first
  // (a failure here leaves them to expire with the sweep).
  const older = await db
    .select()
    .from(dataExport)
    .where(and(eq(dataExport.personId, personId), ne(dataExport.id, exportId)));
  for (const row of older) {
    if (row.status === 'building') continue;
    if (row.storageKey) await store.remove(row.storageKey);
    await db.delete(dataExport).where(eq(dataExport.id, row.id));
  }
}
