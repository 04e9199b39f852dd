import { createFileRoute } from '@tanstack/react-router';
import { PreferenceEditor } from '../components/preference-steps/editor.tsx';

/** Spec §2 /preferences/{id}/edit: the four steps on one page. */
export const Route = createFileRoute('/people/$personId/preferences/$preferenceId/edit/')({
  component: PreferenceEdit,
});

function PreferenceEdit() {
  const { personId, preferenceId } = Route.useParams();
  const { isReview } = Route.useSearch();
  return (
    <PreferenceEditor
      key={preferenceId}
      personId={personId}
      id={preferenceId}
      isReview={isReview === true}
    />
  );
}
