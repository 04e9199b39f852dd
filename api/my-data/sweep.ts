/** "My data": copies past their time go (the API's minute sweep). */
import { and, eq, inArray, lt } from 'drizzle-orm';
import { dataExport } from '../../schema/index.ts';
import { EXPORT_STALE_MS } from '../../sync/my-data.ts';
import type { Db } from '../db.ts';
import type { MediaStore } from '../media/store.ts';

/** Removes copies past their time (the file and the row) and marks cut-short builds failed. */
export async function sweepExports(db: Db, store: MediaStore | undefined, now = Date.now()) {
  await db
    .update(dataExport)
    .set({ status: 'failed', finishedAt: new Date(now) })
    .where(
      and(
        eq(dataExport.status, 'building'),
        lt(dataExport.createdAt, new Date(now - EXPORT_STALE_MS)),
      ),
    );
  const old = await db
    .select()
    .from(dataExport)
    .where(lt(dataExport.expiresAt, new Date(now)));
  for (const row of old) {
    if (row.storageKey && store) await store.remove(row.storageKey);
  }
  if (old.length) {
    await db.delete(dataExport).where(
      inArray(
        dataExport.id,
        old.map((r) => r.id),
      ),
    );
  }
  return old.length;
}
