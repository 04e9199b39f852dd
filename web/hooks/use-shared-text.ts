/**
 * A shared text in the browser (sync/shared-text.ts): a local Yjs document,
 * kept in IndexedDB (y-indexeddb) so that typing survives a reload or a
 * closed tab, merged with the document's rows as they sync, and sending what
 * the rows lack through the `text.push` change.
 *
 * What to send is worked out, not remembered: the local document against the
 * one the rows make (their Yjs snapshots). A keystroke, a reconnection, a
 * refused or dropped write all end the same way: whatever the rows lack is
 * sent once the client can write. Yjs ignores what it already has, so sending
 * twice never doubles text.
 */
import { useConnectionState, useQuery, useZero } from '@rocicorp/zero/react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { IndexeddbPersistence } from 'y-indexeddb';
import * as Y from 'yjs';
import { mutators } from '../../sync/mutators.ts';
import { queries } from '../../sync/queries.ts';
import { loadTextDocs, type TextTarget } from '../../sync/shared-text.ts';
import {
  decodeUpdate,
  encodeUpdate,
  missingFrom,
  seedUpdate,
  TEXT,
} from '../../sync/shared-text-doc.ts';
import { messages } from '../messages.ts';
import { sharedTextStore } from '../offline/text-store.ts';
import { outboxOf } from '../zero.ts';

/** The origin of what the rows brought (not to be sent back). */
const REMOTE = Symbol('remote');

export type SharedText = {
  /** The text to bind an editor to, once the document is ready. */
  text: Y.Text | null;
  /** Typing here that the server does not have yet. */
  waiting: boolean;
  /** Why the last send was refused, in words for the person. */
  error: string | undefined;
};

/** After a send Zero could not deliver, the next try. */
const RESEND_MS = 1_000;

const canWrite = (state: string) => state === 'connected' || state === 'connecting';

export function useSharedText({
  personId,
  preferenceId,
  noteId,
  held,
}: TextTarget & {
  personId: string;
  /** The text as its row holds it now; undefined while the row is loading. */
  held: string | undefined;
}): SharedText {
  const zero = useZero();
  const connection = useConnectionState();
  const [row] = useQuery(queries.text.updates({ personId, preferenceId, noteId }));
  const rows = row?.textUpdates;
  const key = noteId ?? preferenceId;
  const { local, persistence } = useMemo(() => {
    const doc = new Y.Doc();
    return {
      local: doc,
      persistence: new IndexeddbPersistence(
        sharedTextStore(zero.userID ?? 'anon', { preferenceId, noteId }),
        doc,
      ),
    };
    // One document per text and user.
  }, [zero.userID, preferenceId, noteId]);
  const [stored, setStored] = useState(false);
  const [waiting, setWaiting] = useState(false);
  const [error, setError] = useState<string | undefined>();
  // What the rows make, and which rows it holds.
  const remote = useRef<{ doc: Y.Doc; ids: Set<string> } | null>(null);
  const refused = useRef(false);
  const inFlight = useRef(0);
  // Whether this text is still open (answers may arrive after it closed).
  const alive = useRef(true);
  const rebuildNow = useRef(() => {});
  const writable = canWrite(connection.name);
  const writableRef = useRef(writable);
  writableRef.current = writable;

  useEffect(() => {
    let live = true;
    alive.current = true;
    // Ready once the changes of a text can run here too (sync/shared-text.ts loadTextDocs).
    void Promise.all([persistence.whenSynced, loadTextDocs()]).then(() => live && setStored(true));
    return () => {
      live = false;
      alive.current = false;
      void persistence.destroy();
      local.destroy();
      remote.current?.doc.destroy();
      remote.current = null;
    };
  }, [local, persistence]);

  // While open here, this page sends the text's typing and says when it landed.
  useEffect(() => outboxOf(zero).textOpen({ preferenceId, noteId }), [zero, preferenceId, noteId]);

  const ready = stored && rows !== undefined && held !== undefined;

  // Sends what the rows lack, when there is anything and the client may write.
  const send = useRef(() => {});
  send.current = () => {
    const base = remote.current;
    if (!base) return;
    const update = missingFrom(local, base.doc);
    setWaiting(update !== null);
    // Refused typing waits for the next keystroke, and its field says so.
    if (!update || refused.current) return;
    const target = { preferenceId, noteId };
    const outbox = outboxOf(zero);
    // Until the server has it, the outbox counts it as waiting, from the
    // keystroke on, sent or not (and a later page sends it, should this one
    // close first: web/offline/text-flush.ts). Nothing says "All changes
    // saved" while typing waits for the connection.
    outbox.textWaiting(personId, target);
    if (!writableRef.current) return;
    Y.applyUpdate(base.doc, update, REMOTE);
    setWaiting(false);
    inFlight.current += 1;
    const result = zero.mutate(
      mutators.text.push({
        id: crypto.randomUUID(),
        preferenceId,
        noteId,
        data: encodeUpdate(update),
      }),
    );
    void result.server.then((r) => {
      inFlight.current -= 1;
      if (r.type === 'success') {
        // Landed, unless typing since is still to be sent (it waited for the connection).
        if (inFlight.current === 0 && !unsent()) outbox.textLanded(target);
        return setError(undefined);
      }
      // Not stored: what was sent is no longer taken as the server's (the
      // document the rows make is built again), so the next send includes it
      // again; Yjs ignores what it already has.
      if (r.error.type !== 'app') {
        // Zero could not deliver it (the connection, a server hiccup): again shortly.
        setTimeout(() => alive.current && rebuildNow.current(), RESEND_MS);
        return;
      }
      // Refused: not sent again until the next keystroke, and said.
      if (inFlight.current === 0) outbox.textLanded(target);
      if (!alive.current) return;
      refused.current = true;
      setError(r.error.message || messages.errors.generic);
      rebuild();
    });
  };

  /** Whether this text holds typing the server has not been sent (or its document is gone). */
  function unsent(): boolean {
    const base = remote.current;
    return alive.current && base !== null && missingFrom(local, base.doc) !== null;
  }

  /** The document the rows make, from scratch (after a row went away). */
  rebuildNow.current = rebuild;
  function rebuild() {
    remote.current?.doc.destroy();
    remote.current = null;
    merge();
  }

  /** Brings the rows into both documents. */
  function merge() {
    if (!ready || !rows) return;
    let base = remote.current;
    const ids = new Set(rows.map((r) => r.id));
    if (base && [...base.ids].some((id) => !ids.has(id) && id !== 'seed')) {
      // Compaction or a write that did not land: start again from the rows.
      base.doc.destroy();
      base = null;
    }
    if (!base) {
      base = { doc: new Y.Doc(), ids: new Set() };
      remote.current = base;
      if (rows.length === 0 && held) {
        // A text with no rows starts from its seed (as the server does).
        const seed = seedUpdate(held);
        Y.applyUpdate(base.doc, seed, REMOTE);
        Y.applyUpdate(local, seed, REMOTE);
        base.ids.add('seed');
      }
    }
    const fresh = rows.filter((r) => !base.ids.has(r.id));
    if (fresh.length > 0) {
      const update = Y.mergeUpdates(fresh.map((r) => decodeUpdate(r.data)));
      Y.applyUpdate(base.doc, update, REMOTE);
      Y.applyUpdate(local, update, REMOTE);
      for (const r of fresh) base.ids.add(r.id);
    }
    send.current();
  }

  // biome-ignore lint/correctness/useExhaustiveDependencies: merge reads the rows and held of this render.
  useEffect(merge, [ready, rows, key]);

  // Typing (anything but what the rows brought) is sent at once.
  useEffect(() => {
    const onUpdate = (_u: Uint8Array, origin: unknown) => {
      if (origin === REMOTE) return;
      if (origin !== persistence) refused.current = false;
      send.current();
    };
    local.on('update', onUpdate);
    return () => local.off('update', onUpdate);
  }, [local, persistence]);

  // Back online: send what waited.
  useEffect(() => {
    if (writable) send.current();
  }, [writable]);

  return { text: ready ? local.getText(TEXT) : null, waiting, error };
}
