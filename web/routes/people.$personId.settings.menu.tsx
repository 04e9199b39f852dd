import { createFileRoute, redirect } from '@tanstack/react-router';
import { MenuList } from '../components/menu.tsx';
import { messages } from '../messages.ts';
import type { NavContext } from '../navigation/menu.ts';
import { pageHead } from '../navigation/page-title.ts';
import { webAuthnSupported } from '../passkeys.ts';

/** Spec §2: the Supporter's menu; anyone else is sent to their home. */
export const Route = createFileRoute('/people/$personId/settings/menu')({
  head: pageHead(messages.titles.settings),
  beforeLoad: ({ context, params }) => {
    const me = context.session.person;
    if (me?.type !== 'Supporter' || params.personId !== me.id) {
      throw redirect({ to: '/people/$personId', params: { personId: params.personId } });
    }
  },
  component: SupporterMenu,
});

function SupporterMenu() {
  const { session } = Route.useRouteContext();
  const me = session.person?.id ?? '';
  const ctx: NavContext = {
    myType: 'Supporter',
    actingForOther: false,
    isAdministrator: false,
    guestOf: null,
    hasOrganisations: false,
    isPlatformUser: false,
    passkeysSupported: webAuthnSupported(),
    hasPasskeys: false,
    iosNative: false,
  };
  return (
    <>
      <h1>{messages.navigation.supporterMenuTitle}</h1>
      <nav aria-label={messages.navigation.supporterMenuTitle}>
        <MenuList ctx={ctx} me={me} links={session.links} />
      </nav>
    </>
  );
}
