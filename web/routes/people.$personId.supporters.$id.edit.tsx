import { useQuery } from '@rocicorp/zero/react';
import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { ACCESS_LEVELS, type AccessLevel } from '../../schema/enums.ts';
import { mutators } from '../../sync/mutators.ts';
import { personName } from '../../sync/names.ts';
import { queries } from '../../sync/queries.ts';
import { AccessEndField, useAccessEnd } from '../components/access-end-field.tsx';
import { ChoiceGroup } from '../components/choice-group.tsx';
import { CircleLinkState } from '../components/circle-common.tsx';
import { ErrorAlert } from '../components/modal-dialog.tsx';
import { useIsAdministrator } from '../hooks/use-is-administrator.ts';
import { usePageTitle } from '../hooks/use-page-title.ts';
import { circleMessages } from '../messages/circle.ts';
import { messages } from '../messages.ts';
import { pageHead } from '../navigation/page-title.ts';
import { refusalOf, useWrite } from '../offline/use-write.ts';

/**
 * A supporter's access level (spec §2 /supporters/{id}/edit, §6 levels), and
 * when their access ends: when removed, or at a set time.
 */
export const Route = createFileRoute('/people/$personId/supporters/$id/edit')({
  head: pageHead(messages.titles.editSupporter),
  component: SupporterEdit,
});

function SupporterEdit() {
  const { personId, id } = Route.useParams();
  const { session } = Route.useRouteContext();
  const me = session.person?.id ?? '';
  const write = useWrite();
  const navigate = useNavigate();
  const baseId = useId();
  const [link, details] = useQuery(queries.circle.supporterLink({ personId, id }));
  const manager = useIsAdministrator(personId);
  const [level, setLevel] = useState<AccessLevel | undefined>();
  const [error, setError] = useState<string | undefined>();
  const [status, setStatus] = useState<'idle' | 'saving' | 'saved'>('idle');
  const end = useAccessEnd(baseId, undefined, () => setStatus('idle'));

  usePageTitle(
    link ? messages.titles.editSupporterOf(personName(link.supporter)) : undefined,
    messages.titles.circle,
  );

  useEffect(() => {
    if (link && level === undefined) setLevel(link.accessLevel);
  }, [link, level]);
  useEffect(() => {
    if (!link || end.ending !== undefined) return;
    end.start(link.endsAt);
  }, [link, end]);

  if (!link) {
    return <CircleLinkState details={details} loading={circleMessages.loading} />;
  }

  const name = personName(link.supporter);
  const back = (
    <Link
      className="button secondary"
      to="/people/$personId/supporters/$id"
      params={{ personId, id }}
    >
      {circleMessages.cancel}
    </Link>
  );

  if (!manager || link.supporterId === me) {
    return (
      <div className="card">
        <h1>{circleMessages.editTitle(name)}</h1>
        <p role="alert" className="alert">
          {circleMessages.cannotEdit}
        </p>
        <div className="actions">{back}</div>
      </div>
    );
  }

  async function save(e: FormEvent) {
    e.preventDefault();
    if (!level || !link) return;
    setError(undefined);
    const endsAt = end.chosen();
    if (endsAt === undefined) return;
    setStatus('saving');
    const changes = [
      ...(level !== link.accessLevel
        ? [mutators.circle.updateLevel({ id, accessLevel: level })]
        : []),
      ...(endsAt !== link.endsAt ? [mutators.circle.setEnd({ id, endsAt })] : []),
    ];
    for (const change of changes) {
      const refused = refusalOf(await write(change));
      if (refused) {
        setStatus('idle');
        setError(refused);
        return;
      }
    }
    setStatus('saved');
    await navigate({ to: '/people/$personId/supporters/$id', params: { personId, id } });
  }

  return (
    <form className="card" onSubmit={save} noValidate>
      <h1>{circleMessages.editTitle(name)}</h1>
      <ErrorAlert message={error} />
      <ChoiceGroup
        legend={circleMessages.accessLevel}
        value={level}
        onChange={(l) => {
          setLevel(l);
          setStatus('idle');
        }}
        choices={ACCESS_LEVELS.map((l) => ({
          value: l,
          label: circleMessages.level[l],
          description: circleMessages.levelHelp[l],
        }))}
      />
      <AccessEndField {...end.field} />
      <div className="actions">
        <button type="submit" disabled={status === 'saving'}>
          {status === 'saving' ? circleMessages.saving : circleMessages.save}
        </button>
        {back}
      </div>
      <p role="status" className="status">
        {status === 'saved' ? circleMessages.saved : ''}
      </p>
    </form>
  );
}
