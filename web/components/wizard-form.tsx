/**
 * The page both wizards share, onboarding and the check-in survey (spec §2,
 * §4): a form card with "Step n of m", the step itself, its error, and the
 * buttons: the step's own, Back after the first step, and Cancel, which asks
 * "Are you sure you want to cancel?" before leaving.
 */
import { type FormEvent, type ReactNode, useState } from 'react';
import { LeaveConfirm } from './leave-confirm.tsx';
import { ErrorAlert } from './modal-dialog.tsx';

export function WizardForm({
  className,
  progress,
  busy,
  error,
  onSubmit,
  children,
  actions,
  onBack,
  texts,
  onLeave,
}: {
  /** The page's own class, after `page`. */
  className: string;
  /** "Step n of m". */
  progress: string;
  busy: boolean;
  error: string | undefined;
  onSubmit: (e: FormEvent) => void;
  /** The step. */
  children: ReactNode;
  /** The step's own buttons, before Back and Cancel; none of the buttons show without them. */
  actions: ReactNode | undefined;
  /** Back a step; no Back button without it (the first step). */
  onBack: (() => void) | undefined;
  texts: { back: string; cancel: string; cancelTitle: string; cancelBody: string };
  /** Leaving, once confirmed. */
  onLeave: () => void;
}) {
  const [leaving, setLeaving] = useState(false);
  return (
    <main className={`page ${className}`} id="main">
      <form className="card" onSubmit={onSubmit} noValidate aria-busy={busy}>
        <p className="status">{progress}</p>
        {children}
        <ErrorAlert message={error} />
        {actions === undefined ? null : (
          <div className="actions">
            {actions}
            {onBack ? (
              <button type="button" className="secondary" disabled={busy} onClick={onBack}>
                {texts.back}
              </button>
            ) : null}
            <button
              type="button"
              className="secondary"
              disabled={busy}
              onClick={() => setLeaving(true)}
            >
              {texts.cancel}
            </button>
          </div>
        )}
      </form>
      <LeaveConfirm
        open={leaving}
        title={texts.cancelTitle}
        body={texts.cancelBody}
        onClose={() => setLeaving(false)}
        onConfirm={() => {
          setLeaving(false);
          onLeave();
        }}
      />
    </main>
  );
}
