import { useQuery } from '@rocicorp/zero/react';
import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { queries } from '../../sync/queries.ts';
import { ApiError } from '../api-client.ts';
import { supportPageMessages } from '../messages/support.ts';
import { messages } from '../messages.ts';
import { pageHead } from '../navigation/page-title.ts';
import { startSupportSession, supportKey, supportLevelKey } from '../support-session.ts';

/** Spec §9: the library opens this long after a support session starts. */
export const SUPPORT_START_REDIRECT_MS = 2000;

export const Route = createFileRoute('/people/$personId/supporters/start')({
  head: pageHead(messages.titles.startSession),
  component: StartSupport,
});

/** Starts a support session with the person in the URL, then opens their library. */
function StartSupport() {
  const { personId } = Route.useParams();
  const { session } = Route.useRouteContext();
  const navigate = useNavigate();
  const started = useRef(false);
  const [error, setError] = useState<string | undefined>();
  const [person] = useQuery(queries.person.byId({ personId }));
  const name = person?.knownAs ?? person?.firstName;

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const begin = performance.now();
    void (async () => {
      try {
        const s = await startSupportSession(personId);
        sessionStorage.setItem(supportKey(personId), s.id);
        sessionStorage.setItem(supportLevelKey(personId), s.accessLevel);
        const wait = SUPPORT_START_REDIRECT_MS - (performance.now() - begin);
        if (wait > 0) await new Promise((r) => setTimeout(r, wait));
        await navigate({
          to: '/people/$personId/preferences',
          params: { personId },
          replace: true,
        });
      } catch (e) {
        setError(e instanceof ApiError ? e.message : messages.errors.generic);
      }
    })();
  }, [personId, navigate]);

  return (
    <div className="support-start" role="status" aria-live="polite">
      {error ? (
        <>
          <p role="alert" className="alert">
            {error}
          </p>
          {session.person ? (
            <Link
              className="button"
              to="/people/$personId/supporting"
              params={{ personId: session.person.id }}
            >
              {supportPageMessages.backToSupporting}
            </Link>
          ) : null}
        </>
      ) : (
        <>
          <span className="spinner" aria-hidden="true" />
          <p>{name ? supportPageMessages.starting(name) : supportPageMessages.startingSomeone}</p>
        </>
      )}
    </div>
  );
}
