import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { mutators } from '../../sync/mutators.ts';
import { NoteForm } from '../components/note-form.tsx';
import { useCanWrite } from '../hooks/use-can-write.ts';
import { usePreferencePage } from '../hooks/use-preference-page.tsx';
import { noteMessages } from '../messages/note.ts';
import { messages } from '../messages.ts';
import { pageHead } from '../navigation/page-title.ts';
import { refusalOf, useWrite } from '../offline/use-write.ts';

export const Route = createFileRoute('/people/$personId/preferences/$preferenceId/notes/create')({
  head: pageHead(messages.titles.createNote),
  component: NoteCreate,
});

function NoteCreate() {
  const { personId, preferenceId } = Route.useParams();
  const write = useWrite();
  const navigate = useNavigate();
  const { pref, fallback } = usePreferencePage(personId, preferenceId, {
    mayWrite: useCanWrite(personId),
  });
  if (!pref || fallback) return fallback;

  const toPreference = () =>
    navigate({
      to: '/people/$personId/preferences/$preferenceId',
      params: { personId, preferenceId },
    });

  return (
    <NoteForm
      heading={noteMessages.createTitle}
      intro={noteMessages.forPreference(pref.title)}
      initial={{ title: '', body: '' }}
      onCancel={() => void toPreference()}
      onSave={async ({ title, body }) => {
        const id = crypto.randomUUID();
        const error = refusalOf(
          await write(mutators.note.create({ id, preferenceId, title, body })),
        );
        if (error) return error;
        await navigate({
          to: '/people/$personId/preferences/$preferenceId/notes/$id',
          params: { personId, preferenceId, id },
          replace: true,
        });
        return undefined;
      }}
    />
  );
}
