import { useQuery } from '@rocicorp/zero/react';
import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { personName } from '../../sync/names.ts';
import { queries } from '../../sync/queries.ts';
import { CircleLinks, CircleTabs } from '../components/circle-common.tsx';
import { SinceLastVisit } from '../components/handover.tsx';
import { mediaSrc } from '../media/upload.ts';
import { circleMessages } from '../messages/circle.ts';
import { supportingMessages } from '../messages/supporting.ts';
import { messages } from '../messages.ts';
import { pageHead } from '../navigation/page-title.ts';

type SupportingSearch = { all?: 1 };

export const Route = createFileRoute('/people/$personId/supporting/')({
  head: pageHead(messages.titles.supporting),
  // `?all=1` shows the list even when there is one person: the way back from that person.
  validateSearch: (search: Record<string, unknown>): SupportingSearch =>
    search.all === 1 || search.all === '1' || search.all === true ? { all: 1 } : {},
  component: Supporting,
});

/**
 * The people this Supporter supports (the Circle's "supported" tab). Someone who
 * supports exactly one person goes straight to them (spec §2 /supporting).
 */
function Supporting() {
  const { personId } = Route.useParams();
  const { all } = Route.useSearch();
  const { session } = Route.useRouteContext();
  const navigate = useNavigate();
  const own = session.person?.id === personId;
  const type = session.person?.type;
  const mayCreate = own && (type === 'Supporter' || type === 'SupporterAndDecisionMaker');
  const [links, details] = useQuery(queries.circle.supported({ personId }));
  const complete = details.type === 'complete';
  const only = complete && links.length === 1 && !all ? links[0] : undefined;

  useEffect(() => {
    if (only) {
      void navigate({
        to: '/people/$personId/supporting/$id',
        params: { personId, id: only.id },
        replace: true,
      });
    }
  }, [only, personId, navigate]);

  return (
    <>
      <h1>{supportingMessages.title}</h1>
      {own ? <CircleTabs personId={personId} /> : null}
      {details.type === 'error' ? (
        <p role="alert" className="alert">
          {messages.errors.generic}
        </p>
      ) : links.length === 0 || (!all && !complete) || only ? (
        <p role="status" className="status">
          {complete && links.length === 0
            ? circleMessages.supportingEmpty
            : circleMessages.supportingLoading}
        </p>
      ) : (
        <>
          {/* What changed comes before the people: the visit starts from it. */}
          {own ? (
            <SinceLastVisit
              people={links.map((l) => ({ id: l.supportedId, name: personName(l.supported) }))}
            />
          ) : null}
          <CircleLinks
            personId={personId}
            label={circleMessages.supportingLabel}
            to="/people/$personId/supporting/$id"
            links={links.map((l) => ({
              ...l,
              name: personName(l.supported),
              photo: l.supported?.photoId
                ? mediaSrc(l.supportedId, l.supported.photoId, 'thumb')
                : null,
            }))}
          />
        </>
      )}
      {mayCreate ? (
        <div className="actions">
          <Link
            className="button secondary"
            to="/people/$personId/supporting/create"
            params={{ personId }}
          >
            {circleMessages.createProfile}
          </Link>
        </div>
      ) : null}
    </>
  );
}
