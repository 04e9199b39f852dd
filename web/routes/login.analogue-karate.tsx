import { createFileRoute, redirect } from '@tanstack/react-router';

export const Route = createFileRoute('/login/analogue-karate')({
  beforeLoad: () => {
    throw redirect({ to: '/login', replace: true });
  },
});
