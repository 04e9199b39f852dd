import { useQuery } from '@rocicorp/zero/react';
import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { type FormEvent, useId, useState } from 'react';
import { PROFILE_PURPOSES, type ProfilePurpose } from '../../schema/enums.ts';
import { mutators } from '../../sync/mutators.ts';
import { queries } from '../../sync/queries.ts';
import { ChoiceGroup } from '../components/choice-group.tsx';
import { ErrorAlert } from '../components/modal-dialog.tsx';
import { useIsAdministrator } from '../hooks/use-is-administrator.ts';
import { profilePageMessages } from '../messages/profile.ts';
import { messages } from '../messages.ts';
import { pageHead } from '../navigation/page-title.ts';
import { refusalOf, useWrite } from '../offline/use-write.ts';

const t = profilePageMessages;

/** One-page profiles of a person: the list, and making a new one. */
export const Route = createFileRoute('/people/$personId/profiles/')({
  head: pageHead(messages.titles.profiles),
  component: Profiles,
});

function Profiles() {
  const { personId } = Route.useParams();
  const manager = useIsAdministrator(personId);
  const [pages, details] = useQuery(queries.profile.list({ personId }), { enabled: manager });
  const write = useWrite();
  const navigate = useNavigate();
  const ids = useId();
  const [purpose, setPurpose] = useState<ProfilePurpose>('HospitalStay');
  const [making, setMaking] = useState(false);
  const [error, setError] = useState<string | undefined>();

  if (!manager) {
    return (
      <>
        <h1>{t.listTitle}</h1>
        <p role="alert" className="alert">
          {t.notManager}
        </p>
      </>
    );
  }

  async function make(e: FormEvent) {
    e.preventDefault();
    setMaking(true);
    setError(undefined);
    const id = crypto.randomUUID();
    const refused = refusalOf(await write(mutators.profile.create({ id, personId, purpose })));
    setMaking(false);
    if (refused) return setError(refused);
    await navigate({ to: '/people/$personId/profiles/$id', params: { personId, id } });
  }

  return (
    <>
      <h1>{t.listTitle}</h1>
      <p>{t.intro}</p>
      {pages.length === 0 ? (
        <p role="status" className="status">
          {details.type === 'complete' ? t.none : t.loading}
        </p>
      ) : (
        <ul className="pref-list card" aria-label={t.listTitle}>
          {pages.map((p) => (
            <li key={p.id}>
              <Link to="/people/$personId/profiles/$id" params={{ personId, id: p.id }}>
                {p.title}
                <span className="tag">{t.items(p.items.length)}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      <form className="card" onSubmit={make} aria-labelledby={`${ids}-make`}>
        <h2 id={`${ids}-make`}>{t.makeTitle}</h2>
        <ErrorAlert message={error} />
        <ChoiceGroup
          legend={t.purpose}
          name="purpose"
          value={purpose}
          onChange={setPurpose}
          choices={PROFILE_PURPOSES.map((p) => ({ value: p, label: t.purposes[p] }))}
        />
        <div className="actions">
          <button type="submit" disabled={making}>
            {making ? t.making : t.make}
          </button>
        </div>
      </form>
    </>
  );
}
