import { describe, expect, it } from 'vitest';
import { FEELINGS } from '../../schema/enums.ts';
import {
  categoryScope,
  FILTER_BYS,
  filterKeyLabel,
  filterPreferences,
  groupPreferences,
  indexPreferences,
  isFilterBy,
  isValidFilterKey,
  type ListPreference,
  monthKey,
  monthLabel,
  NONE,
  searchPreferences,
} from './grouping.ts';

const DAY = 24 * 60 * 60 * 1000;
// Mid-month, midday: the month keys do not depend on the machine's time zone.
const NOW = new Date(2026, 2, 15, 12).getTime();

const food = { id: 'c-food', title: 'Food and drink', parentId: null, hidden: false };
const breakfast = { id: 'c-breakfast', title: 'Breakfast', parentId: 'c-food', hidden: false };
const daily = { id: 'c-daily', title: 'Daily routine', parentId: null, hidden: false };
const secret = { id: 'c-secret', title: 'Secret', parentId: null, hidden: true };

const aroha = { firstName: 'Aroha', lastName: 'Ngata', knownAs: null };
const sam = { firstName: 'Samuel', lastName: 'Tane', knownAs: 'Sam' };

function pref(over: Partial<ListPreference> & { id: string; title: string }): ListPreference {
  return {
    description: null,
    feeling: null,
    access: 'General',
    reviewAt: null,
    reviewedAt: null,
    createdAt: NOW - 30 * DAY,
    createdBy: 'p-aroha',
    categories: [],
    creator: aroha,
    ...over,
  };
}

const tea = pref({
  id: 'tea',
  title: 'A cup of tea',
  description: 'Strong, in my BLUE mug.',
  feeling: 'love',
  categories: [food, breakfast],
  reviewAt: NOW - DAY, // Due
});
const porridge = pref({
  id: 'porridge',
  title: 'Porridge on cold mornings',
  feeling: 'like',
  categories: [breakfast],
  reviewAt: NOW + 3 * DAY, // DueSoon
  createdAt: new Date(2026, 1, 10, 12).getTime(),
});
const radio = pref({
  id: 'radio',
  title: 'Radio in the morning',
  feeling: 'like',
  categories: [daily, secret],
  createdAt: NOW - 2 * DAY, // New
  createdBy: 'p-sam',
  creator: sam,
});
const pills = pref({
  id: 'pills',
  title: 'How I take my medication',
  access: 'Restricted',
  reviewAt: NOW + 100 * DAY, // NotDue
  reviewedAt: NOW - 10 * DAY,
  createdBy: 'p-gone',
  creator: undefined,
  categories: [secret],
});
const all = [tea, porridge, radio, pills];
const ids = (xs: readonly { id: string }[]) => xs.map((x) => x.id);
const summary = (groups: { label: string; items: { id: string }[] }[]) =>
  groups.map((g) => [g.label, ids(g.items)]);

describe('search', () => {
  const index = indexPreferences(all);

  it('matches title and description, case-insensitively', () => {
    expect(ids(searchPreferences(index, 'MORNING'))).toEqual(['porridge', 'radio']);
    expect(ids(searchPreferences(index, 'blue mug'))).toEqual(['tea']);
    expect(ids(searchPreferences(index, 'Blue'))).toEqual(['tea']);
  });

  it('keeps everything for an empty or blank query, and nothing for no match', () => {
    expect(ids(searchPreferences(index, ''))).toEqual(ids(all));
    expect(ids(searchPreferences(index, '   '))).toEqual(ids(all));
    expect(ids(searchPreferences(index, undefined))).toEqual(ids(all));
    expect(searchPreferences(index, 'zebra')).toEqual([]);
  });

  it('needs every word, in any order', () => {
    expect(ids(searchPreferences(index, 'morning radio'))).toEqual(['radio']);
    expect(ids(searchPreferences(index, 'morning tea'))).toEqual([]);
  });
});

describe('groupPreferences', () => {
  it('without a known groupBy gives one flat list', () => {
    for (const g of [undefined, '', 'colour', 'emoji']) {
      const groups = groupPreferences(all, g, NOW);
      expect(groups).toHaveLength(1);
      expect(ids(groups[0]?.items ?? [])).toEqual(ids(all));
    }
  });

  it('by category: under each visible category, alphabetical, "No category" last', () => {
    expect(summary(groupPreferences(all, 'category', NOW))).toEqual([
      ['Breakfast', ['tea', 'porridge']],
      ['Daily routine', ['radio']],
      ['Food and drink', ['tea']],
      ['No category', ['pills']],
    ]);
  });

  it('by feeling: in the order of the feelings, none last', () => {
    expect(summary(groupPreferences(all, 'feeling', NOW))).toEqual([
      ['😍 Love', ['tea']],
      ['🙂 Like', ['porridge', 'radio']],
      ['No feeling chosen', ['pills']],
    ]);
  });

  it('by review: DueSoon, Due, NotDue, New', () => {
    const groups = groupPreferences(all, 'review', NOW);
    expect(groups.map((g) => g.key)).toEqual(['DueSoon', 'Due', 'NotDue', 'New']);
    expect(groups.map((g) => ids(g.items))).toEqual([['porridge'], ['tea'], ['pills'], ['radio']]);
  });

  it('by author: display names, a neutral label for an unknown author', () => {
    expect(summary(groupPreferences(all, 'author', NOW))).toEqual([
      ['Aroha Ngata', ['tea', 'porridge']],
      ['Sam Tane', ['radio']],
      ['Someone else', ['pills']],
    ]);
  });

  it('by date created: month and year, newest first', () => {
    expect(summary(groupPreferences(all, 'created', NOW))).toEqual([
      ['March 2026', ['radio']],
      ['February 2026', ['tea', 'porridge', 'pills']],
    ]);
  });

  it('by access: General then Restricted', () => {
    const groups = groupPreferences(all, 'access', NOW);
    expect(groups.map((g) => g.key)).toEqual(['General', 'Restricted']);
    expect(ids(groups[1]?.items ?? [])).toEqual(['pills']);
  });

  it('groups 2,000 preferences', () => {
    const many = Array.from({ length: 2000 }, (_, i) =>
      pref({
        id: `p${i}`,
        title: `Preference number ${i}`,
        description: i % 3 ? 'Something I like a lot' : null,
        feeling: FEELINGS[i % FEELINGS.length] ?? null,
        categories: i % 5 ? [food, i % 2 ? breakfast : daily] : [],
        createdAt: NOW - i * DAY,
        reviewAt: i % 4 ? NOW + (i - 1000) * DAY : null,
      }),
    );
    const index = indexPreferences(many);
    const found = searchPreferences(index, 'number 1');
    expect(found.length).toBeGreaterThan(1000);
    for (const g of ['category', 'feeling', 'review', 'author', 'created', 'access']) {
      const groups = groupPreferences(found, g, NOW);
      expect(groups.length).toBeGreaterThan(0);
    }
    const byCategory = groupPreferences(many, 'category', NOW);
    expect(byCategory.find((g) => g.key === NONE)?.items).toHaveLength(400);
    expect(byCategory.find((g) => g.key === food.id)?.items).toHaveLength(1600);
  });
});

describe('filterPreferences', () => {
  it('accepts exactly the six filters (spec §5)', () => {
    expect(FILTER_BYS).toEqual(['category', 'emoji', 'review', 'author', 'created', 'access']);
    for (const bad of ['feeling', 'title', '', 'Category', 'toString', '__proto__']) {
      expect(isFilterBy(bad)).toBe(false);
      expect(filterPreferences(all, bad, 'x')).toBeNull();
    }
  });

  it('by category id, including the categories inside it when scoped', () => {
    expect(ids(filterPreferences(all, 'category', food.id) ?? [])).toEqual(['tea']);
    const scope = categoryScope([food, breakfast, daily, secret], food.id);
    expect([...scope].sort()).toEqual([breakfast.id, food.id]);
    expect(ids(filterPreferences(all, 'category', food.id, { scope }) ?? [])).toEqual([
      'tea',
      'porridge',
    ]);
    expect(ids(filterPreferences(all, 'category', NONE) ?? [])).toEqual(['pills']);
  });

  it('by feeling, review label, author, month and access', () => {
    expect(ids(filterPreferences(all, 'emoji', 'like') ?? [])).toEqual(['porridge', 'radio']);
    expect(ids(filterPreferences(all, 'emoji', NONE) ?? [])).toEqual(['pills']);
    expect(ids(filterPreferences(all, 'review', 'Due', { now: NOW }) ?? [])).toEqual(['tea']);
    expect(ids(filterPreferences(all, 'author', 'p-sam') ?? [])).toEqual(['radio']);
    expect(ids(filterPreferences(all, 'created', monthKey(NOW)) ?? [])).toEqual(['radio']);
    expect(ids(filterPreferences(all, 'access', 'Restricted') ?? [])).toEqual(['pills']);
  });

  it('validates keys and names them for headings', () => {
    expect(isValidFilterKey('emoji', 'love')).toBe(true);
    expect(isValidFilterKey('emoji', 'sparkles')).toBe(false);
    expect(isValidFilterKey('review', 'DueSoon')).toBe(true);
    expect(isValidFilterKey('review', 'Soon')).toBe(false);
    expect(isValidFilterKey('created', '2026-03')).toBe(true);
    expect(isValidFilterKey('created', '2026-13')).toBe(false);
    expect(isValidFilterKey('access', 'Public')).toBe(false);
    expect(filterKeyLabel('category', food.id, { categories: [food] })).toBe('Food and drink');
    expect(filterKeyLabel('category', 'missing', { categories: [food] })).toBeUndefined();
    expect(filterKeyLabel('emoji', 'in-pain')).toBe('🤕 In pain');
    expect(filterKeyLabel('review', 'DueSoon')).toBe('Due for review soon');
    expect(filterKeyLabel('author', 'p-sam', { prefs: all })).toBe('Sam Tane');
    expect(filterKeyLabel('created', '2026-03')).toBe('March 2026');
    expect(filterKeyLabel('access', 'General')).toBe('Everyone in the Circle');
    expect(monthLabel('March')).toBeUndefined();
  });
});
