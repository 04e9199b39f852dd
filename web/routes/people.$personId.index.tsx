import { useQuery } from '@rocicorp/zero/react';
import { createFileRoute, Link, redirect } from '@tanstack/react-router';
import { queries } from '../../sync/queries.ts';
import { messages } from '../messages.ts';
import { pageHead } from '../navigation/page-title.ts';

export const Route = createFileRoute('/people/$personId/')({
  head: pageHead(messages.titles.home),
  // A Supporter has no home of their own: their start is the people they support.
  beforeLoad: ({ context, params }) => {
    const me = context.session.person;
    if (me?.type === 'Supporter' && me.id === params.personId) {
      throw redirect({ to: '/people/$personId/supporting', params: { personId: me.id } });
    }
  },
  component: Home,
});

function Home() {
  const { personId } = Route.useParams();
  const [person] = useQuery(queries.person.byId({ personId }));
  const name = person?.knownAs ?? person?.firstName ?? '';
  return (
    <>
      <h1>{name ? messages.home.greeting(name) : messages.appName}</h1>
      <Link className="button" to="/people/$personId/preferences" params={{ personId }}>
        {messages.home.openLibrary}
      </Link>
    </>
  );
}
