import { createFileRoute } from '@tanstack/react-router';
import { mutators } from '../../sync/mutators.ts';
import {
  CategoryButton,
  CategoryForm,
  type CategoryValues,
  useShowCategory,
} from '../components/category-form.tsx';
import { loadLibrary, useAllowedAccess, useCategories } from '../hooks/use-library-queries.ts';
import { categoryMessages } from '../messages/category.ts';
import { messages } from '../messages.ts';
import { pageHead } from '../navigation/page-title.ts';
import { searchOf, text } from '../navigation/search-params.ts';
import { requireWrite } from '../navigation/write-guard.ts';
import { refusalOf, useWrite } from '../offline/use-write.ts';

const m = categoryMessages;

const createSearch = searchOf({ parentId: text(64) });

/** Add a category, optionally inside another (spec §2 /preferences/categories/create). */
export const Route = createFileRoute('/people/$personId/preferences/categories/create')({
  head: pageHead(messages.titles.createCategory),
  validateSearch: createSearch,
  beforeLoad: requireWrite('/people/$personId/preferences/categories'),
  loader: (c) => loadLibrary(c, { categories: 'list' }),
  component: CategoryCreate,
});

function CategoryCreate() {
  const { personId } = Route.useParams();
  const { parentId } = Route.useSearch();
  const write = useWrite();
  const showCategory = useShowCategory(personId);
  const { categories: rows, details } = useCategories(personId);
  const allowedAccess = useAllowedAccess(personId);

  // Wait for the categories before preselecting the parent.
  if (parentId && rows.length === 0 && details.type !== 'complete') {
    return (
      <p className="status" role="status">
        {m.loading}
      </p>
    );
  }

  async function create(values: CategoryValues) {
    const id = crypto.randomUUID();
    const failed = refusalOf(await write(mutators.category.create({ id, personId, ...values })));
    if (failed) return failed;
    await showCategory(id);
    return undefined;
  }

  const parent = parentId ? rows.find((c) => c.id === parentId) : undefined;
  return (
    <CategoryForm
      personId={personId}
      allowedAccess={allowedAccess}
      // The preselected parent may arrive after the first rows.
      key={parent?.id ?? 'top'}
      heading={m.createTitle}
      initial={{
        title: '',
        parentId: parent ? parent.id : null,
        // A sub-category of a restricted category is restricted too, unless changed.
        access: parent?.access ?? 'General',
        hidden: false,
        photoId: null,
      }}
      categories={rows}
      submitLabel={m.create}
      savingLabel={m.creating}
      onSubmit={create}
      cancel={
        <CategoryButton personId={personId} id={parent?.id}>
          {m.cancel}
        </CategoryButton>
      }
    />
  );
}
