import { createFileRoute, Link } from '@tanstack/react-router';
import { messages } from '../messages.ts';
import { pageHead } from '../navigation/page-title.ts';

export const Route = createFileRoute('/registered')({
  head: pageHead(messages.titles.registered),
  component: Registered,
});

function Registered() {
  return (
    <main className="page" id="main">
      <h1>{messages.register.thanksTitle}</h1>
      <p>{messages.register.thanksBody}</p>
      <Link className="button" to="/login">
        {messages.register.signIn}
      </Link>
    </main>
  );
}
