import { useQuery, useZero } from '@rocicorp/zero/react';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { mutators } from '../../sync/mutators.ts';
import { preferenceTitle } from '../../sync/preference.ts';
import { queries } from '../../sync/queries.ts';
import { messages } from '../messages.ts';

export const Route = createFileRoute('/people/$personId/preferences/$id/edit')({
  component: PreferenceEdit,
});

function PreferenceEdit() {
  const { personId, id } = Route.useParams();
  const zero = useZero();
  const navigate = useNavigate();
  const titleId = useId();
  const [pref, details] = useQuery(queries.preference.byId({ personId, id }));
  const [title, setTitle] = useState<string | undefined>(undefined);
  const [error, setError] = useState<string | undefined>();
  const [status, setStatus] = useState<'idle' | 'saving' | 'saved'>('idle');

  useEffect(() => {
    if (pref && title === undefined) setTitle(pref.title);
  }, [pref, title]);

  if (!pref) {
    return details.type === 'complete' ? (
      <p role="alert">{messages.preferences.notFound}</p>
    ) : (
      <p className="status" role="status">
        {messages.preferences.loading}
      </p>
    );
  }

  async function save(e: FormEvent) {
    e.preventDefault();
    const parsed = preferenceTitle.safeParse(title ?? '');
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? messages.preferences.titleRequired);
      return;
    }
    setError(undefined);
    setStatus('saving');
    const result = zero.mutate(mutators.preference.update({ id, title: parsed.data }));
    const server = await result.server;
    if (server.type === 'error') {
      setStatus('idle');
      setError(server.error.message || messages.errors.generic);
      return;
    }
    setStatus('saved');
  }

  return (
    <form className="card" onSubmit={save} noValidate>
      <h1>{messages.preferences.edit}</h1>
      {error ? (
        <div role="alert" className="alert">
          {error}
        </div>
      ) : null}
      <div className="field">
        <label htmlFor={titleId}>{messages.preferences.title}</label>
        <input
          id={titleId}
          type="text"
          value={title ?? ''}
          maxLength={200}
          onChange={(e) => {
            setTitle(e.target.value);
            setStatus('idle');
          }}
        />
      </div>
      <div className="actions">
        <button type="submit" disabled={status === 'saving'}>
          {status === 'saving' ? messages.preferences.saving : messages.preferences.save}
        </button>
        <button
          type="button"
          className="secondary"
          onClick={() =>
            navigate({ to: '/people/$personId/preferences/$id', params: { personId, id } })
          }
        >
          {messages.preferences.cancel}
        </button>
      </div>
      <p role="status" className="status">
        {status === 'saved' ? messages.preferences.saved : ''}
      </p>
    </form>
  );
}
