import { createFileRoute, redirect } from '@tanstack/react-router';
import { getSession } from '../session.ts';

/** `/`: a Supporter goes to the people they support, other signed-in users to their people page; others to /login when launched, else /landing. */
export const Route = createFileRoute('/')({
  beforeLoad: async () => {
    const s = await getSession();
    if (s.user && s.person) {
      const personId = s.person.id;
      if (s.person.type === 'Supporter') {
        throw redirect({ to: '/people/$personId/supporting', params: { personId }, replace: true });
      }
      throw redirect({ to: '/people/$personId', params: { personId }, replace: true });
    }
    throw redirect({ to: s.launched ? '/login' : '/landing', replace: true });
  },
});
