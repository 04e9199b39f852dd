import { createFileRoute } from '@tanstack/react-router';
import { OnboardingPage } from '../components/onboarding-wizard.tsx';
import { messages } from '../messages.ts';
import { pageHead } from '../navigation/page-title.ts';
import { onboardingGuard, onboardingSearch } from '../navigation/wizard-guards.ts';

/** Onboarding (spec §2, §4) of someone using Preference Bank to support someone. */
export const Route = createFileRoute('/onboarding/$personId/supporter')({
  head: pageHead(messages.titles.onboarding),
  validateSearch: onboardingSearch,
  beforeLoad: onboardingGuard('/onboarding/$personId/supporter'),
  component: () => <OnboardingPage chosenRole="Supporter" />,
});
