import { ZeroProvider } from '@rocicorp/zero/react';
import { createFileRoute, Link, Outlet, redirect } from '@tanstack/react-router';
import { PasskeyOffer } from '../components/passkey-offer.tsx';
import { SupportHeader } from '../components/support-header.tsx';
import { messages } from '../messages.ts';
import { getSession } from '../session.ts';
import { guestKey, supportKey } from '../support-session.ts';

/** The person area requires a signed-in user and a person; it owns the Zero client. */
export const Route = createFileRoute('/people/$personId')({
  beforeLoad: async ({ params, location }) => {
    const session = await getSession();
    if (!session.user || !session.person) {
      throw redirect({ to: '/login', search: { message: messages.errors.loggedOut } });
    }
    // Until the wizard is finished, the person area sends you to onboarding.
    if (session.user.wizardCompletedAt === null && session.person.type !== 'Anonymous') {
      throw redirect({ to: '/onboarding/$personId', params: { personId: session.person.id } });
    }
    // Acting for someone else needs a support session stored in this tab
    // (spec §4), except to start one.
    const me = session.person.id;
    if (
      params.personId !== me &&
      !location.pathname.endsWith('/supporters/start') &&
      !sessionStorage.getItem(supportKey(params.personId)) &&
      // A guest of an invite reads what it names; the synced queries enforce the rest.
      !sessionStorage.getItem(guestKey(params.personId))
    ) {
      throw redirect({ to: '/people/$personId/supporting', params: { personId: me } });
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
  const me = session.person?.id;
  // Read on every render: the start page stores it, then navigates here.
  const supportSessionId = sessionStorage.getItem(supportKey(personId));
  // Spec §2: a Profile guest sees no bar; a Preference or PreferenceCategory guest no Circle item.
  const guestOf =
    me !== personId && !supportSessionId ? sessionStorage.getItem(guestKey(personId)) : null;
  return (
    <ZeroProvider zero={zero}>
      {me && personId !== me && supportSessionId ? (
        <SupportHeader
          key={supportSessionId}
          personId={personId}
          me={me}
          sessionId={supportSessionId}
        />
      ) : null}
      <main className="page" id="main">
        <PasskeyOffer user={session.user} />
        <Outlet />
      </main>
      {guestOf === 'Profile' ? null : (
        <nav className="bottom-nav" aria-label="Main">
          <Link to="/people/$personId" params={{ personId }} activeOptions={{ exact: true }}>
            {messages.nav.home}
          </Link>
          <Link to="/people/$personId/preferences" params={{ personId }}>
            {messages.nav.library}
          </Link>
          {guestOf === 'Preference' || guestOf === 'PreferenceCategory' ? null : (
            <Link
              to={
                session.person?.type === 'Supporter'
                  ? '/people/$personId/supporting'
                  : '/people/$personId/supporters'
              }
              params={{ personId: me ?? personId }}
            >
              {messages.nav.circle}
            </Link>
          )}
          <Link to="/logout">{messages.nav.logout}</Link>
        </nav>
      )}
    </ZeroProvider>
  );
}
