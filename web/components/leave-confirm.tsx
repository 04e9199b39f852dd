import { preferenceFormMessages } from '../messages/preference-form.ts';
import { ModalDialog } from './modal-dialog.tsx';

const t = preferenceFormMessages;

/**
 * "Are you sure?" before leaving an unfinished flow (spec §5): a modal dialog,
 * not destructive. Escape or "No" closes it; focus goes back where it was.
 */
export function LeaveConfirm({
  open,
  title,
  body,
  onConfirm,
  onClose,
}: {
  open: boolean;
  title: string;
  body: string;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <ModalDialog open={open} title={title} body={body} onCancel={onClose}>
      <div className="actions">
        <button type="button" onClick={onConfirm}>
          {t.confirmYes}
        </button>
        <button type="button" className="secondary" onClick={onClose}>
          {t.confirmNo}
        </button>
      </div>
    </ModalDialog>
  );
}
