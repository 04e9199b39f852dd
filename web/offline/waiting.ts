/**
 * How many changes this browser holds that the server has not answered: the
 * outboxes (web/offline/outbox.ts) of every user signed in here, read from
 * IndexedDB, so it is right even on a page that never started the sync client.
 * Each database is closed after counting: sign-out deletes them next.
 */
export async function waitingChanges(): Promise<number> {
  if (!('databases' in indexedDB)) return 0;
  let n = 0;
  for (const db of await indexedDB.databases()) {
    if (db.name?.startsWith('pb-outbox:')) n += await countIn(db.name);
  }
  return n;
}

function countIn(name: string): Promise<number> {
  return new Promise((resolve) => {
    const open = indexedDB.open(name);
    open.onerror = () => resolve(0);
    open.onsuccess = () => {
      const db = open.result;
      if (!db.objectStoreNames.contains('entries')) {
        db.close();
        return resolve(0);
      }
      const count = db.transaction('entries', 'readonly').objectStore('entries').count();
      count.onsuccess = () => {
        db.close();
        resolve(count.result);
      };
      count.onerror = () => {
        db.close();
        resolve(0);
      };
    };
  });
}
