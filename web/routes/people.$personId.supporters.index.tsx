import { useQuery } from '@rocicorp/zero/react';
import { createFileRoute, Link } from '@tanstack/react-router';
import { personName } from '../../sync/names.ts';
import { queries } from '../../sync/queries.ts';
import { CircleLinks, CircleTabs } from '../components/circle-common.tsx';
import { CircleSpots } from '../components/circle-spots.tsx';
import { EmptyListState } from '../components/query-state.tsx';
import { useIsAdministrator } from '../hooks/use-is-administrator.ts';
import { supporterPhotoSrc } from '../media/upload.ts';
import { circleMessages } from '../messages/circle.ts';
import { messages } from '../messages.ts';
import { pageHead } from '../navigation/page-title.ts';

/** The Circle of Support of a person: their supporters (spec §2 /supporters). */
export const Route = createFileRoute('/people/$personId/supporters/')({
  head: pageHead(messages.titles.circle),
  component: Supporters,
});

function Supporters() {
  const { personId } = Route.useParams();
  const { session } = Route.useRouteContext();
  const own = session.person?.id === personId;
  const [links, details] = useQuery(queries.circle.supporters({ personId }));
  const [person] = useQuery(queries.person.byId({ personId }));
  const manager = useIsAdministrator(personId);
  const title = own
    ? circleMessages.myCircleTitle
    : circleMessages.circleTitle(personName(person) || circleMessages.supportersLabel);

  return (
    <>
      <h1>{title}</h1>
      {own ? <CircleTabs personId={personId} /> : null}
      {manager ? <CircleSpots personId={personId} taken={links.length} /> : null}
      {details.type === 'error' || links.length === 0 ? (
        <EmptyListState
          details={details}
          loading={circleMessages.loading}
          empty={circleMessages.empty}
        />
      ) : (
        <CircleLinks
          personId={personId}
          label={circleMessages.supportersLabel}
          to="/people/$personId/supporters/$id"
          links={links.map((l) => ({
            ...l,
            name: personName(l.supporter),
            photo: l.supporter?.photoId
              ? supporterPhotoSrc(personId, l.id, l.supporter.photoId)
              : null,
          }))}
        />
      )}
      {manager ? (
        <div className="actions">
          <Link className="button" to="/people/$personId/supporters/invite" params={{ personId }}>
            {circleMessages.invite}
          </Link>
        </div>
      ) : null}
    </>
  );
}
