import { useQuery } from '@rocicorp/zero/react';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useMemo } from 'react';
import { mutators } from '../../sync/mutators.ts';
import { personName } from '../../sync/names.ts';
import { queries } from '../../sync/queries.ts';
import { ItemActions } from '../components/item-actions.tsx';
import { Markdown } from '../components/markdown.tsx';
import { formatDate, NoteNotFound, PreferenceCrumb } from '../components/preference-common.tsx';
import { ReadAloudButton } from '../components/read-aloud.tsx';
import { useCanWrite } from '../hooks/use-can-write.ts';
import { useLibraryName, usePageTitle } from '../hooks/use-page-title.ts';
import { spoken, useReadAloud } from '../hooks/use-read-aloud.ts';
import { noteMessages } from '../messages/note.ts';
import { messages } from '../messages.ts';
import { pageHead } from '../navigation/page-title.ts';
import { refusalOf, useWrite } from '../offline/use-write.ts';

export const Route = createFileRoute('/people/$personId/preferences/$preferenceId/notes/$id/')({
  head: pageHead(messages.titles.note),
  component: NoteView,
});

const t = noteMessages;

function NoteView() {
  const { personId, preferenceId, id } = Route.useParams();
  const write = useWrite();
  const navigate = useNavigate();
  const canWrite = useCanWrite(personId);
  const [note, details] = useQuery(queries.note.byId({ personId, id }));
  usePageTitle(note?.title, useLibraryName(personId));
  const readParts = useMemo(
    () =>
      note
        ? [
            { key: 'title', text: note.title },
            { key: 'body', text: spoken(note.body) },
          ]
        : [],
    [note],
  );
  const reader = useReadAloud(readParts);

  if (!note || note.preferenceId !== preferenceId) {
    return details.type === 'complete' || note ? (
      <NoteNotFound personId={personId} preferenceId={preferenceId} />
    ) : (
      <p className="status" role="status">
        {t.loading}
      </p>
    );
  }

  async function remove() {
    const error = refusalOf(await write(mutators.note.delete({ id })));
    if (error) throw new Error(error);
  }

  return (
    <article className="card note-view">
      {note.preference ? (
        <PreferenceCrumb
          personId={personId}
          preferenceId={preferenceId}
          className="note-preference"
        >
          {note.preference.title}
        </PreferenceCrumb>
      ) : null}
      <h1 className={reader.current === 'title' ? 'read-now' : undefined}>{note.title}</h1>
      {reader.supported ? (
        <div className="actions">
          <ReadAloudButton reading={reader.reading} toggle={reader.toggle} what={note.title} />
        </div>
      ) : null}
      <p className="note-meta">
        {t.byOn(personName(note.author) || t.someone, formatDate(note.createdAt))}
        {note.updatedAt !== note.createdAt ? (
          <>
            <br />
            {t.updatedOn(formatDate(note.updatedAt))}
          </>
        ) : null}
      </p>
      <Markdown
        className={`note-body${reader.current === 'body' ? ' read-now' : ''}`}
        text={note.body}
        under={1}
      />
      <ItemActions
        kind="notes"
        personId={personId}
        preferenceId={preferenceId}
        id={id}
        name={note.title}
        texts={t}
        canWrite={canWrite}
        remove={remove}
        afterRemove={() =>
          void navigate({
            to: '/people/$personId/preferences/$preferenceId',
            params: { personId, preferenceId },
            replace: true,
          })
        }
      />
    </article>
  );
}
