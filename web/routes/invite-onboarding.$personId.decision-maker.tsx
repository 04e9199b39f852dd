import { createFileRoute } from '@tanstack/react-router';
import { InviteOnboardingPage } from '../components/invite-onboarding.tsx';
import { messages } from '../messages.ts';
import { pageHead } from '../navigation/page-title.ts';
import { onboardingGuard, onboardingSearch } from '../navigation/wizard-guards.ts';

/** Onboarding for someone invited to look after their own library (spec §2). */
export const Route = createFileRoute('/invite-onboarding/$personId/decision-maker')({
  head: pageHead(messages.titles.inviteWelcomeDecisionMaker),
  validateSearch: onboardingSearch,
  beforeLoad: onboardingGuard('/invite-onboarding/$personId/decision-maker'),
  component: () => <InviteOnboardingPage variant="decision-maker" />,
});
