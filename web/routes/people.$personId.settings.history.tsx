import { useQuery } from '@rocicorp/zero/react';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { DEFAULT_HISTORY_GROUP } from '../../sync/history.ts';
import { shortName } from '../../sync/names.ts';
import { queries } from '../../sync/queries.ts';
import { ChoiceGroup } from '../components/choice-group.tsx';
import { EasyHistory } from '../components/easy-read-lazy.tsx';
import { formatDateTime } from '../components/preference-common.tsx';
import { AnswerState } from '../components/query-state.tsx';
import { type HistoryShow, useHistoryPages } from '../history-feed.ts';
import { useEasyRead } from '../hooks/use-easy-read.ts';
import { usePageTitle } from '../hooks/use-page-title.ts';
import { historyFeedMessages } from '../messages/history.ts';
import { messages } from '../messages.ts';
import { pageHead } from '../navigation/page-title.ts';
import { oneOf, searchOf } from '../navigation/search-params.ts';

const t = historyFeedMessages;
// The default first: the changes, then who came in, then everything.
const SHOWS = ['changes', 'access', 'all'] as const;

/**
 * The history feed (spec §2 /settings/history, §4): a person's
 * events as sentences, newest first, 10 at a time with More (cursor paging
 * on the server, so what arrives meanwhile neither repeats nor leaves a
 * gap). Only the person and their Administrator in a session may read it;
 * anyone else gets the server's refusal in words.
 */
export const Route = createFileRoute('/people/$personId/settings/history')({
  head: pageHead(messages.titles.appHistory),
  validateSearch: searchOf({ show: oneOf(SHOWS) }),
  component: History,
});

/** The feed, or in easy read (the person's own choice) who did what in words and pictures. */
function History() {
  const { personId } = Route.useParams();
  const { session } = Route.useRouteContext();
  const easy = useEasyRead(personId);
  return easy.on ? <EasyHistory personId={personId} me={session.person.id} /> : <HistoryFeed />;
}

function HistoryFeed() {
  const { personId } = Route.useParams();
  const { session } = Route.useRouteContext();
  const shown: HistoryShow = Route.useSearch().show ?? DEFAULT_HISTORY_GROUP;
  // The choice shows at once; the address follows (so Back and a reload keep it).
  const [show, setShow] = useState<HistoryShow>(shown);
  useEffect(() => setShow(shown), [shown]);
  const navigate = useNavigate({ from: Route.fullPath });
  const own = session.person.id === personId;
  const [person] = useQuery(queries.person.byId({ personId }), { enabled: !own });
  const name = shortName(person);
  const title = own || !name ? t.title : t.titleOf(name);
  usePageTitle(title);
  const { state, more: loadMore } = useHistoryPages(personId, show);
  const [announce, setAnnounce] = useState('');
  const firstNew = useRef<HTMLLIElement>(null);

  // After More, focus goes to the first event it brought (and is announced).
  const newFrom = state.status === 'ready' ? state.newFrom : null;
  useEffect(() => {
    if (newFrom !== null) firstNew.current?.focus();
  }, [newFrom]);

  async function more() {
    const brought = await loadMore();
    if (brought !== undefined) setAnnounce(t.loaded(brought));
  }

  return (
    <section className="card history-feed" aria-labelledby="history-heading">
      <h1 id="history-heading">{title}</h1>
      <p>{t.intro}</p>
      <div className="history-show">
        <ChoiceGroup
          legend={t.show}
          name="history-show"
          value={show}
          onChange={(s) => {
            setShow(s);
            navigate({
              search: { show: s === DEFAULT_HISTORY_GROUP ? undefined : s },
              replace: true,
            });
          }}
          choices={SHOWS.map((s) => ({ value: s, label: t.groups[s] }))}
        />
      </div>
      {state.status !== 'ready' ? (
        <AnswerState state={state} loading={t.loading} />
      ) : state.events.length === 0 ? (
        <p className="status">{t.empty}</p>
      ) : (
        <>
          <ol className="history-list">
            {state.events.map((e, i) => {
              const firstOfNewPage = i === state.newFrom;
              return (
                <li
                  key={e.id}
                  ref={firstOfNewPage ? firstNew : undefined}
                  tabIndex={firstOfNewPage ? -1 : undefined}
                  className="history-item"
                >
                  <span className="history-kind">{t.kinds[e.type]}</span>
                  <span className="history-sentence">{e.sentence}</span>
                  <time dateTime={e.createdAt}>{formatDateTime(new Date(e.createdAt))}</time>
                </li>
              );
            })}
          </ol>
          {state.next ? (
            <button type="button" onClick={more} disabled={state.loadingMore}>
              {state.loadingMore ? t.loadingMore : t.more}
            </button>
          ) : (
            <p className="status">{t.end}</p>
          )}
        </>
      )}
      <p className="visually-hidden" role="status" aria-live="polite">
        {announce}
      </p>
    </section>
  );
}
