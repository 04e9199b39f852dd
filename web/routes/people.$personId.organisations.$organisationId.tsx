import { useQuery } from '@rocicorp/zero/react';
import { createFileRoute, Link } from '@tanstack/react-router';
import { queries } from '../../sync/queries.ts';
import { client } from '../api-client.ts';
import { ManageOrganisation } from '../components/organisation-manage.tsx';
import { formatDate } from '../components/preference-common.tsx';
import { QueryState } from '../components/query-state.tsx';
import { usePageTitle } from '../hooks/use-page-title.ts';
import { personName } from '../library/grouping.ts';
import { organisationMessages } from '../messages/organisation.ts';
import { messages } from '../messages.ts';
import { pageHead } from '../navigation/page-title.ts';

const t = organisationMessages;

/**
 * One organisation (spec §2 /organisations/{organisationId}, §3, §6):
 * its logo, name, type, status, when it was created and last updated,
 * and its members, live from the synced query. An organisation the person
 * may not read and one that does not exist look the same: "Access Denied".
 * A platform user also manages it here: approve, suspend, edit.
 */
export const Route = createFileRoute('/people/$personId/organisations/$organisationId')({
  head: pageHead(messages.titles.organisation),
  component: OrganisationView,
});

/** The logo's address: the typed client's own path, so a renamed route fails the type check. */
function logoSrc(id: string): string {
  return `/api${client.orgs[':id'].logo.signed.redirect.$path({ param: { id } })}`;
}

function OrganisationView() {
  const { personId, organisationId } = Route.useParams();
  const { session } = Route.useRouteContext();
  const [organisation, details] = useQuery(queries.organisation.byId({ id: organisationId }));
  const me = session.person.id;
  // The people the viewer supports through their own supporter links: what
  // the organisation reaches through its staff, as far as this viewer may see.
  const [supported] = useQuery(queries.circle.supported({ personId: me }));
  usePageTitle(organisation?.name, t.title);

  if (!organisation) {
    return (
      <QueryState
        details={details}
        loading={t.loadingOne}
        missing={
          <section className="card" aria-labelledby="organisation-denied">
            <h1 id="organisation-denied">{t.accessDenied}</h1>
            <p role="alert" className="alert">
              {t.noPermission}
            </p>
          </section>
        }
      />
    );
  }

  const members = organisation.members
    .map((m) => ({ id: m.personId, name: personName(m.person), role: m.role }))
    .sort((a, b) => a.name.localeCompare(b.name));

  return (
    <article className="card organisation" aria-labelledby="organisation-heading">
      <header className="organisation-header">
        {organisation.logoStorageKey ? (
          <img
            className="organisation-logo"
            src={logoSrc(organisation.id)}
            alt={t.logoOf(organisation.name)}
            decoding="async"
          />
        ) : null}
        <h1 id="organisation-heading">{organisation.name}</h1>
      </header>
      <h2>{t.details}</h2>
      <dl className="details-list">
        <div className="details-row">
          <dt>{t.type}</dt>
          <dd>{t.types[organisation.type]}</dd>
        </div>
        <div className="details-row">
          <dt>{t.status}</dt>
          <dd>{t.statuses[organisation.status]}</dd>
        </div>
        <div className="details-row">
          <dt>{t.created}</dt>
          <dd>{formatDate(organisation.createdAt)}</dd>
        </div>
        <div className="details-row">
          <dt>{t.updated}</dt>
          <dd>{formatDate(organisation.updatedAt)}</dd>
        </div>
      </dl>
      <h2 id="organisation-members">{t.members}</h2>
      {members.length === 0 ? (
        <p>{t.noMembers}</p>
      ) : (
        <ul className="organisation-members" aria-labelledby="organisation-members">
          {members.map((m) => (
            <li key={m.id}>
              <span>{m.id === me ? t.you(m.name) : m.name}</span>{' '}
              <span className="tag">{m.role}</span>
            </li>
          ))}
        </ul>
      )}
      {members.some((m) => m.id === me) && supported.length > 0 ? (
        <>
          <h2 id="organisation-supported">{t.youSupport}</h2>
          <ul className="organisation-members" aria-labelledby="organisation-supported">
            {supported.map((l) => (
              <li key={l.id}>{personName(l.supported)}</li>
            ))}
          </ul>
        </>
      ) : null}
      {session.person.type === 'Platform' ? (
        <ManageOrganisation organisation={organisation} />
      ) : null}
      <div className="actions">
        <Link
          className="button secondary"
          to="/people/$personId/organisations"
          params={{ personId }}
        >
          {t.allOrganisations}
        </Link>
      </div>
    </article>
  );
}
