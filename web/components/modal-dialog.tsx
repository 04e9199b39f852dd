/**
 * The app's one modal dialog (a native <dialog> opened with showModal, so the
 * browser traps focus and makes the rest of the page inert). Named by its
 * title, described by its body; Escape asks `onCancel` (which may refuse, e.g.
 * while an action runs); when it closes, focus goes back to where it was when
 * it opened (the button that opened it). The destructive confirmation, the
 * menu drawer, the invite messages, the wizard's questions and the sign-in
 * page's "register?" use it.
 */
import { type ReactNode, useEffect, useId, useRef } from 'react';
import { createPortal } from 'react-dom';

/**
 * Opens and closes `ref`'s dialog with `open`, and puts focus back where it
 * was when the dialog opened.
 */
function useModal(open: boolean) {
  const ref = useRef<HTMLDialogElement>(null);
  const returnTo = useRef<HTMLElement | null>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      returnTo.current =
        document.activeElement instanceof HTMLElement ? document.activeElement : null;
      dialog.showModal();
      // The safe choice first (a delete's Cancel): the caller marks it data-autofocus.
      dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    } else if (!open && dialog.open) {
      dialog.close();
    }
    if (!open && returnTo.current) {
      // Back to the opener, once it is enabled again.
      const back = returnTo.current;
      returnTo.current = null;
      queueMicrotask(() => back.focus());
    }
  }, [open]);
  return ref;
}

export function ModalDialog({
  open,
  title,
  body,
  onCancel,
  className,
  aside,
  portal = false,
  children,
}: {
  open: boolean;
  /** The dialog's name: its heading. */
  title: ReactNode;
  /** Its description, read when it opens. */
  body?: ReactNode;
  /** Escape, or the dialog closed another way: the caller decides whether `open` becomes false. */
  onCancel: () => void;
  className?: string;
  /** Beside the title, outside its name (the menu drawer's close button). */
  aside?: ReactNode;
  /**
   * At the end of the body, so that a trigger inside a list item does not
   * put the dialog's buttons in that item.
   */
  portal?: boolean;
  /** Its actions (and anything more it shows). */
  children?: ReactNode;
}) {
  const ref = useModal(open);
  const titleId = useId();
  const bodyId = useId();
  const dialog = (
    <dialog
      ref={ref}
      className={className}
      aria-labelledby={titleId}
      aria-describedby={body ? bodyId : undefined}
      onCancel={(e) => {
        e.preventDefault();
        onCancel();
      }}
      onClose={() => {
        // The close event comes a task after close(): by then the dialog may be
        // open again (closed and at once reopened), and this event is not news.
        if (open && !ref.current?.open) onCancel();
      }}
    >
      {aside ? (
        <div className="dialog-head">
          <h2 id={titleId}>{title}</h2>
          {aside}
        </div>
      ) : (
        <h2 id={titleId}>{title}</h2>
      )}
      {body ? (
        <div id={bodyId} className="dialog-body">
          {typeof body === 'string' ? <p>{body}</p> : body}
        </div>
      ) : null}
      {children}
    </dialog>
  );
  return portal ? createPortal(dialog, document.body) : dialog;
}

/** A refusal or failure to show where it happened: an alert, read out as it appears. */
export function ErrorAlert({ message }: { message: string | undefined | null }) {
  const ref = useRef<HTMLDivElement>(null);
  // Above a long form the error could appear out of sight: focus (and so
  // scroll) moves to it, and it is read as an alert.
  useEffect(() => {
    if (message) ref.current?.focus();
  }, [message]);
  if (!message) return null;
  return (
    <div role="alert" className="alert" tabIndex={-1} ref={ref}>
      {message}
    </div>
  );
}
