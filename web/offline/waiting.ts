/**
 * How many changes this browser holds that the server has not answered: the
 * outboxes (web/offline/outbox.ts) of every user signed in here, read from
 * IndexedDB, so it is right even on a page that never started the sync client.
 */
import { createStore, keys } from 'idb-keyval';

export async function waitingChanges(): Promise<number> {
  if (!('databases' in indexedDB)) return 0;
  let n = 0;
  for (const db of await indexedDB.databases()) {
    if (!db.name?.startsWith('pb-outbox:')) continue;
    n += (await keys(createStore(db.name, 'entries')).catch(() => [])).length;
  }
  return n;
}
