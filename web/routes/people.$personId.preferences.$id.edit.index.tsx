import { createFileRoute } from '@tanstack/react-router';
import { PreferenceEditor } from '../components/preference-steps/editor.tsx';

/** Spec §2 /preferences/{id}/edit: the four steps on one page. */
export const Route = createFileRoute('/people/$personId/preferences/$id/edit/')({
  component: PreferenceEdit,
});

function PreferenceEdit() {
  const { personId, id } = Route.useParams();
  const { isReview } = Route.useSearch();
  return <PreferenceEditor key={id} personId={personId} id={id} isReview={isReview === true} />;
}
