import { createFileRoute, redirect } from '@tanstack/react-router';
import { getSession } from '../session.ts';

/** `/`: signed-in users go to their people page; others to /login when launched, else /landing. */
export const Route = createFileRoute('/')({
  beforeLoad: async () => {
    const s = await getSession();
    if (s.user && s.person) {
      throw redirect({ to: '/people/$personId', params: { personId: s.person.id }, replace: true });
    }
    throw redirect({ to: s.launched ? '/login' : '/landing', replace: true });
  },
});
