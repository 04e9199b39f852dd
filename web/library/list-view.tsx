/**
 * Pieces shared by the library list (/preferences) and its filters
 * (/preferences/filter/{filterBy}/{name}): the search box, the items and the
 * grouped sections.
 */
import { useNavigate, useRouter } from '@tanstack/react-router';
import {
  memo,
  startTransition,
  useDeferredValue,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
} from 'react';
import { FeelingIcon } from '../components/feeling-icon.tsx';
import { useCategories, usePeople, usePreferenceRows } from '../hooks/use-library-queries.ts';
import { libraryMessages as m } from '../messages/library.ts';
import { messages } from '../messages.ts';
import {
  type Group,
  type Indexed,
  indexPreferences,
  type ListPreference,
  searchPreferences,
} from './grouping.ts';

/**
 * The search text: typed into local state (the input never waits for the
 * router), written to the URL's `query` (replacing the entry; none when
 * empty), and returned deferred so filtering a long list never blocks a
 * keystroke.
 */
function useSearchText(urlQuery: string | undefined) {
  const navigate = useNavigate();
  const [text, setText] = useState(urlQuery ?? '');
  const last = useRef(urlQuery ?? '');
  // The URL changed by other means (back, a link): follow it.
  useEffect(() => {
    const q = urlQuery ?? '';
    if (q !== last.current) {
      last.current = q;
      setText(q);
    }
  }, [urlQuery]);
  const change = (q: string) => {
    setText(q);
    last.current = q;
    void navigate({
      to: '.',
      search: (prev) => ({ ...prev, query: q === '' ? undefined : q }),
      replace: true,
    });
  };
  return { text, deferred: useDeferredValue(text), change };
}

/**
 * The published library with each preference's categories and author, joined
 * here from `category.list` (whose links name the preferences in each
 * category the reader may see) and `person.readable` (an author the reader
 * may not see stays unnamed). The rows come first; the rest follows as it
 * syncs. Also returns the categories, for screens that list them.
 */
export function useLibrary(personId: string) {
  const { rows, details } = usePreferenceRows(personId);
  const { categories, details: categoryDetails } = useCategories(personId, { forLibrary: true });
  const people = usePeople();
  // The joined row of each synced row, kept while nothing it is made of
  // changes: a change to one preference then redraws that row only.
  const joinedRows = useRef(new WeakMap<object, Joined>());
  type Category = (typeof categories)[number];
  type Joined = {
    categories: readonly Category[];
    creator: ReturnType<typeof people.get>;
    row: (typeof rows)[number] & { categories: readonly Category[]; creator: Joined['creator'] };
  };
  const withCategories = useMemo(() => {
    const byPreference = new Map<string, Category[]>();
    for (const category of categories) {
      for (const link of category.preferenceCategories) {
        const list = byPreference.get(link.preferenceId);
        if (list) list.push(category);
        else byPreference.set(link.preferenceId, [category]);
      }
    }
    const cache = joinedRows.current;
    return rows.map((row) => {
      const cats = byPreference.get(row.id) ?? NO_CATEGORIES;
      const creator = row.createdBy ? people.get(row.createdBy) : undefined;
      const kept = cache.get(row);
      if (kept && kept.creator === creator && sameItems(kept.categories, cats)) return kept.row;
      const joined = { ...row, categories: cats, creator };
      cache.set(row, { categories: cats, creator, row: joined });
      return joined;
    });
  }, [rows, categories, people]);
  return { rows: withCategories, details, categories, categoryDetails };
}

const NO_CATEGORIES: readonly never[] = [];

function sameItems<T>(a: readonly T[], b: readonly T[]) {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

/** Rows indexed once per sync update; searched on each (deferred) keystroke. */
function useSearched<P extends ListPreference>(rows: readonly P[], query: string): P[] {
  const index: Indexed<P>[] = useMemo(() => indexPreferences(rows), [rows]);
  return useMemo(() => searchPreferences(index, query), [index, query]);
}

/**
 * A list's search: the text for the SearchBox (`text`, `change`), what is
 * searched for (`deferred`, for SearchStatus) and the `rows` it finds.
 */
export function useListSearch<P extends ListPreference>(
  rows: readonly P[],
  urlQuery: string | undefined,
) {
  const { text, deferred, change } = useSearchText(urlQuery);
  return { text, deferred, change, found: useSearched(rows, deferred) };
}

export function SearchBox({ value, onChange }: { value: string; onChange: (v: string) => void }) {
  const id = useId();
  return (
    <search className="field library-search">
      <label htmlFor={id}>{m.searchLabel}</label>
      <p className="library-help" id={`${id}-help`}>
        {m.searchHelp}
      </p>
      <input
        id={id}
        type="search"
        aria-describedby={`${id}-help`}
        autoComplete="off"
        spellCheck={false}
        value={value}
        onChange={(e) => onChange(e.currentTarget.value)}
      />
    </search>
  );
}

/** Announces the number found while a search is typed (empty otherwise). */
export function SearchStatus({ query, count }: { query: string; count: number }) {
  return (
    <p className="library-visually-hidden" role="status" aria-live="polite">
      {query.trim() ? m.found(count) : ''}
    </p>
  );
}

export function FeelingText({ pref }: { pref: ListPreference }) {
  if (!pref.feeling) return null;
  const f = m.feelings[pref.feeling];
  const text = pref.feeling === 'Other' && pref.feelingOther ? pref.feelingOther : f.label;
  return (
    <span className="library-feeling">
      <FeelingIcon feeling={pref.feeling} /> {text}
    </span>
  );
}

/**
 * Memoised: a keystroke re-renders the page, not thousands of unchanged rows.
 * A plain link: the list handles clicks and preloading for all of its rows
 * (useRowLinks), so a row costs no router subscription to draw or remove,
 * which keeps a long list quick to show and to filter.
 */
const Item = memo(function Item({
  personId,
  pref,
  hidden,
}: {
  personId: string;
  pref: ListPreference;
  /** Left out by a search: kept in the page, hidden (PreferenceItems). */
  hidden: boolean;
}) {
  return (
    <li hidden={hidden || undefined}>
      <a
        className="library-item"
        href={`/people/${encodeURIComponent(personId)}/preferences/${encodeURIComponent(pref.id)}`}
        data-preference={pref.id}
      >
        <span className="library-item-title" data-testid="preference-title">
          {pref.title}
        </span>
        <span className="library-item-meta">
          <FeelingText pref={pref} />
          {pref.access === 'Restricted' ? (
            <span className="tag library-tag">{m.restricted}</span>
          ) : null}
        </span>
      </a>
    </li>
  );
});

/**
 * The rows' links, as router links: a plain click (or Enter) navigates in the
 * app, pointing at or focusing a row preloads its page; a click with a
 * modifier (new tab, new window) is left to the browser.
 */
function useRowLinks(personId: string) {
  const router = useRouter();
  const ref = useRef<HTMLUListElement>(null);
  useEffect(() => {
    const list = ref.current;
    if (!list) return;
    const rowOf = (e: Event) =>
      e.target instanceof Element
        ? e.target.closest<HTMLAnchorElement>('a[data-preference]')?.dataset.preference
        : undefined;
    const target = (id: string) =>
      ({
        to: '/people/$personId/preferences/$preferenceId',
        params: { personId, preferenceId: id },
      }) as const;
    const click = (e: MouseEvent) => {
      const id = rowOf(e);
      if (!id || e.defaultPrevented || e.button !== 0) return;
      if (e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
      e.preventDefault();
      void router.navigate(target(id));
    };
    const preload = (e: Event) => {
      const id = rowOf(e);
      if (id) router.preloadRoute(target(id)).catch(() => {});
    };
    list.addEventListener('click', click);
    list.addEventListener('pointerover', preload);
    list.addEventListener('focusin', preload);
    return () => {
      list.removeEventListener('click', click);
      list.removeEventListener('pointerover', preload);
      list.removeEventListener('focusin', preload);
    };
  }, [router, personId]);
  return ref;
}

/** Rows drawn in the first pass; a screen shows about a dozen. */
const FIRST_PASS = 40;

/**
 * How many of `total` rows to draw: the first screenful at once, the rest in
 * the next frame as a non-urgent update, so that a library of thousands shows
 * its top rows without waiting for the last, and typing never waits for them.
 */
function useProgressive(total: number): number {
  const [limit, setLimit] = useState(FIRST_PASS);
  useEffect(() => {
    if (limit >= total) return;
    const frame = requestAnimationFrame(() => startTransition(() => setLimit(total)));
    return () => cancelAnimationFrame(frame);
  }, [limit, total]);
  return limit;
}

/**
 * The items of one list: the flat library list is labelled "Preferences".
 * `all`: the whole list that `items` filters, in the same order. Its other
 * rows stay in the page, hidden, so that typing a search shows and hides rows
 * instead of removing and drawing them again (quick on a long list).
 */
export function PreferenceItems({
  personId,
  items,
  all,
  label,
  labelledBy,
}: {
  personId: string;
  items: readonly ListPreference[];
  all?: readonly ListPreference[] | undefined;
  label?: string;
  labelledBy?: string;
}) {
  const rendered = all ?? items;
  const kept = useMemo(
    () => (all && items.length !== all.length ? new Set(items.map((p) => p.id)) : null),
    [all, items],
  );
  const shown = useProgressive(rendered.length);
  const ref = useRowLinks(personId);
  return (
    <ul
      ref={ref}
      className="pref-list card library-list"
      aria-label={label}
      aria-labelledby={labelledBy}
    >
      {(shown < rendered.length ? rendered.slice(0, shown) : rendered).map((p) => (
        <Item key={p.id} personId={personId} pref={p} hidden={kept ? !kept.has(p.id) : false} />
      ))}
    </ul>
  );
}

function GroupSection({ personId, group }: { personId: string; group: Group<ListPreference> }) {
  const id = useId();
  return (
    <section className="library-group" aria-labelledby={id}>
      <h2 id={id} className="library-group-heading">
        {group.label}{' '}
        <span className="library-count">
          {group.items.length}
          <span className="library-visually-hidden">{m.countHidden(group.items.length)}</span>
        </span>
      </h2>
      <PreferenceItems personId={personId} items={group.items} labelledBy={id} />
    </section>
  );
}

/**
 * One flat list labelled "Preferences" (no grouping), or a section per group
 * with a heading and a count. `all`: the unsearched rows of the flat list
 * (see PreferenceItems).
 */
export const GroupedPreferences = memo(function GroupedPreferences({
  personId,
  groups,
  all,
}: {
  personId: string;
  groups: readonly Group<ListPreference>[];
  all?: readonly ListPreference[] | undefined;
}) {
  const [only] = groups;
  if (groups.length === 1 && only && only.key === '') {
    return (
      <PreferenceItems
        personId={personId}
        items={only.items}
        all={all}
        label={messages.preferences.listTitle}
      />
    );
  }
  return (
    <div className="library-groups">
      {groups.map((g) => (
        <GroupSection key={g.key} personId={personId} group={g} />
      ))}
    </div>
  );
});
