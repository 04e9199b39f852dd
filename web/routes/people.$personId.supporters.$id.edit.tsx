import { useQuery } from '@rocicorp/zero/react';
import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { ACCESS_LEVELS, type AccessLevel } from '../../schema/enums.ts';
import { circleErrors, LINK_END_MAX_MS } from '../../sync/circle.ts';
import { mutators } from '../../sync/mutators.ts';
import { queries } from '../../sync/queries.ts';
import { displayName, fromLocalInput, toLocalInput } from '../components/circle-common.tsx';
import { ErrorAlert } from '../components/modal-dialog.tsx';
import { QueryState } from '../components/query-state.tsx';
import { useIsAdministrator } from '../hooks/use-is-administrator.ts';
import { usePageTitle } from '../hooks/use-page-title.ts';
import { messages } from '../messages.ts';
import { pageHead } from '../navigation/page-title.ts';
import { refusalOf, useWrite } from '../offline/use-write.ts';

/**
 * A supporter's access level (spec §2 /supporters/{id}/edit, §6 levels), and
 * when their access ends: when removed, or at a set time (issue 18).
 */
export const Route = createFileRoute('/people/$personId/supporters/$id/edit')({
  head: pageHead(messages.titles.editSupporter),
  component: SupporterEdit,
});

function SupporterEdit() {
  const { personId, id } = Route.useParams();
  const { session } = Route.useRouteContext();
  const me = session.person?.id ?? '';
  const write = useWrite();
  const navigate = useNavigate();
  const baseId = useId();
  const [link, details] = useQuery(queries.circle.supporterLink({ personId, id }));
  const manager = useIsAdministrator(personId);
  const [level, setLevel] = useState<AccessLevel | undefined>();
  const [ending, setEnding] = useState<'never' | 'at' | undefined>();
  const [endsAt, setEndsAt] = useState('');
  const [endError, setEndError] = useState<string | undefined>();
  const [error, setError] = useState<string | undefined>();
  const [status, setStatus] = useState<'idle' | 'saving' | 'saved'>('idle');

  usePageTitle(
    link ? messages.titles.editSupporterOf(displayName(link.supporter)) : undefined,
    messages.titles.circle,
  );

  useEffect(() => {
    if (link && level === undefined) setLevel(link.accessLevel);
  }, [link, level]);
  useEffect(() => {
    if (!link || ending !== undefined) return;
    setEnding(link.endsAt === null ? 'never' : 'at');
    if (link.endsAt !== null) setEndsAt(toLocalInput(link.endsAt));
  }, [link, ending]);

  if (!link) {
    return (
      <QueryState
        details={details}
        loading={messages.circle.loading}
        missing={
          <p role="alert" className="alert">
            {messages.circle.notFound}
          </p>
        }
      />
    );
  }

  const name = displayName(link.supporter);
  const back = (
    <Link
      className="button secondary"
      to="/people/$personId/supporters/$id"
      params={{ personId, id }}
    >
      {messages.circle.cancel}
    </Link>
  );

  if (!manager || link.supporterId === me) {
    return (
      <div className="card">
        <h1>{messages.circle.editTitle(name)}</h1>
        <p role="alert" className="alert">
          {messages.circle.cannotEdit}
        </p>
        <div className="actions">{back}</div>
      </div>
    );
  }

  /** The end to store: null (none), a time, or a refusal in words. */
  function endChosen(): number | null | string {
    if (ending !== 'at') return null;
    if (!endsAt) return messages.circle.endRequired;
    const at = fromLocalInput(endsAt);
    if (!Number.isFinite(at)) return messages.circle.endRequired;
    if (at <= Date.now()) return circleErrors.endInPast;
    if (at > Date.now() + LINK_END_MAX_MS) return circleErrors.endTooFar;
    return at;
  }

  async function save(e: FormEvent) {
    e.preventDefault();
    if (!level || !link) return;
    setError(undefined);
    const end = endChosen();
    if (typeof end === 'string') {
      setEndError(end);
      document.getElementById(`${baseId}-ends-at`)?.focus();
      return;
    }
    setEndError(undefined);
    setStatus('saving');
    const changes = [
      ...(level !== link.accessLevel
        ? [mutators.circle.updateLevel({ id, accessLevel: level })]
        : []),
      ...(end !== link.endsAt ? [mutators.circle.setEnd({ id, endsAt: end })] : []),
    ];
    for (const change of changes) {
      const refused = refusalOf(await write(change));
      if (refused) {
        setStatus('idle');
        setError(refused);
        return;
      }
    }
    setStatus('saved');
    await navigate({ to: '/people/$personId/supporters/$id', params: { personId, id } });
  }

  const minEnd = toLocalInput(Date.now());
  const maxEnd = toLocalInput(Date.now() + LINK_END_MAX_MS);
  return (
    <form className="card" onSubmit={save} noValidate>
      <h1>{messages.circle.editTitle(name)}</h1>
      <ErrorAlert message={error} />
      <fieldset style={{ border: 'none', padding: 0, margin: '1rem 0' }}>
        <legend style={{ fontWeight: 600 }}>{messages.circle.accessLevel}</legend>
        {ACCESS_LEVELS.map((l) => {
          const inputId = `${baseId}-${l}`;
          const helpId = `${baseId}-${l}-help`;
          return (
            <div className="field checkbox" key={l} style={{ alignItems: 'flex-start' }}>
              <input
                id={inputId}
                type="radio"
                name="accessLevel"
                value={l}
                checked={level === l}
                aria-describedby={helpId}
                onChange={() => {
                  setLevel(l);
                  setStatus('idle');
                }}
              />
              <div>
                <label htmlFor={inputId}>{messages.circle.level[l]}</label>
                <p id={helpId} style={{ margin: 0 }}>
                  {messages.circle.levelHelp[l]}
                </p>
              </div>
            </div>
          );
        })}
      </fieldset>
      <fieldset style={{ border: 'none', padding: 0, margin: '1rem 0' }}>
        <legend style={{ fontWeight: 600 }}>{messages.circle.ending}</legend>
        <div className="field checkbox">
          <input
            id={`${baseId}-end-never`}
            type="radio"
            name="ending"
            checked={ending === 'never'}
            onChange={() => {
              setEnding('never');
              setEndError(undefined);
              setStatus('idle');
            }}
          />
          <label htmlFor={`${baseId}-end-never`}>{messages.circle.endNever}</label>
        </div>
        <div className="field checkbox" style={{ alignItems: 'flex-start' }}>
          <input
            id={`${baseId}-end-at`}
            type="radio"
            name="ending"
            checked={ending === 'at'}
            aria-describedby={`${baseId}-end-at-help`}
            onChange={() => {
              setEnding('at');
              setStatus('idle');
            }}
          />
          <div>
            <label htmlFor={`${baseId}-end-at`}>{messages.circle.endAt}</label>
            <p id={`${baseId}-end-at-help`} style={{ margin: 0 }}>
              {messages.circle.endAtHelp}
            </p>
          </div>
        </div>
        {ending === 'at' ? (
          <div className="field">
            <label htmlFor={`${baseId}-ends-at`}>{messages.circle.endsAtLabel}</label>
            <input
              id={`${baseId}-ends-at`}
              type="datetime-local"
              value={endsAt}
              min={minEnd}
              max={maxEnd}
              aria-invalid={endError ? true : undefined}
              aria-describedby={endError ? `${baseId}-ends-at-error` : undefined}
              onChange={(e) => {
                setEndsAt(e.target.value);
                setEndError(undefined);
                setStatus('idle');
              }}
            />
            {endError ? (
              <p id={`${baseId}-ends-at-error`} className="field-error">
                {endError}
              </p>
            ) : null}
          </div>
        ) : null}
      </fieldset>
      <div className="actions">
        <button type="submit" disabled={status === 'saving'}>
          {status === 'saving' ? messages.circle.saving : messages.circle.save}
        </button>
        {back}
      </div>
      <p role="status" className="status">
        {status === 'saved' ? messages.circle.saved : ''}
      </p>
    </form>
  );
}
