/**
 * On every page while the signed-in person's account waits to be deleted:
 * when, and the way to keep it (My data). Not on My data itself,
 * which says the same with its own button.
 */
import { Link, useMatchRoute } from '@tanstack/react-router';
import { myDataText } from '../messages/my-data.ts';
import { longDay } from './my-data-common.ts';

export function DeletionBanner({ me, dueAt }: { me: string; dueAt: number | null }) {
  const matchRoute = useMatchRoute();
  if (dueAt === null || !me) return null;
  if (matchRoute({ to: '/people/$personId/settings/data', params: { personId: me } })) return null;
  return (
    <section className="card deletion-banner" aria-label={myDataText.deleteHeading}>
      <p>{myDataText.scheduled(longDay.format(new Date(dueAt)))}</p>
      <Link className="button" to="/people/$personId/settings/data" params={{ personId: me }}>
        {myDataText.keep}
      </Link>
    </section>
  );
}
