import { useQuery } from '@rocicorp/zero/react';
import { createFileRoute, Link } from '@tanstack/react-router';
import { queries } from '../../sync/queries.ts';
import { messages } from '../messages.ts';

export const Route = createFileRoute('/people/$personId/')({
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
