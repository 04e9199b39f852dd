import { createFileRoute, Link } from '@tanstack/react-router';
import { useMemo } from 'react';
import { loadLibrary } from '../hooks/use-library-queries.ts';
import { useLibraryName, usePageTitle } from '../hooks/use-page-title.ts';
import {
  categoryScope,
  type FilterBy,
  filterKeyLabel,
  filterPreferences,
  isFilterBy,
  isValidFilterKey,
} from '../library/grouping.ts';
import { listSearch } from '../library/list-search.ts';
import {
  PreferenceItems,
  SearchBox,
  SearchStatus,
  useLibrary,
  useListSearch,
} from '../library/list-view.tsx';
import { libraryMessages as m } from '../messages/library.ts';
import { messages } from '../messages.ts';
import { pageHead } from '../navigation/page-title.ts';
import { searchOf, strictText } from '../navigation/search-params.ts';

/** Spec §2: /preferences/filter/{filterBy}/{name}, search value (default empty), query, isOnboarding. */
export const Route = createFileRoute('/people/$personId/preferences/filter/$filterBy/$name')({
  head: pageHead(messages.titles.filteredPreferences),
  validateSearch: searchOf({ value: strictText, ...listSearch }),
  loader: (c) => loadLibrary(c, { preferences: true, categories: 'forLibrary' }),
  component: FilteredList,
});

function NotFound({ personId, body }: { personId: string; body: string }) {
  return (
    <section className="card library-not-found" aria-labelledby="library-not-found">
      <h1 id="library-not-found">{m.notFoundTitle}</h1>
      <p>{body}</p>
      <Link className="button secondary" to="/people/$personId/preferences" params={{ personId }}>
        {m.backToLibrary}
      </Link>
    </section>
  );
}

function FilteredList() {
  const { personId, filterBy, name } = Route.useParams();
  if (!isFilterBy(filterBy)) {
    return <NotFound personId={personId} body={m.notFoundBody(filterBy)} />;
  }
  return <Filtered personId={personId} filterBy={filterBy} name={name} />;
}

function Filtered({
  personId,
  filterBy,
  name,
}: {
  personId: string;
  filterBy: FilterBy;
  name: string;
}) {
  const search = Route.useSearch();
  const { rows, details, categories, categoryDetails } = useLibrary(personId);
  const given = search.value || name;
  // A category link without a value names the category by its title.
  const key =
    filterBy === 'category' && !search.value && !categories.some((c) => c.id === given)
      ? (categories.find((c) => c.title.toLocaleLowerCase() === given.toLocaleLowerCase())?.id ??
        given)
      : given;
  const loading =
    (rows.length === 0 && details.type !== 'complete') ||
    (filterBy === 'category' && categories.length === 0 && categoryDetails.type !== 'complete');

  const scope = useMemo(
    () => (filterBy === 'category' ? categoryScope(categories, key) : undefined),
    [filterBy, categories, key],
  );
  const matching = useMemo(
    () => filterPreferences(rows, filterBy, key, { scope }) ?? [],
    [rows, filterBy, key, scope],
  );
  const { text, deferred, change, found } = useListSearch(matching, search.query);

  const known = filterKeyLabel(filterBy, key, { categories, prefs: rows });
  const missingCategory = filterBy === 'category' && !loading && known === undefined;
  const valid = isValidFilterKey(filterBy, key) && !missingCategory;
  const heading = m.filterHeading[filterBy](known ?? name);
  // "Category: Food and drink – Aroha’s library – Preference Bank".
  usePageTitle(valid && !loading ? heading : undefined, useLibraryName(personId));
  if (!valid) {
    return <NotFound personId={personId} body={m.notFoundKey} />;
  }

  return (
    <>
      <p className="library-back">
        <Link
          to="/people/$personId/preferences/library"
          params={{ personId }}
          search={search.isOnboarding ? { isOnboarding: true } : {}}
        >
          {m.backToLibrary}
        </Link>
      </p>
      <h1>{heading}</h1>
      {loading ? (
        <p className="status" role="status">
          {messages.preferences.loading}
        </p>
      ) : matching.length === 0 ? (
        <p className="card library-no-match">{m.filterEmpty}</p>
      ) : (
        <>
          <SearchBox value={text} onChange={change} />
          <SearchStatus query={deferred} count={found.length} />
          {found.length === 0 ? (
            <p className="card library-no-match">{m.noMatch}</p>
          ) : (
            <PreferenceItems personId={personId} items={found} all={matching} label={heading} />
          )}
        </>
      )}
    </>
  );
}
