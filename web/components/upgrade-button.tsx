import { useQuery } from '@rocicorp/zero/react';
import { getRouteApi, Link } from '@tanstack/react-router';
import { useState } from 'react';
import { queries } from '../../sync/queries.ts';
import { circleMessages } from '../messages/circle.ts';
import type { NavContext } from '../navigation/menu.ts';
import { useNavContext } from '../navigation/use-nav-context.ts';

const personArea = getRouteApi('/people/$personId');

/**
 * Whether the subscription page is there for this viewer of a person's area
 * (spec §2, §6): their administrator (the person, or an Administrator in a
 * support session), never a Supporter in their own area (useNavContext says
 * so already) nor in an iOS native shell. The server decides again.
 */
export function subscriptionPageFor(ctx: NavContext): boolean {
  return ctx.isAdministrator && !ctx.iosNative;
}

/**
 * The person's subscription as it is now, live (queries.subscription.of), as
 * one string that changes whenever the plan, its state or the row does: the
 * REST figures that depend on the plan (spots, storage, usage) are read
 * again when it changes, so an upgrade in another tab lifts the limits here
 * at once. "none" for the free plan, or for whoever may not see the plan.
 */
export function useSubscriptionVersion(personId: string): string {
  const [sub] = useQuery(queries.subscription.of({ personId }));
  return sub ? `${sub.planId} ${sub.status} ${sub.updatedAt}` : 'none';
}

/**
 * The Upgrade button of spec §8's prompts. With payments set up (the
 * session's `payments`) and the subscription page there for this viewer, a
 * link to that page; otherwise a button whose alert says to contact the
 * provider, as before payments existed.
 */
export function UpgradeButton({ personId }: { personId: string }) {
  const { session } = personArea.useRouteContext();
  const ctx = useNavContext(personId);
  const [asked, setAsked] = useState(false);
  if (session.payments && subscriptionPageFor(ctx)) {
    return (
      <Link className="button" to="/people/$personId/settings/subscription" params={{ personId }}>
        {circleMessages.upgrade}
      </Link>
    );
  }
  return (
    <>
      <button type="button" onClick={() => setAsked(true)}>
        {circleMessages.upgrade}
      </button>
      {asked ? (
        <p role="alert" className="alert">
          {circleMessages.upgradeAlert}
        </p>
      ) : null}
    </>
  );
}
