/**
 * The status line of the person area: "Offline", "Waiting for the
 * connection", "Saving…", "N changes waiting", "All changes saved", in words
 * and a shape, never colour alone (web/offline/use-write.ts says which).
 * What changes (going offline, the waiting count, back online) is announced
 * politely in a live region of its own, so saving each keystroke is not read
 * out. Changes refused after nobody was waiting for them (sent on reconnect)
 * are listed in a dialog, where crossing edits are decided (sync/conflict.ts).
 */

import { useQuery, useZero } from '@rocicorp/zero/react';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { queries } from '../../sync/queries.ts';
import { ModalDialog } from '../components/modal-dialog.tsx';
import { offlineMessages } from '../messages/offline.ts';
import { outboxOf } from '../zero.ts';
import type { Problem } from './outbox.ts';
import { persistence } from './persist.ts';
import { shownValue } from './shown-value.ts';
import { type Crossed, useOutboxState, useSyncStatus } from './use-write.ts';

const t = offlineMessages;

/** `personId`: whose area this is (category ids in a decision are shown by their names). */
export function SyncStatusLine({ personId }: { personId: string }) {
  const { status, waiting, connection } = useSyncStatus();
  const { problems } = useOutboxState();
  const kept = useSyncExternalStore(persistence.subscribe, persistence.get);
  const [announcement, setAnnouncement] = useState('');
  /** What the announcer says now, read by the effect below. */
  const said = useRef('');
  said.current = announcement;
  /** Whether "All changes saved" is owed to a listener (see the effect). */
  const owed = useRef(false);
  const last = useRef<{ status: string; waiting: number }>({ status, waiting });
  const [reviewing, setReviewing] = useState(false);

  useEffect(() => {
    const before = last.current;
    last.current = { status, waiting };
    const lost = (s: string) => s === 'offline' || s === 'reconnecting';
    // The line showed changes not reaching the server: its "All changes
    // saved" is news, said even when nothing was announced (a page that
    // opened offline).
    if (lost(status) || (status === 'connecting' && waiting > 0)) owed.current = true;
    if (status === 'offline' && before.status !== 'offline') {
      setAnnouncement(
        waiting > 0 ? `${t.announceOffline} ${t.waiting(waiting)}.` : t.announceOffline,
      );
    } else if (status === 'reconnecting' && !lost(before.status)) {
      setAnnouncement(
        waiting > 0 ? `${t.announceReconnecting} ${t.waiting(waiting)}.` : t.announceReconnecting,
      );
    } else if (lost(status) && waiting !== before.waiting) {
      setAnnouncement(t.waiting(waiting));
    } else if (lost(before.status) && !lost(status) && status !== 'connecting') {
      const back = before.status === 'offline' ? `${t.announceBack} ` : '';
      setAnnouncement(`${back}${waiting > 0 ? t.waiting(waiting) : t.allSaved}.`);
    } else if (
      status === 'saved' &&
      (owed.current || (said.current !== '' && !said.current.includes(t.allSaved)))
    ) {
      // What was said last ("Back online. 2 changes waiting.") is no longer
      // true: the announcement never stays behind the line. A quick save of a
      // keystroke, with nothing said before it, stays quiet.
      setAnnouncement(t.allSaved);
    } else if (
      before.waiting > 0 &&
      waiting === 0 &&
      status === 'saved' &&
      before.status !== 'saving'
    ) {
      setAnnouncement(t.allSaved);
    }
    if (status === 'saved') owed.current = false;
  }, [status, waiting]);

  const label =
    status === 'offline'
      ? waiting > 0
        ? t.offlineWaiting(waiting)
        : t.offline
      : status === 'reconnecting'
        ? waiting > 0
          ? t.reconnectingWaiting(waiting)
          : t.reconnecting
        : status === 'connecting'
          ? waiting > 0
            ? t.waiting(waiting)
            : t.connecting
          : status === 'saving'
            ? t.saving
            : t.allSaved;

  return (
    <div
      className="sync-status"
      data-status={status}
      data-waiting={waiting}
      // The sync client's own state, which the line words gently (a second's reconnect says nothing).
      data-connection={connection}
    >
      <span className="sync-status-line">
        <span className="sync-status-mark" aria-hidden="true">
          {status === 'offline' ? '⊘' : status === 'saved' ? '✓' : '…'}
        </span>
        {label}
      </span>
      {/* A status region from the first render, so that a screen reader announces its first change too. */}
      <span
        className="visually-hidden"
        role="status"
        aria-live="polite"
        aria-atomic="true"
        data-sync-announcer
      >
        {announcement}
      </span>
      {/* Only where it matters: changes wait, and the browser may clear them. */}
      {kept === 'refused' && waiting > 0 && status !== 'saving' && status !== 'saved' ? (
        <p className="sync-status-keep" role="note">
          {t.mayBeCleared}
        </p>
      ) : null}
      {problems.length > 0 ? (
        <button
          type="button"
          className="secondary sync-status-problems"
          onClick={() => setReviewing(true)}
        >
          {t.problems(problems.length)}: {t.review}
        </button>
      ) : null}
      <ProblemsDialog
        personId={personId}
        problems={problems}
        open={reviewing && problems.length > 0}
        onClose={() => setReviewing(false)}
      />
    </div>
  );
}

function ProblemsDialog({
  personId,
  problems,
  open,
  onClose,
}: {
  personId: string;
  problems: readonly Problem[];
  open: boolean;
  onClose: () => void;
}) {
  const outbox = outboxOf(useZero());
  // Asked for only while open: this dialog is on every page of the person's
  // area, and the query holds every link of the library (2,000 rows for a
  // large one), which every page would otherwise sync and load first.
  const [categories] = useQuery(queries.category.list({ personId }), { enabled: open });
  const names = (id: string) => categories.find((c) => c.id === id)?.title ?? t.aCategory;
  return (
    <ModalDialog open={open} title={t.problemsTitle} onCancel={onClose} portal>
      {problems.map((p) =>
        p.code === 'changed' && p.theirs ? (
          <CrossedChoice
            key={p.key}
            crossed={{ mine: p.args, theirs: p.theirs }}
            onDecide={(keep) => void outbox.decide(p, keep)}
            names={names}
          />
        ) : (
          <div key={p.key} className="card">
            <p role="alert">{p.message}</p>
            <button type="button" onClick={() => outbox.dismiss(p)}>
              {t.dismiss}
            </button>
          </div>
        ),
      )}
      <div className="actions">
        <button type="button" className="secondary" onClick={onClose}>
          {t.close}
        </button>
      </div>
    </ModalDialog>
  );
}

/**
 * Both values of each field that crossed, and the choice: keep mine (sent
 * again, over theirs) or keep the saved one. The edit pages show it in place;
 * the status line's dialog shows it for changes sent on reconnect.
 */
export function CrossedChoice({
  crossed,
  ...rest
}: {
  /** Nothing shown when nothing crossed. */
  crossed: Crossed | undefined;
  onDecide: (keep: 'mine' | 'theirs') => void;
  /** Category names for category ids. */
  names?: ((id: string) => string) | undefined;
}) {
  return crossed ? <Choice {...crossed} {...rest} /> : null;
}

function Choice({
  mine,
  theirs,
  onDecide,
  names,
}: Crossed & {
  onDecide: (keep: 'mine' | 'theirs') => void;
  names?: ((id: string) => string) | undefined;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className="card crossed" aria-labelledby="crossed-title">
      <h2 id="crossed-title" tabIndex={-1} ref={heading}>
        {t.crossedTitle}
      </h2>
      <p>{t.crossedIntro}</p>
      <dl className="crossed-values">
        {Object.entries(theirs).map(([field, value]) => (
          <div key={field} className="crossed-field">
            <dt>{t.fieldNames[field] ?? field}</dt>
            <dd>
              <span className="crossed-label">{t.yours}:</span>{' '}
              {shownValue(mine[field], names, field)}
            </dd>
            <dd>
              <span className="crossed-label">{t.theirs}:</span> {shownValue(value, names, field)}
            </dd>
          </div>
        ))}
      </dl>
      <div className="actions">
        <button type="button" onClick={() => onDecide('mine')}>
          {t.keepMine}
        </button>
        <button type="button" className="secondary" onClick={() => onDecide('theirs')}>
          {t.keepTheirs}
        </button>
      </div>
    </section>
  );
}
