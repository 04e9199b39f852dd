import { useQuery } from '@rocicorp/zero/react';
import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { type ReactElement, type ReactNode, useRef } from 'react';
import { mutators } from '../../sync/mutators.ts';
import { queries } from '../../sync/queries.ts';
import { CategoryButton, CategoryMissing } from '../components/category-form.tsx';
import { DestructiveConfirm } from '../components/destructive-confirm.tsx';
import { CategoryPhoto } from '../components/media-image.tsx';
import { useCanWrite } from '../hooks/use-can-write.ts';
import { useLibraryName, usePageTitle } from '../hooks/use-page-title.ts';
import { categoryMessages } from '../messages/category.ts';
import { messages } from '../messages.ts';
import { pageHead } from '../navigation/page-title.ts';
import { refusalOf, useWrite } from '../offline/use-write.ts';

const m = categoryMessages;

/** One category: its place, sub-categories and preferences (spec §2 /preferences/categories/{id}). */
export const Route = createFileRoute('/people/$personId/preferences/categories/$id/')({
  head: pageHead(messages.titles.category),
  loader: ({ context, params }) => {
    context.zero.preload(queries.category.byId({ personId: params.personId, id: params.id }), {
      ttl: '1m',
    });
  },
  component: CategoryView,
});

function CategoryView() {
  const { personId, id } = Route.useParams();
  const writable = useCanWrite(personId);
  const write = useWrite();
  const navigate = useNavigate();
  const [category, details] = useQuery(queries.category.byId({ personId, id }));
  usePageTitle(category?.title, useLibraryName(personId));
  // While our own delete runs the row leaves the local store at once: keep showing it.
  const deleting = useRef(false);
  const last = useRef(category);
  if (category) last.current = category;
  const shown = category ?? (deleting.current ? last.current : undefined);

  if (!shown) return <CategoryMissing personId={personId} state={details.type} />;

  const preferences = [...shown.preferences].sort((a, b) =>
    a.title.localeCompare(b.title, 'en-NZ'),
  );
  const children = shown.children;
  const parent = shown.parent;

  async function remove() {
    deleting.current = true;
    const failed = refusalOf(await write(mutators.category.delete({ id })));
    if (failed) {
      deleting.current = false;
      throw new Error(failed);
    }
  }

  function afterRemove() {
    void navigate({
      to: '/people/$personId/preferences/categories',
      params: { personId },
      replace: true,
    });
  }

  return (
    <>
      <article className="card category-view">
        <div className="category-head">
          <CategoryPhoto personId={personId} photoId={shown.photoId} />
          <div>
            <h1>{shown.title}</h1>
            {shown.parentId && !parent ? null : (
              <p>
                {parent ? (
                  <>
                    {m.insideOf}{' '}
                    <Link
                      to="/people/$personId/preferences/categories/$id"
                      params={{ personId, id: parent.id }}
                    >
                      {parent.title}
                    </Link>
                  </>
                ) : (
                  m.topLevel
                )}
              </p>
            )}
          </div>
        </div>
        <p>{m.accessOf(m.access[shown.access])}</p>
        {shown.hidden ? <p>{m.hiddenNote}</p> : null}
        {writable ? (
          <div className="actions">
            <Link
              className="button"
              to="/people/$personId/preferences/categories/$id/edit"
              params={{ personId, id }}
            >
              {m.edit}
            </Link>
            <DestructiveConfirm
              label={m.delete}
              title={m.deleteTitle(shown.title)}
              body={m.deleteBody({
                title: shown.title,
                preferences: preferences.length,
                children: children.length,
                parent: parent?.title ?? null,
              })}
              confirmLabel={m.confirmDelete}
              runningLabel={m.deleting}
              action={remove}
              afterDestroy={afterRemove}
            />
          </div>
        ) : null}
      </article>

      <ListSection
        id="category-subs"
        title={m.subCategories}
        empty={m.noSubCategories}
        items={children.map((c) => (
          <Link
            key={c.id}
            to="/people/$personId/preferences/categories/$id"
            params={{ personId, id: c.id }}
          >
            {c.title}
            {c.access === 'Restricted' ? <span className="tag">{m.access.Restricted}</span> : null}
            {c.hidden ? <span className="tag">{m.hiddenTag}</span> : null}
          </Link>
        ))}
        action={
          writable ? (
            <Link
              className="button secondary"
              to="/people/$personId/preferences/categories/create"
              params={{ personId }}
              search={{ parentId: id }}
            >
              {m.addSubCategory}
            </Link>
          ) : null
        }
      />

      <ListSection
        id="category-prefs"
        title={m.preferences}
        empty={m.noPreferences}
        items={preferences.map((p) => (
          <Link
            key={p.id}
            to="/people/$personId/preferences/$preferenceId"
            params={{ personId, preferenceId: p.id }}
          >
            {p.title}
            {p.access === 'Restricted' ? <span className="tag">{m.access.Restricted}</span> : null}
          </Link>
        ))}
        action={
          writable ? (
            <Link
              className="button secondary"
              to="/people/$personId/preferences/create"
              params={{ personId }}
              search={{ categoryId: id }}
            >
              {m.addPreference}
            </Link>
          ) : null
        }
      />

      <CategoryButton personId={personId}>{m.backToCategories}</CategoryButton>
    </>
  );
}

/** A titled card listing links (each keyed), with its empty message and an optional action. */
function ListSection({
  id,
  title,
  empty,
  items,
  action,
}: {
  id: string;
  title: string;
  empty: string;
  items: ReactElement[];
  action: ReactNode;
}) {
  return (
    <section className="card" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {items.length === 0 ? (
        <p>{empty}</p>
      ) : (
        <ul className="pref-list" aria-labelledby={id}>
          {items.map((item) => (
            <li key={item.key}>{item}</li>
          ))}
        </ul>
      )}
      {action ? <div className="actions">{action}</div> : null}
    </section>
  );
}
