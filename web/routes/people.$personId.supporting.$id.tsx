import { useQuery } from '@rocicorp/zero/react';
import { createFileRoute, Link, useNavigate, useRouter } from '@tanstack/react-router';
import { personName } from '../../sync/names.ts';
import { queries } from '../../sync/queries.ts';
import {
  CircleLinkState,
  circleDate,
  endDate,
  PersonPhoto,
  SUPPORTED_LIST_REFRESH_MS,
  SupportedListLink,
} from '../components/circle-common.tsx';
import { DestructiveConfirm } from '../components/destructive-confirm.tsx';
import { HandoverNotes, SinceLastVisit } from '../components/handover.tsx';
import { useLinkRemoval } from '../hooks/use-link-removal.ts';
import { usePageTitle } from '../hooks/use-page-title.ts';
import { mediaSrc } from '../media/upload.ts';
import { circleMessages } from '../messages/circle.ts';
import { messages } from '../messages.ts';
import { pageHead } from '../navigation/page-title.ts';

/** A person this Supporter supports (spec §2 /supporting/{id}). */
export const Route = createFileRoute('/people/$personId/supporting/$id')({
  head: pageHead(messages.titles.supported),
  component: SupportedView,
});

function SupportedView() {
  const { personId, id } = Route.useParams();
  const { session } = Route.useRouteContext();
  const own = session.person?.id === personId;
  const navigate = useNavigate();
  const router = useRouter();
  const [link, details] = useQuery(queries.circle.supportedLink({ personId, id }));
  const { shown, remove } = useLinkRemoval(link, id);
  usePageTitle(shown ? personName(shown.supported) : undefined, messages.titles.supporting);

  if (!shown) {
    return (
      <CircleLinkState details={details} loading={circleMessages.supportingLoading}>
        <SupportedListLink personId={personId}>{circleMessages.allPeople}</SupportedListLink>
      </CircleLinkState>
    );
  }

  const name = personName(shown.supported);
  const level = circleMessages.level[shown.accessLevel];

  function afterRemove() {
    void navigate({ to: '/people/$personId/supporting', params: { personId }, replace: true });
    // Spec §7/§9: the list is refreshed 100 ms after a supported person is removed.
    setTimeout(() => void router.invalidate(), SUPPORTED_LIST_REFRESH_MS);
  }

  return (
    <>
      <article className="card">
        <div className="circle-person">
          <PersonPhoto
            src={
              shown.supported?.photoId
                ? mediaSrc(shown.supportedId, shown.supported.photoId, 'thumb')
                : null
            }
            name={name}
            large
          />
          <h1>{name}</h1>
        </div>
        <p>{circleMessages.yourLevel(level)}</p>
        <p>{circleMessages.supportingSince(circleDate(shown.createdAt))}</p>
        {shown.endsAt !== null ? (
          <p>{circleMessages.yourAccessEnds(endDate(shown.endsAt))}</p>
        ) : null}
        {/* Before the session starts: what changed, and what the last visit left. */}
        {own ? (
          <>
            <SinceLastVisit personId={shown.supportedId} />
            <HandoverNotes personId={shown.supportedId} canLeave={false} canManage={false} />
          </>
        ) : null}
        <div className="actions">
          {own ? (
            <Link
              className="button"
              to="/people/$personId/supporters/start"
              params={{ personId: shown.supportedId }}
            >
              {circleMessages.startSession}
            </Link>
          ) : null}
        </div>
        {/* Apart from the everyday action, below a line: not a red button beside "Start". */}
        <div className="danger-zone">
          <DestructiveConfirm
            label={circleMessages.removeConnection}
            title={circleMessages.removeConnectionTitle(name)}
            body={circleMessages.removeConnectionBody(name)}
            confirmLabel={circleMessages.remove}
            runningLabel={circleMessages.removing}
            action={remove}
            afterDestroy={afterRemove}
          />
        </div>
      </article>
      <SupportedListLink personId={personId}>{circleMessages.allPeople}</SupportedListLink>
    </>
  );
}
