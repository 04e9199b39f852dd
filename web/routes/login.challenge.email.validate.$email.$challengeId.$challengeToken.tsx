import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useId, useState } from 'react';
import { PENDING_INVITE_KEY, parsePendingInvite } from '../../sync/pending-invite.ts';
import { completeChallenge, forgetSignInCode, signInCode } from '../auth-api.ts';
import { messages } from '../messages.ts';
import { pageHead } from '../navigation/page-title.ts';
import { searchOf, text } from '../navigation/search-params.ts';
import { forgetSession } from '../session.ts';

/** How often the asking tab checks whether the link was opened. */
const POLL_MS = 1000;

export const Route = createFileRoute(
  '/login/challenge/email/validate/$email/$challengeId/$challengeToken',
)({
  head: pageHead(messages.titles.waitingForLink),
  validateSearch: searchOf({ inviteId: text(64) }),
  component: CheckYourEmail,
});

/**
 * "Check your email": waits for the link to be opened, on this device or any
 * other, then signs this tab in.
 */
function CheckYourEmail() {
  const { email, challengeId, challengeToken } = Route.useParams();
  const { inviteId } = Route.useSearch();
  const navigate = useNavigate();
  // Kept by the page that asked, in this tab only; absent if this page was opened some other way.
  const [code] = useState(() => signInCode(challengeId));
  const [state, setState] = useState<
    { kind: 'waiting' } | { kind: 'done' } | { kind: 'failed'; message: string }
  >({
    kind: 'waiting',
  });

  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = async () => {
      const result = await completeChallenge(challengeId, challengeToken).catch(() => undefined);
      if (stopped) return;
      if (result?.ok && result.data.status === 'complete') {
        setState({ kind: 'done' });
        forgetSignInCode(challengeId);
        forgetSession();
        sessionStorage.setItem('passkey.offer', '1');
        // Back to the invite that sent this person to sign in (the join page stored it).
        const pending = parsePendingInvite(sessionStorage.getItem(PENDING_INVITE_KEY));
        if (pending && (!inviteId || pending.id === inviteId)) {
          await navigate({
            to: '/invite/$inviteId/$inviteToken',
            params: { inviteId: pending.id, inviteToken: pending.token },
            replace: true,
          });
          return;
        }
        await navigate({ to: '/', replace: true });
        return;
      }
      if (result && !result.ok && result.status !== 429 && result.status < 500) {
        forgetSignInCode(challengeId);
        setState({ kind: 'failed', message: result.message || messages.errors.generic });
        return;
      }
      timer = setTimeout(poll, POLL_MS);
    };
    void poll();
    return () => {
      stopped = true;
      if (timer) clearTimeout(timer);
    };
  }, [challengeId, challengeToken, inviteId, navigate]);

  return (
    <main className="page" id="main">
      <h1>{messages.login.checkTitle}</h1>
      <div className="card">
        <p>{messages.login.checkBody(email)}</p>
        <p>{messages.login.checkExpiry}</p>
        {state.kind === 'failed' ? (
          <>
            <div role="alert" className="alert">
              {state.message}
            </div>
            <div className="actions">
              <Link
                className="button"
                to="/login/challenge/email/$email"
                params={{ email }}
                replace
              >
                {messages.login.sendAgain}
              </Link>
              <Link className="button secondary" to="/login">
                {messages.login.backToSignIn}
              </Link>
            </div>
          </>
        ) : (
          <p role="status" aria-live="polite" className="status">
            {state.kind === 'done' ? messages.login.signedIn : messages.login.waiting}
          </p>
        )}
      </div>
      {code && state.kind === 'waiting' ? <SignInCode code={code} /> : null}
    </main>
  );
}

/** The code a person types if they open the link on another device, large and easy to read. */
function SignInCode({ code }: { code: string }) {
  const titleId = useId();
  return (
    <section className="card signin-code" aria-labelledby={titleId}>
      <h2 id={titleId}>{messages.login.codeTitle}</h2>
      <p className="signin-code-digits">{`${code.slice(0, 3)} ${code.slice(3)}`}</p>
      <p>{messages.login.codeHelp}</p>
    </section>
  );
}
