import { createFileRoute, Link } from '@tanstack/react-router';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { dates } from '../../sync/dates.ts';
import { signInCode, validationMessages } from '../../sync/validation.ts';
import { cancelMagicLink, finalizeMagicLink } from '../auth-api.ts';
import { messages } from '../messages.ts';
import { pageHead } from '../navigation/page-title.ts';
import { searchOf, text } from '../navigation/search-params.ts';

export const Route = createFileRoute('/login/link/$challengeId/$token')({
  head: pageHead(messages.titles.signInLink),
  validateSearch: searchOf({ inviteId: text(64) }),
  component: OpenLink,
});

const t = messages.login;

const askedFormat = dates.dayTime;

type State =
  | { kind: 'checking' }
  | { kind: 'ok' }
  | { kind: 'confirm'; askedAt: string; browser: string | null }
  | { kind: 'cancelled' }
  | { kind: 'failed'; message: string };

/**
 * Where the e-mailed link lands. In the browser that asked, it confirms the
 * sign-in at once; anywhere else it asks for the code shown on the asking
 * screen, so that a link asked for by someone else signs nobody in (ADR 012).
 * The asking tab then signs in.
 */
function OpenLink() {
  const { challengeId, token } = Route.useParams();
  const done = useRef(false);
  const [state, setState] = useState<State>({ kind: 'checking' });

  useEffect(() => {
    if (done.current) return;
    done.current = true;
    void finalizeMagicLink(challengeId, token)
      .then((r) =>
        setState(
          !r.ok
            ? { kind: 'failed', message: r.message || messages.errors.generic }
            : r.data.status === 'confirm'
              ? { kind: 'confirm', askedAt: r.data.askedAt, browser: r.data.browser }
              : { kind: 'ok' },
        ),
      )
      .catch(() => setState({ kind: 'failed', message: messages.errors.generic }));
  }, [challengeId, token]);

  return (
    <main className="page" id="main">
      <h1>{t.linkTitle}</h1>
      <div className="card">
        {state.kind === 'checking' ? (
          <p role="status">{t.linkChecking}</p>
        ) : state.kind === 'ok' ? (
          <>
            <p role="status">{t.linkDone}</p>
            <p>{t.linkDoneHelp}</p>
            <Link className="button" to="/">
              {t.continue}
            </Link>
          </>
        ) : state.kind === 'confirm' ? (
          <ConfirmWithCode
            challengeId={challengeId}
            token={token}
            askedAt={state.askedAt}
            browser={state.browser}
            onDone={setState}
          />
        ) : state.kind === 'cancelled' ? (
          <p role="status">{t.notMeDone}</p>
        ) : (
          <>
            <div role="alert" className="alert">
              {state.message}
            </div>
            <Link className="button" to="/login">
              {t.askNew}
            </Link>
          </>
        )}
      </div>
    </main>
  );
}

/**
 * Another browser opened the link: says when and from what browser the sign-in
 * was asked, and takes the code from that screen, or "I did not ask for this".
 */
function ConfirmWithCode(props: {
  challengeId: string;
  token: string;
  askedAt: string;
  browser: string | null;
  onDone: (next: State) => void;
}) {
  const { challengeId, token, onDone } = props;
  const inputId = useId();
  const hintId = useId();
  const errorId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  // The page changed under the reader: start them at the question.
  useEffect(() => heading.current?.focus(), []);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const typed = signInCode.safeParse(code);
    if (!typed.success) {
      setError(validationMessages.signInCode);
      input.current?.focus();
      return;
    }
    setBusy(true);
    const r = await finalizeMagicLink(challengeId, token, typed.data).catch(() => undefined);
    setBusy(false);
    if (r?.ok) return onDone({ kind: 'ok' });
    // A wrong code may be tried again; anything else (too many tries, expired) ends here.
    if (r && !r.ok && r.code === 'wrong_code') {
      setError(r.message || messages.errors.generic);
      input.current?.select();
      return;
    }
    onDone({ kind: 'failed', message: r?.message || messages.errors.generic });
  }

  async function notMe() {
    setBusy(true);
    const r = await cancelMagicLink(challengeId, token).catch(() => undefined);
    setBusy(false);
    onDone(
      r?.ok
        ? { kind: 'cancelled' }
        : { kind: 'failed', message: r?.message || messages.errors.generic },
    );
  }

  return (
    <form onSubmit={submit} noValidate>
      <h2 ref={heading} tabIndex={-1}>
        {t.confirmTitle}
      </h2>
      <p>{t.confirmAsked(askedFormat.format(new Date(props.askedAt)), props.browser)}</p>
      <p>{t.confirmHelp}</p>
      <div className="field">
        <label htmlFor={inputId}>{t.codeLabel}</label>
        <p id={hintId} className="status">
          {t.codeHint}
        </p>
        <input
          ref={input}
          id={inputId}
          className="code-input"
          type="text"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={9}
          value={code}
          onChange={(e) => setCode(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${hintId} ${errorId}` : hintId}
        />
      </div>
      {error ? (
        <div role="alert" className="alert" id={errorId}>
          {error}
        </div>
      ) : null}
      <div className="actions">
        <button type="submit" disabled={busy}>
          {t.confirmSubmit}
        </button>
        <button type="button" className="secondary" disabled={busy} onClick={() => void notMe()}>
          {t.notMe}
        </button>
      </div>
    </form>
  );
}
