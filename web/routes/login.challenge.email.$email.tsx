import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { keepSignInCode, requestMagicLink } from '../auth-api.ts';
import { messages } from '../messages.ts';
import { pageHead } from '../navigation/page-title.ts';
import { numberOf, searchOf, text } from '../navigation/search-params.ts';

/** The spec's minimum time on this step before going to the check-your-email page. */
export const LOGIN_REDIRECT_MIN_MS = 300;

export const Route = createFileRoute('/login/challenge/email/$email')({
  head: pageHead(messages.titles.checkEmail),
  validateSearch: searchOf({ attempt: numberOf({ count: true }), inviteId: text(64) }),
  component: StartChallenge,
});

/**
 * Asks for a magic link (in an effect, not a loader: a loader would also run on
 * link preloading and send mail nobody asked for).
 */
function StartChallenge() {
  const { email } = Route.useParams();
  const { attempt, inviteId } = Route.useSearch();
  const navigate = useNavigate();
  const asked = useRef(false);

  useEffect(() => {
    if (asked.current) return;
    asked.current = true;
    const started = performance.now();
    void (async () => {
      const result = await requestMagicLink(email, inviteId).catch(() => undefined);
      if (!result) {
        await navigate({
          to: '/login',
          search: { message: messages.errors.generic },
          replace: true,
        });
        return;
      }
      if (!result.ok) {
        await navigate({
          to: '/login',
          search: {
            message: result.message || messages.login.challengeFailed,
            registerEmail: email,
          },
          replace: true,
        });
        return;
      }
      const { message, challengeId, token } = result.data;
      if (/register/i.test(message)) {
        await navigate({
          to: '/login',
          search: {
            register: 1,
            registerEmail: email,
            attempt: (attempt ?? 0) + 1,
            ...(inviteId ? { inviteId } : {}),
          },
          replace: true,
        });
        return;
      }
      if (!challengeId || !token) {
        await navigate({
          to: '/login',
          search: { message: messages.login.challengeFailed },
          replace: true,
        });
        return;
      }
      if (result.data.code) keepSignInCode(challengeId, result.data.code);
      const wait = LOGIN_REDIRECT_MIN_MS - (performance.now() - started);
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      await navigate({
        to: '/login/challenge/email/validate/$email/$challengeId/$challengeToken',
        params: { email, challengeId, challengeToken: token },
        search: inviteId ? { inviteId } : {},
        replace: true,
      });
    })();
  }, [email, attempt, inviteId, navigate]);

  return (
    <main className="page" id="main">
      <h1>{messages.login.title}</h1>
      <p role="status" aria-live="polite">
        {messages.login.sending}
      </p>
    </main>
  );
}
