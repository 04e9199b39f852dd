import { createFileRoute, Link, redirect } from '@tanstack/react-router';
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
      <p>{messages.landing.title}</p>
      <Link className="button" to="/login">
        {messages.landing.signIn}
      </Link>
    </main>
  );
}
