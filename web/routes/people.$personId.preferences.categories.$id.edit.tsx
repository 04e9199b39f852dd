import { useZero } from '@rocicorp/zero/react';
import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { mutators } from '../../sync/mutators.ts';
import {
  CategoryForm,
  CategoryMissing,
  type CategoryValues,
} from '../components/category-form.tsx';
import { mutationError } from '../components/circle-common.tsx';
import { requireWrite } from '../hooks/use-can-write.ts';
import { loadLibrary, useAllowedAccess, useCategories } from '../hooks/use-library-queries.ts';
import { messages } from '../messages.ts';
import { pageHead } from '../navigation/page-title.ts';

const m = messages.category;

/** Edit a category (spec §2 /preferences/categories/{id}/edit); read-only users go to its view. */
export const Route = createFileRoute('/people/$personId/preferences/categories/$id/edit')({
  head: pageHead(messages.titles.editCategory),
  beforeLoad: requireWrite,
  loader: (c) => loadLibrary(c, { categories: 'list' }),
  component: CategoryEdit,
});

function CategoryEdit() {
  const { personId, id } = Route.useParams();
  const zero = useZero();
  const navigate = useNavigate();
  const { categories: rows, details } = useCategories(personId);
  const allowedAccess = useAllowedAccess(personId);
  const category = rows.find((c) => c.id === id);
  const back = (
    <Link
      className="button secondary"
      to="/people/$personId/preferences/categories/$id"
      params={{ personId, id }}
    >
      {m.cancel}
    </Link>
  );

  if (!category) return <CategoryMissing personId={personId} state={details.type} />;

  async function save(values: CategoryValues) {
    const failed = mutationError(
      await zero.mutate(
        mutators.category.update({
          id,
          title: values.title,
          parentId: values.parentId,
          access: values.access,
          hidden: values.hidden,
          // The photo only when it changed: the check of a photo runs on the server.
          ...(values.photoId !== category?.photoId && { photoId: values.photoId }),
        }),
      ).server,
    );
    if (failed) return failed;
    await navigate({
      to: '/people/$personId/preferences/categories/$id',
      params: { personId, id },
      replace: true,
    });
    return undefined;
  }

  return (
    <CategoryForm
      personId={personId}
      allowedAccess={allowedAccess}
      // Start again from the stored values if another category is opened here.
      key={category.id}
      heading={m.editTitle(category.title)}
      initial={{
        title: category.title,
        parentId: category.parentId,
        access: category.access,
        hidden: category.hidden,
        photoId: category.photoId,
      }}
      categories={rows}
      selfId={category.id}
      submitLabel={m.save}
      savingLabel={m.saving}
      onSubmit={save}
      cancel={back}
    />
  );
}
