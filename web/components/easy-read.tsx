/**
 * Easy read (web/hooks/use-easy-read.ts): the Decision Maker's own screens
 * with a picture beside each idea, one idea a line, large text, and a
 * read-aloud control on every block. The layout is the same on every page:
 * the picture on the left (on top on a phone), then the heading, the lines,
 * the actions and the read-aloud control.
 */

import { useQuery } from '@rocicorp/zero/react';
import { Link } from '@tanstack/react-router';
import page from '@twemoji/svg/1f4c4.svg?url';
import calendar from '@twemoji/svg/1f4c5.svg?url';
import books from '@twemoji/svg/1f4da.svg?url';
import people from '@twemoji/svg/1f465.svg?url';
import lock from '@twemoji/svg/1f512.svg?url';
import clock from '@twemoji/svg/1f552.svg?url';
import plus from '@twemoji/svg/2795.svg?url';
import { type ReactNode, useId, useMemo, useState } from 'react';
import type { Access, Feeling } from '../../schema/enums.ts';
import { personName, shortName } from '../../sync/names.ts';
import { queries } from '../../sync/queries.ts';
import { reviewGroup } from '../../sync/review.ts';
import { useHistoryPages } from '../history-feed.ts';
import { usePreferenceRows } from '../hooks/use-library-queries.ts';
import { spoken, useReadAloud } from '../hooks/use-read-aloud.ts';
import { mediaSrc, supporterPhotoSrc } from '../media/upload.ts';
import { audioMessages } from '../messages/audio.ts';
import { easyReadMessages } from '../messages/easy-read.ts';
import { DATE_LOCALE } from '../messages.ts';
import { PersonPhoto } from './circle-common.tsx';
import { FeelingIcon } from './feeling-icon.tsx';
import { feelingLine } from './feeling-line.ts';
import { HandoverNotes } from './handover.tsx';
import { Markdown } from './markdown.tsx';
import { MediaViewer } from './media-viewer.tsx';
import { AnswerState } from './query-state.tsx';
import { ReadAloudButton, ReadThis } from './read-aloud.tsx';
import { SurveyHomeCard } from './survey-prompt.tsx';

const t = easyReadMessages;

/** The side of a block's picture, in CSS pixels (at least 96: easy-read practice). */
export const EASY_PICTURE = 96;

/** The picture of a block: a photo, a feeling's face or a symbol; decorative unless `alt` is given. */
export function EasyPicture({
  src,
  feeling,
  alt = '',
  large = false,
}: {
  src?: string | null | undefined;
  feeling?: Feeling | null | undefined;
  alt?: string | undefined;
  large?: boolean;
}) {
  const [failed, setFailed] = useState(false);
  const side = large ? EASY_PICTURE * 2 : EASY_PICTURE;
  const className = `easy-picture${large ? ' easy-picture-large' : ''}`;
  if (src && !failed) {
    return (
      <img
        className={className}
        src={src}
        alt={alt}
        aria-hidden={alt ? undefined : true}
        width={side}
        height={side}
        onError={() => setFailed(true)}
        decoding="async"
      />
    );
  }
  if (feeling) {
    return (
      <span className={className} aria-hidden="true">
        <FeelingIcon feeling={feeling} size={`${side}px`} />
      </span>
    );
  }
  return null;
}

/** A symbol drawn from Twemoji, at a block picture's size. */
function Sign({ src }: { src: string }) {
  return (
    <img
      className="easy-picture"
      src={src}
      alt=""
      aria-hidden="true"
      width={EASY_PICTURE}
      height={EASY_PICTURE}
      decoding="async"
    />
  );
}

/** "Private" with a lock: a symbol and a word, never colour alone. */
export function PrivateMark() {
  return (
    <span className="easy-private">
      <img src={lock} alt="" aria-hidden="true" width={28} height={28} />
      {t.preference.private}
    </span>
  );
}

/**
 * One block: its picture, a heading, one idea a line, its actions, and a
 * control that reads the heading and lines aloud (the line being read is
 * marked).
 */
export function EasyBlock({
  picture,
  title,
  lines,
  level = 2,
  children,
  className,
}: {
  picture: ReactNode;
  title: string;
  lines: readonly (string | null | undefined | false)[];
  level?: 1 | 2;
  children?: ReactNode;
  className?: string;
}) {
  const id = useId();
  const shown = lines.filter((l): l is string => !!l);
  const key = shown.join('\n');
  // biome-ignore lint/correctness/useExhaustiveDependencies: the lines are compared by their text.
  const parts = useMemo(
    () => [{ key: 'title', text: title }, ...shown.map((text, i) => ({ key: `line-${i}`, text }))],
    [title, key],
  );
  const reader = useReadAloud(parts);
  const Heading = level === 1 ? 'h1' : 'h2';
  const now = (k: string) => (reader.current === k ? 'read-now' : undefined);
  return (
    <section className={`card easy-block${className ? ` ${className}` : ''}`} aria-labelledby={id}>
      {picture ? <div className="easy-block-picture">{picture}</div> : null}
      <div className="easy-block-text">
        <Heading id={id} className={now('title')}>
          {title}
        </Heading>
        {shown.map((l, i) => (
          <p key={l} className={now(`line-${i}`)}>
            {l}
          </p>
        ))}
        {children}
        {reader.supported ? (
          <div className="actions">
            <ReadAloudButton reading={reader.reading} toggle={reader.toggle} what={title} />
          </div>
        ) : null}
      </div>
    </section>
  );
}

// ---------------------------------------------------------------------------
// Home
// ---------------------------------------------------------------------------

/** Home in easy read: who is helping now, then one block for each thing to do. */
export function EasyHome({ personId, name }: { personId: string; name: string }) {
  const { rows, details } = usePreferenceRows(personId);
  const [links] = useQuery(queries.circle.supporters({ personId }));
  const [sessions] = useQuery(queries.supportSession.forPerson({ personId }));
  const now = Date.now();
  const due = rows.filter((p) => reviewGroup(p, now) === 'Due').length;
  const helping = sessions.flatMap((s) => {
    if (s.endedAt !== null) return [];
    const who = links.find((l) => l.supporterId === s.supporterId)?.supporter;
    return who ? [{ id: s.id, name: shortName(who) }] : [];
  });
  const loading = rows.length === 0 && details.type !== 'complete';
  return (
    <div className="home easy-home">
      <h1>{t.greeting(name)}</h1>
      {helping.map((h) => (
        <p key={h.id} className="easy-line easy-helping">
          {t.home.helping(h.name)}
        </p>
      ))}
      <EasyBlock
        picture={<Sign src={books} />}
        title={t.home.library}
        lines={[t.home.libraryLine, loading ? t.library.loading : t.home.libraryCount(rows.length)]}
      >
        <div className="actions">
          <Link className="button" to="/people/$personId/preferences" params={{ personId }}>
            {t.home.openLibrary}
          </Link>
        </div>
      </EasyBlock>
      <EasyBlock picture={<Sign src={plus} />} title={t.home.add} lines={[t.home.addLine]}>
        <div className="actions">
          <Link className="button" to="/people/$personId/preferences/create" params={{ personId }}>
            {t.home.add}
          </Link>
        </div>
      </EasyBlock>
      {due > 0 ? (
        <EasyBlock
          picture={<Sign src={calendar} />}
          title={t.home.due}
          lines={[t.home.dueLine(due)]}
        >
          <div className="actions">
            <Link
              className="button secondary"
              to="/people/$personId/preferences/filter/$filterBy/$name"
              params={{ personId, filterBy: 'review', name: 'Due' }}
            >
              {t.home.openDue}
            </Link>
          </div>
        </EasyBlock>
      ) : null}
      <HandoverNotes
        personId={personId}
        canLeave
        canManage
        noteExtra={(note, author) => ({
          before: <PersonPhoto src={null} name={author} large />,
          after: (
            <ReadThis
              text={`${t.preference.noteFrom(author)} ${note.body}`}
              what={t.preference.noteFrom(author)}
            />
          ),
        })}
      />
      <SurveyHomeCard personId={personId} />
      <EasyBlock
        picture={<Sign src={people} />}
        title={t.home.circle}
        lines={[t.home.circleLine(links.length)]}
      >
        <div className="actions">
          <Link
            className="button secondary"
            to="/people/$personId/supporters"
            params={{ personId }}
          >
            {t.home.openCircle}
          </Link>
        </div>
      </EasyBlock>
      <EasyBlock
        picture={<Sign src={page} />}
        title={t.home.profiles}
        lines={[t.home.profilesLine]}
      >
        <div className="actions">
          <Link className="button secondary" to="/people/$personId/profiles" params={{ personId }}>
            {t.home.openProfiles}
          </Link>
        </div>
      </EasyBlock>
      <EasyBlock picture={<Sign src={clock} />} title={t.home.history} lines={[t.home.historyLine]}>
        <div className="actions">
          <Link
            className="button secondary"
            to="/people/$personId/settings/history"
            params={{ personId }}
          >
            {t.home.openHistory}
          </Link>
        </div>
      </EasyBlock>
    </div>
  );
}

// ---------------------------------------------------------------------------
// Library
// ---------------------------------------------------------------------------

/** How many things the easy-read library shows at first, and adds with Show more. */
export const EASY_PAGE = 24;

type EasyRow = {
  id: string;
  title: string;
  feeling: Feeling | null;
  feelingOther: string | null;
  heroMediaId: string | null;
  access: Access;
};

/** The library in easy read: each thing its picture, its name and its feeling, a few at a time. */
export function EasyLibrary({ personId }: { personId: string }) {
  const { rows, details } = usePreferenceRows(personId);
  const [shown, setShown] = useState(EASY_PAGE);
  const loading = rows.length === 0 && details.type !== 'complete';
  return (
    <div className="easy-library">
      <h1>{t.library.title}</h1>
      <div className="actions">
        <Link className="button" to="/people/$personId/preferences/create" params={{ personId }}>
          {t.library.add}
        </Link>
      </div>
      {loading ? (
        <p className="status">{t.library.loading}</p>
      ) : rows.length === 0 ? (
        <p className="easy-line">{t.library.empty}</p>
      ) : (
        <>
          <ul className="easy-list">
            {rows.slice(0, shown).map((p) => (
              <EasyItem key={p.id} personId={personId} row={p} />
            ))}
          </ul>
          <p className="easy-line" aria-live="polite">
            {t.library.shown(Math.min(shown, rows.length), rows.length)}
          </p>
          {shown < rows.length ? (
            <button type="button" onClick={() => setShown((n) => n + EASY_PAGE)}>
              {t.library.more}
            </button>
          ) : null}
        </>
      )}
    </div>
  );
}

function EasyItem({ personId, row }: { personId: string; row: EasyRow }) {
  const line = feelingLine(row.feeling, row.feelingOther);
  const parts = useMemo(
    () => [
      { key: 'title', text: row.title },
      { key: 'feeling', text: line ?? '' },
    ],
    [row.title, line],
  );
  const reader = useReadAloud(parts);
  return (
    <li className={`card easy-item${reader.reading ? ' read-now' : ''}`}>
      <EasyPicture
        src={row.heroMediaId ? mediaSrc(personId, row.heroMediaId, 'thumb') : null}
        feeling={row.feeling}
      />
      <div className="easy-block-text">
        <Link
          className="easy-item-title"
          to="/people/$personId/preferences/$preferenceId"
          params={{ personId, preferenceId: row.id }}
        >
          {row.title}
        </Link>
        {line ? <p>{line}</p> : null}
        {row.access === 'Restricted' ? <PrivateMark /> : null}
        {reader.supported ? (
          <ReadAloudButton reading={reader.reading} toggle={reader.toggle} what={row.title} />
        ) : null}
      </div>
    </li>
  );
}

// ---------------------------------------------------------------------------
// A preference
// ---------------------------------------------------------------------------

type EasyPref = EasyRow & {
  description: string | null;
  heroMedia?: { id: string; description: string | null } | null | undefined;
  spokenMedia?: Parameters<typeof MediaViewer>[0]['media'] | null | undefined;
  notes: readonly {
    id: string;
    title: string;
    author?: Parameters<typeof personName>[0];
  }[];
};

/** One thing in easy read: its picture large, its name, its feeling, its words, its notes. */
export function EasyPreference({
  personId,
  pref,
  canWrite,
}: {
  personId: string;
  pref: EasyPref;
  canWrite: boolean;
}) {
  const line = feelingLine(pref.feeling, pref.feelingOther);
  const words = pref.description ? spoken(pref.description) : '';
  const readParts = useMemo(
    () => [{ key: 'words', text: pref.spokenMedia ? '' : words }],
    [words, pref.spokenMedia],
  );
  const reader = useReadAloud(readParts);
  return (
    <article className="easy-preference">
      <EasyBlock
        level={1}
        picture={
          <EasyPicture
            large
            src={pref.heroMedia ? mediaSrc(personId, pref.heroMedia.id) : null}
            alt={
              pref.heroMedia
                ? pref.heroMedia.description || t.preference.pictureOf(pref.title)
                : undefined
            }
            feeling={pref.feeling}
          />
        }
        title={pref.title}
        lines={[line, pref.access === 'Restricted' && t.preference.privateLine]}
      >
        {pref.access === 'Restricted' ? <PrivateMark /> : null}
      </EasyBlock>
      {pref.spokenMedia ? (
        <section className="card easy-block">
          <div className="easy-block-text">
            <MediaViewer
              personId={personId}
              media={pref.spokenMedia}
              label={audioMessages.spokenLabel(pref.title)}
            />
          </div>
        </section>
      ) : pref.description ? (
        <section className={`card easy-block easy-words${reader.reading ? ' read-now' : ''}`}>
          <div className="easy-block-text">
            <Markdown className="preference-description" text={pref.description} under={1} />
            {reader.supported ? (
              <div className="actions">
                <ReadAloudButton
                  reading={reader.reading}
                  toggle={reader.toggle}
                  what={pref.title}
                />
              </div>
            ) : null}
          </div>
        </section>
      ) : null}
      {pref.notes.length > 0 ? (
        <section className="card easy-block" aria-labelledby={`easy-notes-${pref.id}`}>
          <div className="easy-block-text">
            <h2 id={`easy-notes-${pref.id}`}>{t.preference.notes}</h2>
            <ul className="easy-notes">
              {pref.notes.map((n) => (
                <li key={n.id}>
                  <p>{t.preference.noteFrom(personName(n.author) || t.preference.someone)}</p>
                  <Link
                    to="/people/$personId/preferences/$preferenceId/notes/$id"
                    params={{ personId, preferenceId: pref.id, id: n.id }}
                  >
                    {n.title}
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        </section>
      ) : null}
      <div className="actions">
        {canWrite ? (
          <Link
            className="button"
            to="/people/$personId/preferences/$preferenceId/edit"
            params={{ personId, preferenceId: pref.id }}
          >
            {t.preference.change}
          </Link>
        ) : null}
        <Link className="button secondary" to="/people/$personId/preferences" params={{ personId }}>
          {t.preference.back}
        </Link>
      </div>
    </article>
  );
}

// ---------------------------------------------------------------------------
// History
// ---------------------------------------------------------------------------

const timeOfDay = new Intl.DateTimeFormat(DATE_LOCALE, { hour: 'numeric', minute: '2-digit' });
const weekday = new Intl.DateTimeFormat(DATE_LOCALE, { weekday: 'long' });
const dayMonth = new Intl.DateTimeFormat(DATE_LOCALE, { day: 'numeric', month: 'long' });

/** When, in words: "today at 3:05 pm", "on Tuesday at 3:05 pm", "on 3 March at 3:05 pm". */
export function whenInWords(at: Date, now: Date): string {
  const time = timeOfDay.format(at).replace(':00', '');
  const start = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();
  const days = Math.round((start(now) - start(at)) / 86_400_000);
  if (days === 0) return t.history.today(time);
  if (days === 1) return t.history.yesterday(time);
  if (days > 1 && days < 7) return t.history.onDay(weekday.format(at), time);
  return t.history.onDay(dayMonth.format(at), time);
}

/** The quoted title a "Viewed …" sentence names (sync/history.ts viewedRestricted). */
function viewedTitle(sentence: string): string | null {
  const m = /[“"](.+)[”"]/.exec(sentence);
  return m?.[1] ?? null;
}

/**
 * History in easy read: who did what, one sentence each, with the person's
 * picture or initial; looking at a private thing says so with a lock and a
 * word. Ten at a time, newest first, as the normal feed.
 */
export function EasyHistory({ personId, me }: { personId: string; me: string }) {
  const { state, more } = useHistoryPages(personId, 'all');
  const [links] = useQuery(queries.circle.supporters({ personId }));
  const [person] = useQuery(queries.person.byId({ personId }));
  const { rows } = usePreferenceRows(personId);
  const titles = useMemo(() => new Map(rows.map((r) => [r.id, r.title])), [rows]);

  const photoOf = (id: string | undefined): string | null => {
    if (!id) return null;
    if (id === personId)
      return person?.photoId ? mediaSrc(personId, person.photoId, 'thumb') : null;
    const link = links.find((l) => l.supporterId === id);
    return link?.supporter?.photoId
      ? supporterPhotoSrc(personId, link.id, link.supporter.photoId)
      : null;
  };
  const now = new Date();
  return (
    <section className="easy-history" aria-labelledby="easy-history-heading">
      <h1 id="easy-history-heading">{t.history.title}</h1>
      <p className="easy-line">{t.history.intro}</p>
      {state.status !== 'ready' ? (
        <AnswerState state={state} loading={t.history.loading} />
      ) : state.events.length === 0 ? (
        <p className="easy-line">{t.history.empty}</p>
      ) : (
        <>
          <ol className="easy-list">
            {state.events.map((e) => {
              const who = e.createdBy?.id === me ? t.history.you : (e.createdBy?.name ?? '');
              const when = whenInWords(new Date(e.createdAt), now);
              const looked = e.type === 'Access' && e.relatedType === 'Preference';
              const title = looked
                ? ((e.relatedId && titles.get(e.relatedId)) ?? viewedTitle(e.sentence))
                : null;
              return (
                <EasyEvent
                  key={e.id}
                  initial={e.createdBy?.name ?? who}
                  photo={photoOf(e.createdBy?.id)}
                  title={title}
                  sentence={
                    title && who
                      ? t.history.looked(who, title, when)
                      : t.history.did(e.sentence, when)
                  }
                  restricted={looked}
                />
              );
            })}
          </ol>
          {state.next ? (
            <button type="button" onClick={() => void more()} disabled={state.loadingMore}>
              {t.history.more}
            </button>
          ) : (
            <p className="status">{t.history.end}</p>
          )}
        </>
      )}
    </section>
  );
}

function EasyEvent({
  initial,
  photo,
  title,
  sentence,
  restricted,
}: {
  /** Whose initial stands in for a missing photo: the person's name, never "You". */
  initial: string;
  photo: string | null;
  title: string | null;
  sentence: string;
  restricted: boolean;
}) {
  const parts = useMemo(() => [{ key: 'sentence', text: sentence }], [sentence]);
  const reader = useReadAloud(parts);
  // The title in bold inside the sentence, as the sentence says it.
  const at = title ? sentence.indexOf(title) : -1;
  return (
    <li className={`card easy-item${reader.reading ? ' read-now' : ''}`}>
      <PersonPhoto src={photo} name={initial} large decorative />
      <div className="easy-block-text">
        <p>
          {title && at >= 0 ? (
            <>
              {sentence.slice(0, at)}
              <strong>{title}</strong>
              {sentence.slice(at + title.length)}
            </>
          ) : (
            sentence
          )}
        </p>
        {restricted ? <PrivateMark /> : null}
        {reader.supported ? (
          <ReadAloudButton reading={reader.reading} toggle={reader.toggle} what={sentence} />
        ) : null}
      </div>
    </li>
  );
}
