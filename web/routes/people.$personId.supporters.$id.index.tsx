import { useQuery } from '@rocicorp/zero/react';
import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { personName } from '../../sync/names.ts';
import { queries } from '../../sync/queries.ts';
import { CircleLinkState, circleDate, endDate, PersonPhoto } from '../components/circle-common.tsx';
import { DestructiveConfirm } from '../components/destructive-confirm.tsx';
import { useIsAdministrator } from '../hooks/use-is-administrator.ts';
import { useLinkRemoval } from '../hooks/use-link-removal.ts';
import { usePageTitle } from '../hooks/use-page-title.ts';
import { supporterPhotoSrc } from '../media/upload.ts';
import { circleMessages } from '../messages/circle.ts';
import { messages } from '../messages.ts';
import { pageHead } from '../navigation/page-title.ts';

/** One supporter of the Circle (spec §2 /supporters/{id}). */
export const Route = createFileRoute('/people/$personId/supporters/$id/')({
  head: pageHead(messages.titles.supporter),
  component: SupporterView,
});

function SupporterView() {
  const { personId, id } = Route.useParams();
  const { session } = Route.useRouteContext();
  const me = session.person?.id ?? '';
  const own = me === personId;
  const navigate = useNavigate();
  const [link, details] = useQuery(queries.circle.supporterLink({ personId, id }));
  const manager = useIsAdministrator(personId);
  const [person] = useQuery(queries.person.byId({ personId }));
  const { shown, remove } = useLinkRemoval(link, id);
  usePageTitle(shown ? personName(shown.supporter) : undefined, messages.titles.circle);

  if (!shown) {
    return <CircleLinkState details={details} loading={circleMessages.loading} />;
  }
  const canEdit = manager && shown.supporterId !== me;
  const name = personName(shown.supporter);
  const level = circleMessages.level[shown.accessLevel];

  const dmName = personName(person);
  // The person removes a supporter; an Administrator removes one of theirs; a supporter leaves.
  const confirmTexts =
    shown.supporterId === me
      ? {
          label: circleMessages.removeConnection,
          title: circleMessages.removeConnectionTitle(dmName),
          body: circleMessages.removeConnectionBody(dmName),
        }
      : own
        ? {
            label: circleMessages.removeFromMyCircle,
            title: circleMessages.removeTitle(name),
            body: circleMessages.removeBody(name),
          }
        : {
            label: circleMessages.removeFromCircle,
            title: circleMessages.removeTitle(name),
            body: circleMessages.removeBodyAdmin(name),
          };

  function afterRemove() {
    // Someone who removed themselves no longer sees this Circle.
    if (shown?.supporterId === me) {
      void navigate({
        to: '/people/$personId/supporting',
        params: { personId: me },
        replace: true,
      });
    } else {
      void navigate({ to: '/people/$personId/supporters', params: { personId }, replace: true });
    }
  }

  return (
    <>
      <article className="card">
        <div className="circle-person">
          <PersonPhoto
            src={
              shown.supporter?.photoId
                ? supporterPhotoSrc(personId, shown.id, shown.supporter.photoId)
                : null
            }
            name={name}
            large
          />
          <h1>{name}</h1>
        </div>
        <p>{circleMessages.levelOf(level)}</p>
        <p>{circleMessages.since(circleDate(shown.createdAt))}</p>
        {shown.endsAt !== null ? <p>{circleMessages.endsOn(endDate(shown.endsAt))}</p> : null}
        <div className="actions">
          {canEdit ? (
            <Link
              className="button"
              to="/people/$personId/supporters/$id/edit"
              params={{ personId, id }}
            >
              {circleMessages.edit}
            </Link>
          ) : null}
          <DestructiveConfirm
            {...confirmTexts}
            confirmLabel={circleMessages.remove}
            runningLabel={circleMessages.removing}
            action={remove}
            afterDestroy={afterRemove}
          />
        </div>
      </article>
      <Link className="button secondary" to="/people/$personId/supporters" params={{ personId }}>
        {circleMessages.backToCircle}
      </Link>
    </>
  );
}
