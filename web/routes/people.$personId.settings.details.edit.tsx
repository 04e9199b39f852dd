import { useQuery } from '@rocicorp/zero/react';
import { createFileRoute, Link, redirect, useNavigate } from '@tanstack/react-router';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import type { Pronouns } from '../../schema/enums.ts';
import { shortName } from '../../sync/names.ts';
import { CHOOSABLE_ROLES, type ChoosableRole, personDetailsSchema } from '../../sync/person.ts';
import { queries } from '../../sync/queries.ts';
import { knownAccess } from '../access.ts';
import { ApiError, call, client } from '../api-client.ts';
import { PronounsChoice, RoleChoice } from '../components/account-fields.tsx';
import { ChoiceGroup } from '../components/choice-group.tsx';
import { ErrorAlert } from '../components/modal-dialog.tsx';
import { PictureField } from '../components/picture-field.tsx';
import { describedBy, FieldError } from '../components/preference-steps/step-parts.tsx';
import { accountMessages } from '../messages/account.ts';
import { easyReadMessages } from '../messages/easy-read.ts';
import { messages } from '../messages.ts';
import { pageHead } from '../navigation/page-title.ts';
import { flag, searchOf } from '../navigation/search-params.ts';
import { forgetSession } from '../session.ts';
import { storedSupportSession } from '../support-session.ts';

const t = accountMessages;

const detailsSearch = searchOf({ isOnboarding: flag });

/**
 * Changing personal details (spec §2 /settings/details/edit, search
 * isOnboarding): the person themselves, or their Administrator in a support
 * session; anyone else is sent to the details view. Checked with the API's
 * own schema (sync/person.ts), errors beside their fields, announced, and
 * focus on the first; saved through PUT /api/people/{personId}. The role is
 * the person's own to change (a Supporter keeps no library: it is hidden,
 * never deleted).
 */
export const Route = createFileRoute('/people/$personId/settings/details/edit')({
  head: pageHead(messages.titles.editDetails),
  validateSearch: detailsSearch,
  beforeLoad: ({ context, params }) => {
    const own = context.session.person.id === params.personId;
    const access = knownAccess(params.personId, own ? null : storedSupportSession(params.personId));
    if (access && !access.administrator) {
      throw redirect({
        to: '/people/$personId/settings/details',
        params: { personId: params.personId },
        replace: true,
      });
    }
  },
  component: EditDetails,
});

type Form = {
  firstName: string;
  lastName: string;
  knownAs: string;
  pronouns: Pronouns | null;
  pronounsOther: string;
  bio: string;
  phone: string;
  photoId: string | null;
  type: ChoosableRole | null;
  easyRead: boolean;
};
type Field = keyof Form;
type Errors = Partial<Record<Field, string>>;
const ORDER: Field[] = [
  'firstName',
  'lastName',
  'knownAs',
  'pronounsOther',
  'bio',
  'phone',
  'type',
];

function EditDetails() {
  const { personId } = Route.useParams();
  const { isOnboarding } = Route.useSearch();
  const { session } = Route.useRouteContext();
  const navigate = useNavigate();
  const own = session.person.id === personId;
  const [person] = useQuery(queries.person.byId({ personId }));
  const [detail, detailState] = useQuery(queries.person.detail({ personId }));
  const [form, setForm] = useState<Form | undefined>();
  const [errors, setErrors] = useState<Errors>({});
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const [uploading, setUploading] = useState(false);
  const id = useId();
  const refs = useRef<Partial<Record<Field, HTMLElement | null>>>({});

  // The form starts from what is stored, once it has arrived.
  useEffect(() => {
    if (form || !person || (detailState.type !== 'complete' && !detail)) return;
    setForm({
      firstName: person.firstName ?? '',
      lastName: person.lastName ?? '',
      knownAs: person.knownAs ?? '',
      pronouns: detail?.pronouns ?? null,
      pronounsOther: detail?.pronounsOther ?? '',
      bio: detail?.bio ?? '',
      phone: detail?.phone ?? '',
      photoId: person.photoId,
      type: (CHOOSABLE_ROLES as readonly string[]).includes(person.type)
        ? (person.type as ChoosableRole)
        : null,
      easyRead: person.easyRead,
    });
  }, [form, person, detail, detailState.type]);

  const leave = () =>
    isOnboarding
      ? navigate({ to: '/people/$personId', params: { personId } })
      : navigate({ to: '/people/$personId/settings/details', params: { personId } });

  if (!form || !person) return <p className="status">{t.details.loading}</p>;

  const set = <K extends Field>(k: K, v: Form[K]) => setForm((f) => (f ? { ...f, [k]: v } : f));
  const text = (k: 'firstName' | 'lastName' | 'knownAs' | 'phone' | 'bio') => ({
    id: `${id}-${k}`,
    value: form[k],
    'aria-invalid': errors[k] ? true : undefined,
    'aria-describedby': describedBy(errors[k] && `${id}-${k}-error`),
    onChange: (e: { target: { value: string } }) => set(k, e.target.value),
    // Text inputs trim whitespace when the change is committed (spec §5).
    onBlur: (e: { target: { value: string } }) => set(k, e.target.value.trim()),
    ref: (el: HTMLElement | null) => {
      refs.current[k] = el;
    },
  });

  const roleChanged = own && form.type !== null && form.type !== person.type;
  const body = {
    firstName: form.firstName,
    lastName: form.lastName,
    knownAs: form.knownAs,
    pronouns: form.pronouns,
    pronounsOther: form.pronouns === 'Other' ? form.pronounsOther : null,
    bio: form.bio,
    phone: form.phone,
    photoId: form.photoId,
    ...(form.easyRead !== person.easyRead ? { easyRead: form.easyRead } : {}),
    ...(roleChanged && form.type ? { type: form.type } : {}),
  };

  async function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = personDetailsSchema.safeParse(body);
    if (!parsed.success) {
      const found: Errors = {};
      for (const issue of parsed.error.issues) {
        const k = issue.path[0] as Field;
        found[k] ??= issue.message;
      }
      // Each error beside its field (announced as it appears); focus on the first.
      setErrors(found);
      setError(undefined);
      const firstBad = ORDER.find((k) => found[k]);
      if (firstBad === 'pronounsOther') {
        document.getElementById(`${id}-pronouns-other`)?.focus();
      } else if (firstBad) refs.current[firstBad]?.focus();
      return;
    }
    setErrors({});
    setError(undefined);
    setBusy(true);
    try {
      await call(client.people[':personId'].$put({ param: { personId }, json: body }));
      if (roleChanged) forgetSession();
      if (isOnboarding) {
        const supporter = (form?.type ?? person?.type) === 'Supporter';
        await navigate(
          supporter
            ? { to: '/people/$personId/supporting', params: { personId } }
            : {
                to: '/people/$personId/preferences',
                params: { personId },
                search: { isOnboarding: true },
              },
        );
      } else {
        await navigate({ to: '/people/$personId/settings/details', params: { personId } });
      }
    } catch (err) {
      setBusy(false);
      setError(err instanceof ApiError ? err.message : messages.errors.generic);
    }
  }

  const name = shortName(person);
  return (
    <form className="card account-details" onSubmit={submit} noValidate aria-busy={busy}>
      <h1>
        {isOnboarding ? t.onboarding.createProfile : own ? t.details.edit : t.details.titleOf(name)}
      </h1>
      <ErrorAlert message={error} />
      {(['firstName', 'lastName', 'knownAs'] as const).map((k) => (
        <div className="field" key={k}>
          <label htmlFor={`${id}-${k}`}>{t.details[k]}</label>
          <input
            type="text"
            autoComplete={
              own
                ? k === 'firstName'
                  ? 'given-name'
                  : k === 'lastName'
                    ? 'family-name'
                    : 'nickname'
                : 'off'
            }
            maxLength={100}
            required={k !== 'knownAs'}
            {...text(k)}
          />
          <FieldError id={`${id}-${k}-error`} error={errors[k]} />
        </div>
      ))}
      <PronounsChoice
        value={{ pronouns: form.pronouns, pronounsOther: form.pronounsOther }}
        onChange={(v) => setForm((f) => (f ? { ...f, ...v } : f))}
        error={errors.pronounsOther}
        otherId={`${id}-pronouns-other`}
      />
      <div className="field">
        <label htmlFor={`${id}-bio`}>{t.details.bio}</label>
        <textarea
          rows={4}
          maxLength={2000}
          {...text('bio')}
          aria-describedby={describedBy(`${id}-bio-hint`, errors.bio && `${id}-bio-error`)}
        />
        <p id={`${id}-bio-hint`} className="status">
          {t.details.bioHint}
        </p>
        <FieldError id={`${id}-bio-error`} error={errors.bio} />
      </div>
      <div className="field">
        <label htmlFor={`${id}-phone`}>{t.details.phone}</label>
        <input type="tel" autoComplete={own ? 'tel' : 'off'} maxLength={40} {...text('phone')} />
        <FieldError id={`${id}-phone-error`} error={errors.phone} />
      </div>
      <PictureField
        personId={personId}
        label={t.details.photo}
        hint={t.details.photoHint}
        value={form.photoId}
        onChange={(photoId) => set('photoId', photoId)}
        target={{ purpose: 'photo' }}
        onBusy={setUploading}
      />
      {own && form.type ? (
        <RoleChoice
          value={form.type}
          onChange={(r) => set('type', r)}
          legend={t.details.roleLegend}
          error={errors.type}
          hint={
            form.type === 'Supporter' && person.type !== 'Supporter'
              ? t.details.hiddenLibrary
              : undefined
          }
        />
      ) : null}
      {(form.type ?? person.type) !== 'Supporter' ? (
        <ChoiceGroup
          legend={easyReadMessages.setting}
          hint={easyReadMessages.settingHint}
          name="easy-read"
          value={form.easyRead ? 'yes' : 'no'}
          onChange={(v) => set('easyRead', v === 'yes')}
          choices={[
            { value: 'yes', label: easyReadMessages.settingYes },
            { value: 'no', label: easyReadMessages.settingNo },
          ]}
        />
      ) : null}
      <div className="actions">
        <button type="submit" disabled={busy || uploading}>
          {busy ? t.details.saving : t.details.save}
        </button>
        {isOnboarding ? null : (
          <Link
            className="button secondary"
            to="/people/$personId/settings/details"
            params={{ personId }}
          >
            {t.details.cancel}
          </Link>
        )}
        {isOnboarding ? (
          <button type="button" className="secondary" onClick={() => void leave()}>
            {t.details.cancel}
          </button>
        ) : null}
      </div>
    </form>
  );
}
