import { createFileRoute } from '@tanstack/react-router';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { dates } from '../../sync/dates.ts';
import { ApiError } from '../api-client.ts';
import { DestructiveConfirm } from '../components/destructive-confirm.tsx';
import { ErrorAlert } from '../components/modal-dialog.tsx';
import { messages } from '../messages.ts';
import { pageHead } from '../navigation/page-title.ts';
import {
  deletePasskey,
  listPasskeys,
  PasskeyError,
  type PasskeySummary,
  registerPasskey,
  webAuthnSupported,
} from '../passkeys.ts';

/** Passkey management (spec §2 /settings/passkeys, §4 Passkey registration). */
export const Route = createFileRoute('/people/$personId/settings/passkeys')({
  head: pageHead(messages.titles.passkeys),
  component: PasskeySettings,
});

type ListState =
  | { kind: 'loading' }
  | { kind: 'forbidden' }
  | { kind: 'error' }
  | { kind: 'ready'; items: PasskeySummary[] };

const dateFormat = dates.shortDay;
const dateTimeFormat = dates.shortDayTime;

function PasskeySettings() {
  const { personId } = Route.useParams();
  const { session } = Route.useRouteContext();
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [list, setList] = useState<ListState>({ kind: 'loading' });
  const [adding, setAdding] = useState(false);
  const [toast, setToast] = useState<string>('');
  const [error, setError] = useState<string | undefined>();
  const [supported] = useState(webAuthnSupported);
  // A passkey is created for the signed-in user's own account only.
  const own = session.user !== null && session.person?.id === personId;

  const refresh = useCallback(async () => {
    try {
      setList({ kind: 'ready', items: await listPasskeys(personId) });
    } catch (err) {
      setList({ kind: err instanceof ApiError && err.status === 403 ? 'forbidden' : 'error' });
    }
  }, [personId]);

  useEffect(() => {
    setList({ kind: 'loading' });
    void refresh();
  }, [refresh]);

  async function add() {
    if (!session.user) return;
    setAdding(true);
    setError(undefined);
    setToast('');
    try {
      const result = await registerPasskey(session.user);
      if (!result.verified) return; // Cancelled: silent (spec §4).
      await refresh();
      setToast(messages.passkeys.added);
    } catch (err) {
      setError(err instanceof PasskeyError ? err.message : messages.passkeys.createFailed);
    } finally {
      setAdding(false);
    }
  }

  async function remove(item: PasskeySummary) {
    try {
      await deletePasskey(personId, item.id);
    } catch {
      throw new Error(messages.passkeys.deleteFailed);
    }
  }

  function deleted() {
    setToast(messages.passkeys.deleted);
    // The deleted passkey's button goes with the refresh: focus then moves to the
    // page heading (the dialog has closed by then, so the page is no longer inert).
    void refresh().then(() => headingRef.current?.focus());
  }

  return (
    <>
      <h1 id={headingId} ref={headingRef} tabIndex={-1}>
        {messages.passkeys.title}
      </h1>
      <p>{messages.passkeys.intro}</p>
      <ErrorAlert message={error} />
      <p role="status" className="status">
        {toast}
      </p>
      {list.kind === 'loading' ? (
        <p className="status">{messages.passkeys.loading}</p>
      ) : list.kind === 'forbidden' ? (
        <p role="alert" className="alert">
          {messages.passkeys.notAdministrator}
        </p>
      ) : list.kind === 'error' ? (
        <p role="alert" className="alert">
          {messages.passkeys.loadFailed}
        </p>
      ) : (
        <>
          {list.items.length === 0 ? (
            <p>{messages.passkeys.empty}</p>
          ) : (
            <PasskeyList
              items={list.items}
              labelledBy={headingId}
              onDelete={remove}
              afterDelete={deleted}
            />
          )}
          {own && supported ? (
            <div className="actions">
              <button type="button" onClick={add} disabled={adding}>
                {adding ? messages.passkeys.creating : messages.passkeys.add}
              </button>
            </div>
          ) : own ? (
            <p className="status">{messages.passkeys.unsupported}</p>
          ) : null}
        </>
      )}
    </>
  );
}

function PasskeyList({
  items,
  labelledBy,
  onDelete,
  afterDelete,
}: {
  items: PasskeySummary[];
  labelledBy: string;
  onDelete: (item: PasskeySummary) => Promise<void>;
  afterDelete: () => void;
}) {
  return (
    <ul aria-labelledby={labelledBy} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {items.map((p, i) => {
        const name = messages.passkeys.passkeyName(i + 1);
        return (
          <li key={p.id} className="card" data-testid="passkey">
            <h2 style={{ fontSize: '1.1rem', margin: '0 0 0.25rem' }}>{name}</h2>
            <p style={{ margin: '0 0 0.5rem' }}>
              {messages.passkeys.createdOn(dateFormat.format(new Date(p.createdAt)))}
              <br />
              {p.lastUsedAt
                ? messages.passkeys.lastUsed(dateTimeFormat.format(new Date(p.lastUsedAt)))
                : messages.passkeys.neverUsed}
              <br />
              {p.backedUp ? messages.passkeys.synced : messages.passkeys.thisDeviceOnly}
            </p>
            {/* Destructive confirmation (spec §4): the shared dialog. */}
            <DestructiveConfirm
              label={messages.passkeys.delete}
              triggerLabel={messages.passkeys.deleteLabel(name)}
              title={messages.passkeys.confirmTitle}
              body={messages.passkeys.confirmBody}
              confirmLabel={messages.passkeys.confirmDelete}
              runningLabel={messages.passkeys.deleting}
              action={() => onDelete(p)}
              afterDestroy={afterDelete}
            />
          </li>
        );
      })}
    </ul>
  );
}
