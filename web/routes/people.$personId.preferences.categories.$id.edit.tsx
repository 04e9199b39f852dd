import { createFileRoute } from '@tanstack/react-router';
import { useRef } from 'react';
import { editSince } from '../../sync/conflict.ts';
import { mutators } from '../../sync/mutators.ts';
import {
  CategoryButton,
  CategoryForm,
  CategoryMissing,
  type CategoryValues,
  useShowCategory,
} from '../components/category-form.tsx';
import { loadLibrary, useAllowedAccess, useCategories } from '../hooks/use-library-queries.ts';
import { useLibraryName, usePageTitle } from '../hooks/use-page-title.ts';
import { categoryMessages } from '../messages/category.ts';
import { messages } from '../messages.ts';
import { pageHead } from '../navigation/page-title.ts';
import { requireWrite } from '../navigation/write-guard.ts';
import { formRefusal, useWrite } from '../offline/use-write.ts';

const m = categoryMessages;

/** Edit a category (spec §2 /preferences/categories/{id}/edit); read-only users go to its view. */
export const Route = createFileRoute('/people/$personId/preferences/categories/$id/edit')({
  head: pageHead(messages.titles.editCategory),
  beforeLoad: requireWrite('/people/$personId/preferences/categories/$id'),
  loader: (c) => loadLibrary(c, { categories: 'list' }),
  component: CategoryEdit,
});

function CategoryEdit() {
  const { personId, id } = Route.useParams();
  const write = useWrite();
  const base = useRef<
    | {
        title: string;
        parentId: string | null;
        access: string;
        hidden: boolean;
        photoId: string | null;
      }
    | undefined
  >(undefined);
  const showCategory = useShowCategory(personId);
  const { categories: rows, details } = useCategories(personId);
  const allowedAccess = useAllowedAccess(personId);
  const category = rows.find((c) => c.id === id);
  usePageTitle(
    category ? messages.titles.editOf(category.title) : undefined,
    useLibraryName(personId),
  );
  const back = (
    <CategoryButton personId={personId} id={id}>
      {m.cancel}
    </CategoryButton>
  );

  if (!category) return <CategoryMissing personId={personId} state={details.type} />;
  // What the form starts from (kept while it is open).
  base.current ??= {
    title: category.title,
    parentId: category.parentId,
    access: category.access,
    hidden: category.hidden,
    photoId: category.photoId,
  };

  async function save(values: CategoryValues) {
    const started = base.current;
    if (!started) return undefined;
    // Only the fields changed since the form read them, each with what it
    // was: a field someone changed meanwhile is refused, not overwritten
    // silently (sync/conflict.ts). The photo is checked on the server.
    const edit = editSince(started, {
      title: values.title,
      parentId: values.parentId,
      access: values.access,
      hidden: values.hidden,
      photoId: values.photoId,
    });
    const outcome = await write(mutators.category.update({ id, ...edit.changes, base: edit.base }));
    if (outcome.type === 'refused' && outcome.theirs) {
      // Saving again keeps mine over what is saved now.
      base.current = { ...started, ...(outcome.theirs as Partial<typeof started>) };
    }
    const failed = formRefusal(outcome, values);
    if (failed) return failed;
    await showCategory(id);
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
