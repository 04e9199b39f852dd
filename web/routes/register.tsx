import { createFileRoute, Link, redirect, useNavigate } from '@tanstack/react-router';
import { type FormEvent, useId, useState } from 'react';
import { registrationSchema, validationMessages } from '../../sync/validation.ts';
import { ApiError, call, client } from '../api-client.ts';
import { ErrorAlert } from '../components/modal-dialog.tsx';
import { registerMessages } from '../messages/register.ts';
import { messages } from '../messages.ts';
import { pageHead } from '../navigation/page-title.ts';
import { searchOf, text } from '../navigation/search-params.ts';
import { getSession } from '../session.ts';

export const Route = createFileRoute('/register')({
  head: pageHead(messages.titles.register),
  validateSearch: searchOf({ registerEmail: text(254), inviteId: text(64) }),
  beforeLoad: async () => {
    const s = await getSession();
    if (s.person) throw redirect({ to: '/' });
  },
  component: Register,
});

function Register() {
  const { registerEmail, inviteId } = Route.useSearch();
  const navigate = useNavigate();
  const id = useId();
  const [form, setForm] = useState({
    firstName: '',
    lastName: '',
    email: registerEmail ?? '',
    phone: '',
    terms: false,
  });
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  const text = (field: 'firstName' | 'lastName' | 'email' | 'phone') => ({
    id: `${id}-${field}`,
    value: form[field],
    onChange: (e: { target: { value: string } }) =>
      setForm((f) => ({ ...f, [field]: e.target.value })),
    // Text inputs trim whitespace when the change is committed (spec §5).
    onBlur: (e: { target: { value: string } }) =>
      setForm((f) => ({ ...f, [field]: e.target.value.trim() })),
  });

  async function submit(e: FormEvent) {
    e.preventDefault();
    const payload = {
      email: form.email,
      type: 'General' as const,
      acceptedTermsOfService: form.terms,
      person: {
        firstName: form.firstName,
        lastName: form.lastName,
        knownAs: form.firstName,
        type: 'SupporterAndDecisionMaker' as const,
        personalInformation: form.phone.trim() ? { phone: form.phone } : {},
      },
      ...(inviteId ? { inviteId } : {}),
    };
    const parsed = registrationSchema.safeParse(payload);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? messages.errors.generic);
      return;
    }
    setBusy(true);
    setError(undefined);
    try {
      await call(client.users.$post({ json: parsed.data }));
      await navigate({
        to: '/login/challenge/email/$email',
        params: { email: parsed.data.email },
        search: inviteId ? { inviteId } : {},
      });
    } catch (err) {
      setError(err instanceof ApiError ? err.message : messages.errors.generic);
      setBusy(false);
    }
  }

  return (
    <main className="page" id="main">
      <h1>{registerMessages.title}</h1>
      <p>{registerMessages.intro}</p>
      <form className="card" onSubmit={submit} noValidate aria-busy={busy}>
        <ErrorAlert message={error} />
        <div className="field">
          <label htmlFor={`${id}-firstName`}>{registerMessages.firstName}</label>
          <input
            type="text"
            autoComplete="given-name"
            required
            maxLength={100}
            {...text('firstName')}
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-lastName`}>{registerMessages.lastName}</label>
          <input
            type="text"
            autoComplete="family-name"
            required
            maxLength={100}
            {...text('lastName')}
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-email`}>{registerMessages.email}</label>
          <input
            type="email"
            autoComplete="email"
            required
            maxLength={254}
            title={validationMessages.emailTitle}
            {...text('email')}
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-phone`}>{registerMessages.phone}</label>
          <input
            type="tel"
            autoComplete="tel"
            maxLength={40}
            aria-describedby={`${id}-phone-help`}
            {...text('phone')}
          />
          <p className="status" id={`${id}-phone-help`}>
            {registerMessages.phoneHelp}
          </p>
        </div>
        <div className="field checkbox">
          <input
            id={`${id}-terms`}
            type="checkbox"
            checked={form.terms}
            onChange={(e) => setForm((f) => ({ ...f, terms: e.target.checked }))}
            required
          />
          <label htmlFor={`${id}-terms`}>{registerMessages.terms}</label>
        </div>
        <button type="submit" disabled={busy}>
          {busy ? registerMessages.submitting : registerMessages.submit}
        </button>
      </form>
      <p>
        {registerMessages.haveAccount}{' '}
        <Link to="/login" search={inviteId ? { inviteId } : {}}>
          {registerMessages.signIn}
        </Link>
      </p>
    </main>
  );
}
