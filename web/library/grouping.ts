/**
 * The library list's search, grouping and filtering (spec §2 "Preferences":
 * /preferences groupBy and query, /preferences/filter/{filterBy}/{name}).
 *
 * Pure functions over the rows of `queries.preference.list`: no React, no
 * Zero. The screens index the rows once (`indexPreferences`, in a useMemo) so
 * that each keystroke only runs `includes` on precomputed lower-case text.
 */
import {
  ACCESS,
  type Access,
  FEELINGS,
  type Feeling,
  REVIEW_GROUPS,
  type ReviewGroup,
} from '../../schema/enums.ts';
import { dates } from '../../sync/dates.ts';
import { personName } from '../../sync/names.ts';
import { reviewGroup } from '../../sync/review.ts';
import { libraryMessages as m } from '../messages/library.ts';
import { DATE_LOCALE } from '../messages.ts';

export type ListCategory = {
  readonly id: string;
  readonly title: string;
  readonly parentId: string | null;
  readonly hidden: boolean;
};

export type Named = {
  readonly firstName: string | null;
  readonly lastName: string | null;
  readonly knownAs: string | null;
};

/** What the list needs of a preference row (the synced row has more). */
export type ListPreference = {
  readonly id: string;
  readonly title: string;
  readonly description: string | null;
  readonly feeling: Feeling | null;
  readonly feelingOther?: string | null;
  readonly access: Access;
  readonly reviewAt: number | null;
  readonly reviewedAt: number | null;
  readonly createdAt: number;
  readonly createdBy: string | null;
  readonly categories: readonly ListCategory[];
  readonly creator?: Named | null | undefined;
};

export const GROUP_BYS = ['category', 'feeling', 'review', 'author', 'created', 'access'] as const;
export type GroupBy = (typeof GROUP_BYS)[number];

/** Spec §5: filterBy accepts only these. */
export const FILTER_BYS = ['category', 'emoji', 'review', 'author', 'created', 'access'] as const;
export type FilterBy = (typeof FILTER_BYS)[number];

export const isGroupBy = (v: unknown): v is GroupBy =>
  typeof v === 'string' && (GROUP_BYS as readonly string[]).includes(v);
export const isFilterBy = (v: unknown): v is FilterBy =>
  typeof v === 'string' && (FILTER_BYS as readonly string[]).includes(v);

/** Key of the "No category" and "No feeling" groups. */
export const NONE = 'none';

export type Group<P> = { key: string; label: string; items: P[] };

// ---------------------------------------------------------------------------
// Names and labels
// ---------------------------------------------------------------------------

export { personName };

export function authorName(p: Pick<ListPreference, 'creator'>): string {
  return personName(p.creator) || m.unknownAuthor;
}

/** "😍 Love"; the free text of Other when there is one. */
export function feelingLabel(feeling: Feeling, other?: string | null): string {
  const f = m.feelings[feeling];
  return `${f.emoji} ${feeling === 'Other' && other ? other : f.label}`;
}

const monthFormat = dates.month;

/** `YYYY-MM` of an epoch in local time. */
export function monthKey(epochMs: number): string {
  const d = new Date(epochMs);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}`;
}

/** "March 2026" for `2026-03`; undefined when the key is not a month. */
export function monthLabel(key: string): string | undefined {
  const match = /^(\d{4})-(\d{2})$/.exec(key);
  if (!match) return undefined;
  const month = Number(match[2]);
  if (month < 1 || month > 12) return undefined;
  return monthFormat.format(new Date(Number(match[1]), month - 1, 15));
}

const isFeeling = (v: string): v is Feeling => (FEELINGS as readonly string[]).includes(v);
const isReview = (v: string): v is ReviewGroup => (REVIEW_GROUPS as readonly string[]).includes(v);
const isAccess = (v: string): v is Access => (ACCESS as readonly string[]).includes(v);

// ---------------------------------------------------------------------------
// Search
// ---------------------------------------------------------------------------

export type Indexed<P> = { readonly pref: P; readonly text: string };

/** Lower-cases each row's title and description once, for search as you type. */
export function indexPreferences<P extends ListPreference>(rows: readonly P[]): Indexed<P>[] {
  return rows.map((pref) => ({
    pref,
    text: `${pref.title}\n${pref.description ?? ''}`.toLocaleLowerCase(),
  }));
}

/**
 * The rows whose title or description contains every word of `query`, case
 * insensitive, in their original order. An empty query keeps everything.
 */
export function searchPreferences<P>(index: readonly Indexed<P>[], query: string | undefined): P[] {
  const terms = (query ?? '').toLocaleLowerCase().split(/\s+/).filter(Boolean);
  if (terms.length === 0) return index.map((i) => i.pref);
  const out: P[] = [];
  for (const row of index) {
    if (terms.every((t) => row.text.includes(t))) out.push(row.pref);
  }
  return out;
}

// ---------------------------------------------------------------------------
// Grouping
// ---------------------------------------------------------------------------

const byLabel = (a: { label: string }, b: { label: string }) =>
  a.label.localeCompare(b.label, DATE_LOCALE, { sensitivity: 'base' });

/** Visible categories of a preference (hidden ones are shown only when asked). */
const visible = (p: ListPreference) => p.categories.filter((c) => !c.hidden);

function bucket<P>(groups: Map<string, Group<P>>, key: string, label: string, p: P) {
  let g = groups.get(key);
  if (!g) {
    g = { key, label, items: [] };
    groups.set(key, g);
  }
  g.items.push(p);
}

/**
 * Groups `prefs` (keeping their order inside each group). Empty groups are
 * left out. An unknown or absent `groupBy` gives one flat group (key '').
 * - category: under each visible category, alphabetical; none → "No category", last;
 * - feeling: in the order of FEELINGS; none last;
 * - review: DueSoon, Due, NotDue, New (reviewGroup at `now`);
 * - author: by name; an unknown author gets a neutral label;
 * - created: by month and year, newest first;
 * - access: General, Restricted.
 */
export function groupPreferences<P extends ListPreference>(
  prefs: readonly P[],
  groupBy: string | undefined,
  now: number = Date.now(),
): Group<P>[] {
  if (!isGroupBy(groupBy)) return [{ key: '', label: '', items: [...prefs] }];
  const groups = new Map<string, Group<P>>();
  switch (groupBy) {
    case 'category': {
      for (const p of prefs) {
        const cats = visible(p);
        if (cats.length === 0) bucket(groups, NONE, m.noCategory, p);
        // A preference linked twice to one category is listed once.
        const seen = new Set<string>();
        for (const c of cats) {
          if (seen.has(c.id)) continue;
          seen.add(c.id);
          bucket(groups, c.id, c.title, p);
        }
      }
      const none = groups.get(NONE);
      groups.delete(NONE);
      const sorted = [...groups.values()].sort(byLabel);
      return none ? [...sorted, none] : sorted;
    }
    case 'feeling': {
      for (const p of prefs) {
        if (p.feeling) bucket(groups, p.feeling, feelingLabel(p.feeling), p);
        else bucket(groups, NONE, m.noFeeling, p);
      }
      return [...FEELINGS, NONE].flatMap((k) => groups.get(k) ?? []);
    }
    case 'review': {
      for (const p of prefs) {
        const g = reviewGroup(p, now);
        bucket(groups, g, m.review[g], p);
      }
      return REVIEW_GROUPS.flatMap((k) => groups.get(k) ?? []);
    }
    case 'author': {
      for (const p of prefs) bucket(groups, p.createdBy ?? NONE, authorName(p), p);
      return [...groups.values()].sort(byLabel);
    }
    case 'created': {
      for (const p of prefs) {
        const k = monthKey(p.createdAt);
        bucket(groups, k, monthLabel(k) ?? k, p);
      }
      return [...groups.values()].sort((a, b) => (a.key < b.key ? 1 : a.key > b.key ? -1 : 0));
    }
    case 'access': {
      for (const p of prefs) bucket(groups, p.access, m.access[p.access], p);
      return ACCESS.flatMap((k) => groups.get(k) ?? []);
    }
  }
}

// ---------------------------------------------------------------------------
// Filtering
// ---------------------------------------------------------------------------

/**
 * The ids of category `id` and of every category inside it, from the full
 * category list; a preference in a sub-category belongs to its parents too.
 */
export function categoryScope(
  categories: readonly Pick<ListCategory, 'id' | 'parentId'>[],
  id: string,
): Set<string> {
  const children = new Map<string, string[]>();
  for (const c of categories) {
    if (c.parentId === null) continue;
    const list = children.get(c.parentId) ?? [];
    list.push(c.id);
    children.set(c.parentId, list);
  }
  const scope = new Set<string>([id]);
  const queue = [id];
  while (queue.length > 0) {
    const next = queue.pop() as string;
    for (const child of children.get(next) ?? []) {
      if (!scope.has(child)) {
        scope.add(child);
        queue.push(child);
      }
    }
  }
  return scope;
}

/** Whether `key` can name something for `filterBy` (a feeling, a review label, a month…). */
export function isValidFilterKey(filterBy: FilterBy, key: string): boolean {
  switch (filterBy) {
    case 'emoji':
      return key === NONE || isFeeling(key);
    case 'review':
      return isReview(key);
    case 'created':
      return monthLabel(key) !== undefined;
    case 'access':
      return isAccess(key);
    case 'category':
    case 'author':
      return key.length > 0;
  }
}

/**
 * The preferences matching `filterBy` = `key`, or null when `filterBy` is not
 * one of FILTER_BYS (spec §5). A category key matches the category and, when
 * `scope` is given (see categoryScope), the categories inside it.
 */
export function filterPreferences<P extends ListPreference>(
  prefs: readonly P[],
  filterBy: string,
  key: string,
  options: { now?: number | undefined; scope?: ReadonlySet<string> | undefined } = {},
): P[] | null {
  if (!isFilterBy(filterBy)) return null;
  const now = options.now ?? Date.now();
  const test = ((): ((p: P) => boolean) => {
    switch (filterBy) {
      case 'category': {
        const scope = options.scope ?? new Set([key]);
        if (key === NONE) return (p) => visible(p).length === 0;
        return (p) => p.categories.some((c) => scope.has(c.id));
      }
      case 'emoji':
        return key === NONE ? (p) => p.feeling === null : (p) => p.feeling === key;
      case 'review':
        return (p) => reviewGroup(p, now) === key;
      case 'author':
        return (p) => (p.createdBy ?? NONE) === key;
      case 'created':
        return (p) => monthKey(p.createdAt) === key;
      case 'access':
        return (p) => p.access === key;
    }
  })();
  return prefs.filter(test);
}

/**
 * The readable name of a filter's key for the heading: the category's title,
 * the feeling, the review label, the author's name, the month, the access.
 * Undefined when the key names nothing known (the caller falls back to the
 * route's `name`).
 */
export function filterKeyLabel(
  filterBy: FilterBy,
  key: string,
  lookup: {
    categories?: readonly Pick<ListCategory, 'id' | 'title'>[];
    prefs?: readonly ListPreference[];
  } = {},
): string | undefined {
  switch (filterBy) {
    case 'category':
      if (key === NONE) return m.noCategory;
      return lookup.categories?.find((c) => c.id === key)?.title;
    case 'emoji':
      if (key === NONE) return m.noFeeling;
      return isFeeling(key) ? feelingLabel(key) : undefined;
    case 'review':
      return isReview(key) ? m.review[key] : undefined;
    case 'author': {
      const p = lookup.prefs?.find((x) => (x.createdBy ?? NONE) === key);
      return p ? authorName(p) : undefined;
    }
    case 'created':
      return monthLabel(key);
    case 'access':
      return isAccess(key) ? m.access[key] : undefined;
  }
}
