/**
 * The guards and search of the onboarding, invite-onboarding and survey
 * routes, apart from the wizards themselves: a route's `beforeLoad` and
 * `validateSearch` are loaded with the app, its component only when opened,
 * so keeping these here keeps the wizards (and what they import) out of the
 * first load.
 */
import { redirect } from '@tanstack/react-router';
import { numericStep } from '../../sync/validation-rules.ts';
import { type SurveyRoute, surveyKindOf, surveyRouteOf } from '../components/survey-routes.ts';
import { forgetSession, requireSignIn } from '../session.ts';
import { searchOf } from './search-params.ts';

export type OnboardingRoute =
  | '/onboarding/$personId'
  | '/onboarding/$personId/decision-maker'
  | '/onboarding/$personId/supporter'
  | '/onboarding/$personId/supporter-and-decision-maker';

/** The search of every onboarding and survey route: the step, numeric, else undefined (spec §5). */
export const onboardingSearch = searchOf({ step: numericStep });

/**
 * The search of the check-in of someone with both roles: the step, and which
 * of a role's three sentences it shows (`sentence`, numeric, else the first),
 * one at a time as for one role, each a page of its own.
 */
export const bothSurveySearch = searchOf({ step: numericStep, sentence: numericStep });

export type InviteOnboardingRoute =
  | '/invite-onboarding/$personId'
  | '/invite-onboarding/$personId/decision-maker';

/** Signed in, and one's own onboarding: another person's id goes to one's own. */
export function onboardingGuard(to: OnboardingRoute | InviteOnboardingRoute) {
  return async ({ params }: { params: { personId: string } }) => {
    const session = await requireSignIn();
    if (params.personId !== session.person.id) {
      throw redirect({ to, params: { personId: session.person.id } });
    }
    return { session };
  };
}

/**
 * Signed in, onboarding done, and one's own survey of one's own type: another
 * person's id goes to `/`, another type's survey to one's own, and a type
 * with no survey (Platform, Anonymous) to `/`. The survey lives outside the
 * person area, so it starts the sync client itself, as that area does.
 */
export function surveyGuard(route: SurveyRoute) {
  return async ({ params }: { params: { personId: string } }) => {
    const zeroModule = import('../zero.ts');
    zeroModule.catch(() => {});
    let session = await requireSignIn();
    // The role may have changed since the session was fetched (personal
    // details): the session is asked for again before sending anyone elsewhere.
    const routeOf = (type: string) => {
      const k = surveyKindOf(type);
      return k ? surveyRouteOf[k] : undefined;
    };
    if (routeOf(session.person.type) !== route) {
      forgetSession();
      session = await requireSignIn();
    }
    const me = session.person.id;
    if (session.user.wizardCompletedAt === null && session.person.type !== 'Anonymous') {
      throw redirect({ to: '/onboarding/$personId', params: { personId: me } });
    }
    if (params.personId !== me) throw redirect({ to: '/' });
    const kind = surveyKindOf(session.person.type);
    if (!kind) throw redirect({ to: '/' });
    if (surveyRouteOf[kind] !== route) {
      throw redirect({ to: surveyRouteOf[kind], params: { personId: me } });
    }
    const { zeroFor, outboxOf } = await zeroModule;
    const zero = zeroFor(session);
    // Changes kept from an earlier page are applied before any screen reads.
    await outboxOf(zero).ready;
    return { session, zero, kind };
  };
}
