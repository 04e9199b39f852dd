import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { supportPageMessages } from '../messages/support.ts';
import { messages } from '../messages.ts';
import { pageHead } from '../navigation/page-title.ts';
import {
  finishSupportSession,
  forgetSupportSession,
  storedSupportSession,
} from '../support-session.ts';

export const Route = createFileRoute('/people/$personId/supporters/finish')({
  head: pageHead(messages.titles.finishSession),
  component: FinishSupport,
});

/** Ends the session on the server, forgets it here, and goes back to the people I support. */
function FinishSupport() {
  const { personId } = Route.useParams();
  const { session } = Route.useRouteContext();
  const navigate = useNavigate();
  const done = useRef(false);

  useEffect(() => {
    if (done.current) return;
    done.current = true;
    void (async () => {
      const id = storedSupportSession(personId);
      if (id) await finishSupportSession(personId, id).catch(() => undefined);
      forgetSupportSession(personId);
      const me = session.person?.id;
      if (me)
        await navigate({
          to: '/people/$personId/supporting',
          params: { personId: me },
          replace: true,
        });
    })();
  }, [personId, session, navigate]);

  return (
    <p role="status" aria-live="polite">
      {supportPageMessages.finishing}
    </p>
  );
}
