/**
 * Sends typing that an earlier page kept (y-indexeddb) but may not have sent:
 * the tab closed, or the app reloaded, before the connection returned. The
 * same difference the editor sends (web/hooks/use-shared-text.ts, both
 * through sync/shared-text.ts missingFrom): the local document against the
 * one the rows make.
 */
import type { Zero } from '@rocicorp/zero';
import { IndexeddbPersistence } from 'y-indexeddb';
import * as Y from 'yjs';
import { mutators } from '../../sync/mutators.ts';
import { queries } from '../../sync/queries.ts';
import { loadTextDocs } from '../../sync/shared-text.ts';
import { decodeUpdate, encodeUpdate, missingFrom } from '../../sync/shared-text-doc.ts';
import { whenConnected } from './connected.ts';
import type { TextEntry } from './outbox.ts';
import { sharedTextStore } from './text-store.ts';

type AnyZero = Zero;

/** True once the server holds everything the local document has (or will never take it). */
export async function flushText(zero: AnyZero, userID: string, entry: TextEntry): Promise<boolean> {
  await whenConnected(zero);
  // The push below runs its change here first, which needs Yjs loaded for it (sync/shared-text.ts).
  await loadTextDocs();
  const local = new Y.Doc();
  const stored = new IndexeddbPersistence(sharedTextStore(userID, entry.target), local);
  const remote = new Y.Doc();
  try {
    await stored.whenSynced;
    const { preferenceId, noteId } = entry.target;
    const found = await zero.run(
      queries.text.updates({ personId: entry.personId, preferenceId, noteId }),
      { type: 'complete' },
    );
    const rows = (found as { textUpdates?: { data: string }[] } | undefined)?.textUpdates ?? [];
    // Gone, or no longer readable: there is nowhere to send it.
    if (!found || rows.length === 0) return true;
    Y.applyUpdate(remote, Y.mergeUpdates(rows.map((r) => decodeUpdate(r.data))));
    const update = missingFrom(local, remote);
    if (!update) return true;
    const r = await zero.mutate(
      mutators.text.push({
        id: crypto.randomUUID(),
        preferenceId,
        noteId,
        data: encodeUpdate(update),
      }),
    ).server;
    // Sent, or refused for good (the person may no longer write here).
    return r.type === 'success' || r.error.type === 'app';
  } finally {
    await stored.destroy();
    local.destroy();
    remote.destroy();
  }
}
