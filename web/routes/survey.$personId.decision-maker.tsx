import { createFileRoute } from '@tanstack/react-router';
import { SurveyPage } from '../components/survey-wizard.tsx';
import { messages } from '../messages.ts';
import { pageHead } from '../navigation/page-title.ts';
import { onboardingSearch, surveyGuard } from '../navigation/wizard-guards.ts';

/** The Decision Maker’s check-in, “How are you?” (spec §2, §4): 5 steps, the step numeric (spec §5). */
export const Route = createFileRoute('/survey/$personId/decision-maker')({
  head: pageHead(messages.titles.survey.DecisionMaker),
  validateSearch: onboardingSearch,
  beforeLoad: surveyGuard('/survey/$personId/decision-maker'),
  component: () => <SurveyPage kind="DecisionMaker" />,
});
