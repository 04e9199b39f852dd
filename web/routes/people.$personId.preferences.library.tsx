import { createFileRoute, Link } from '@tanstack/react-router';
import { type ReactNode, useMemo } from 'react';
import { FEELINGS, REVIEW_GROUPS } from '../../schema/enums.ts';
import { reviewGroup } from '../../sync/review.ts';
import { FeelingIcon } from '../components/feeling-icon.tsx';
import { loadLibrary } from '../hooks/use-library-queries.ts';
import { categoryScope } from '../library/grouping.ts';
import { useLibrary } from '../library/list-view.tsx';
import { libraryMessages as m } from '../messages/library.ts';
import { messages } from '../messages.ts';
import { pageHead } from '../navigation/page-title.ts';
import { searchOf, strictFlag } from '../navigation/search-params.ts';

/** Spec §2: /preferences/library, search param isOnboarding. */
export const Route = createFileRoute('/people/$personId/preferences/library')({
  head: pageHead(messages.titles.libraryOverview),
  validateSearch: searchOf({ isOnboarding: strictFlag }),
  loader: (c) => loadLibrary(c, { preferences: true, categories: 'forLibrary' }),
  component: LibraryOverview,
});

function Count({ n }: { n: number }) {
  return (
    <span className="library-count">
      {n}
      <span className="library-visually-hidden">{m.countHidden(n)}</span>
    </span>
  );
}

/** A section of chips, each a filter of the list (`filterBy`, the chip's `name`) with its count. */
function Chips({
  id,
  title,
  personId,
  filterBy,
  search,
  chips,
}: {
  id: string;
  title: string;
  personId: string;
  filterBy: 'emoji' | 'review';
  search: { isOnboarding?: boolean };
  chips: { name: string; count: number; label: ReactNode }[];
}) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <ul className="library-chips" aria-labelledby={id}>
        {chips.map(({ name, count, label }) => (
          <li key={name}>
            <Link
              className="library-chip"
              to="/people/$personId/preferences/filter/$filterBy/$name"
              params={{ personId, filterBy, name }}
              search={search}
            >
              {label} <Count n={count} />
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

function LibraryOverview() {
  const { personId } = Route.useParams();
  const { isOnboarding } = Route.useSearch();
  const { rows, details, categories, categoryDetails } = useLibrary(personId);
  const loading =
    (rows.length === 0 && details.type !== 'complete') ||
    (categories.length === 0 && categoryDetails.type !== 'complete');
  const onboarding = isOnboarding ? { isOnboarding: true } : {};

  const topLevel = useMemo(() => {
    const byId = new Map(categories.map((c) => [c.id, c]));
    return categories
      .filter((c) => !c.hidden && (c.parentId === null || !byId.has(c.parentId)))
      .map((c) => {
        const scope = categoryScope(categories, c.id);
        const count = rows.filter((p) => p.categories.some((pc) => scope.has(pc.id))).length;
        return { id: c.id, title: c.title, count };
      });
  }, [categories, rows]);

  const feelings = useMemo(() => {
    const counts = new Map<string, number>();
    for (const p of rows) if (p.feeling) counts.set(p.feeling, (counts.get(p.feeling) ?? 0) + 1);
    return FEELINGS.flatMap((f) => {
      const n = counts.get(f);
      return n ? [{ feeling: f, count: n }] : [];
    });
  }, [rows]);

  const reviews = useMemo(() => {
    const now = Date.now();
    const counts = new Map<string, number>();
    for (const p of rows) {
      const g = reviewGroup(p, now);
      counts.set(g, (counts.get(g) ?? 0) + 1);
    }
    return REVIEW_GROUPS.map((g) => ({ group: g, count: counts.get(g) ?? 0 }));
  }, [rows]);

  return (
    <>
      <h1>{m.libraryTitle}</h1>
      <p className="library-links">
        <Link
          className="button secondary"
          to="/people/$personId/preferences"
          params={{ personId }}
          search={onboarding}
        >
          {m.allPreferences} <Count n={rows.length} />
        </Link>
      </p>
      {loading ? (
        <p className="status" role="status">
          {m.loading}
        </p>
      ) : (
        <>
          <section aria-labelledby="library-categories">
            <h2 id="library-categories">{m.categoriesTitle}</h2>
            {topLevel.length === 0 ? (
              <p>{m.categoriesEmpty}</p>
            ) : (
              <ul className="pref-list card library-list" aria-labelledby="library-categories">
                {topLevel.map((c) => (
                  <li key={c.id}>
                    <Link
                      className="library-item"
                      to="/people/$personId/preferences/filter/$filterBy/$name"
                      params={{ personId, filterBy: 'category', name: c.title }}
                      search={{ value: c.id, ...onboarding }}
                    >
                      <span className="library-item-title">{c.title}</span>
                      <Count n={c.count} />
                    </Link>
                  </li>
                ))}
              </ul>
            )}
          </section>
          {feelings.length > 0 ? (
            <Chips
              id="library-feelings"
              title={m.byFeelingTitle}
              personId={personId}
              filterBy="emoji"
              search={onboarding}
              chips={feelings.map(({ feeling, count }) => ({
                name: feeling,
                count,
                label: (
                  <>
                    <FeelingIcon feeling={feeling} /> {m.feelings[feeling].label}
                  </>
                ),
              }))}
            />
          ) : null}
          <Chips
            id="library-review"
            title={m.byReviewTitle}
            personId={personId}
            filterBy="review"
            search={onboarding}
            chips={reviews.map(({ group, count }) => ({
              name: group,
              count,
              label: m.review[group],
            }))}
          />
        </>
      )}
    </>
  );
}
