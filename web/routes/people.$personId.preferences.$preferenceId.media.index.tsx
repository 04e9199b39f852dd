import { useQuery } from '@rocicorp/zero/react';
import { createFileRoute } from '@tanstack/react-router';
import { useId } from 'react';
import { queries } from '../../sync/queries.ts';
import { MediaIcon } from '../components/media-icon.tsx';
import { AddMediaLinks, byKind, MediaTiles } from '../components/media-tiles.tsx';
import { BackToPreference, PreferenceCrumb } from '../components/preference-common.tsx';
import { useCanWrite } from '../hooks/use-can-write.ts';
import { useLibraryName, usePageTitle } from '../hooks/use-page-title.ts';
import { loadPreferenceMedia, usePreferencePage } from '../hooks/use-preference-page.tsx';
import { mediaMessages } from '../messages/media.ts';
import { messages } from '../messages.ts';
import { pageHead } from '../navigation/page-title.ts';

/** The media of one preference, grouped by kind (spec §2 /preferences/{preferenceId}/media). */
export const Route = createFileRoute('/people/$personId/preferences/$preferenceId/media/')({
  head: pageHead(messages.titles.media),
  loader: (c) => loadPreferenceMedia(c),
  component: MediaList,
});

const t = mediaMessages;

function MediaList() {
  const { personId, preferenceId } = Route.useParams();
  const canWrite = useCanWrite(personId);
  const headingId = useId();
  const { pref, fallback } = usePreferencePage(personId, preferenceId, {
    loading: t.listLoading,
  });
  const [media, mediaDetails] = useQuery(queries.media.ofPreference({ personId, preferenceId }));
  usePageTitle(
    pref ? `${messages.titles.media} – ${pref.title}` : undefined,
    useLibraryName(personId),
  );

  if (!pref || fallback) return fallback;

  const groups = byKind(media, pref.heroMediaId);
  const settled = mediaDetails.type === 'complete' || media.length > 0;

  return (
    <article className="media-list">
      <header className="card">
        <PreferenceCrumb
          personId={personId}
          preferenceId={preferenceId}
          className="media-preference"
        >
          {t.forPreference(pref.title)}
        </PreferenceCrumb>
        <h1 id={headingId}>{t.listHeading}</h1>
        {canWrite && groups.length > 0 ? (
          <div className="actions">
            <AddMediaLinks personId={personId} preferenceId={preferenceId} />
          </div>
        ) : null}
      </header>

      {mediaDetails.type === 'error' ? (
        <p role="alert" className="alert">
          {t.failed}
        </p>
      ) : !settled ? (
        <p className="status" role="status">
          {t.listLoading}
        </p>
      ) : groups.length === 0 ? (
        <section className="card">
          <p>{t.empty}</p>
          {canWrite ? (
            <>
              <p>{t.emptyHelp}</p>
              <div className="actions">
                <AddMediaLinks personId={personId} preferenceId={preferenceId} />
              </div>
            </>
          ) : (
            <p>{t.emptyReadOnly}</p>
          )}
        </section>
      ) : (
        groups.map(({ kind, items }) => (
          <section
            key={kind}
            className="card media-section"
            aria-labelledby={`${headingId}-${kind}`}
          >
            <h2 id={`${headingId}-${kind}`}>
              <MediaIcon name={kind} /> {t.kinds[kind]}
            </h2>
            <MediaTiles
              personId={personId}
              preferenceId={preferenceId}
              media={items}
              heroId={pref.heroMediaId}
              labelledBy={`${headingId}-${kind}`}
              replace
            />
          </section>
        ))
      )}

      <BackToPreference
        personId={personId}
        preferenceId={preferenceId}
        label={t.backToPreference}
      />
    </article>
  );
}
