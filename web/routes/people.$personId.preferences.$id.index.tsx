import { useQuery } from '@rocicorp/zero/react';
import { createFileRoute, Link } from '@tanstack/react-router';
import { queries } from '../../sync/queries.ts';
import { messages } from '../messages.ts';

export const Route = createFileRoute('/people/$personId/preferences/$id/')({
  component: PreferenceView,
});

function PreferenceView() {
  const { personId, id } = Route.useParams();
  const [pref, details] = useQuery(queries.preference.byId({ personId, id }));
  if (!pref) {
    return details.type === 'complete' ? (
      <p role="alert">{messages.preferences.notFound}</p>
    ) : (
      <p className="status" role="status">
        {messages.preferences.loading}
      </p>
    );
  }
  return (
    <article className="card">
      <h1>{pref.title}</h1>
      {pref.description ? <p>{pref.description}</p> : null}
      <div className="actions">
        <Link
          className="button"
          to="/people/$personId/preferences/$id/edit"
          params={{ personId, id }}
        >
          {messages.preferences.edit}
        </Link>
        <Link className="button secondary" to="/people/$personId/preferences" params={{ personId }}>
          {messages.preferences.back}
        </Link>
      </div>
    </article>
  );
}
