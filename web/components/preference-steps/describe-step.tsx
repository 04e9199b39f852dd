/**
 * Step 1 of a preference, describe: its title, description and feeling.
 */
import { useId } from 'react';
import { FEELINGS } from '../../../schema/enums.ts';
import { LIMITS } from '../../../sync/library-fields.ts';
import { trimInput } from '../../../sync/validation-rules.ts';
import { preferenceFormMessages } from '../../messages/preference-form.ts';
import { ChoiceGroup } from '../choice-group.tsx';
import { FeelingIcon } from '../feeling-icon.tsx';
import { SharedTextArea } from '../shared-text-area.tsx';
import { describedBy, FieldError, type StepProps, StepSection } from './step-parts.tsx';

const t = preferenceFormMessages;

export function DescribeStep({
  fields,
  onChange,
  errors,
  shared,
}: StepProps & {
  /** A saved preference's description is a shared text: typed together, live. */
  shared?: { personId: string; preferenceId: string; held: string } | undefined;
}) {
  const id = useId();
  const titleError = `${id}-title-error`;
  const descriptionError = `${id}-description-error`;
  const otherError = `${id}-other-error`;
  return (
    <StepSection title={t.stepTitles[0]}>
      <div className="field" data-presence="title">
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
      <div className="field" data-presence="description">
        <label htmlFor={`${id}-description`}>{t.description}</label>
        <p id={`${id}-description-help`} className="pf-help">
          {t.descriptionHelp}
        </p>
        {shared ? (
          <SharedTextArea
            {...shared}
            noteId={null}
            errorId={descriptionError}
            id={`${id}-description`}
            data-field="description"
            rows={5}
            maxLength={LIMITS.preferenceDescription}
            aria-describedby={describedBy(`${id}-description-help`, descriptionError)}
          />
        ) : (
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
        )}
        {shared ? null : <FieldError id={descriptionError} error={errors.description} />}
      </div>
      <div data-presence="feeling">
        <ChoiceGroup
          legend={t.feelingLegend}
          hint={t.feelingHelp}
          layout="tiles"
          value={fields.feeling}
          onChange={(f) => onChange({ feeling: f })}
          choices={[
            { value: '' as const, label: t.noFeeling },
            ...FEELINGS.map((f) => ({
              value: f,
              label: (
                <>
                  <span className="pf-emoji" aria-hidden="true">
                    <FeelingIcon feeling={f} />
                  </span>{' '}
                  {t.feelings[f].label}
                </>
              ),
            })),
          ]}
        />
      </div>
      {fields.feeling === 'Other' ? (
        <div className="field" data-presence="feelingOther">
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
