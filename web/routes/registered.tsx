import { createFileRoute, Link } from '@tanstack/react-router';
import { registerMessages } from '../messages/register.ts';
import { messages } from '../messages.ts';
import { pageHead } from '../navigation/page-title.ts';

export const Route = createFileRoute('/registered')({
  head: pageHead(messages.titles.registered),
  component: Registered,
});

function Registered() {
  return (
    <main className="page" id="main">
      <h1>{registerMessages.thanksTitle}</h1>
      <p>{registerMessages.thanksBody}</p>
      <Link className="button" to="/login">
        {registerMessages.signIn}
      </Link>
    </main>
  );
}
