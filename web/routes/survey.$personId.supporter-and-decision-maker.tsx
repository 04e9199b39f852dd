import { createFileRoute } from '@tanstack/react-router';
import { SurveyPage } from '../components/survey-wizard.tsx';
import { messages } from '../messages.ts';
import { pageHead } from '../navigation/page-title.ts';
import { bothSurveySearch, surveyGuard } from '../navigation/wizard-guards.ts';

/** The check-in of someone with both roles (Decision Maker statements, then Supporter statements, one at a time) (spec §2, §4): 5 steps, the step numeric (spec §5). */
export const Route = createFileRoute('/survey/$personId/supporter-and-decision-maker')({
  head: pageHead(messages.titles.survey.SupporterAndDecisionMaker),
  validateSearch: bothSurveySearch,
  beforeLoad: surveyGuard('/survey/$personId/supporter-and-decision-maker'),
  component: () => <SurveyPage kind="SupporterAndDecisionMaker" />,
});
