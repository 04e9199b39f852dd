import { createFileRoute, Link, redirect, useNavigate } from '@tanstack/react-router';
import { type FormEvent, useId, useState } from 'react';
import { PENDING_INVITE_KEY, parsePendingInvite } from '../../sync/pending-invite.ts';
import { EMAIL_PATTERN, validationMessages } from '../../sync/validation-rules.ts';
import { EmailField } from '../components/email-field.tsx';
import { ModalDialog } from '../components/modal-dialog.tsx';
import { PasskeySignIn } from '../components/passkey-sign-in.tsx';
import { messages } from '../messages.ts';
import { pageHead } from '../navigation/page-title.ts';
import { numberOf, searchOf, text } from '../navigation/search-params.ts';
import { getSession } from '../session.ts';

export const loginSearch = searchOf({
  message: text(300),
  register: numberOf(),
  registerEmail: text(254),
  attempt: numberOf({ count: true }),
  inviteId: text(64),
});

export const Route = createFileRoute('/login/')({
  head: pageHead(messages.titles.signIn),
  validateSearch: loginSearch,
  beforeLoad: async () => {
    const s = await getSession();
    if (s.person) throw redirect({ to: '/' });
  },
  component: Login,
});

function Login() {
  const search = Route.useSearch();
  const navigate = useNavigate();
  const emailId = useId();
  const errorId = useId();
  const [email, setEmail] = useState(search.registerEmail ?? '');
  const [error, setError] = useState<string | undefined>(search.message);
  const unknown = search.register === 1 && search.registerEmail ? search.registerEmail : undefined;
  const tryAgain = () =>
    void navigate({ to: '/login', search: { attempt: search.attempt }, replace: true });

  function submit(e: FormEvent) {
    e.preventDefault();
    const value = email.trim();
    if (!EMAIL_PATTERN.test(value)) {
      setError(validationMessages.email);
      return;
    }
    void navigate({
      to: '/login/challenge/email/$email',
      params: { email: value },
      search: {
        ...(search.attempt !== undefined ? { attempt: search.attempt } : {}),
        ...(search.inviteId ? { inviteId: search.inviteId } : {}),
      },
    });
  }

  return (
    <main className="page" id="main">
      <h1>{messages.login.title}</h1>
      <p>{messages.login.intro}</p>
      <form
        onSubmit={submit}
        noValidate
        className="card"
        aria-describedby={error ? errorId : undefined}
      >
        {error ? (
          <div role="alert" className="alert" id={errorId}>
            {error}
          </div>
        ) : null}
        <EmailField
          id={emailId}
          label={messages.login.email}
          value={email}
          onChange={setEmail}
          autoComplete="email webauthn"
        />
        <button type="submit">{messages.login.submit}</button>
      </form>
      <PasskeySignIn
        onSignedIn={(personId) => {
          const pending = parsePendingInvite(sessionStorage.getItem(PENDING_INVITE_KEY));
          return pending
            ? navigate({
                to: '/invite/$inviteId/$inviteToken',
                params: { inviteId: pending.id, inviteToken: pending.token },
              })
            : navigate({ to: '/people/$personId', params: { personId } });
        }}
      />
      <p>
        {messages.login.newHere}{' '}
        <Link to="/register" search={search.inviteId ? { inviteId: search.inviteId } : {}}>
          {messages.login.registerLink}
        </Link>
      </p>
      <ModalDialog
        open={unknown !== undefined}
        className="card"
        title={unknown ? messages.login.unknownEmail(unknown) : ''}
        body={messages.login.unknownEmailHelp}
        onCancel={tryAgain}
      >
        <div className="actions">
          <Link
            className="button"
            to="/register"
            search={{
              registerEmail: unknown,
              ...(search.inviteId ? { inviteId: search.inviteId } : {}),
            }}
          >
            {messages.login.register}
          </Link>
          <button type="button" className="secondary" onClick={tryAgain}>
            {messages.login.tryAgain}
          </button>
        </div>
      </ModalDialog>
    </main>
  );
}
