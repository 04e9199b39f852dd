import { useQuery } from '@rocicorp/zero/react';
import { createFileRoute, Link, redirect, useNavigate } from '@tanstack/react-router';
import { useId, useState } from 'react';
import type { Feeling } from '../../schema/enums.ts';
import { dates } from '../../sync/dates.ts';
import { historySentence } from '../../sync/history.ts';
import { shortName } from '../../sync/names.ts';
import { queries } from '../../sync/queries.ts';
import { reviewGroup } from '../../sync/review.ts';
import { EasyHome } from '../components/easy-read-lazy.tsx';
import { FeelingIcon } from '../components/feeling-icon.tsx';
import { dayTime, HandoverNotes, SinceLastVisit, useInSession } from '../components/handover.tsx';
import { SurveyHomeCard } from '../components/survey-prompt.tsx';
import { useCanWrite } from '../hooks/use-can-write.ts';
import { useEasyRead } from '../hooks/use-easy-read.ts';
import { useIsAdministrator } from '../hooks/use-is-administrator.ts';
import { useLastVisit } from '../hooks/use-last-visit.ts';
import { usePreferenceRows } from '../hooks/use-library-queries.ts';
import { mediaSrc } from '../media/upload.ts';
import { homeMessages } from '../messages/home.ts';
import { profilePageMessages } from '../messages/profile.ts';
import { messages } from '../messages.ts';
import { pageHead } from '../navigation/page-title.ts';

export const Route = createFileRoute('/people/$personId/')({
  head: pageHead(messages.titles.home),
  // A Supporter has no home of their own: their start is the people they support.
  beforeLoad: ({ context, params }) => {
    const me = context.session.person;
    if (me?.type === 'Supporter' && me.id === params.personId) {
      throw redirect({ to: '/people/$personId/supporting', params: { personId: me.id } });
    }
  },
  component: Home,
});

/** How many recently changed preferences the home page lists. */
const RECENT = 3;
/** How many preferences due for a review a Supporter in session sees by name. */
const DUE_LISTED = 5;

const t = homeMessages;
const time = dates.time;

/**
 * Home (spec §2 "/people/{personId}"): a greeting, then what a
 * person comes back for, live: who is supporting them now, what others
 * changed since their last visit (and by whom), their library, what is due
 * for a review, what changed lately and their Circle of Support. A Supporter
 * in a session sees the person (name and photo) and what is due for review.
 */
function Home() {
  const { personId } = Route.useParams();
  const { session } = Route.useRouteContext();
  const me = session.person.id;
  const own = me === personId;
  const [person] = useQuery(queries.person.byId({ personId }));
  const { rows, details } = usePreferenceRows(personId);
  const [links] = useQuery(queries.circle.supporters({ personId }));
  const [sessions] = useQuery(queries.supportSession.forPerson({ personId }), { enabled: own });
  const administrator = useIsAdministrator(personId);
  const inSession = useInSession(personId, own);
  const writable = useCanWrite(personId);
  const lastVisit = useLastVisit(personId);
  const easy = useEasyRead(personId);
  const name = shortName(person);
  const now = Date.now();
  const dueRows = rows.filter((p) => reviewGroup(p, now) === 'Due');
  const recentFirst = [...rows].sort((a, b) => b.updatedAt - a.updatedAt);
  const recent = recentFirst.slice(0, RECENT);
  const loading = rows.length === 0 && details.type !== 'complete';
  const supportingNow = own
    ? sessions.flatMap((s) => {
        if (s.endedAt !== null) return [];
        const link = links.find((l) => l.supporterId === s.supporterId);
        const who = link?.supporter;
        return [{ id: s.id, name: shortName(who), since: s.startedAt }];
      })
    : [];
  if (easy.on) return <EasyHome personId={personId} name={name} />;
  const openCircle = (
    <Link className="button secondary" to="/people/$personId/supporters" params={{ personId }}>
      {t.openCircle}
    </Link>
  );
  return (
    <div className="home">
      {own ? (
        <h1>{name ? t.greeting(name) : messages.appName}</h1>
      ) : (
        <div className="home-person">
          {person?.photoId ? (
            <img
              className="home-photo"
              src={mediaSrc(personId, person.photoId, 'thumb')}
              alt={t.photoOf(name)}
            />
          ) : (
            <span className="home-photo home-initial" aria-hidden="true">
              {name.charAt(0)}
            </span>
          )}
          {/* The support header above says whom they are supporting. */}
          <h1>{name || messages.appName}</h1>
        </div>
      )}
      {/* The handover first: a supporter's visit starts from it. */}
      {inSession ? (
        <>
          <HandoverNotes personId={personId} canLeave canManage={administrator} />
          <SinceLastVisit personId={personId} />
        </>
      ) : null}
      {own && lastVisit !== null ? (
        <CircleSinceLastVisit personId={personId} me={me} since={lastVisit} />
      ) : null}
      {own ? <HandoverNotes personId={personId} canLeave canManage /> : null}
      <SurveyHomeCard personId={personId} />
      {supportingNow.length > 0 ? (
        <section className="card home-card" aria-labelledby="home-supporting">
          <h2 id="home-supporting">{t.supportingYou}</h2>
          <ul className="home-list">
            {supportingNow.map((s) => (
              <li key={s.id}>{t.supportingSince(s.name, time.format(s.since))}</li>
            ))}
          </ul>
          <p className="status">{t.endSessionHint}</p>
          {openCircle}
        </section>
      ) : null}
      {administrator ? (
        <ChangesByOthers
          personId={personId}
          me={me}
          name={own ? null : name}
          lastVisit={lastVisit}
        />
      ) : null}
      {administrator ? (
        <section className="card home-card" aria-labelledby="home-profiles">
          <h2 id="home-profiles">{profilePageMessages.homeTitle}</h2>
          <p>{profilePageMessages.homeText}</p>
          <Link className="button secondary" to="/people/$personId/profiles" params={{ personId }}>
            {profilePageMessages.homeLink}
          </Link>
        </section>
      ) : null}
      <section className="card home-card" aria-labelledby="home-library">
        <h2 id="home-library">{own ? t.yourLibrary : t.libraryOf(name)}</h2>
        <p>{loading ? t.loading : t.preferenceCount(rows.length)}</p>
        <div className="actions">
          <Link className="button" to="/people/$personId/preferences" params={{ personId }}>
            {own ? t.openLibrary : t.openTheirLibrary(name)}
          </Link>
          {writable ? (
            <Link
              className="button secondary"
              to="/people/$personId/preferences/create"
              params={{ personId }}
            >
              {t.add}
            </Link>
          ) : null}
        </div>
        {writable && recentFirst.length > 0 ? (
          <AddPhoto personId={personId} preferences={recentFirst} />
        ) : null}
      </section>
      {dueRows.length > 0 ? (
        <section className="card home-card" aria-labelledby="home-review">
          <h2 id="home-review">{own ? t.reviewTitle : t.dueTitle}</h2>
          <p>{t.due(dueRows.length)}</p>
          {own ? null : (
            <PreferenceLinks
              personId={personId}
              preferences={dueRows.slice(0, DUE_LISTED)}
              more={dueRows.length > DUE_LISTED ? t.moreDue(dueRows.length - DUE_LISTED) : null}
            />
          )}
          <Link
            className="button secondary"
            to="/people/$personId/preferences/filter/$filterBy/$name"
            params={{ personId, filterBy: 'review', name: 'Due' }}
          >
            {t.reviewThem}
          </Link>
        </section>
      ) : null}
      {recent.length > 0 ? (
        <section className="card home-card" aria-labelledby="home-recent">
          <h2 id="home-recent">{t.recentTitle}</h2>
          <PreferenceLinks personId={personId} preferences={recent} />
        </section>
      ) : null}
      {own ? (
        <section className="card home-card" aria-labelledby="home-circle">
          <h2 id="home-circle">{t.circleTitle}</h2>
          <p>{t.supporters(links.length)}</p>
          {openCircle}
        </section>
      ) : null}
    </div>
  );
}

/**
 * Changes to the person's own Circle since their last visit: who
 * joined or left, whose level changed (who is an Administrator), access that
 * ended at its set time. Shown first, and only when there are some; live.
 */
function CircleSinceLastVisit({
  personId,
  me,
  since,
}: {
  personId: string;
  me: string;
  since: number;
}) {
  const [events] = useQuery(queries.history.circleSince({ personId, since }));
  if (events.length === 0) return null;
  return (
    <section className="card home-card home-alert" aria-labelledby="home-circle-since">
      <h2 id="home-circle-since">{t.circleSinceTitle}</h2>
      <ul className="home-list">
        {events.map((e) => (
          <EventLine key={e.id} event={e} me={me} />
        ))}
      </ul>
      <p>{t.circleSinceHint}</p>
      <Link className="button secondary" to="/people/$personId/supporters" params={{ personId }}>
        {t.reviewCircle}
      </Link>
    </section>
  );
}

type HistoryLine = {
  message: string;
  createdAt: number;
  createdBy: string | null;
  creator?:
    | { knownAs: string | null; firstName: string | null; fullName: string | null }
    | undefined;
};

/** One history event as a sentence with its time ("Ana changed …, Thu 26 Nov 1:05 pm"). */
function EventLine({
  event: e,
  me,
  fresh = false,
}: {
  event: HistoryLine;
  me: string;
  fresh?: boolean;
}) {
  const who = e.creator;
  const actor =
    who && e.createdBy ? { id: e.createdBy, name: shortName(who), fullName: who.fullName } : null;
  return (
    <li>
      {fresh ? <span className="home-new">{t.newSince}: </span> : null}
      {historySentence(e.message, actor, me)}{' '}
      <time className="status" dateTime={new Date(e.createdAt).toISOString()}>
        {dayTime.format(e.createdAt)}
      </time>
    </li>
  );
}

/** What others changed lately (live, from history), with what is new since this browser's last visit. */
function ChangesByOthers({
  personId,
  me,
  name,
  lastVisit,
}: {
  personId: string;
  me: string;
  /** Whose library, when it is not the reader's own. */
  name: string | null;
  lastVisit: number | null;
}) {
  const [events, details] = useQuery(queries.history.othersRecent({ personId }));
  if (events.length === 0 && details.type !== 'complete') return null;
  return (
    <section className="card home-card" aria-labelledby="home-changes">
      <h2 id="home-changes">{name ? t.changesTitleOf(name) : t.changesTitle}</h2>
      {events.length === 0 ? (
        <p>{t.noChanges}</p>
      ) : (
        <ul className="home-list home-changes">
          {events.map((e) => (
            <EventLine
              key={e.id}
              event={e}
              me={me}
              fresh={lastVisit !== null && e.createdAt > lastVisit}
            />
          ))}
        </ul>
      )}
      <Link
        className="button secondary"
        to="/people/$personId/settings/history"
        params={{ personId }}
      >
        {t.seeHistory}
      </Link>
    </section>
  );
}

/** Preferences as links with their feeling, and a last line saying how many more there are. */
function PreferenceLinks({
  personId,
  preferences,
  more = null,
}: {
  personId: string;
  preferences: readonly { id: string; title: string; feeling: Feeling | null }[];
  more?: string | null;
}) {
  return (
    <ul className="home-recent">
      {preferences.map((p) => (
        <li key={p.id}>
          <Link
            to="/people/$personId/preferences/$preferenceId"
            params={{ personId, preferenceId: p.id }}
          >
            {p.feeling ? <FeelingIcon feeling={p.feeling} /> : null} {p.title}
          </Link>
        </li>
      ))}
      {more ? <li>{more}</li> : null}
    </ul>
  );
}

/**
 * A quick way to add a photo: choose the preference (the latest changed
 * first), then the media page of that preference opens to add it.
 */
function AddPhoto({
  personId,
  preferences,
}: {
  personId: string;
  preferences: readonly { id: string; title: string }[];
}) {
  const navigate = useNavigate();
  const selectId = useId();
  const [chosen, setChosen] = useState(preferences[0]?.id ?? '');
  const id = preferences.some((p) => p.id === chosen) ? chosen : (preferences[0]?.id ?? '');
  return (
    <form
      className="home-photo-form"
      onSubmit={(e) => {
        e.preventDefault();
        if (!id) return;
        void navigate({
          to: '/people/$personId/preferences/$preferenceId/media/create',
          params: { personId, preferenceId: id },
        });
      }}
    >
      <label htmlFor={selectId}>{t.photoTo}</label>
      <select id={selectId} value={id} onChange={(e) => setChosen(e.target.value)}>
        {preferences.map((p) => (
          <option key={p.id} value={p.id}>
            {p.title}
          </option>
        ))}
      </select>
      <button type="submit" className="secondary">
        {t.addPhoto}
      </button>
    </form>
  );
}
