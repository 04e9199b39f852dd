import { useQuery, useZero } from '@rocicorp/zero/react';
import { createFileRoute, Navigate, useNavigate } from '@tanstack/react-router';
import { mutators } from '../../sync/mutators.ts';
import { queries } from '../../sync/queries.ts';
import { mutationError } from '../components/circle-common.tsx';
import { NoteForm } from '../components/note-form.tsx';
import { PreferenceNotFound } from '../components/preference-common.tsx';
import { QueryState } from '../components/query-state.tsx';
import { useCanWrite } from '../hooks/use-can-write.ts';
import { messages } from '../messages.ts';
import { pageHead } from '../navigation/page-title.ts';

export const Route = createFileRoute('/people/$personId/preferences/$preferenceId/notes/create')({
  head: pageHead(messages.titles.createNote),
  component: NoteCreate,
});

function NoteCreate() {
  const { personId, preferenceId } = Route.useParams();
  const zero = useZero();
  const navigate = useNavigate();
  const write = useCanWrite(personId);
  const [pref, details] = useQuery(queries.preference.byId({ personId, id: preferenceId }));

  if (!write) {
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
        const error = mutationError(
          await zero.mutate(mutators.note.create({ id, preferenceId, title, body })).server,
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
