import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useId, useState } from 'react';
import { CategoryPhoto } from '../components/media-image.tsx';
import { useCanWrite } from '../hooks/use-can-write.ts';
import { loadLibrary, useCategories } from '../hooks/use-library-queries.ts';
import { categoryMessages } from '../messages/category.ts';
import { messages } from '../messages.ts';
import { pageHead } from '../navigation/page-title.ts';
import { flag, searchOf } from '../navigation/search-params.ts';

const m = categoryMessages;

/** Top-level categories with their counts (spec §2 /preferences/categories). */
export const Route = createFileRoute('/people/$personId/preferences/categories/')({
  head: pageHead(messages.titles.categories),
  validateSearch: searchOf({ hidden: flag }),
  loader: (c) => loadLibrary(c, { categories: 'list' }),
  component: CategoryList,
});

function CategoryList() {
  const { personId } = Route.useParams();
  const { hidden: hiddenInUrl = false } = Route.useSearch();
  // The box answers at once; the address follows (so the choice survives a reload).
  const [showHidden, setShowHidden] = useState(hiddenInUrl);
  useEffect(() => setShowHidden(hiddenInUrl), [hiddenInUrl]);
  const navigate = useNavigate();
  const toggleId = useId();
  const writable = useCanWrite(personId);
  const { categories: rows, details } = useCategories(personId);
  const loading = rows.length === 0 && details.type !== 'complete';
  const topLevel = rows.filter((c) => c.parentId === null);
  const shown = topLevel.filter((c) => showHidden || !c.hidden);
  const hiddenCount = topLevel.length - shown.length;
  // Sub-categories shown, counted once per render rather than once per tile.
  const children = new Map<string, number>();
  for (const c of rows) {
    if (c.parentId && (showHidden || !c.hidden)) {
      children.set(c.parentId, (children.get(c.parentId) ?? 0) + 1);
    }
  }
  const childCount = (id: string) => children.get(id) ?? 0;

  return (
    <>
      <h1>{m.listTitle}</h1>
      {writable ? (
        <div className="actions">
          <Link
            className="button"
            to="/people/$personId/preferences/categories/create"
            params={{ personId }}
          >
            {m.add}
          </Link>
        </div>
      ) : null}
      <div className="field checkbox">
        <input
          id={toggleId}
          type="checkbox"
          checked={showHidden}
          onChange={(e) => {
            setShowHidden(e.target.checked);
            void navigate({
              to: '/people/$personId/preferences/categories',
              params: { personId },
              search: e.target.checked ? { hidden: true } : {},
              replace: true,
            });
          }}
        />
        <label htmlFor={toggleId}>{m.showHidden}</label>
      </div>
      {details.type === 'error' ? (
        <p role="alert" className="alert">
          {messages.errors.generic}
        </p>
      ) : loading ? (
        <p className="status" role="status">
          {m.loading}
        </p>
      ) : shown.length === 0 ? (
        <p>{hiddenCount > 0 ? m.emptyHidden : m.empty}</p>
      ) : (
        <ul className="category-grid" aria-label={m.listLabel}>
          {shown.map((c) => {
            const subs = childCount(c.id);
            return (
              <li key={c.id}>
                <Link
                  className="category-tile"
                  to="/people/$personId/preferences/categories/$id"
                  params={{ personId, id: c.id }}
                >
                  <CategoryPhoto personId={personId} photoId={c.photoId} />
                  <span className="category-tile-text">
                    <span className="category-title" data-testid="category-title">
                      {c.title}
                    </span>
                    <span className="category-count">
                      {m.count(c.preferenceCategories.length)}
                      {subs > 0 ? `, ${m.subCount(subs)}` : ''}
                    </span>
                    <span>
                      {c.access === 'Restricted' ? (
                        <span className="tag">{m.access.Restricted}</span>
                      ) : null}
                      {c.hidden ? <span className="tag">{m.hiddenTag}</span> : null}
                    </span>
                  </span>
                </Link>
              </li>
            );
          })}
        </ul>
      )}
      <Link className="button secondary" to="/people/$personId/preferences" params={{ personId }}>
        {m.backToLibrary}
      </Link>
    </>
  );
}
