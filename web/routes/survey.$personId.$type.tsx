import { createFileRoute, redirect } from '@tanstack/react-router';
import { surveyKindOf, surveyRouteOf } from '../components/survey-routes.ts';
import { messages } from '../messages.ts';
import { pageHead } from '../navigation/page-title.ts';
import { onboardingSearch } from '../navigation/wizard-guards.ts';

/**
 * /survey/{personId}/{type} (spec §2): redirects by type, Supporter to
 * /supporter, DecisionMaker to /decision-maker, SupporterAndDecisionMaker to
 * /supporter-and-decision-maker (keeping a numeric step), anything else to /.
 * The survey page itself checks who may open it.
 */
export const Route = createFileRoute('/survey/$personId/$type')({
  head: pageHead(messages.titles.survey.redirect),
  validateSearch: onboardingSearch,
  beforeLoad: ({ params, search }) => {
    const kind = surveyKindOf(params.type);
    if (!kind) throw redirect({ to: '/' });
    throw redirect({
      to: surveyRouteOf[kind],
      params: { personId: params.personId },
      search: search.step === undefined ? {} : { step: search.step },
    });
  },
});
