import { useQuery } from '@rocicorp/zero/react';
import { createFileRoute, Navigate } from '@tanstack/react-router';
import { useRef } from 'react';
import { editSince } from '../../sync/conflict.ts';
import { mutators } from '../../sync/mutators.ts';
import { queries } from '../../sync/queries.ts';
import { useLeaveEdit } from '../components/item-actions.tsx';
import { NoteForm } from '../components/note-form.tsx';
import { NoteNotFound } from '../components/preference-common.tsx';
import { useCanWrite } from '../hooks/use-can-write.ts';
import { useLibraryName, usePageTitle } from '../hooks/use-page-title.ts';
import { noteMessages } from '../messages/note.ts';
import { messages } from '../messages.ts';
import { editSearch } from '../navigation/edit-search.ts';
import { pageHead } from '../navigation/page-title.ts';
import { formRefusal, useWrite } from '../offline/use-write.ts';

export const Route = createFileRoute('/people/$personId/preferences/$preferenceId/notes/$id/edit')({
  head: pageHead(messages.titles.editNote),
  validateSearch: editSearch,
  component: NoteEdit,
});

function NoteEdit() {
  const { personId, preferenceId, id } = Route.useParams();
  const { isFromView } = Route.useSearch();
  const write = useWrite();
  // The title the form started from: one changed meanwhile is not overwritten silently.
  const base = useRef<string | undefined>(undefined);
  const back = useLeaveEdit('notes', { personId, preferenceId, id }, isFromView);
  const canWrite = useCanWrite(personId);
  const [note, details] = useQuery(queries.note.byId({ personId, id }));
  usePageTitle(note ? messages.titles.editOf(note.title) : undefined, useLibraryName(personId));

  if (!canWrite) {
    return (
      <Navigate
        to="/people/$personId/preferences/$preferenceId/notes/$id"
        params={{ personId, preferenceId, id }}
        replace
      />
    );
  }
  if (!note || note.preferenceId !== preferenceId) {
    return details.type === 'complete' || note ? (
      <NoteNotFound personId={personId} preferenceId={preferenceId} />
    ) : (
      <p className="status" role="status">
        {noteMessages.loading}
      </p>
    );
  }

  base.current ??= note.title;

  return (
    <NoteForm
      key={note.id}
      heading={noteMessages.editTitle}
      intro={note.preference ? noteMessages.forPreference(note.preference.title) : undefined}
      initial={{ title: note.title, body: note.body }}
      shared={{ personId, preferenceId, noteId: note.id }}
      onCancel={() => void back()}
      onSave={async ({ title }) => {
        // The body is shared text, saved as it is typed.
        // The title only if it changed, with what it was (sync/conflict.ts).
        const edit = editSince({ title: base.current ?? null }, { title });
        const outcome = await write(mutators.note.update({ id, ...edit.changes, base: edit.base }));
        const error = formRefusal(outcome, { title });
        if (outcome.type === 'refused' && typeof outcome.theirs?.title === 'string') {
          // Saving again keeps mine over what is saved now.
          base.current = outcome.theirs.title;
        }
        if (error) return error;
        await back();
        return undefined;
      }}
    />
  );
}
