import { useQuery } from '@rocicorp/zero/react';
import { createFileRoute, Link } from '@tanstack/react-router';
import type { Pronouns } from '../../schema/enums.ts';
import { shortName } from '../../sync/names.ts';
import type { ChoosableRole } from '../../sync/person.ts';
import { queries } from '../../sync/queries.ts';
import { useIsAdministrator } from '../hooks/use-is-administrator.ts';
import { mediaSrc } from '../media/upload.ts';
import { accountMessages } from '../messages/account.ts';
import { easyReadMessages } from '../messages/easy-read.ts';
import { messages } from '../messages.ts';
import { pageHead } from '../navigation/page-title.ts';

const t = accountMessages;

/**
 * Personal details (spec §2 /settings/details): a person's name, photo,
 * pronouns, about-me, phone and e-mail, live. Everyone linked reads the name
 * and photo; the rest only the person and their Administrator in a support
 * session (the synced query returns nothing to anyone else).
 */
export const Route = createFileRoute('/people/$personId/settings/details/')({
  head: pageHead(messages.titles.details),
  component: Details,
});

function pronounsText(p: Pronouns | null, other: string | null): string | null {
  if (!p) return null;
  return p === 'Other' ? other || t.pronouns.Other : t.pronouns[p];
}

function Details() {
  const { personId } = Route.useParams();
  const { session } = Route.useRouteContext();
  const own = session.person.id === personId;
  const [person, personState] = useQuery(queries.person.byId({ personId }));
  const [detail] = useQuery(queries.person.detail({ personId }));
  const administrator = useIsAdministrator(personId);
  const name = shortName(person);
  if (!person) {
    return personState.type === 'complete' ? (
      <p role="alert" className="alert">
        {messages.errors.generic}
      </p>
    ) : (
      <p className="status">{t.details.loading}</p>
    );
  }
  const row = (label: string, value: string | null | undefined) => (
    <div className="details-row" key={label}>
      <dt>{label}</dt>
      <dd>{value || <span className="status">{t.details.notSet}</span>}</dd>
    </div>
  );
  const role = (
    person.type in t.onboarding.roles
      ? t.onboarding.roles[person.type as ChoosableRole].label
      : null
  ) as string | null;
  return (
    <section className="card account-details" aria-labelledby="details-heading">
      <h1 id="details-heading">{own ? t.details.title : t.details.titleOf(name)}</h1>
      <div className="details-photo">
        {person.photoId ? (
          <img src={mediaSrc(personId, person.photoId, 'thumb')} alt={t.details.photo} />
        ) : (
          <span className="details-avatar" aria-hidden="true">
            {(name[0] ?? '?').toUpperCase()}
          </span>
        )}
      </div>
      <dl className="details-list">
        {row(t.details.firstName, person.firstName)}
        {row(t.details.lastName, person.lastName)}
        {row(t.details.knownAs, person.knownAs)}
        {own ? row(t.details.role, role) : null}
        {person.type !== 'Supporter'
          ? row(
              easyReadMessages.setting,
              person.easyRead ? easyReadMessages.settingOn : easyReadMessages.settingOff,
            )
          : null}
        {detail ? (
          <>
            {row(t.details.pronouns, pronounsText(detail.pronouns, detail.pronounsOther))}
            {row(t.details.bio, detail.bio)}
            {row(t.details.phone, detail.phone)}
            {row(t.details.email, detail.email)}
          </>
        ) : null}
      </dl>
      {detail ? null : <p className="status">{t.details.notShared(name)}</p>}
      {administrator ? (
        <div className="actions">
          <Link
            className="button"
            to="/people/$personId/settings/details/edit"
            params={{ personId }}
          >
            {t.details.edit}
          </Link>
        </div>
      ) : null}
    </section>
  );
}
