/**
 * Step 4 of a preference, more detail: its review schedule and picture.
 */
import { useId } from 'react';
import { REVIEW_SCHEDULES, type ReviewSchedule } from '../../../schema/enums.ts';
import { nextReviewAt } from '../../../sync/review.ts';
import { preferenceFormMessages } from '../../messages/preference-form.ts';
import { PictureField } from '../picture-field.tsx';
import { formatDate } from '../preference-common.tsx';
import { type StepProps, StepSection } from './step-parts.tsx';

const t = preferenceFormMessages;

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
    <StepSection title={t.stepTitles[3]} presence={'reviewSchedule'}>
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
