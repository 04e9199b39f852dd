import { Link } from '@tanstack/react-router';
import { messages } from '../messages.ts';

export function ErrorPage() {
  return (
    <main className="page" id="main">
      <div role="alert" className="alert">
        <p>{messages.errors.render}</p>
      </div>
      <p>
        <Link to="/">{messages.nav.home}</Link>
      </p>
    </main>
  );
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
