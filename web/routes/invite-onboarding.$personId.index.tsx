import { createFileRoute } from '@tanstack/react-router';
import { InviteOnboardingPage } from '../components/invite-onboarding.tsx';
import { messages } from '../messages.ts';
import { pageHead } from '../navigation/page-title.ts';
import { onboardingGuard, onboardingSearch } from '../navigation/wizard-guards.ts';

/** Onboarding for someone who joined through an invite as a Supporter or a guest (spec §2). */
export const Route = createFileRoute('/invite-onboarding/$personId/')({
  head: pageHead(messages.titles.inviteWelcome),
  validateSearch: onboardingSearch,
  beforeLoad: onboardingGuard('/invite-onboarding/$personId'),
  component: () => <InviteOnboardingPage variant="supporter" />,
});
