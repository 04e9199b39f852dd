import { createFileRoute } from '@tanstack/react-router';
import { SurveyPage } from '../components/survey-wizard.tsx';
import { messages } from '../messages.ts';
import { pageHead } from '../navigation/page-title.ts';
import { onboardingSearch, surveyGuard } from '../navigation/wizard-guards.ts';

/** The Supporter’s check-in (spec §2, §4): 5 steps, the step numeric (spec §5). */
export const Route = createFileRoute('/survey/$personId/supporter')({
  head: pageHead(messages.titles.survey.Supporter),
  validateSearch: onboardingSearch,
  beforeLoad: surveyGuard('/survey/$personId/supporter'),
  component: () => <SurveyPage kind="Supporter" />,
});
