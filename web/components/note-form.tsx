import { type FormEvent, useId, useState } from 'react';
import { LIMITS, noteBody, noteTitle } from '../../sync/library-fields.ts';
import { noteMessages } from '../messages/note.ts';
import { CrossedChoice } from '../offline/sync-status.tsx';
import type { Crossed } from '../offline/use-write.ts';
import { SaveCancel } from './form-actions.tsx';
import { ErrorAlert } from './modal-dialog.tsx';
import { SharedTextArea } from './shared-text-area.tsx';

const t = noteMessages;

export type NoteValues = { title: string; body: string };

/**
 * The note form of the create and edit pages. Spec §5 "text inputs trim
 * whitespace on change": leading spaces go as you type, and the whole value is
 * trimmed when the field is left (the DOM `change` moment), so typing a space
 * between words still works. Validation uses the shared zod schemas; the
 * server's refusal is shown as it says it.
 */
export function NoteForm({
  heading,
  intro,
  initial,
  onSave,
  onCancel,
  shared,
}: {
  /** A saved note's body is a shared text: typed together, saved as it is typed. */
  shared?: { personId: string; preferenceId: string; noteId: string } | undefined;
  heading: string;
  intro?: string | undefined;
  initial: NoteValues;
  /**
   * Resolves to undefined on success, else an error message, or edits that
   * crossed (both values are shown, and the person chooses).
   */
  onSave: (values: NoteValues) => Promise<string | Crossed | undefined>;
  onCancel: () => void;
}) {
  const titleId = useId();
  const bodyId = useId();
  const [title, setTitle] = useState(initial.title);
  const [body, setBody] = useState(initial.body);
  const [errors, setErrors] = useState<{
    title?: string | undefined;
    body?: string | undefined;
    form?: string | undefined;
  }>({});
  const [saving, setSaving] = useState(false);
  const [crossed, setCrossed] = useState<Crossed | undefined>();

  async function submit(e?: FormEvent) {
    e?.preventDefault();
    if (saving) return;
    const ti = noteTitle.safeParse(title);
    const typed = shared
      ? ((document.getElementById(bodyId) as HTMLTextAreaElement | null)?.value ?? '')
      : body;
    const bo = noteBody.safeParse(typed);
    if (!ti.success || !bo.success) {
      setErrors({
        ...(!ti.success && { title: ti.error.issues[0]?.message }),
        ...(!bo.success && { body: bo.error.issues[0]?.message }),
      });
      document.getElementById(!ti.success ? titleId : bodyId)?.focus();
      return;
    }
    setErrors({});
    setCrossed(undefined);
    setSaving(true);
    const error = await onSave({ title: ti.data, body: bo.data });
    if (error === undefined) return;
    setSaving(false);
    if (typeof error === 'string') setErrors({ form: error });
    else setCrossed(error);
  }

  /** Keep mine: saved again over theirs. Keep the saved one: the form shows theirs. */
  function decide(keep: 'mine' | 'theirs') {
    const theirs = crossed?.theirs.title;
    setCrossed(undefined);
    if (keep === 'mine') void submit();
    else if (typeof theirs === 'string') setTitle(theirs);
  }

  return (
    <form className="card note-form" onSubmit={submit} noValidate>
      <h1>{heading}</h1>
      {intro ? <p className="status">{intro}</p> : null}
      <ErrorAlert message={errors.form} />
      <CrossedChoice crossed={crossed} onDecide={decide} />
      <div className="field">
        <label htmlFor={titleId}>{t.title}</label>
        <input
          id={titleId}
          type="text"
          value={title}
          maxLength={LIMITS.noteTitle}
          required
          aria-invalid={errors.title ? true : undefined}
          aria-describedby={errors.title ? `${titleId}-error` : undefined}
          onChange={(e) => setTitle(e.target.value.trimStart())}
          onBlur={(e) => setTitle(e.target.value.trim())}
        />
        {errors.title ? (
          <p id={`${titleId}-error`} className="field-error">
            {errors.title}
          </p>
        ) : null}
      </div>
      <div className="field">
        <label htmlFor={bodyId}>{t.body}</label>
        <p id={`${bodyId}-help`} className="field-help">
          {t.bodyHelp}
        </p>
        {shared ? (
          <SharedTextArea
            {...shared}
            held={initial.body}
            errorId={`${bodyId}-shared-error`}
            id={bodyId}
            rows={8}
            maxLength={LIMITS.noteBody}
            required
            aria-invalid={errors.body ? true : undefined}
            aria-describedby={
              errors.body
                ? `${bodyId}-error ${bodyId}-help`
                : `${bodyId}-help ${bodyId}-shared-error`
            }
          />
        ) : (
          <textarea
            id={bodyId}
            value={body}
            rows={8}
            maxLength={LIMITS.noteBody}
            required
            aria-invalid={errors.body ? true : undefined}
            aria-describedby={errors.body ? `${bodyId}-error ${bodyId}-help` : `${bodyId}-help`}
            onChange={(e) => setBody(e.target.value.trimStart())}
            onBlur={(e) => setBody(e.target.value.trim())}
          />
        )}
        {errors.body ? (
          <p id={`${bodyId}-error`} className="field-error">
            {errors.body}
          </p>
        ) : null}
      </div>
      <SaveCancel saving={saving} texts={t} onCancel={onCancel} />
      <p role="status" className="status">
        {saving ? t.saving : ''}
      </p>
    </form>
  );
}
