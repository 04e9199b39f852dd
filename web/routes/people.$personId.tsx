import { ZeroProvider } from '@rocicorp/zero/react';
import { createFileRoute, Link, Outlet, redirect } from '@tanstack/react-router';
import { PasskeyOffer } from '../components/passkey-offer.tsx';
import { messages } from '../messages.ts';
import { getSession } from '../session.ts';

/** The person area requires a signed-in user and a person; it owns the Zero client. */
export const Route = createFileRoute('/people/$personId')({
  beforeLoad: async () => {
    const session = await getSession();
    if (!session.user || !session.person) {
      throw redirect({ to: '/login', search: { message: messages.errors.loggedOut } });
    }
    // Until the wizard is finished, the person area sends you to onboarding.
    if (session.user.wizardCompletedAt === null && session.person.type !== 'Anonymous') {
      throw redirect({ to: '/onboarding/$personId', params: { personId: session.person.id } });
    }
    // Loaded here, not at start-up: the sign-in page does not need the sync client.
    const { zeroFor } = await import('../zero.ts');
    return { session, zero: zeroFor(session) };
  },
  component: PersonArea,
});

function PersonArea() {
  const { zero, session } = Route.useRouteContext();
  const { personId } = Route.useParams();
  return (
    <ZeroProvider zero={zero}>
      <main className="page" id="main">
        <PasskeyOffer user={session.user} />
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
