/**
 * Step 3 of a preference, share: who in the Circle of Support may see it (its access).
 */
import { useId } from 'react';
import { ACCESS, type Access } from '../../../schema/enums.ts';
import { useAllowedAccess } from '../../hooks/use-library-queries.ts';
import { messages } from '../../messages.ts';
import { type StepProps, StepSection } from './step-parts.tsx';

const t = messages.preferenceForm;

export function ShareStep({ fields, onChange, personId }: StepProps & { personId: string }) {
  const id = useId();
  // A supporter can only share at what their level reads (the server says so too).
  const allowedAccess = useAllowedAccess(personId);
  const allowed = (a: Access) => allowedAccess.includes(a);
  return (
    <StepSection title={t.stepTitles[2]} presence={'access'}>
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
