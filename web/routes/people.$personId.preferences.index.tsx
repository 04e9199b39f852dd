import { useQuery } from '@rocicorp/zero/react';
import { createFileRoute, Link } from '@tanstack/react-router';
import { z } from 'zod';
import { queries } from '../../sync/queries.ts';
import { messages } from '../messages.ts';

export const Route = createFileRoute('/people/$personId/preferences/')({
  validateSearch: z.object({
    groupBy: z.string().optional(),
    query: z.string().optional(),
    isOnboarding: z.boolean().optional(),
  }),
  loader: ({ context, params }) => {
    context.zero.preload(queries.preference.list({ personId: params.personId }), { ttl: '1m' });
  },
  component: PreferenceList,
});

function PreferenceList() {
  const { personId } = Route.useParams();
  const [rows, details] = useQuery(queries.preference.list({ personId }));
  const loading = rows.length === 0 && details.type !== 'complete';
  return (
    <>
      <h1>{messages.preferences.listTitle}</h1>
      {loading ? (
        <p className="status" role="status">
          {messages.preferences.loading}
        </p>
      ) : rows.length === 0 ? (
        <p>{messages.preferences.empty}</p>
      ) : (
        <ul className="pref-list card" aria-label={messages.preferences.listTitle}>
          {rows.map((p) => (
            <li key={p.id}>
              <Link to="/people/$personId/preferences/$id" params={{ personId, id: p.id }}>
                <span data-testid="preference-title">{p.title}</span>
                {p.access === 'Restricted' ? (
                  <span className="tag">{messages.preferences.access.Restricted}</span>
                ) : null}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
