import { createFileRoute } from '@tanstack/react-router';
import { onboardingSearch } from '../components/onboarding-wizard.tsx';
import { SurveyPage, surveyGuard } from '../components/survey-wizard.tsx';
import { messages } from '../messages.ts';
import { pageHead } from '../navigation/page-title.ts';

/** The check-in of someone with both roles (Decision Maker statements, then Supporter statements) (spec §2, §4): 5 steps, the step numeric (spec §5). */
export const Route = createFileRoute('/survey/$personId/supporter-and-decision-maker')({
  head: pageHead(messages.survey.titles.SupporterAndDecisionMaker),
  validateSearch: onboardingSearch,
  beforeLoad: surveyGuard('/survey/$personId/supporter-and-decision-maker'),
  component: () => {
    const { zero } = Route.useRouteContext();
    const { personId } = Route.useParams();
    const { step } = Route.useSearch();
    return (
      <SurveyPage zero={zero} personId={personId} kind="SupporterAndDecisionMaker" step={step} />
    );
  },
});
