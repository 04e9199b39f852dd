import { ZeroProvider } from '@rocicorp/zero/react';
import { createFileRoute, Link, Outlet, redirect } from '@tanstack/react-router';
import { loadAccess } from '../access.ts';
import { DeletionBanner } from '../components/deletion-banner.tsx';
import { MenuDrawer, type MenuLinks } from '../components/menu.tsx';
import { PasskeyOffer } from '../components/passkey-offer.tsx';
import { OpenSessions, SupportHeader } from '../components/support-header.tsx';
import { useEasyRead } from '../hooks/use-easy-read.ts';
import { supportPageMessages } from '../messages/support.ts';
import { messages } from '../messages.ts';
import { bottomItems, menuKind, type NavContext } from '../navigation/menu.ts';
import { useNavContext } from '../navigation/use-nav-context.ts';
import { SyncStatusLine } from '../offline/sync-status.tsx';
import { requireSignIn } from '../session.ts';
import { guestKey, storedSupportSession } from '../support-session.ts';

/** The person area requires a signed-in user and a person; it owns the Zero client. */
export const Route = createFileRoute('/people/$personId')({
  beforeLoad: async ({ params, matches }) => {
    // Spec §5: an unusable person parameter is an expectation error.
    if (!/^[\w-]{1,64}$/.test(params.personId)) throw new Error(messages.errors.expectedPerson);
    // The sync client loads while the session is asked for (here, not at
    // start-up: the sign-in page does not need it).
    const zeroModule = import('../zero.ts');
    zeroModule.catch(() => {});
    const session = await requireSignIn();
    // Until the wizard is finished, the person area sends you to onboarding.
    if (session.user.wizardCompletedAt === null && session.person.type !== 'Anonymous') {
      throw redirect({ to: '/onboarding/$personId', params: { personId: session.person.id } });
    }
    // Acting for someone else needs a support session stored in this tab
    // (spec §4), except to start one.
    const me = session.person.id;
    if (
      params.personId !== me &&
      !matches.some((m) => m.routeId === '/people/$personId/supporters/start') &&
      !storedSupportSession(params.personId) &&
      // A guest of an invite reads what it names; the synced queries enforce the rest.
      !sessionStorage.getItem(guestKey(params.personId))
    ) {
      throw redirect({ to: '/people/$personId/supporting', params: { personId: me } });
    }
    // The caller's access record (its write flag decides every edit control):
    // asked with the sync client's start, waited for only the first time. Only
    // in one's own area or in a support session: a guest of an invite (or a
    // session still starting) has none, and reads only (use-can-write.ts).
    // Finishing a session needs none, and asked beside the finish it would race
    // it: the server may end the session first and answer 403.
    const finishing = matches.some((m) => m.routeId === '/people/$personId/supporters/finish');
    const sessionId = params.personId === me ? null : storedSupportSession(params.personId);
    const access =
      !finishing && (params.personId === me || sessionId)
        ? loadAccess(params.personId, sessionId)
        : undefined;
    const { zeroFor, outboxOf } = await zeroModule;
    // The sync client opens this device's store while the access record is
    // still on its way: neither waits for the other.
    const zero = zeroFor(session);
    // Changes kept from an earlier page are applied here again before any
    // screen reads, so a form opens with them (web/offline/outbox.ts).
    await Promise.all([access, outboxOf(zero).ready]);
    return { session, zero };
  },
  component: PersonArea,
});

function PersonArea() {
  const { zero, session } = Route.useRouteContext();
  const { personId } = Route.useParams();
  const me = session.person?.id ?? '';
  // Read on every render: the start page stores it, then navigates here.
  const supportSessionId = storedSupportSession(personId);
  const guestOf =
    me !== personId && !supportSessionId
      ? guestKind(sessionStorage.getItem(guestKey(personId)))
      : null;
  return (
    <ZeroProvider zero={zero}>
      {me && personId !== me && supportSessionId ? (
        <SupportHeader
          key={supportSessionId}
          personId={personId}
          me={me}
          sessionId={supportSessionId}
        />
      ) : me && personId === me ? (
        <OpenSessions />
      ) : null}
      <PersonMain personId={personId} me={me} inSession={!!supportSessionId}>
        <SyncStatusLine personId={personId} />
        <PasskeyOffer user={session.user} />
        <DeletionBanner me={me} dueAt={session.user?.deletionDueAt ?? null} />
        <Outlet />
      </PersonMain>
      <BottomNav personId={personId} me={me} guestOf={guestOf} links={session.links} />
    </ZeroProvider>
  );
}

/**
 * The page's main region: in easy read on the person's own screens (larger
 * text and spacing for every page under it); a supporter in a session is told
 * the person uses easy read, and sees the normal screens.
 */
function PersonMain({
  personId,
  me,
  inSession,
  children,
}: {
  personId: string;
  me: string;
  inSession: boolean;
  children: React.ReactNode;
}) {
  const easy = useEasyRead(personId);
  return (
    <main className={easy.on ? 'page easy-read' : 'page'} id="main">
      {me !== personId && inSession && easy.chosen ? (
        <p className="easy-read-note">{supportPageMessages.usesEasyRead(easy.name)}</p>
      ) : null}
      {children}
    </main>
  );
}

function guestKind(v: string | null): NavContext['guestOf'] {
  return v === 'Profile' || v === 'Preference' || v === 'PreferenceCategory' ? v : null;
}

/** The bottom bar (spec §2 Navigation); which items show is decided in web/navigation/menu.ts. */
function BottomNav({
  personId,
  me,
  guestOf,
  links,
}: {
  personId: string;
  me: string;
  guestOf: NavContext['guestOf'];
  links: MenuLinks;
}) {
  const ctx = useNavContext(personId, guestOf);
  const { myType } = ctx;
  const items = bottomItems(ctx);
  if (items.length === 0) return null;
  const kind = menuKind(ctx);
  return (
    <nav className="bottom-nav" aria-label="Main">
      {items.map((item) => {
        switch (item) {
          case 'home':
            return (
              <Link
                key={item}
                to="/people/$personId"
                params={{ personId }}
                activeOptions={{ exact: true }}
              >
                {messages.nav.home}
              </Link>
            );
          case 'library':
            return (
              <Link key={item} to="/people/$personId/preferences" params={{ personId }}>
                {messages.nav.library}
              </Link>
            );
          case 'circle':
            // In one's own area: supporting for a Supporter, otherwise supporters.
            // Inside a support session: the Circle of the person supported, so
            // that no item of the bar leaves their area (the session goes on).
            return (
              <Link
                key={item}
                to={
                  myType === 'Supporter' && !ctx.actingForOther
                    ? '/people/$personId/supporting'
                    : '/people/$personId/supporters'
                }
                params={{ personId: ctx.actingForOther ? personId : me }}
              >
                {messages.nav.circle}
              </Link>
            );
          default:
            return kind === 'drawer' ? (
              <MenuDrawer key={item} ctx={ctx} me={me} personId={personId} links={links} />
            ) : (
              <Link key={item} to="/people/$personId/settings/menu" params={{ personId: me }}>
                {messages.nav.menu}
              </Link>
            );
        }
      })}
    </nav>
  );
}
