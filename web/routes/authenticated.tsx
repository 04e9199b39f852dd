import { createFileRoute, redirect } from '@tanstack/react-router';
import { messages } from '../messages.ts';
import { pageHead } from '../navigation/page-title.ts';

export const Route = createFileRoute('/authenticated')({
  head: pageHead(messages.titles.signIn),
  beforeLoad: () => {
    throw redirect({ to: '/', replace: true });
  },
});
