import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { createProfileSchema } from '../../sync/person.ts';
import { ApiError, call, client } from '../api-client.ts';
import { SupportedListLink } from '../components/circle-common.tsx';
import { ErrorAlert } from '../components/modal-dialog.tsx';
import { circleMessages } from '../messages/circle.ts';
import { messages } from '../messages.ts';
import { pageHead } from '../navigation/page-title.ts';

/**
 * A profile created on behalf of a Decision Maker (spec §1, §2 /supporting/create):
 * first a warning, then the form. The creator becomes the profile's Administrator.
 */
export const Route = createFileRoute('/people/$personId/supporting/create')({
  head: pageHead(messages.titles.createProfile),
  component: CreateProfile,
});

type Form = { firstName: string; lastName: string; knownAs: string };

function CreateProfile() {
  const { personId } = Route.useParams();
  const { session } = Route.useRouteContext();
  const navigate = useNavigate();
  const ids = { first: useId(), last: useId(), known: useId(), knownHelp: useId() };
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [step, setStep] = useState<'warning' | 'form'>('warning');
  const [form, setForm] = useState<Form>({ firstName: '', lastName: '', knownAs: '' });
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const type = session.person?.type;
  const allowed =
    session.person?.id === personId &&
    (type === 'Supporter' || type === 'SupporterAndDecisionMaker');

  useEffect(() => {
    if (step === 'form') headingRef.current?.focus();
  }, [step]);

  const cancel = <SupportedListLink personId={personId}>{circleMessages.cancel}</SupportedListLink>;

  if (!allowed) {
    return (
      <div className="card">
        <h1>{circleMessages.createTitle}</h1>
        <p role="alert" className="alert">
          {circleMessages.onlySupporters}
        </p>
        <div className="actions">{cancel}</div>
      </div>
    );
  }

  if (step === 'warning') {
    return (
      <section className="card" aria-labelledby={`${ids.first}-warning`}>
        <h1 id={`${ids.first}-warning`}>{circleMessages.warningTitle}</h1>
        <p>{circleMessages.warningAlreadyHas}</p>
        <p>{circleMessages.warningOwn}</p>
        <p>{circleMessages.warningLastResort}</p>
        <div className="actions">
          <button type="button" onClick={() => setStep('form')}>
            {circleMessages.continue}
          </button>
          {cancel}
        </div>
      </section>
    );
  }

  const inputIds: Record<keyof Form, string> = {
    firstName: ids.first,
    lastName: ids.last,
    knownAs: ids.known,
  };
  /** The props of the text input of `key`. */
  const field = (key: keyof Form) => ({
    id: inputIds[key],
    type: 'text',
    autoComplete: 'off',
    maxLength: 100,
    value: form[key],
    onChange: (e: { target: { value: string } }) =>
      setForm((f) => ({ ...f, [key]: e.target.value })),
    // Text inputs trim whitespace when the change is committed (spec §5).
    onBlur: (e: { target: { value: string } }) =>
      setForm((f) => ({ ...f, [key]: e.target.value.trim() })),
  });

  async function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = createProfileSchema.safeParse({
      firstName: form.firstName,
      lastName: form.lastName,
      ...(form.knownAs.trim() ? { knownAs: form.knownAs } : {}),
    });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? messages.errors.generic);
      return;
    }
    setError(undefined);
    setBusy(true);
    try {
      // What the shared schema made of the form: trimmed, and checked.
      const body = await call(client.people.$post({ json: parsed.data }));
      await navigate({
        to: '/people/$personId/supporting/$id',
        params: { personId, id: body.link.id },
      });
    } catch (err) {
      setBusy(false);
      setError(err instanceof ApiError ? err.message : messages.errors.generic);
    }
  }

  return (
    <form className="card" onSubmit={submit} noValidate aria-busy={busy}>
      <h1 ref={headingRef} tabIndex={-1}>
        {circleMessages.createTitle}
      </h1>
      <ErrorAlert message={error} />
      <div className="field">
        <label htmlFor={ids.first}>{circleMessages.firstName}</label>
        <input required {...field('firstName')} />
      </div>
      <div className="field">
        <label htmlFor={ids.last}>{circleMessages.lastName}</label>
        <input required {...field('lastName')} />
      </div>
      <div className="field">
        <label htmlFor={ids.known}>{circleMessages.knownAs}</label>
        <input aria-describedby={ids.knownHelp} {...field('knownAs')} />
        <p id={ids.knownHelp} className="status" style={{ margin: '0.25rem 0 0' }}>
          {circleMessages.knownAsHelp}
        </p>
      </div>
      <div className="actions">
        <button type="submit" disabled={busy}>
          {busy ? circleMessages.creating : circleMessages.create}
        </button>
        {cancel}
      </div>
    </form>
  );
}
