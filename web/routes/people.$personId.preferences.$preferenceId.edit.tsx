import { createFileRoute, Outlet } from '@tanstack/react-router';
import { messages } from '../messages.ts';
import { pageHead } from '../navigation/page-title.ts';
import { requireWrite } from '../navigation/write-guard.ts';

export type EditSearch = { isReview?: boolean };

/**
 * Spec §2 /preferences/{id}/edit and /edit/{step}, search param isReview
 * (boolean). Without write access the user is redirected to the preference
 * view. The pages are the index (all four steps) and $step (one of them).
 */
export const Route = createFileRoute('/people/$personId/preferences/$preferenceId/edit')({
  head: pageHead(messages.titles.editPreference),
  validateSearch: (search: Record<string, unknown>): EditSearch =>
    search.isReview === true || search.isReview === 'true' ? { isReview: true } : {},
  beforeLoad: requireWrite('/people/$personId/preferences/$preferenceId'),
  component: Outlet,
});
