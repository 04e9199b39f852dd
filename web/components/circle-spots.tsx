import { useEffect, useState } from 'react';
import type { SupporterSpots } from '../../sync/plan-limits.ts';
import { ApiError, call, client } from '../api-client.ts';
import { circleMessages } from '../messages/circle.ts';
import { messages } from '../messages.ts';
import { UpgradeButton, useSubscriptionVersion } from './upgrade-button.tsx';

type Spots = SupporterSpots;

type State =
  | { kind: 'loading' }
  | { kind: 'hidden' }
  | { kind: 'ready'; spots: Spots }
  | { kind: 'error'; message: string };

/**
 * Spec §8 upgrade prompts of the Circle of Support: "You only have one spot
 * left" and "Your Circle of Support is full!", each with the Upgrade button
 * (upgrade-button.tsx: the subscription page, or the alert that says to
 * contact the provider). Re-read whenever `taken` (the live number of links)
 * or the live subscription changes (a plan bought in another tab lifts the
 * limit here without a reload).
 */
export function CircleSpots({ personId, taken }: { personId: string; taken: number }) {
  const [state, setState] = useState<State>({ kind: 'loading' });
  const plan = useSubscriptionVersion(personId);

  useEffect(() => {
    let current = true;
    // `taken` and `plan` are dependencies on purpose: a link came or went, or
    // the plan changed, so the spots changed.
    void taken;
    void plan;
    call(client.people[':personId'].supporters.spots.$get({ param: { personId } })).then(
      (spots) => {
        if (current) setState({ kind: 'ready', spots });
      },
      (e: unknown) => {
        if (!current) return;
        // Only the person and their Administrator see the plan: nothing to show otherwise.
        if (e instanceof ApiError && (e.status === 403 || e.status === 404)) {
          setState({ kind: 'hidden' });
        } else {
          setState({
            kind: 'error',
            message: e instanceof ApiError ? e.message : messages.errors.generic,
          });
        }
      },
    );
    return () => {
      current = false;
    };
  }, [personId, taken, plan]);

  if (state.kind === 'error') {
    return (
      <p role="alert" className="alert">
        {state.message}
      </p>
    );
  }
  if (state.kind !== 'ready') return null;
  const { left } = state.spots;
  if (left === null || left > 1) return null;
  const text = left <= 0 ? circleMessages.full : circleMessages.oneLeft;
  return (
    <section className="card" aria-label={text}>
      <p style={{ marginTop: 0, fontWeight: 600 }}>{text}</p>
      <UpgradeButton personId={personId} />
    </section>
  );
}
