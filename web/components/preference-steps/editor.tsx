/**
 * The steps together: one step's fields, the editor of a saved preference
 * (/preferences/{id}/edit and /edit/{step}) and the "are you sure" of leaving
 * an unfinished flow.
 */
import { useQuery } from '@rocicorp/zero/react';
import { Link, useNavigate } from '@tanstack/react-router';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import type { ReviewSchedule } from '../../../schema/enums.ts';
import { editSince } from '../../../sync/conflict.ts';
import { mutators } from '../../../sync/mutators.ts';
import { crossable, type PreferenceUpdateArgs } from '../../../sync/preference.ts';
import { queries } from '../../../sync/queries.ts';
import { usePresence } from '../../hooks/use-presence.ts';
import { nextTask } from '../../offline/after-task.ts';
import type { Outcome } from '../../offline/outbox.ts';
import { CrossedChoice } from '../../offline/sync-status.tsx';
import { refusalOf, savedText, useOutbox, useWrite } from '../../offline/use-write.ts';
import { DestructiveConfirm } from '../destructive-confirm.tsx';
import { ErrorAlert } from '../modal-dialog.tsx';
import { PresenceList, usePresenceFields } from '../presence.tsx';
import '../../styles/preference-form.css';
import { useLibraryName, usePageTitle } from '../../hooks/use-page-title.ts';
import { preferenceFormMessages } from '../../messages/preference-form.ts';
import { messages } from '../../messages.ts';
import { CategoriesStep } from './categories-step.tsx';
import { DescribeStep } from './describe-step.tsx';
import { DetailStep } from './detail-step.tsx';
import {
  type FieldErrors,
  fieldsFrom,
  focusFirstError,
  type PreferenceFields,
  savePicture,
  stepChanges,
  validateStep,
} from './fields.ts';
import { ShareStep } from './share-step.tsx';
import type { StepProps } from './step-parts.tsx';

const t = preferenceFormMessages;

/** No errors: one value, so that clearing errors already clear renders nothing. */
const noErrors: FieldErrors = {};
export function StepFields({
  step,
  personId,
  preferenceId,
  saved,
  onUploading,
  shared,
  ...props
}: StepProps & {
  /** The saved preference's description, to type together (step 1). */
  shared?: { personId: string; preferenceId: string; held: string } | undefined;
  step: number;
  personId: string;
  preferenceId: string;
  saved?: { reviewSchedule: ReviewSchedule; reviewAt: number | null } | undefined;
  /** Told while a picture uploads: saving waits for it. */
  onUploading?: (busy: boolean) => void;
}) {
  switch (step) {
    case 1:
      return <DescribeStep shared={shared} {...props} />;
    case 2:
      return <CategoriesStep personId={personId} {...props} />;
    case 3:
      return <ShareStep personId={personId} {...props} />;
    default:
      return (
        <DetailStep
          saved={saved}
          personId={personId}
          preferenceId={preferenceId}
          onUploading={onUploading}
          {...props}
        />
      );
  }
}

/** Theirs (a `changed` refusal's stored values) as the form's fields. */
function fieldsOfTheirs(theirs: Record<string, unknown>): Partial<PreferenceFields> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(theirs)) {
    if (k === 'categoryIds') out[k] = Array.isArray(v) ? v.map(String) : [];
    else out[k] = v ?? '';
  }
  return out as Partial<PreferenceFields>;
}

/** `fields` with what each of `changes` (oldest first) sets. */
function withUnanswered(
  fields: PreferenceFields,
  changes: readonly Record<string, unknown>[],
): PreferenceFields {
  const out: Record<string, unknown> = { ...fields };
  for (const change of changes) {
    // The fields a change sets as they are; the description is shared text.
    for (const key of crossable) {
      const v = change[key];
      if (v === undefined) continue;
      out[key] = key === 'categoryIds' ? (Array.isArray(v) ? v.map(String) : out[key]) : (v ?? '');
    }
  }
  return out as PreferenceFields;
}

/**
 * The edit screen (spec §2 /preferences/{id}/edit and /edit/{step}): all four
 * steps on one page, or one of them. In review mode saving also records a
 * review, which moves the next review date by the schedule.
 */
export function PreferenceEditor({
  personId,
  id,
  step,
  isReview,
}: {
  personId: string;
  id: string;
  step?: number | undefined;
  isReview: boolean;
}) {
  const navigate = useNavigate();
  const formRef = useRef<HTMLFormElement>(null);
  const [row, details] = useQuery(queries.preference.byId({ personId, id }));
  const [fields, setFields] = useState<PreferenceFields | undefined>();
  const [errors, setErrors] = useState<FieldErrors>(noErrors);
  const [error, setError] = useState<string | undefined>();
  const [status, setStatus] = useState<'idle' | 'saving' | 'saved' | 'reviewed'>('idle');
  const [uploading, setUploading] = useState(false);
  const [savedMessage, setSavedText] = useState('');
  const [crossed, setCrossed] = useState<
    { mine: Record<string, unknown>; theirs: Record<string, unknown> } | undefined
  >();
  const write = useWrite();
  const [categories] = useQuery(queries.category.list({ personId }));
  const categoryName = (cid: string) => categories.find((c) => c.id === cid)?.title ?? cid;
  // What the form started from (then what it last saved): only fields changed
  // since are sent, so a save never undoes what someone else changed meanwhile.
  const baseline = useRef<PreferenceFields | undefined>(undefined);
  /** Saves sent from this form: only the latest one's answer says "Saved". */
  const saves = useRef(0);
  // Who else is editing or viewing it, and in which field (sync/presence.ts).
  const { peers, setField, lost } = usePresence(personId, id, row !== undefined);
  usePageTitle(row ? messages.titles.editOf(row.title) : undefined, useLibraryName(personId));
  const presenceFocus = usePresenceFields(formRef, peers, setField);

  const outbox = useOutbox();
  useEffect(() => {
    if (row && fields === undefined) {
      // What this device already asked for and the server has not answered
      // yet counts as the start: the next save builds on it, not on an older
      // stored value (the form may open again while those wait to be sent).
      const initial = withUnanswered(fieldsFrom(row), [
        ...outbox.unanswered('preference.update', id),
        ...outbox
          .unanswered('preference.review', id)
          .map((a) => (a.changes ?? {}) as Record<string, unknown>),
      ]);
      baseline.current = initial;
      setFields(initial);
    }
  }, [row, fields, outbox, id]);

  if (!row || !fields) {
    return details.type === 'complete' && !row ? (
      <div className="card">
        <p role="alert">{t.notFound}</p>
        <Link to="/people/$personId/preferences" params={{ personId }}>
          {t.backToLibrary}
        </Link>
      </div>
    ) : (
      <p className="status" role="status">
        {t.loading}
      </p>
    );
  }

  const steps = step ? [step] : [1, 2, 3, 4];
  const change = (patch: Partial<PreferenceFields>) => {
    setFields((f) => (f ? { ...f, ...patch } : f));
    setStatus('idle');
  };

  /**
   * A review is one change (sync/preference.ts reviewPreference): the edits,
   * the picture and the review record land together or not at all.
   */
  async function saveReview(
    changes: Omit<PreferenceUpdateArgs, 'id'>,
    start: PreferenceFields | undefined,
  ): Promise<Outcome> {
    if (!fields) return { type: 'saved' };
    // The review sets the schedule (and the next date) itself.
    const { reviewSchedule: _schedule, ...edits } = changes;
    const picked = steps.includes(4) && start && fields.heroMediaId !== start.heroMediaId;
    return write(
      mutators.preference.review({
        id,
        reviewId: crypto.randomUUID(),
        reviewSchedule: fields.reviewSchedule,
        ...(Object.keys(edits).length > 0 && { changes: edits }),
        ...(picked && { heroMediaId: fields.heroMediaId }),
      }),
    );
  }

  /** Keep mine: saved again over theirs. Keep theirs: the form shows theirs. */
  function decide(keep: 'mine' | 'theirs') {
    const theirs = crossed?.theirs ?? {};
    setCrossed(undefined);
    const asFields = fieldsOfTheirs(theirs);
    if (baseline.current) baseline.current = { ...baseline.current, ...asFields };
    if (keep === 'mine') {
      void save();
      return;
    }
    setFields((f) => (f ? { ...f, ...asFields } : f));
    setStatus('idle');
  }

  async function save(e?: FormEvent) {
    e?.preventDefault();
    if (!fields || !row) return;
    const found = Object.assign({}, ...steps.map((s) => validateStep(s, fields))) as FieldErrors;
    if (Object.keys(found).length > 0) {
      setErrors(found);
      focusFirstError(formRef.current, found);
      return;
    }
    const start = baseline.current;
    const form: Record<string, unknown> = Object.assign(
      {},
      ...steps.map((s) => stepChanges(s, fields)),
    );
    // The description is shared text: what is typed there is saved as it is typed.
    delete form.description;
    // Only what changed since the form was filled (or last saved) is sent,
    // with what each was when the form read it: another person may be editing
    // the other fields right now, and a field they changed meanwhile is
    // refused, both values shown (sync/conflict.ts).
    const was: Record<string, unknown> = start
      ? Object.assign({}, ...steps.map((s) => stepChanges(s, start)))
      : {};
    const edit = editSince(was, form);
    const changes = edit.changes as Omit<PreferenceUpdateArgs, 'id'>;
    if (Object.keys(edit.base).length > 0) changes.base = edit.base;
    // What is sent now is where the next save starts, even before it is
    // answered: the person may edit and save again while this one is on its
    // way (or waits for the connection), and that save must not be judged
    // against the value before this one.
    const sent = fields;
    baseline.current = sent;
    const mine = ++saves.current;
    const sending = isReview
      ? saveReview(changes, start)
      : write(mutators.preference.update({ id, ...changes }));
    // The change goes first: the form says "Saving" once its push has left
    // the page, not before (each render here costs milliseconds on a tablet).
    await nextTask();
    setErrors(noErrors);
    setError(undefined);
    setCrossed(undefined);
    if (mine === saves.current) setStatus('saving');
    let outcome = await sending;
    if (outcome.type !== 'refused' && !isReview && steps.includes(4)) {
      outcome = (await savePicture(write, id, fields, start)) ?? outcome;
    }
    if (outcome.type === 'refused') {
      // Not stored: unless a later save moved on, the start is what it was.
      if (baseline.current === sent) baseline.current = start;
      if (mine === saves.current) setStatus('idle');
      if (outcome.code === 'changed' && outcome.theirs) {
        setCrossed({ mine: changes, theirs: outcome.theirs });
      } else {
        setError(outcome.message);
      }
      return;
    }
    // An earlier save answered while a later one is on its way: "Saved" waits for the later one.
    if (mine !== saves.current) return;
    setSavedText(savedText(outcome, isReview ? t.reviewed : t.saved));
    setStatus(isReview ? 'reviewed' : 'saved');
  }

  const title = step
    ? t.editStepTitle(t.stepTitles[step - 1] ?? '')
    : isReview
      ? t.reviewTitle
      : t.editTitle;

  return (
    <form ref={formRef} className="card pf-form" onSubmit={save} noValidate {...presenceFocus}>
      <h1 tabIndex={-1}>{title}</h1>
      <p className="pf-subtitle">{row.title}</p>
      <PresenceList peers={peers} lost={lost} />
      {isReview ? <p className="pf-intro">{t.reviewIntro}</p> : null}
      <ErrorAlert message={error} />
      <CrossedChoice crossed={crossed} onDecide={decide} names={categoryName} />
      {steps.map((s) => (
        <StepFields
          key={s}
          step={s}
          personId={personId}
          fields={fields}
          onChange={change}
          errors={errors}
          saved={isReview ? undefined : row}
          preferenceId={id}
          onUploading={setUploading}
          shared={{ personId, preferenceId: id, held: row.description ?? '' }}
        />
      ))}
      <div className="actions pf-actions">
        <button type="submit" disabled={status === 'saving' || uploading}>
          {status === 'saving' ? t.saving : isReview ? t.saveReview : t.save}
        </button>
        <button
          type="button"
          className="secondary"
          onClick={() =>
            navigate({
              to: '/people/$personId/preferences/$preferenceId',
              params: { personId, preferenceId: id },
            })
          }
        >
          {t.cancelEdit}
        </button>
        {step ? (
          <Link
            className="button secondary"
            to="/people/$personId/preferences/$preferenceId/edit"
            params={{ personId, preferenceId: id }}
            search={isReview ? { isReview } : {}}
          >
            {t.editAll}
          </Link>
        ) : null}
      </div>
      <p role="status" className="status">
        {status === 'saved' || status === 'reviewed' ? savedMessage : ''}
      </p>
      <div className="pf-danger">
        <DestructiveConfirm
          label={t.delete}
          title={t.deleteTitle}
          body={t.deleteBody}
          confirmLabel={t.deleteConfirm}
          runningLabel={t.deleting}
          action={async () => {
            const failed = refusalOf(await write(mutators.preference.delete({ id })));
            if (failed) throw new Error(failed);
          }}
          afterDestroy={() =>
            navigate({ to: '/people/$personId/preferences', params: { personId }, replace: true })
          }
        />
      </div>
    </form>
  );
}
