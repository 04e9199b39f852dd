import { useQuery } from '@rocicorp/zero/react';
import { createFileRoute, Navigate, useNavigate } from '@tanstack/react-router';
import { useRef } from 'react';
import { z } from 'zod';
import { mutators } from '../../sync/mutators.ts';
import { queries } from '../../sync/queries.ts';
import { NoteForm } from '../components/note-form.tsx';
import { NoteNotFound } from '../components/preference-common.tsx';
import { useCanWrite } from '../hooks/use-can-write.ts';
import { useLibraryName, usePageTitle } from '../hooks/use-page-title.ts';
import { messages } from '../messages.ts';
import { pageHead } from '../navigation/page-title.ts';
import { formRefusal, useWrite } from '../offline/use-write.ts';

/** `isFromView`: a boolean, or its text from a hand-typed URL; anything else is absent. */
const flag = z
  .union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')])
  .optional()
  .catch(undefined);

export const Route = createFileRoute('/people/$personId/preferences/$preferenceId/notes/$id/edit')({
  head: pageHead(messages.titles.editNote),
  validateSearch: z.object({ isFromView: flag }),
  component: NoteEdit,
});

function NoteEdit() {
  const { personId, preferenceId, id } = Route.useParams();
  const { isFromView } = Route.useSearch();
  const write = useWrite();
  // The title the form started from: one changed meanwhile is not overwritten silently.
  const base = useRef<string | undefined>(undefined);
  const navigate = useNavigate();
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
        {messages.note.loading}
      </p>
    );
  }

  base.current ??= note.title;

  /** Back where the edit started: the note when opened from it, else the preference. */
  const back = () =>
    isFromView
      ? navigate({
          to: '/people/$personId/preferences/$preferenceId/notes/$id',
          params: { personId, preferenceId, id },
          replace: true,
        })
      : navigate({
          to: '/people/$personId/preferences/$id',
          params: { personId, id: preferenceId },
          replace: true,
        });

  return (
    <NoteForm
      key={note.id}
      heading={messages.note.editTitle}
      intro={note.preference ? messages.note.forPreference(note.preference.title) : undefined}
      initial={{ title: note.title, body: note.body }}
      shared={{ personId, preferenceId, noteId: note.id }}
      onCancel={() => void back()}
      onSave={async ({ title }) => {
        // The body is shared text, saved as it is typed.
        const outcome = await write(
          mutators.note.update({ id, title, base: { title: base.current ?? null } }),
        );
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
