import { useQuery, useZero } from '@rocicorp/zero/react';
import { createFileRoute, Navigate, useNavigate } from '@tanstack/react-router';
import { z } from 'zod';
import { mutators } from '../../sync/mutators.ts';
import { queries } from '../../sync/queries.ts';
import { mutationError } from '../components/circle-common.tsx';
import { NoteForm } from '../components/note-form.tsx';
import { NoteNotFound } from '../components/preference-common.tsx';
import { useCanWrite } from '../hooks/use-can-write.ts';
import { messages } from '../messages.ts';
import { pageHead } from '../navigation/page-title.ts';

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
  const zero = useZero();
  const navigate = useNavigate();
  const write = useCanWrite(personId);
  const [note, details] = useQuery(queries.note.byId({ personId, id }));

  if (!write) {
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
        const error = mutationError(await zero.mutate(mutators.note.update({ id, title })).server);
        if (error) return error;
        await back();
        return undefined;
      }}
    />
  );
}
