import { type ErrorComponentProps, Link, useRouter } from '@tanstack/react-router';
import { Component, type ReactNode } from 'react';
import { navigationMessages } from '../messages/navigation.ts';
import { messages } from '../messages.ts';

/**
 * A page that failed (spec §8 default failure): "Sorry, something went
 * wrong." in place of the page, with a way to try again. The rest of the
 * app (header, bottom bar) stays usable.
 */
export function PageError({ reset }: ErrorComponentProps) {
  const router = useRouter();
  return (
    <section className="card" aria-labelledby="page-error-title">
      <div role="alert" className="alert">
        <h1 id="page-error-title">{navigationMessages.pageError}</h1>
      </div>
      <p>{navigationMessages.pageErrorHelp}</p>
      <div className="actions">
        <button
          type="button"
          onClick={() => {
            reset();
            void router.invalidate();
          }}
        >
          {navigationMessages.tryAgain}
        </button>
        <Link className="button secondary" to="/">
          {messages.nav.home}
        </Link>
      </div>
    </section>
  );
}

/** The whole application failed to render (spec §8 failed render). */
export function AppError() {
  return (
    <main className="page" id="main">
      <div role="alert" className="alert">
        <h1>{messages.errors.render}</h1>
      </div>
      <button type="button" onClick={() => window.location.reload()}>
        {navigationMessages.reload}
      </button>
    </main>
  );
}

/** Catches what escapes the router's own error handling, so the user never sees a blank page. */
export class AppErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? <AppError /> : this.props.children;
  }
}

export function NotFoundPage() {
  return (
    <main className="page" id="main">
      <h1>{messages.errors.notFound}</h1>
      <p>
        <Link to="/">{messages.nav.home}</Link>
      </p>
    </main>
  );
}
