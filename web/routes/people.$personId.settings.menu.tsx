import { createFileRoute, redirect } from '@tanstack/react-router';
import { MenuList } from '../components/menu.tsx';
import { navigationMessages } from '../messages/navigation.ts';
import { messages } from '../messages.ts';
import { pageHead } from '../navigation/page-title.ts';
import { useNavContext } from '../navigation/use-nav-context.ts';

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
  const { personId } = Route.useParams();
  const ctx = useNavContext(personId);
  return (
    <>
      <h1>{navigationMessages.supporterMenuTitle}</h1>
      <nav aria-label={navigationMessages.supporterMenuTitle}>
        <MenuList ctx={ctx} me={session.person.id} personId={personId} links={session.links} />
      </nav>
    </>
  );
}
