/**
 * Step 3 of a preference, share: who in the Circle of Support may see it (its access).
 */

import { ACCESS, type Access } from '../../../schema/enums.ts';
import { useAllowedAccess } from '../../hooks/use-library-queries.ts';
import { preferenceFormMessages } from '../../messages/preference-form.ts';
import { ChoiceGroup } from '../choice-group.tsx';
import { type StepProps, StepSection } from './step-parts.tsx';

const t = preferenceFormMessages;

export function ShareStep({ fields, onChange, personId }: StepProps & { personId: string }) {
  // A supporter can only share at what their level reads (the server says so too).
  const allowedAccess = useAllowedAccess(personId);
  const allowed = (a: Access) => allowedAccess.includes(a);
  return (
    <StepSection title={t.stepTitles[2]} presence={'access'}>
      <ChoiceGroup
        legend={t.accessLegend}
        value={fields.access}
        onChange={(a) => onChange({ access: a })}
        choices={ACCESS.map((a) => ({
          value: a,
          label: t.access[a],
          description: allowed(a) ? t.accessHelp[a] : t.accessNotYours,
          disabled: !allowed(a),
        }))}
      />
    </StepSection>
  );
}

/** Step 4: the review schedule and the next review date it gives. */
