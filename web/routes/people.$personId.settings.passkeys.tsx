import { createFileRoute } from '@tanstack/react-router';
import { type SyntheticEvent, useCallback, useEffect, useId, useRef, useState } from 'react';
import { ApiError } from '../api-client.ts';
import { DATE_LOCALE, messages } from '../messages.ts';
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
  component: PasskeySettings,
});

type Pending = { item: PasskeySummary; name: string };

type ListState =
  | { kind: 'loading' }
  | { kind: 'forbidden' }
  | { kind: 'error' }
  | { kind: 'ready'; items: PasskeySummary[] };

const dateFormat = new Intl.DateTimeFormat(DATE_LOCALE, { dateStyle: 'medium' });
const dateTimeFormat = new Intl.DateTimeFormat(DATE_LOCALE, {
  dateStyle: 'medium',
  timeStyle: 'short',
});

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
  const [pending, setPending] = useState<Pending | null>(null);
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
    await deletePasskey(personId, item.id);
    setToast(messages.passkeys.deleted);
    await refresh();
  }

  function deleted() {
    setPending(null);
    // The deleted passkey's button is gone: focus goes back to the page heading.
    headingRef.current?.focus();
  }

  return (
    <>
      <h1 id={headingId} ref={headingRef} tabIndex={-1}>
        {messages.passkeys.title}
      </h1>
      <p>{messages.passkeys.intro}</p>
      {error ? (
        <div role="alert" className="alert">
          {error}
        </div>
      ) : null}
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
              pending={pending}
              onDelete={setPending}
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
      <ConfirmDelete
        pending={pending}
        onCancel={() => setPending(null)}
        onConfirm={remove}
        onDone={deleted}
      />
    </>
  );
}

function PasskeyList({
  items,
  labelledBy,
  pending,
  onDelete,
}: {
  items: PasskeySummary[];
  labelledBy: string;
  pending: Pending | null;
  onDelete: (p: Pending) => void;
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
            <button
              type="button"
              className="secondary"
              aria-label={messages.passkeys.deleteLabel(name)}
              disabled={pending !== null}
              onClick={() => onDelete({ item: p, name })}
            >
              {messages.passkeys.delete}
            </button>
          </li>
        );
      })}
    </ul>
  );
}

/**
 * Destructive confirmation (spec §4): a modal dialog; while the action runs both
 * buttons are disabled and closing (Escape) is blocked; Cancel closes without acting.
 */
function ConfirmDelete({
  pending,
  onCancel,
  onConfirm,
  onDone,
}: {
  pending: Pending | null;
  onCancel: () => void;
  onConfirm: (item: PasskeySummary) => Promise<void>;
  onDone: () => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const bodyId = useId();
  const [running, setRunning] = useState(false);
  const [error, setError] = useState<string | undefined>();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (pending && !dialog.open) {
      setError(undefined);
      dialog.showModal();
    } else if (!pending && dialog.open) {
      dialog.close();
    }
  }, [pending]);

  function blockWhileRunning(e: SyntheticEvent<HTMLDialogElement>) {
    e.preventDefault();
    if (!running) onCancel();
  }

  async function confirm() {
    if (!pending) return;
    setRunning(true);
    setError(undefined);
    try {
      await onConfirm(pending.item);
      setRunning(false);
      // Closed here, synchronously, so that the page is no longer inert for onDone's focus.
      ref.current?.close();
      onDone();
    } catch {
      setRunning(false);
      setError(messages.passkeys.deleteFailed);
    }
  }

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      onCancel={blockWhileRunning}
      onClose={() => {
        if (pending && !running) onCancel();
      }}
    >
      <h2 id={titleId}>{messages.passkeys.confirmTitle}</h2>
      <p id={bodyId}>{messages.passkeys.confirmBody}</p>
      {error ? (
        <div role="alert" className="alert">
          {error}
        </div>
      ) : null}
      <div className="actions">
        <button
          type="button"
          onClick={confirm}
          disabled={running}
          style={{ background: 'var(--danger)', borderColor: 'var(--danger)' }}
        >
          {running ? messages.passkeys.deleting : messages.passkeys.confirmDelete}
        </button>
        <button type="button" className="secondary" onClick={onCancel} disabled={running}>
          {messages.passkeys.cancel}
        </button>
      </div>
    </dialog>
  );
}
