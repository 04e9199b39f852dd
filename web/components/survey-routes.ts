/**
 * The check-in survey's routes by person type (spec §2): the menu, the
 * redirect of /survey/{personId}/{type} and the survey pages' guard all
 * decide with this one table. Kept apart from the survey page so the menu
 * does not load it.
 */
export type SurveyKind = 'DecisionMaker' | 'Supporter' | 'SupporterAndDecisionMaker';

export type SurveyRoute =
  | '/survey/$personId/decision-maker'
  | '/survey/$personId/supporter'
  | '/survey/$personId/supporter-and-decision-maker';

export const surveyRouteOf: Record<SurveyKind, SurveyRoute> = {
  DecisionMaker: '/survey/$personId/decision-maker',
  Supporter: '/survey/$personId/supporter',
  SupporterAndDecisionMaker: '/survey/$personId/supporter-and-decision-maker',
};

/** The survey kind of a person type; none for any other type (Platform, Anonymous, unknown). */
export function surveyKindOf(type: string | null | undefined): SurveyKind | undefined {
  return type === 'DecisionMaker' || type === 'Supporter' || type === 'SupporterAndDecisionMaker'
    ? type
    : undefined;
}
