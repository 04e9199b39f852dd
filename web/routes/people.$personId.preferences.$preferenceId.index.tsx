import { useQuery } from '@rocicorp/zero/react';
import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { useId, useMemo, useState } from 'react';
import { mutators } from '../../sync/mutators.ts';
import { personName } from '../../sync/names.ts';
import { queries } from '../../sync/queries.ts';
import { DeleteConfirm } from '../components/destructive-confirm.tsx';
import { EasyPreference } from '../components/easy-read-lazy.tsx';
import { FeelingIcon } from '../components/feeling-icon.tsx';
import { Markdown } from '../components/markdown.tsx';
import { HeroImage } from '../components/media-image.tsx';
import { AddMediaLinks, byKind, MediaTiles } from '../components/media-tiles.tsx';
import { MediaViewer } from '../components/media-viewer.tsx';
import { ErrorAlert } from '../components/modal-dialog.tsx';
import { formatDate } from '../components/preference-common.tsx';
import { PresenceList } from '../components/presence.tsx';
import { ReadAloudButton } from '../components/read-aloud.tsx';
import { useCanWrite } from '../hooks/use-can-write.ts';
import { useEasyRead } from '../hooks/use-easy-read.ts';
import { useLibraryName, usePageTitle } from '../hooks/use-page-title.ts';
import { usePreferencePage } from '../hooks/use-preference-page.tsx';
import { usePresence } from '../hooks/use-presence.ts';
import { spoken, useReadAloud } from '../hooks/use-read-aloud.ts';
import { useRecordView } from '../hooks/use-record-view.ts';
import { audioMessages } from '../messages/audio.ts';
import { mediaMessages } from '../messages/media.ts';
import { preferenceMessages } from '../messages/preference.ts';
import { DATE_LOCALE, messages } from '../messages.ts';
import { pageHead } from '../navigation/page-title.ts';
import { refusalOf, useWrite } from '../offline/use-write.ts';

export const Route = createFileRoute('/people/$personId/preferences/$preferenceId/')({
  head: pageHead(messages.titles.preference),
  component: PreferenceView,
});

const t = preferenceMessages;
const m = mediaMessages;
const a = audioMessages;

function PreferenceView() {
  const { personId, preferenceId } = Route.useParams();
  const write = useWrite();
  const navigate = useNavigate();
  const canWrite = useCanWrite(personId);
  const easy = useEasyRead(personId);
  const notesId = useId();
  const [wordsError, setWordsError] = useState<string>();
  const { pref, fallback } = usePreferencePage(personId, preferenceId);
  const [media, mediaDetails] = useQuery(queries.media.ofPreference({ personId, preferenceId }));
  const { peers, lost } = usePresence(personId, preferenceId, pref !== undefined);
  usePageTitle(pref?.title, useLibraryName(personId));
  useRecordView(personId, pref);
  const readParts = useMemo(
    () =>
      pref
        ? [
            { key: 'title', text: pref.title },
            {
              key: 'feeling',
              text:
                pref.feeling === 'Other'
                  ? (pref.feelingOther ?? '')
                  : pref.feeling
                    ? (t.feelings[pref.feeling]?.label ?? '')
                    : '',
            },
            // A spoken description plays in place of the words: the reader leaves them out.
            ...(pref.spokenMedia
              ? []
              : [{ key: 'description', text: spoken(pref.description ?? '') }]),
          ]
        : [],
    [pref],
  );
  const reader = useReadAloud(readParts);

  if (!pref || fallback) return fallback;
  if (easy.on) return <EasyPreference personId={personId} pref={pref} canWrite={canWrite} />;

  const categories = [...pref.categories].sort((a, b) =>
    a.title.localeCompare(b.title, DATE_LOCALE, { sensitivity: 'base' }),
  );
  const feeling = pref.feeling ? t.feelings[pref.feeling] : undefined;
  const feelingWord =
    pref.feeling === 'Other' && pref.feelingOther ? pref.feelingOther : feeling?.label;

  async function backToWords() {
    const error = refusalOf(
      await write(mutators.preference.speak({ id: preferenceId, spokenMediaId: null })),
    );
    if (error) setWordsError(error);
  }

  async function remove() {
    const error = refusalOf(await write(mutators.preference.delete({ id: preferenceId })));
    if (error) throw new Error(error);
  }

  return (
    <article className="preference-view">
      <header className="card preference-head">
        {pref.heroMedia ? (
          <HeroImage
            personId={personId}
            mediaId={pref.heroMedia.id}
            alt={pref.heroMedia.description || t.heroAlt(pref.title)}
          />
        ) : null}
        <h1 className={reader.current === 'title' ? 'read-now' : undefined}>{pref.title}</h1>
        <PresenceList peers={peers} lost={lost} />
        {reader.supported ? (
          <div className="actions">
            <ReadAloudButton reading={reader.reading} toggle={reader.toggle} what={pref.title} />
          </div>
        ) : null}
        {feeling && pref.feeling ? (
          <p className={`preference-feeling${reader.current === 'feeling' ? ' read-now' : ''}`}>
            <span className="visually-hidden">{t.feeling}: </span>
            <span aria-hidden="true" className="preference-emoji">
              <FeelingIcon feeling={pref.feeling} size="1.5em" />
            </span>{' '}
            {feelingWord}
          </p>
        ) : null}
        {pref.spokenMedia ? (
          <section className="spoken-description" aria-labelledby={`${notesId}-spoken`}>
            <h2 id={`${notesId}-spoken`}>{a.spokenHeading}</h2>
            <MediaViewer
              personId={personId}
              media={pref.spokenMedia}
              label={a.spokenLabel(pref.title)}
            />
            {pref.description ? (
              <details className="spoken-words">
                <summary>{a.showWords}</summary>
                <Markdown className="preference-description" text={pref.description} under={2} />
              </details>
            ) : null}
          </section>
        ) : pref.description ? (
          <Markdown
            className={`preference-description${reader.current === 'description' ? ' read-now' : ''}`}
            text={pref.description}
            under={1}
          />
        ) : null}
        <ErrorAlert message={wordsError} />
        {canWrite ? (
          <div className="actions">
            {pref.spokenMedia ? (
              <button type="button" className="secondary" onClick={() => void backToWords()}>
                {a.useWords}
              </button>
            ) : (
              <Link
                className="button secondary"
                to="/people/$personId/preferences/$preferenceId/audio/create"
                params={{ personId, preferenceId }}
                search={{ spoken: true }}
              >
                {a.recordSpoken}
              </Link>
            )}
          </div>
        ) : null}
        {canWrite ? (
          <div className="actions">
            <Link
              className="button"
              to="/people/$personId/preferences/$preferenceId/edit"
              params={{ personId, preferenceId }}
            >
              {t.edit}
            </Link>
            <Link
              className="button secondary"
              to="/people/$personId/preferences/$preferenceId/edit"
              params={{ personId, preferenceId }}
              search={{ isReview: true }}
            >
              {t.review}
            </Link>
            <DeleteConfirm
              texts={t}
              name={pref.title}
              action={remove}
              afterDestroy={() =>
                void navigate({
                  to: '/people/$personId/preferences',
                  params: { personId },
                  replace: true,
                })
              }
            />
          </div>
        ) : null}
      </header>

      <section className="card media-section" aria-labelledby={`${notesId}-media`}>
        <h2 id={`${notesId}-media`}>{m.listHeading}</h2>
        {media.length ? (
          <MediaTiles
            personId={personId}
            preferenceId={preferenceId}
            media={byKind(media, pref.heroMediaId).flatMap((g) => g.items)}
            heroId={pref.heroMediaId}
            labelledBy={`${notesId}-media`}
          />
        ) : mediaDetails.type === 'error' ? (
          <p role="alert" className="alert">
            {m.failed}
          </p>
        ) : (
          <p>{mediaDetails.type === 'complete' ? m.empty : m.listLoading}</p>
        )}
        <div className="actions">
          {media.length ? (
            <Link
              className="button secondary"
              to="/people/$personId/preferences/$preferenceId/media"
              params={{ personId, preferenceId }}
            >
              {m.all}
            </Link>
          ) : null}
          {canWrite ? (
            <AddMediaLinks personId={personId} preferenceId={preferenceId} quiet />
          ) : null}
        </div>
      </section>

      <section className="card" aria-labelledby={`${notesId}-cat`}>
        <h2 id={`${notesId}-cat`}>{t.categories}</h2>
        {categories.length ? (
          <ul className="preference-categories">
            {categories.map((c) => (
              <li key={c.id}>
                <Link
                  className="button secondary"
                  to="/people/$personId/preferences/categories/$id"
                  params={{ personId, id: c.id }}
                >
                  {c.title}
                </Link>
              </li>
            ))}
          </ul>
        ) : (
          <p>{t.noCategories}</p>
        )}
      </section>

      <section className="card" aria-labelledby={`${notesId}-access`}>
        <h2 id={`${notesId}-access`}>{t.whoCanSee}</h2>
        <p>{t.access[pref.access]}</p>
      </section>

      <section className="card" aria-labelledby={`${notesId}-review`}>
        <h2 id={`${notesId}-review`}>{t.reviewTitle}</h2>
        <dl className="preference-facts">
          <div>
            <dt>{t.reviewSchedule}</dt>
            <dd>{t.schedules[pref.reviewSchedule]}</dd>
          </div>
          <div>
            <dt>{t.nextReview}</dt>
            <dd>{pref.reviewAt ? formatDate(pref.reviewAt) : t.noNextReview}</dd>
          </div>
          <div>
            <dt>{t.lastReviewed}</dt>
            <dd>
              {pref.reviewedAt
                ? t.byOn(personName(pref.reviewer) || t.someone, formatDate(pref.reviewedAt))
                : t.neverReviewed}
            </dd>
          </div>
        </dl>
      </section>

      <section className="card" aria-labelledby={notesId}>
        <h2 id={notesId}>{t.notes}</h2>
        {pref.notes.length ? (
          <ul className="preference-notes" aria-labelledby={notesId}>
            {pref.notes.map((n) => (
              <li key={n.id}>
                <Link
                  to="/people/$personId/preferences/$preferenceId/notes/$id"
                  params={{ personId, preferenceId, id: n.id }}
                >
                  {n.title}
                </Link>
                <span className="preference-note-meta">
                  {t.noteBy(personName(n.author) || t.someone, formatDate(n.createdAt))}
                </span>
              </li>
            ))}
          </ul>
        ) : (
          <p>{t.noNotes}</p>
        )}
        {canWrite ? (
          <Link
            className="button secondary"
            to="/people/$personId/preferences/$preferenceId/notes/create"
            params={{ personId, preferenceId }}
          >
            {t.addNote}
          </Link>
        ) : null}
      </section>

      <section className="card" aria-labelledby={`${notesId}-details`}>
        <h2 id={`${notesId}-details`}>{t.details}</h2>
        <dl className="preference-facts">
          <div>
            <dt>{t.createdBy}</dt>
            <dd>{t.byOn(personName(pref.creator) || t.someone, formatDate(pref.createdAt))}</dd>
          </div>
          <div>
            <dt>{t.updatedBy}</dt>
            <dd>{t.byOn(personName(pref.updater) || t.someone, formatDate(pref.updatedAt))}</dd>
          </div>
        </dl>
      </section>

      <Link className="button secondary" to="/people/$personId/preferences" params={{ personId }}>
        {t.backToLibrary}
      </Link>
    </article>
  );
}
