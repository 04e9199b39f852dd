import { createFileRoute } from '@tanstack/react-router';
import type { InferResponseType } from 'hono/client';
import { useEffect, useId, useState } from 'react';
import { client } from '../api-client.ts';
import { devMailboxMessages } from '../messages/dev-mailbox.ts';
import { DATE_LOCALE, messages } from '../messages.ts';
import { pageHead } from '../navigation/page-title.ts';
import { searchOf, text } from '../navigation/search-params.ts';

/** The kept mails, as the API's route answers them. */
type Mails = InferResponseType<typeof client.dev.mailbox.$get, 200>;

export const Route = createFileRoute('/dev/mailbox')({
  head: pageHead(messages.titles.devMailbox),
  validateSearch: searchOf({ to: text(254) }),
  component: DevMailbox,
});

/** The development mailbox (DESIGN.md §4). The API route behind it is absent in production. */
function DevMailbox() {
  const { to } = Route.useSearch();
  const navigate = Route.useNavigate();
  const filterId = useId();
  const [state, setState] = useState<Mails | 'unavailable' | undefined>();

  useEffect(() => {
    let stop = false;
    const load = async () => {
      const res = await client.dev.mailbox.$get({ query: to ? { to } : {} });
      if (stop) return;
      if (!res.ok) {
        setState('unavailable');
        return;
      }
      setState(await res.json());
    };
    void load();
    const timer = setInterval(load, 2000);
    return () => {
      stop = true;
      clearInterval(timer);
    };
  }, [to]);

  return (
    <main className="page" id="main">
      <h1>{devMailboxMessages.title}</h1>
      <p>{devMailboxMessages.intro}</p>
      <div className="field">
        <label htmlFor={filterId}>{devMailboxMessages.filter}</label>
        <input
          id={filterId}
          type="email"
          defaultValue={to ?? ''}
          onBlur={(e) =>
            void navigate({ search: { to: e.target.value.trim() || undefined }, replace: true })
          }
        />
      </div>
      {state === 'unavailable' ? (
        <p role="alert">{devMailboxMessages.unavailable}</p>
      ) : state?.length === 0 ? (
        <p>{devMailboxMessages.empty}</p>
      ) : (
        state?.map((m) => (
          <article className="card" key={m.id} aria-label={m.subject}>
            <h2>{m.subject}</h2>
            <p className="status">
              {m.to} · {devMailboxMessages.sentAt}{' '}
              {new Date(m.sentAt).toLocaleString(DATE_LOCALE, {
                dateStyle: 'medium',
                timeStyle: 'short',
              })}
            </p>
            <pre style={{ whiteSpace: 'pre-wrap', fontFamily: 'inherit' }}>{m.text}</pre>
            {m.links.map((l) => (
              <p key={l}>
                <a href={l}>{l}</a>
              </p>
            ))}
          </article>
        ))
      )}
    </main>
  );
}
