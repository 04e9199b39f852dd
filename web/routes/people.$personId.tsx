import { ZeroProvider } from '@rocicorp/zero/react';
import { createFileRoute, Link, Outlet, redirect } from '@tanstack/react-router';
import { messages } from '../messages.ts';
import { getSession } from '../session.ts';

/** The person area requires a signed-in user and a person; it owns the Zero client. */
export const Route = createFileRoute('/people/$personId')({
  beforeLoad: async () => {
    const session = await getSession();
    if (!session.user || !session.person) {
      throw redirect({ to: '/login', search: { message: messages.errors.loggedOut } });
    }
    // Loaded here, not at start-up: the sign-in page does not need the sync client.
    const { zeroFor } = await import('../zero.ts');
    return { session, zero: zeroFor(session) };
  },
  component: PersonArea,
});

function PersonArea() {
  const { zero } = Route.useRouteContext();
  const { personId } = Route.useParams();
  return (
    <ZeroProvider zero={zero}>
      <main className="page" id="main">
        <Outlet />
      </main>
      <nav className="bottom-nav" aria-label="Main">
        <Link to="/people/$personId" params={{ personId }} activeOptions={{ exact: true }}>
          {messages.nav.home}
        </Link>
        <Link to="/people/$personId/preferences" params={{ personId }}>
          {messages.nav.library}
        </Link>
        <Link to="/logout">{messages.nav.logout}</Link>
      </nav>
    </ZeroProvider>
  );
}
