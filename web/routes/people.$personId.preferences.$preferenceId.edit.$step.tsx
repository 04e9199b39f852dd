import { createFileRoute } from '@tanstack/react-router';
import { numericStep } from '../../sync/validation-rules.ts';
import { PreferenceEditor } from '../components/preference-steps/editor.tsx';
import { clampStep } from '../components/preference-steps/fields.ts';
import { messages } from '../messages.ts';
import { pageHead } from '../navigation/page-title.ts';

/** Spec §2 /preferences/{id}/edit/{step}: one step (1 to 4; anything else shows step 1). */
export const Route = createFileRoute('/people/$personId/preferences/$preferenceId/edit/$step')({
  head: pageHead(messages.titles.editPreference),
  component: PreferenceEditStep,
});

function PreferenceEditStep() {
  const { personId, preferenceId, step } = Route.useParams();
  const { isReview } = Route.useSearch();
  const n = clampStep(numericStep(step));
  return (
    <PreferenceEditor
      key={`${preferenceId}/${n}`}
      personId={personId}
      id={preferenceId}
      step={n}
      isReview={isReview === true}
    />
  );
}
