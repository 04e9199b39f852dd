import { createFileRoute, redirect, useNavigate } from '@tanstack/react-router';
import { type FormEvent, useId, useState } from 'react';
import { z } from 'zod';
import { ApiError, api } from '../api-client.ts';
import { messages } from '../messages.ts';
import { forgetSession, getSession } from '../session.ts';

const search = z.object({
  message: z.string().optional(),
  register: z.coerce.number().optional(),
  registerEmail: z.string().optional(),
  attempt: z.coerce.number().optional(),
});

export const Route = createFileRoute('/login')({
  validateSearch: search,
  beforeLoad: async () => {
    const s = await getSession();
    if (s.person) throw redirect({ to: '/' });
  },
  component: Login,
});

const signedIn = z.object({ userId: z.string(), personId: z.string() });

function Login() {
  const { message } = Route.useSearch();
  const navigate = useNavigate();
  const emailId = useId();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>(message);
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) {
      setError(messages.login.invalidEmail);
      return;
    }
    setBusy(true);
    setError(undefined);
    try {
      const res = await api('/dev/sign-in', {
        method: 'POST',
        body: { email },
        parse: (d) => signedIn.parse(d),
      });
      forgetSession();
      await navigate({ to: '/people/$personId', params: { personId: res.personId } });
    } catch (err) {
      setError(err instanceof ApiError ? err.message : messages.errors.generic);
    } finally {
      setBusy(false);
    }
  }

  return (
    <main className="page" id="main">
      <h1>{messages.login.title}</h1>
      <p className="status">{messages.login.devNotice}</p>
      <form onSubmit={submit} noValidate className="card">
        {error ? (
          <div role="alert" className="alert">
            {error}
          </div>
        ) : null}
        <div className="field">
          <label htmlFor={emailId}>{messages.login.email}</label>
          <input
            id={emailId}
            type="email"
            autoComplete="email"
            value={email}
            onChange={(e) => setEmail(e.target.value.trim())}
            required
          />
        </div>
        <button type="submit" disabled={busy}>
          {messages.login.submit}
        </button>
      </form>
    </main>
  );
}
