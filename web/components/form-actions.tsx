/**
 * A form's Save and Cancel (a note, a media item's description, a recording):
 * Save submits the form and says "Saving" while the save runs; neither can be
 * pressed again until it ends.
 */
export function SaveCancel({
  saving,
  texts,
  onCancel,
}: {
  saving: boolean;
  texts: { save: string; saving: string; cancel: string };
  onCancel: () => void;
}) {
  return (
    <div className="actions">
      <button type="submit" disabled={saving}>
        {saving ? texts.saving : texts.save}
      </button>
      <button type="button" className="secondary" onClick={onCancel} disabled={saving}>
        {texts.cancel}
      </button>
    </div>
  );
}
