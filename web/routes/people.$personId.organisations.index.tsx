import { useQuery } from '@rocicorp/zero/react';
import { createFileRoute, Link } from '@tanstack/react-router';
import { queries } from '../../sync/queries.ts';
import { EmptyListState } from '../components/query-state.tsx';
import { usePageTitle } from '../hooks/use-page-title.ts';
import { organisationMessages } from '../messages/organisation.ts';
import { messages } from '../messages.ts';
import { pageHead } from '../navigation/page-title.ts';

const t = organisationMessages;

/**
 * The organisations list (spec §2 /organisations): the signed-in
 * person's own organisations (every one, for a platform user), live, each
 * with its type and status in words. They are one's own whatever area the
 * address names: the menu offers them only outside a support session. For a
 * platform user it is "Manage organisations": every one, and how many wait
 * for approval.
 */
export const Route = createFileRoute('/people/$personId/organisations/')({
  head: pageHead(messages.titles.organisations),
  component: OrganisationList,
});

function OrganisationList() {
  const { personId } = Route.useParams();
  const { session } = Route.useRouteContext();
  const platform = session.person.type === 'Platform';
  const [organisations, details] = useQuery(queries.organisation.mine());
  const waiting = organisations.filter(
    (o) => o.status === 'pending_approval' || o.status === 'email_verified',
  ).length;
  usePageTitle(platform ? t.manageTitle : t.listTitle);
  return (
    <section className="organisations" aria-labelledby="organisations-heading">
      <h1 id="organisations-heading">{platform ? t.manageTitle : t.listTitle}</h1>
      <p>{platform ? t.manageIntro : t.listIntro}</p>
      {platform && waiting > 0 ? <p className="status">{t.waiting(waiting)}</p> : null}
      {details.type === 'error' || organisations.length === 0 ? (
        <EmptyListState
          details={details}
          loading={t.loading}
          empty={platform ? t.manageEmpty : t.empty}
        />
      ) : (
        <ul className="pref-list card" aria-label={platform ? t.manageLabel : t.listLabel}>
          {organisations.map((o) => (
            <li key={o.id}>
              <Link
                to="/people/$personId/organisations/$organisationId"
                params={{ personId, organisationId: o.id }}
              >
                {/* Spaces between the parts, so that the link's name reads as words. */}
                <span className="organisation-name">{o.name}</span>{' '}
                <span className="tag">{t.types[o.type]}</span>{' '}
                <span className="tag">{t.statuses[o.status]}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
