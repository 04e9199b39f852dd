import { useQuery } from '@rocicorp/zero/react';
import { createFileRoute, Link } from '@tanstack/react-router';
import { useId, useMemo } from 'react';
import { queries } from '../../sync/queries.ts';
import { EasyLibrary } from '../components/easy-read-lazy.tsx';
import { HandoverNotes, useInSession } from '../components/handover.tsx';
import { useCanWrite } from '../hooks/use-can-write.ts';
import { useEasyRead } from '../hooks/use-easy-read.ts';
import { useIsAdministrator } from '../hooks/use-is-administrator.ts';
import { loadLibrary } from '../hooks/use-library-queries.ts';
import { useMyType } from '../hooks/use-my-type.ts';
import { useLibraryName, usePageTitle } from '../hooks/use-page-title.ts';
import { GROUP_BYS, groupPreferences, isGroupBy } from '../library/grouping.ts';
import { listSearch } from '../library/list-search.ts';
import {
  GroupedPreferences,
  SearchBox,
  SearchStatus,
  useLibrary,
  useListSearch,
} from '../library/list-view.tsx';
import { libraryMessages as m } from '../messages/library.ts';
import { messages } from '../messages.ts';
import { pageHead } from '../navigation/page-title.ts';
import { searchOf, strictText } from '../navigation/search-params.ts';

export const Route = createFileRoute('/people/$personId/preferences/')({
  head: pageHead(messages.titles.library),
  validateSearch: searchOf({ groupBy: strictText, ...listSearch }),
  loader: (c) => loadLibrary(c, { preferences: true, categories: 'forLibrary' }),
  component: PreferenceList,
});

function PreferenceList() {
  const { personId } = Route.useParams();
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const { session } = Route.useRouteContext();
  const { rows, details } = useLibrary(personId);
  usePageTitle(useLibraryName(personId));
  const loading = rows.length === 0 && details.type !== 'complete';
  const groupSelectId = useId();

  const { text, deferred, change, found } = useListSearch(rows, search.query);
  const groupBy = isGroupBy(search.groupBy) ? search.groupBy : undefined;
  const groups = useMemo(() => groupPreferences(found, groupBy), [found, groupBy]);

  // Live: a role changed in personal details (here or in another tab) shows at once.
  const myType = useMyType();
  const ownSupporterArea = session.person?.id === personId && myType === 'Supporter';
  const writable = useCanWrite(personId);
  const own = session.person?.id === personId;
  const inSession = useInSession(personId, own);
  const administrator = useIsAdministrator(personId);
  const [person] = useQuery(queries.person.byId({ personId }));
  const easy = useEasyRead(personId);

  if (easy.on && !ownSupporterArea) return <EasyLibrary personId={personId} />;
  if (ownSupporterArea) {
    return (
      <>
        <h1>{messages.preferences.heading}</h1>
        <section className="card library-empty" aria-labelledby={`${groupSelectId}-empty`}>
          <h2 id={`${groupSelectId}-empty`}>{m.supporterEmptyTitle}</h2>
          <p>{m.supporterEmptyBody}</p>
          <Link className="button" to="/people/$personId/supporting" params={{ personId }}>
            {m.supporterEmptyLink}
          </Link>
        </section>
      </>
    );
  }

  const addLink = writable ? (
    <Link className="button" to="/people/$personId/preferences/create" params={{ personId }}>
      {m.add}
    </Link>
  ) : null;

  return (
    <>
      <div className="library-header">
        <h1>{messages.preferences.heading}</h1>
        {rows.length > 0 ? addLink : null}
      </div>
      {/* A session opens here: the notes the last visit left come first. */}
      {inSession ? (
        <HandoverNotes
          personId={personId}
          canLeave={false}
          canManage={administrator}
          hideWhenEmpty
        />
      ) : null}
      {loading ? (
        <p className="status" role="status">
          {messages.preferences.loading}
        </p>
      ) : rows.length === 0 && !own && !inSession && !administrator ? (
        // Someone else's library with nothing readable and no session (it
        // ended, here or elsewhere): not a new library's empty state.
        <section className="card library-empty" aria-labelledby={`${groupSelectId}-empty`}>
          <h2 id={`${groupSelectId}-empty`}>{m.outsideSessionTitle}</h2>
          <p>{m.outsideSessionBody(person?.knownAs ?? person?.firstName ?? '')}</p>
          {session.person ? (
            <Link
              className="button"
              to="/people/$personId/supporting"
              params={{ personId: session.person.id }}
            >
              {m.outsideSessionLink}
            </Link>
          ) : null}
        </section>
      ) : rows.length === 0 ? (
        <section className="card library-empty" aria-labelledby={`${groupSelectId}-empty`}>
          <h2 id={`${groupSelectId}-empty`}>{m.emptyTitle}</h2>
          <p>{m.emptyBody}</p>
          {writable ? (
            <Link
              className="button"
              to="/people/$personId/preferences/create"
              params={{ personId }}
            >
              {m.createFirst}
            </Link>
          ) : null}
        </section>
      ) : (
        <>
          <div className="library-tools">
            <SearchBox value={text} onChange={change} />
            <div className="field library-group-by">
              <label htmlFor={groupSelectId}>{m.groupByLabel}</label>
              <select
                id={groupSelectId}
                value={groupBy ?? ''}
                onChange={(e) => {
                  const v = e.currentTarget.value;
                  void navigate({
                    search: (prev) => ({ ...prev, groupBy: v === '' ? undefined : v }),
                    replace: true,
                  });
                }}
              >
                <option value="">{m.groupByOptions.none}</option>
                {GROUP_BYS.map((g) => (
                  <option key={g} value={g}>
                    {m.groupByOptions[g]}
                  </option>
                ))}
              </select>
            </div>
          </div>
          <p className="library-links">
            <Link
              to="/people/$personId/preferences/library"
              params={{ personId }}
              search={search.isOnboarding ? { isOnboarding: true } : {}}
            >
              {m.libraryLink}
            </Link>
          </p>
          <SearchStatus query={deferred} count={found.length} />
          {found.length === 0 ? (
            <p className="card library-no-match">{m.noMatch}</p>
          ) : (
            <GroupedPreferences
              personId={personId}
              groups={groups}
              all={groupBy ? undefined : rows}
            />
          )}
        </>
      )}
    </>
  );
}
