/**
 * Pieces shared by the library list (/preferences) and its filters
 * (/preferences/filter/{filterBy}/{name}): the search box, the items and the
 * grouped sections.
 */
import { Link } from '@tanstack/react-router';
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
 * router), written to the URL with `onCommit` (replace), and returned
 * deferred so filtering a long list never blocks a keystroke.
 */
export function useSearchText(urlQuery: string | undefined, onCommit: (q: string) => void) {
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
    onCommit(q);
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
  const withCategories = useMemo(() => {
    const byPreference = new Map<string, (typeof categories)[number][]>();
    for (const category of categories) {
      for (const link of category.preferenceCategories) {
        const list = byPreference.get(link.preferenceId);
        if (list) list.push(category);
        else byPreference.set(link.preferenceId, [category]);
      }
    }
    return rows.map((row) => ({
      ...row,
      categories: byPreference.get(row.id) ?? [],
      creator: row.createdBy ? people.get(row.createdBy) : undefined,
    }));
  }, [rows, categories, people]);
  return { rows: withCategories, details, categories, categoryDetails };
}

/** Rows indexed once per sync update; searched on each (deferred) keystroke. */
export function useSearched<P extends ListPreference>(rows: readonly P[], query: string): P[] {
  const index: Indexed<P>[] = useMemo(() => indexPreferences(rows), [rows]);
  return useMemo(() => searchPreferences(index, query), [index, query]);
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
      <span aria-hidden="true">{f.emoji}</span> {text}
    </span>
  );
}

/** Memoised: a keystroke re-renders the page, not thousands of unchanged rows. */
const Item = memo(function Item({ personId, pref }: { personId: string; pref: ListPreference }) {
  return (
    <li>
      <Link
        className="library-item"
        to="/people/$personId/preferences/$id"
        params={{ personId, id: pref.id }}
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
      </Link>
    </li>
  );
});

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

/** The items of one list: the flat library list is labelled "Preferences". */
export function PreferenceItems({
  personId,
  items,
  label,
  labelledBy,
}: {
  personId: string;
  items: readonly ListPreference[];
  label?: string;
  labelledBy?: string;
}) {
  const shown = useProgressive(items.length);
  return (
    <ul className="pref-list card library-list" aria-label={label} aria-labelledby={labelledBy}>
      {(shown < items.length ? items.slice(0, shown) : items).map((p) => (
        <Item key={p.id} personId={personId} pref={p} />
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
 * with a heading and a count.
 */
export const GroupedPreferences = memo(function GroupedPreferences({
  personId,
  groups,
}: {
  personId: string;
  groups: readonly Group<ListPreference>[];
}) {
  const [only] = groups;
  if (groups.length === 1 && only && only.key === '') {
    return (
      <PreferenceItems
        personId={personId}
        items={only.items}
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
