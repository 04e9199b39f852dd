import { useEffect, useRef, useState } from 'react';
import { messages } from '../messages.ts';
import { ErrorAlert, ModalDialog } from './modal-dialog.tsx';

const destructive = { background: 'var(--danger)', borderColor: 'var(--danger)', color: '#fff' };

/**
 * Destructive confirmation (spec §4): the button opens a modal dialog and is
 * disabled while it is open. On confirm both dialog buttons are disabled and
 * the action runs; then `afterDestroy` runs and the dialog closes. Cancel,
 * Escape or closing before confirming closes without acting; closing is blocked
 * while the action runs. A failed action shows its message and leaves the
 * dialog open. The dialog is rendered at the end of the body (a portal), so a
 * trigger inside a list item does not put the dialog's buttons in that item.
 * Closed without acting, focus goes back to the button (WCAG 2.4.3): the
 * browser cannot return it there itself, since the button was disabled.
 */
export function DestructiveConfirm({
  label,
  triggerLabel,
  title,
  body,
  confirmLabel,
  runningLabel,
  action,
  afterDestroy,
}: {
  label: string;
  /** Accessible name of the trigger when `label` alone is ambiguous (it should start with `label`). */
  triggerLabel?: string | undefined;
  title: string;
  body: string;
  confirmLabel: string;
  runningLabel: string;
  /** Throws an Error whose message is shown when the action fails. */
  action: () => Promise<void>;
  afterDestroy?: () => void;
}) {
  const [open, setOpen] = useState(false);
  const [running, setRunning] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const trigger = useRef<HTMLButtonElement>(null);
  const [refocus, setRefocus] = useState(false);

  useEffect(() => {
    // After the render that enabled the button again.
    if (!refocus || open) return;
    setRefocus(false);
    trigger.current?.focus();
  }, [refocus, open]);

  function cancel() {
    if (running) return;
    setError(undefined);
    setOpen(false);
    setRefocus(true);
  }

  async function confirm() {
    setRunning(true);
    setError(undefined);
    try {
      await action();
    } catch (e) {
      setRunning(false);
      setError(e instanceof Error && e.message ? e.message : messages.errors.generic);
      return;
    }
    afterDestroy?.();
    setRunning(false);
    setOpen(false);
  }

  return (
    <>
      <button
        ref={trigger}
        type="button"
        style={destructive}
        disabled={open}
        aria-haspopup="dialog"
        aria-label={triggerLabel}
        onClick={() => {
          setError(undefined);
          setOpen(true);
        }}
      >
        {label}
      </button>
      <ModalDialog open={open} title={title} body={body} onCancel={cancel} portal>
        <ErrorAlert message={error} />
        <div className="actions">
          <button type="button" style={destructive} onClick={confirm} disabled={running}>
            {running ? runningLabel : confirmLabel}
          </button>
          <button
            type="button"
            className="secondary"
            onClick={cancel}
            disabled={running}
            data-autofocus
          >
            {messages.common.cancel}
          </button>
        </div>
      </ModalDialog>
    </>
  );
}

/** The words of deleting one thing named `name` (a preference, a note, a media item). */
export type DeleteTexts = {
  delete: string;
  deleteLabel: (name: string) => string;
  deleteTitle: string;
  deleteBody: (name: string) => string;
  deleteConfirm: string;
  deleting: string;
};

/** Deleting one named thing from its own page, in the words of its catalogue (`texts`). */
export function DeleteConfirm({
  texts: t,
  name,
  action,
  afterDestroy,
}: {
  texts: DeleteTexts;
  name: string;
  action: () => Promise<void>;
  afterDestroy: () => void;
}) {
  return (
    <DestructiveConfirm
      label={t.delete}
      triggerLabel={t.deleteLabel(name)}
      title={t.deleteTitle}
      body={t.deleteBody(name)}
      confirmLabel={t.deleteConfirm}
      runningLabel={t.deleting}
      action={action}
      afterDestroy={afterDestroy}
    />
  );
}
