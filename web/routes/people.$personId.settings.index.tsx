import { createFileRoute } from '@tanstack/react-router';
import { MenuList } from '../components/menu.tsx';
import { accountMessages } from '../messages/account.ts';
import { messages } from '../messages.ts';
import { pageHead } from '../navigation/page-title.ts';
import { useNavContext } from '../navigation/use-nav-context.ts';

/**
 * Settings (spec §2 /settings, "a placeholder list" made useful): the
 * settings pages this person may open here, by the menu's own rules
 * (web/navigation/menu.ts), without the external links and sign-out.
 */
export const Route = createFileRoute('/people/$personId/settings/')({
  head: pageHead(messages.titles.settings),
  component: Settings,
});

function Settings() {
  const t = accountMessages.settings;
  const { personId } = Route.useParams();
  const { session } = Route.useRouteContext();
  const ctx = useNavContext(personId);
  return (
    <>
      <h1>{t.title}</h1>
      <p>{t.intro}</p>
      <nav aria-label={t.title}>
        <MenuList
          ctx={ctx}
          me={session.person.id}
          personId={personId}
          links={session.links}
          only={[
            'details',
            'subscription',
            'history',
            'organisations',
            'passkeys',
            'data',
            'survey',
          ]}
        />
      </nav>
    </>
  );
}
