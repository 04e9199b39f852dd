/**
 * On every page while the signed-in person's account waits to be deleted:
 * when, and "Keep my account", which keeps it there and then (the same action
 * as on My data). Not on My data itself, which says the same with its own
 * button. Once kept, the banner says so in place of the button until the
 * person moves on.
 */
import { useLocation, useMatchRoute } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { useKeepAccount } from '../hooks/use-keep-account.ts';
import { myDataText } from '../messages/my-data.ts';
import { ErrorAlert } from './modal-dialog.tsx';
import { longDay } from './my-data-common.ts';

export function DeletionBanner({ me, dueAt }: { me: string; dueAt: number | null }) {
  const matchRoute = useMatchRoute();
  const pathname = useLocation({ select: (l) => l.pathname });
  const { keep, keeping, error } = useKeepAccount(me);
  // The page it was kept on: the word that it is kept stays there, and goes with the next page.
  const [keptOn, setKeptOn] = useState<string | undefined>();
  const said = useRef<HTMLParagraphElement>(null);
  const kept = keptOn === pathname;
  useEffect(() => {
    // The button is gone with the deletion: focus goes to what is said instead.
    if (kept) said.current?.focus();
  }, [kept]);
  if (!me || (dueAt === null && !kept)) return null;
  if (matchRoute({ to: '/people/$personId/settings/data', params: { personId: me } })) return null;
  return (
    <section className="card deletion-banner" aria-label={myDataText.deleteHeading}>
      <ErrorAlert message={error} />
      {dueAt !== null && !kept ? (
        <>
          <p>{myDataText.scheduled(longDay.format(new Date(dueAt)))}</p>
          <div className="actions">
            <button
              type="button"
              disabled={keeping}
              onClick={() => void keep().then((ok) => ok && setKeptOn(pathname))}
            >
              {keeping ? myDataText.keeping : myDataText.keep}
            </button>
          </div>
        </>
      ) : null}
      <p role="status" className="status" tabIndex={-1} ref={said}>
        {kept ? myDataText.kept : ''}
      </p>
    </section>
  );
}
