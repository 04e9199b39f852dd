import { useQuery } from '@rocicorp/zero/react';
import { createFileRoute, Navigate, useNavigate } from '@tanstack/react-router';
import { mutators } from '../../sync/mutators.ts';
import { queries } from '../../sync/queries.ts';
import { NoteForm } from '../components/note-form.tsx';
import { PreferenceNotFound } from '../components/preference-common.tsx';
import { QueryState } from '../components/query-state.tsx';
import { useCanWrite } from '../hooks/use-can-write.ts';
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
  const canWrite = useCanWrite(personId);
  const [pref, details] = useQuery(queries.preference.byId({ personId, id: preferenceId }));

  if (!canWrite) {
    return (
      <Navigate
        to="/people/$personId/preferences/$id"
        params={{ personId, id: preferenceId }}
        replace
      />
    );
  }
  if (!pref) {
    return (
      <QueryState
        details={details}
        loading={messages.preference.loading}
        missing={<PreferenceNotFound personId={personId} />}
      />
    );
  }

  const toPreference = () =>
    navigate({ to: '/people/$personId/preferences/$id', params: { personId, id: preferenceId } });

  return (
    <NoteForm
      heading={messages.note.createTitle}
      intro={messages.note.forPreference(pref.title)}
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
