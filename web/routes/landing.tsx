import { createFileRoute, Link, redirect } from '@tanstack/react-router';
import { landingMessages } from '../messages/landing.ts';
import { messages } from '../messages.ts';
import { pageHead } from '../navigation/page-title.ts';
import { getSession } from '../session.ts';

export const Route = createFileRoute('/landing')({
  head: pageHead(messages.titles.landing),
  beforeLoad: async () => {
    const s = await getSession();
    if (s.person) throw redirect({ to: '/people/$personId', params: { personId: s.person.id } });
  },
  component: Landing,
});

function Landing() {
  return (
    <main className="page" id="main">
      <h1>{messages.appName}</h1>
      <p>{messages.tagline}</p>
      <p>{landingMessages.title}</p>
      <Link className="button" to="/login">
        {landingMessages.signIn}
      </Link>
    </main>
  );
}
