/**
 * The four steps of a preference (spec §4 "Preference creation": 1 describe,
 * 2 categories, 3 share with the circle, 4 more detail), shared by the create
 * wizard (/preferences/create/{id}/{step}) and the edit screens
 * (/preferences/{id}/edit and /edit/{step}), plus the editor itself and a
 * non-destructive "are you sure" dialog for leaving an unfinished flow.
 */
import { useQuery, useZero } from '@rocicorp/zero/react';
import { Link, useNavigate } from '@tanstack/react-router';
import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import {
  ACCESS,
  type Access,
  FEELINGS,
  type Feeling,
  REVIEW_SCHEDULES,
  type ReviewSchedule,
} from '../../schema/enums.ts';
import {
  categoryIds as categoryIdsSchema,
  feelingOther as feelingOtherSchema,
  fieldMessages,
  LIMITS,
  preferenceDescription,
  preferenceTitle,
} from '../../sync/library-fields.ts';
import { mutators } from '../../sync/mutators.ts';
import type { PreferenceUpdateArgs } from '../../sync/preference.ts';
import { queries } from '../../sync/queries.ts';
import { nextReviewAt } from '../../sync/review.ts';
import { trimInput } from '../../sync/validation.ts';
import { messages } from '../messages.ts';
import { mutationError } from './circle-common.tsx';
import { DestructiveConfirm } from './destructive-confirm.tsx';
import { PictureField } from './picture-field.tsx';
import { formatDate } from './preference-common.tsx';
import '../styles/preference-form.css';
import { useAllowedAccess, useCategories } from '../hooks/use-library-queries.ts';

const t = messages.preferenceForm;

export const STEP_COUNT = 4;

/** A step from the URL: numeric and within 1..4, else 1 (spec §5). */
export function clampStep(step: number | undefined): number {
  return step !== undefined && Number.isInteger(step) && step >= 1 && step <= STEP_COUNT ? step : 1;
}

/** What the form holds: plain strings while typing, converted when saved. */
export type PreferenceFields = {
  title: string;
  description: string;
  feeling: Feeling | '';
  feelingOther: string;
  access: Access;
  reviewSchedule: ReviewSchedule;
  categoryIds: string[];
  /** The pinned picture (saved with the pin mutator, not the update). */
  heroMediaId: string | null;
};

type FieldName = 'title' | 'description' | 'feelingOther' | 'categoryIds';
export type FieldErrors = Partial<Record<FieldName, string>>;

/** The saved row, as much of it as the form needs. */
export type PreferenceRow = {
  title: string;
  description: string | null;
  feeling: Feeling | null;
  feelingOther: string | null;
  access: Access;
  reviewSchedule: ReviewSchedule;
  reviewAt: number | null;
  heroMediaId: string | null;
  categories: readonly { id: string }[];
};

export function fieldsFrom(row: PreferenceRow | undefined, categoryId?: string): PreferenceFields {
  const linked = row ? row.categories.map((c) => c.id) : [];
  return {
    title: row?.title ?? '',
    description: row?.description ?? '',
    feeling: row?.feeling ?? '',
    feelingOther: row?.feelingOther ?? '',
    access: row?.access ?? 'General',
    reviewSchedule: row?.reviewSchedule ?? 'Never',
    categoryIds: linked.length === 0 && categoryId ? [categoryId] : linked,
    heroMediaId: row?.heroMediaId ?? null,
  };
}

/**
 * Saves the picture of step 4 when it differs from `before` (the pin
 * mutator): resolves to an error message, or undefined.
 */
export async function savePicture(
  zero: ReturnType<typeof useZero>,
  id: string,
  fields: PreferenceFields,
  before: { heroMediaId: string | null } | undefined,
): Promise<string | undefined> {
  if (!before || fields.heroMediaId === before.heroMediaId) return undefined;
  return mutationError(
    await zero.mutate(mutators.preference.pin({ id, heroMediaId: fields.heroMediaId })).server,
  );
}

const firstIssue = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.success ? undefined : (r.error?.issues[0]?.message ?? messages.errors.generic);

/** The errors of one step's fields (the same rules as the mutators). */
export function validateStep(step: number, f: PreferenceFields): FieldErrors {
  const errors: FieldErrors = {};
  if (step === 1) {
    const title = firstIssue(preferenceTitle.safeParse(f.title));
    if (title) errors.title = title;
    const description = firstIssue(preferenceDescription.safeParse(f.description));
    if (description) errors.description = description;
    if (f.feeling === 'Other') {
      const other = trimInput(f.feelingOther)
        ? firstIssue(feelingOtherSchema.safeParse(f.feelingOther))
        : fieldMessages.feelingOtherRequired;
      if (other) errors.feelingOther = other;
    }
  }
  if (step === 2) {
    if (f.categoryIds.length === 0) errors.categoryIds = fieldMessages.categoryRequired;
    else {
      const many = firstIssue(categoryIdsSchema.safeParse(f.categoryIds));
      if (many) errors.categoryIds = many;
    }
  }
  return errors;
}

/** The mutator arguments of one step's fields. */
export function stepChanges(
  step: number,
  f: PreferenceFields,
): Omit<PreferenceUpdateArgs, 'id' | 'status'> {
  switch (step) {
    case 1:
      return {
        title: trimInput(f.title),
        description: trimInput(f.description),
        feeling: f.feeling || null,
        feelingOther: f.feeling === 'Other' ? trimInput(f.feelingOther) : null,
      };
    case 2:
      return { categoryIds: f.categoryIds };
    case 3:
      return { access: f.access };
    default:
      return { reviewSchedule: f.reviewSchedule };
  }
}

/** Moves focus to the first field named in `errors` (its element carries data-field). */
export function focusFirstError(form: HTMLElement | null, errors: FieldErrors) {
  const order: FieldName[] = ['title', 'description', 'feelingOther', 'categoryIds'];
  const name = order.find((n) => errors[n]);
  if (!name || !form) return;
  form.querySelector<HTMLElement>(`[data-field="${name}"]`)?.focus();
}

function FieldError({ id, error }: { id: string; error: string | undefined }) {
  // Always in the page, so that its text is announced when it appears.
  return (
    <p id={id} className="pf-error" role="alert">
      {error ?? ''}
    </p>
  );
}

const describedBy = (...ids: (string | false | undefined)[]) =>
  ids.filter(Boolean).join(' ') || undefined;

type StepProps = {
  fields: PreferenceFields;
  onChange: (patch: Partial<PreferenceFields>) => void;
  errors: FieldErrors;
};

function StepSection({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section className="pf-step" aria-labelledby={headingId}>
      <h2 id={headingId}>{title}</h2>
      {children}
    </section>
  );
}

/** Step 1: title, description (markdown) and feeling. */
export function DescribeStep({ fields, onChange, errors }: StepProps) {
  const id = useId();
  const titleError = `${id}-title-error`;
  const descriptionError = `${id}-description-error`;
  const otherError = `${id}-other-error`;
  return (
    <StepSection title={t.stepTitles[0]}>
      <div className="field">
        <label htmlFor={`${id}-title`}>{t.title}</label>
        <p id={`${id}-title-help`} className="pf-help">
          {t.titleHelp}
        </p>
        <input
          id={`${id}-title`}
          data-field="title"
          type="text"
          required
          aria-required="true"
          maxLength={LIMITS.preferenceTitle}
          value={fields.title}
          aria-invalid={errors.title ? true : undefined}
          aria-describedby={describedBy(`${id}-title-help`, errors.title && titleError)}
          onChange={(e) => onChange({ title: e.target.value })}
          // Text inputs trim whitespace on change (spec §5): on the committed
          // change (leaving the field), so spaces between words can be typed.
          onBlur={(e) => onChange({ title: trimInput(e.target.value) })}
        />
        <FieldError id={titleError} error={errors.title} />
      </div>
      <div className="field">
        <label htmlFor={`${id}-description`}>{t.description}</label>
        <p id={`${id}-description-help`} className="pf-help">
          {t.descriptionHelp}
        </p>
        <textarea
          id={`${id}-description`}
          data-field="description"
          rows={5}
          maxLength={LIMITS.preferenceDescription}
          value={fields.description}
          aria-invalid={errors.description ? true : undefined}
          aria-describedby={describedBy(
            `${id}-description-help`,
            errors.description && descriptionError,
          )}
          onChange={(e) => onChange({ description: e.target.value })}
          onBlur={(e) => onChange({ description: trimInput(e.target.value) })}
        />
        <FieldError id={descriptionError} error={errors.description} />
      </div>
      <fieldset className="pf-group" aria-describedby={`${id}-feeling-help`}>
        <legend>{t.feelingLegend}</legend>
        <p id={`${id}-feeling-help`} className="pf-help">
          {t.feelingHelp}
        </p>
        <div className="pf-feelings">
          <label className="pf-option">
            <input
              type="radio"
              name={`${id}-feeling`}
              value=""
              checked={fields.feeling === ''}
              onChange={() => onChange({ feeling: '' })}
            />
            <span>{t.noFeeling}</span>
          </label>
          {FEELINGS.map((f) => (
            <label className="pf-option" key={f}>
              <input
                type="radio"
                name={`${id}-feeling`}
                value={f}
                checked={fields.feeling === f}
                onChange={() => onChange({ feeling: f })}
              />
              <span className="pf-emoji" aria-hidden="true">
                {t.feelings[f].emoji}
              </span>
              <span>{t.feelings[f].label}</span>
            </label>
          ))}
        </div>
      </fieldset>
      {fields.feeling === 'Other' ? (
        <div className="field">
          <label htmlFor={`${id}-other`}>{t.feelingOther}</label>
          <input
            id={`${id}-other`}
            data-field="feelingOther"
            type="text"
            required
            aria-required="true"
            maxLength={LIMITS.feelingOther}
            value={fields.feelingOther}
            aria-invalid={errors.feelingOther ? true : undefined}
            aria-describedby={describedBy(errors.feelingOther && otherError)}
            onChange={(e) => onChange({ feelingOther: e.target.value })}
            onBlur={(e) => onChange({ feelingOther: trimInput(e.target.value) })}
          />
          <FieldError id={otherError} error={errors.feelingOther} />
        </div>
      ) : null}
    </StepSection>
  );
}

type CategoryRow = {
  id: string;
  title: string;
  parentId: string | null;
  access: Access;
  hidden: boolean;
};
type CategoryNode = { category: CategoryRow; children: CategoryNode[] };

/** The person's non-hidden categories as a tree (a child of a hidden one moves up). */
function categoryTree(rows: readonly CategoryRow[]): CategoryNode[] {
  const byId = new Map(rows.map((c) => [c.id, c]));
  const visibleParent = (c: CategoryRow): string | null => {
    let parent = c.parentId ? byId.get(c.parentId) : undefined;
    const seen = new Set<string>();
    while (parent?.hidden && !seen.has(parent.id)) {
      seen.add(parent.id);
      parent = parent.parentId ? byId.get(parent.parentId) : undefined;
    }
    return parent && !parent.hidden ? parent.id : null;
  };
  const children = new Map<string | null, CategoryRow[]>();
  for (const c of rows) {
    if (c.hidden) continue;
    const p = visibleParent(c);
    children.set(p, [...(children.get(p) ?? []), c]);
  }
  const build = (parent: string | null, depth: number): CategoryNode[] =>
    (children.get(parent) ?? []).map((category) => ({
      category,
      children: depth < 8 ? build(category.id, depth + 1) : [],
    }));
  return build(null, 0);
}

/** Step 2: the categories it belongs in (at least one). */
export function CategoriesStep({
  personId,
  fields,
  onChange,
  errors,
}: StepProps & { personId: string }) {
  const id = useId();
  const { categories: rows, details } = useCategories(personId);
  const tree = categoryTree(rows);
  const selected = new Set(fields.categoryIds);
  const errorId = `${id}-error`;
  let first = true;

  function toggle(categoryId: string, on: boolean) {
    const next = fields.categoryIds.filter((c) => c !== categoryId);
    onChange({ categoryIds: on ? [...next, categoryId] : next });
  }

  const renderNodes = (nodes: CategoryNode[]): ReactNode => (
    <ul className="pf-categories">
      {nodes.map(({ category, children }) => {
        const isFirst = first;
        first = false;
        return (
          <li key={category.id}>
            <div className="pf-check">
              <input
                id={`${id}-${category.id}`}
                type="checkbox"
                data-field={isFirst ? 'categoryIds' : undefined}
                checked={selected.has(category.id)}
                aria-invalid={errors.categoryIds ? true : undefined}
                aria-describedby={describedBy(errors.categoryIds && errorId)}
                onChange={(e) => toggle(category.id, e.target.checked)}
              />
              <label htmlFor={`${id}-${category.id}`}>
                {category.title}
                {category.access === 'Restricted' ? (
                  <span className="tag">{t.restrictedTag}</span>
                ) : null}
              </label>
            </div>
            {children.length > 0 ? renderNodes(children) : null}
          </li>
        );
      })}
    </ul>
  );

  return (
    <StepSection title={t.stepTitles[1]}>
      <fieldset
        className="pf-group"
        aria-describedby={describedBy(`${id}-help`, errors.categoryIds && errorId)}
      >
        <legend>{t.categoriesLegend}</legend>
        <p id={`${id}-help`} className="pf-help">
          {t.categoriesHelp}
        </p>
        {tree.length > 0 ? (
          renderNodes(tree)
        ) : details.type === 'complete' ? (
          <p>{t.categoriesEmpty}</p>
        ) : (
          <p role="status" className="status">
            {t.categoriesLoading}
          </p>
        )}
        <FieldError id={errorId} error={errors.categoryIds} />
      </fieldset>
    </StepSection>
  );
}

/** Step 3: who in the circle can see it. */
export function ShareStep({ fields, onChange, personId }: StepProps & { personId: string }) {
  const id = useId();
  // A supporter can only share at what their level reads (the server says so too).
  const allowedAccess = useAllowedAccess(personId);
  const allowed = (a: Access) => allowedAccess.includes(a);
  return (
    <StepSection title={t.stepTitles[2]}>
      <fieldset className="pf-group">
        <legend>{t.accessLegend}</legend>
        {ACCESS.map((a) => (
          <label className="pf-option pf-option-wide" key={a}>
            <input
              type="radio"
              name={`${id}-access`}
              value={a}
              checked={fields.access === a}
              disabled={!allowed(a)}
              aria-describedby={`${id}-${a}-help`}
              onChange={() => onChange({ access: a })}
            />
            <span>
              <span className="pf-option-title">{t.access[a]}</span>
              <span id={`${id}-${a}-help`} className="pf-help">
                {allowed(a) ? t.accessHelp[a] : t.accessNotYours}
              </span>
            </span>
          </label>
        ))}
      </fieldset>
    </StepSection>
  );
}

/** Step 4: the review schedule and the next review date it gives. */
export function DetailStep({
  fields,
  onChange,
  saved,
  personId,
  preferenceId,
  onUploading,
}: StepProps & {
  /** The saved schedule and date: kept while the schedule is unchanged. */
  saved?: { reviewSchedule: ReviewSchedule; reviewAt: number | null } | undefined;
  personId: string;
  preferenceId: string;
  onUploading?: ((busy: boolean) => void) | undefined;
}) {
  const id = useId();
  const next =
    saved && saved.reviewSchedule === fields.reviewSchedule
      ? saved.reviewAt
      : nextReviewAt(fields.reviewSchedule, Date.now());
  return (
    <StepSection title={t.stepTitles[3]}>
      <div className="field">
        <label htmlFor={`${id}-schedule`}>{t.reviewLabel}</label>
        <p id={`${id}-help`} className="pf-help">
          {t.reviewHelp}
        </p>
        <select
          id={`${id}-schedule`}
          className="pf-select"
          value={fields.reviewSchedule}
          aria-describedby={`${id}-help ${id}-next`}
          onChange={(e) => {
            const value = REVIEW_SCHEDULES.find((s) => s === e.target.value);
            if (value) onChange({ reviewSchedule: value });
          }}
        >
          {REVIEW_SCHEDULES.map((s) => (
            <option key={s} value={s}>
              {t.schedules[s]}
            </option>
          ))}
        </select>
        <p id={`${id}-next`} className="pf-next" aria-live="polite">
          {next === null ? t.noReview : t.nextReview(formatDate(next))}
        </p>
      </div>
      <PictureField
        personId={personId}
        label={t.pictureLabel}
        hint={t.pictureHelp}
        value={fields.heroMediaId}
        onChange={(heroMediaId) => onChange({ heroMediaId })}
        target={{ purpose: 'preference', preferenceId }}
        {...(onUploading ? { onBusy: onUploading } : {})}
      />
    </StepSection>
  );
}

/** One step's fields. */
export function StepFields({
  step,
  personId,
  preferenceId,
  saved,
  onUploading,
  ...props
}: StepProps & {
  step: number;
  personId: string;
  preferenceId: string;
  saved?: { reviewSchedule: ReviewSchedule; reviewAt: number | null } | undefined;
  /** Told while a picture uploads: saving waits for it. */
  onUploading?: (busy: boolean) => void;
}) {
  switch (step) {
    case 1:
      return <DescribeStep {...props} />;
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
  const ref = useRef<HTMLDialogElement>(null);
  const returnTo = useRef<HTMLElement | null>(null);
  const titleId = useId();
  const bodyId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      returnTo.current =
        document.activeElement instanceof HTMLElement ? document.activeElement : null;
      dialog.showModal();
    } else if (!open && dialog.open) {
      dialog.close();
      returnTo.current?.focus();
    }
  }, [open]);
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
    >
      <h2 id={titleId}>{title}</h2>
      <p id={bodyId}>{body}</p>
      <div className="actions">
        <button type="button" onClick={onConfirm}>
          {t.confirmYes}
        </button>
        <button type="button" className="secondary" onClick={onClose}>
          {t.confirmNo}
        </button>
      </div>
    </dialog>
  );
}

const sameSet = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((x) => b.includes(x));

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
  const zero = useZero();
  const navigate = useNavigate();
  const formRef = useRef<HTMLFormElement>(null);
  const [row, details] = useQuery(queries.preference.byId({ personId, id }));
  const [fields, setFields] = useState<PreferenceFields | undefined>();
  const [errors, setErrors] = useState<FieldErrors>({});
  const [error, setError] = useState<string | undefined>();
  const [status, setStatus] = useState<'idle' | 'saving' | 'saved' | 'reviewed'>('idle');
  const [uploading, setUploading] = useState(false);
  // What the form started from (then what it last saved): only fields changed
  // since are sent, so a save never undoes what someone else changed meanwhile.
  const baseline = useRef<PreferenceFields | undefined>(undefined);

  useEffect(() => {
    if (row && fields === undefined) {
      const initial = fieldsFrom(row);
      baseline.current = initial;
      setFields(initial);
    }
  }, [row, fields]);

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

  async function save(e: FormEvent) {
    e.preventDefault();
    if (!fields || !row) return;
    const found = Object.assign({}, ...steps.map((s) => validateStep(s, fields))) as FieldErrors;
    setErrors(found);
    if (Object.keys(found).length > 0) {
      focusFirstError(formRef.current, found);
      return;
    }
    const changes: Omit<PreferenceUpdateArgs, 'id'> = Object.assign(
      {},
      ...steps.map((s) => stepChanges(s, fields)),
    );
    // Only what changed since the form was filled (or last saved) is sent:
    // another person may be editing the other fields right now.
    const start = baseline.current;
    const before: Record<string, unknown> = start
      ? Object.assign({}, ...steps.map((s) => stepChanges(s, start)))
      : {};
    for (const key of Object.keys(changes) as (keyof typeof changes)[]) {
      const now = changes[key];
      const was = before[key];
      const same =
        Array.isArray(now) && Array.isArray(was) ? sameSet(now, was as string[]) : now === was;
      if (same) delete changes[key];
    }
    // In review mode the review sets the schedule (and the next date).
    if (isReview) delete changes.reviewSchedule;
    setError(undefined);
    setStatus('saving');
    const updateError = mutationError(
      await zero.mutate(mutators.preference.update({ id, ...changes })).server,
    );
    const pictureError =
      updateError ??
      (steps.includes(4) ? await savePicture(zero, id, fields, baseline.current) : undefined);
    if (pictureError) {
      setStatus('idle');
      setError(pictureError);
      return;
    }
    baseline.current = fields;
    if (isReview) {
      const reviewError = mutationError(
        await zero.mutate(
          mutators.preference.review({
            id,
            reviewId: crypto.randomUUID(),
            reviewSchedule: fields.reviewSchedule,
          }),
        ).server,
      );
      if (reviewError) {
        setStatus('idle');
        setError(reviewError);
        return;
      }
    }
    setStatus(isReview ? 'reviewed' : 'saved');
  }

  const title = step
    ? t.editStepTitle(t.stepTitles[step - 1] ?? '')
    : isReview
      ? t.reviewTitle
      : t.editTitle;

  return (
    <form ref={formRef} className="card pf-form" onSubmit={save} noValidate>
      <h1 tabIndex={-1}>{title}</h1>
      <p className="pf-subtitle">{row.title}</p>
      {isReview ? <p className="pf-intro">{t.reviewIntro}</p> : null}
      {error ? (
        <div role="alert" className="alert">
          {error}
        </div>
      ) : null}
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
            navigate({ to: '/people/$personId/preferences/$id', params: { personId, id } })
          }
        >
          {t.cancelEdit}
        </button>
        {step ? (
          <Link
            className="button secondary"
            to="/people/$personId/preferences/$id/edit"
            params={{ personId, id }}
            search={isReview ? { isReview } : {}}
          >
            {t.editAll}
          </Link>
        ) : null}
      </div>
      <p role="status" className="status">
        {status === 'saved' ? t.saved : status === 'reviewed' ? t.reviewed : ''}
      </p>
      <div className="pf-danger">
        <DestructiveConfirm
          label={t.delete}
          title={t.deleteTitle}
          body={t.deleteBody}
          confirmLabel={t.deleteConfirm}
          runningLabel={t.deleting}
          action={async () => {
            const r = await zero.mutate(mutators.preference.delete({ id })).server;
            const failed = mutationError(r);
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
