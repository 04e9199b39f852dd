import { useQuery } from '@rocicorp/zero/react';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { mutators } from '../../sync/mutators.ts';
import { queries } from '../../sync/queries.ts';
import { numericStep } from '../../sync/validation-rules.ts';
import { LeaveConfirm } from '../components/leave-confirm.tsx';
import { ErrorAlert } from '../components/modal-dialog.tsx';
import { StepFields } from '../components/preference-steps/editor.tsx';
import {
  clampStep,
  type FieldErrors,
  fieldsFrom,
  focusFirstError,
  type PreferenceFields,
  STEP_COUNT,
  savePicture,
  stepChanges,
  validateStep,
} from '../components/preference-steps/fields.ts';
import { useCategories } from '../hooks/use-library-queries.ts';
import { preferenceFormMessages } from '../messages/preference-form.ts';
import { messages } from '../messages.ts';
import { pageHead } from '../navigation/page-title.ts';
import { searchOf, text } from '../navigation/search-params.ts';
import { requireWrite } from '../navigation/write-guard.ts';
import { refusalOf, useWrite } from '../offline/use-write.ts';

const t = preferenceFormMessages;

const createSearch = searchOf({ categoryId: text(64) });

/**
 * Spec §2 /preferences/create/{id}/{step}, §4 "Preference creation": four
 * steps; step 1 creates the draft (status Draft) under the id from the URL,
 * each further step saves to it, and Finish publishes it. The draft is kept
 * when the user leaves, so coming back shows what was saved.
 */
export const Route = createFileRoute('/people/$personId/preferences/create/$preferenceId/$step')({
  head: pageHead(messages.titles.createPreference),
  validateSearch: createSearch,
  beforeLoad: requireWrite('/people/$personId/preferences'),
  component: CreateStepPage,
});

function CreateStepPage() {
  const { preferenceId } = Route.useParams();
  // A new id starts afresh.
  return <CreateWizard key={preferenceId} />;
}

function CreateWizard() {
  const { personId, preferenceId, step: stepParam } = Route.useParams();
  const { categoryId } = Route.useSearch();
  const write = useWrite();
  const navigate = useNavigate();
  const formRef = useRef<HTMLFormElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [row, details] = useQuery(queries.preference.byId({ personId, id: preferenceId }));
  const { categories } = useCategories(personId);
  const [fields, setFields] = useState<PreferenceFields | undefined>();
  const [errors, setErrors] = useState<FieldErrors>({});
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const [uploading, setUploading] = useState(false);
  const [confirm, setConfirm] = useState<'cancel' | 'back' | undefined>();

  // Without a draft yet, only step 1 can be shown: it creates the draft.
  const step = row ? clampStep(numericStep(stepParam)) : 1;

  useEffect(() => {
    if (fields === undefined && (row || details.type === 'complete')) {
      setFields(fieldsFrom(row, categoryId));
    }
  }, [row, details.type, fields, categoryId]);

  // A new step starts at its heading, so keyboard and screen reader users start at the top.
  const shownStep = useRef(step);
  useEffect(() => {
    if (shownStep.current === step) return;
    shownStep.current = step;
    headingRef.current?.focus();
  }, [step]);

  if (!fields) {
    return (
      <p className="status" role="status">
        {t.loading}
      </p>
    );
  }

  const goTo = (to: number) =>
    navigate({
      to: '/people/$personId/preferences/create/$preferenceId/$step',
      params: { personId, preferenceId, step: String(to) },
      search: categoryId ? { categoryId } : {},
    });

  const change = (patch: Partial<PreferenceFields>) =>
    setFields((f) => (f ? { ...f, ...patch } : f));

  /** Saves this step; true when saved. `publish` on the last step. */
  async function saveStep(current: PreferenceFields, publish: boolean): Promise<boolean> {
    const changes = stepChanges(step, current);
    if (step === 2 && changes.categoryIds) {
      // Only categories that exist here (categoryId comes from the URL).
      const known = new Set(categories.map((c) => c.id));
      changes.categoryIds = changes.categoryIds.filter((c) => known.has(c));
    }
    setBusy(true);
    setError(undefined);
    const outcome = await write(
      row
        ? mutators.preference.update({
            id: preferenceId,
            ...changes,
            ...(publish ? { status: 'Published' as const } : {}),
          })
        : mutators.preference.create({
            id: preferenceId,
            personId,
            status: 'Draft',
            ...changes,
            title: changes.title ?? '',
          }),
    );
    const failed =
      refusalOf(outcome) ??
      (step === 4
        ? refusalOf((await savePicture(write, preferenceId, current, row)) ?? outcome)
        : undefined);
    setBusy(false);
    if (failed) {
      setError(failed);
      return false;
    }
    return true;
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!fields || busy) return;
    const found = validateStep(step, fields);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      focusFirstError(formRef.current, found);
      return;
    }
    const last = step === STEP_COUNT;
    if (!(await saveStep(fields, last))) return;
    if (last) {
      await navigate({
        to: '/people/$personId/preferences/$preferenceId',
        params: { personId, preferenceId },
      });
    } else {
      setErrors({});
      await goTo(step + 1);
    }
  }

  async function back() {
    if (!fields || busy) return;
    if (step === 1) {
      setConfirm('back');
      return;
    }
    // Going back keeps what is valid on this step.
    if (Object.keys(validateStep(step, fields)).length === 0) {
      if (!(await saveStep(fields, false))) return;
    }
    setErrors({});
    await goTo(step - 1);
  }

  const stepTitle = t.stepTitles[step - 1] ?? '';

  return (
    <form ref={formRef} className="card pf-form" onSubmit={submit} noValidate aria-busy={busy}>
      <h1 ref={headingRef} tabIndex={-1}>
        {t.createTitle}
      </h1>
      <p className="pf-progress">
        {t.stepOf(step, STEP_COUNT)}: {stepTitle}
      </p>
      <ErrorAlert message={error} />
      <StepFields
        step={step}
        personId={personId}
        fields={fields}
        onChange={change}
        errors={errors}
        saved={row ?? undefined}
        preferenceId={preferenceId}
        onUploading={setUploading}
      />
      <div className="actions pf-actions">
        <button type="submit" disabled={busy || uploading}>
          {busy ? t.saving : step === STEP_COUNT ? t.finish : t.next}
        </button>
        <button type="button" className="secondary" onClick={back} disabled={busy}>
          {t.back}
        </button>
        <button
          type="button"
          className="secondary"
          onClick={() => setConfirm('cancel')}
          disabled={busy}
        >
          {t.cancel}
        </button>
      </div>
      <LeaveConfirm
        open={confirm !== undefined}
        title={confirm === 'back' ? t.backTitle : t.cancelTitle}
        body={confirm === 'back' ? t.backBody : t.cancelBody}
        onClose={() => setConfirm(undefined)}
        onConfirm={() => {
          const wasBack = confirm === 'back';
          setConfirm(undefined);
          if (wasBack) {
            navigate({
              to: '/people/$personId/preferences/create',
              params: { personId },
              search: categoryId ? { categoryId } : {},
            });
          } else {
            navigate({ to: '/people/$personId/preferences', params: { personId } });
          }
        }}
      />
    </form>
  );
}
