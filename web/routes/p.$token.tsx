import { createFileRoute } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import type { ProfileView } from '../../sync/profile.ts';
import { ApiError, call, client } from '../api-client.ts';
import { ProfileSheet } from '../components/profile-sheet.tsx';
import { usePageTitle } from '../hooks/use-page-title.ts';
import { profilePageMessages } from '../messages/profile.ts';
import { messages } from '../messages.ts';
import { pageHead } from '../navigation/page-title.ts';

const t = profilePageMessages;
/** How often an open shared page looks again: a revoked link ends on screen too (and is looked at no more). */
const REFRESH_MS = 5_000;

/**
 * A one-page profile shared by a link: no sign-in and no bar
 * (spec §2: a Profile invite hides the whole bar). Read live from the library
 * at every look; when the link has expired or was revoked, that it is no
 * longer shared and whom to ask for a new link, nothing of the page.
 */
export const Route = createFileRoute('/p/$token')({
  head: pageHead(messages.titles.sharedProfile),
  component: SharedProfile,
});

function SharedProfile() {
  const { token } = Route.useParams();
  const [view, setView] = useState<ProfileView | 'gone' | undefined>();
  usePageTitle(view && view !== 'gone' ? view.title : undefined);

  useEffect(() => {
    let stopped = false;
    const onVisible = () => {
      if (document.visibilityState === 'visible') void look();
    };
    const stop = () => {
      stopped = true;
      clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
    const look = async () => {
      try {
        const v = (await call(
          client['shared-profiles'][':token'].$get({ param: { token } }),
        )) as ProfileView;
        if (!stopped) setView(v);
      } catch (e) {
        // Gone for good: say so and nothing else, and look no more (a revoked or
        // expired link never works again). A failed connection keeps what is shown.
        if (!stopped && e instanceof ApiError && e.status === 410) {
          stop();
          setView('gone');
        }
      }
    };
    const timer = setInterval(() => void look(), REFRESH_MS);
    document.addEventListener('visibilitychange', onVisible);
    void look();
    return stop;
  }, [token]);

  return (
    <main className="page" id="main">
      {view === undefined ? (
        <p role="status" className="status">
          {t.loadingShared}
        </p>
      ) : view === 'gone' ? (
        <>
          <h1>{t.noLongerShared}</h1>
          <p>{t.noLongerSharedHelp}</p>
        </>
      ) : (
        <>
          <div className="actions no-print">
            <button type="button" className="secondary" onClick={() => window.print()}>
              {t.print}
            </button>
            <a className="button secondary" href={`/api/shared-profiles/${token}/pdf`} download>
              {t.downloadPdf}
            </a>
            <a
              className="button secondary"
              href={`/api/shared-profiles/${token}/pdf/easy-read`}
              download
            >
              {t.easyReadPdf}
            </a>
            <a
              className="button secondary"
              href={`/api/shared-profiles/${token}/pdf/large-print`}
              download
            >
              {t.largePrintPdf}
            </a>
          </div>
          <ProfileSheet
            view={view}
            pictureOf={(mediaId) => `/api/shared-profiles/${token}/media/${mediaId}`}
          />
        </>
      )}
    </main>
  );
}
