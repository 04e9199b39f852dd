import { useQuery } from '@rocicorp/zero/react';
import { createFileRoute } from '@tanstack/react-router';
import { queries } from '../../sync/queries.ts';
import { messages } from '../messages.ts';

export const Route = createFileRoute('/people/$personId/supporting/')({
  component: Supporting,
});

/** The people this Supporter supports (the Circle's "supported" tab). */
function Supporting() {
  const { personId } = Route.useParams();
  const [links, details] = useQuery(queries.supporterLink.supporting({ personId }));
  return (
    <>
      <h1>{messages.supporting.title}</h1>
      {links.length === 0 ? (
        <p role="status">
          {details.type === 'complete' ? messages.supporting.empty : messages.supporting.loading}
        </p>
      ) : (
        <ul className="pref-list card" aria-label={messages.supporting.title}>
          {links.map((l) => (
            <li key={l.id}>
              <span className="row">
                {l.supported?.knownAs ?? l.supported?.firstName ?? ''}
                <span className="tag">{messages.supporting.level[l.accessLevel]}</span>
              </span>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
