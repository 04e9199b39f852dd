import { createFileRoute, Link } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { z } from 'zod';
import { finalizeMagicLink } from '../auth-api.ts';
import { messages } from '../messages.ts';

export const Route = createFileRoute('/login/link/$challengeId/$token')({
  validateSearch: z.object({ inviteId: z.string().max(64).optional().catch(undefined) }),
  component: OpenLink,
});

/** Where the e-mailed link lands: confirms the sign-in; the asking tab then signs in. */
function OpenLink() {
  const { challengeId, token } = Route.useParams();
  const done = useRef(false);
  const [state, setState] = useState<
    { kind: 'checking' } | { kind: 'ok' } | { kind: 'failed'; message: string }
  >({
    kind: 'checking',
  });

  useEffect(() => {
    if (done.current) return;
    done.current = true;
    void finalizeMagicLink(challengeId, token)
      .then((r) =>
        setState(
          r.ok ? { kind: 'ok' } : { kind: 'failed', message: r.message || messages.errors.generic },
        ),
      )
      .catch(() => setState({ kind: 'failed', message: messages.errors.generic }));
  }, [challengeId, token]);

  return (
    <main className="page" id="main">
      <h1>{messages.login.linkTitle}</h1>
      <div className="card">
        {state.kind === 'checking' ? (
          <p role="status">{messages.login.linkChecking}</p>
        ) : state.kind === 'ok' ? (
          <>
            <p role="status">{messages.login.linkDone}</p>
            <p>{messages.login.linkDoneHelp}</p>
            <Link className="button" to="/">
              {messages.login.continue}
            </Link>
          </>
        ) : (
          <>
            <div role="alert" className="alert">
              {state.message}
            </div>
            <Link className="button" to="/login">
              {messages.login.backToSignIn}
            </Link>
          </>
        )}
      </div>
    </main>
  );
}
