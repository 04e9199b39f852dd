import { useEffect, useState } from 'react';
import type { SupporterSpots } from '../../sync/plan-limits.ts';
import { ApiError, call, client } from '../api-client.ts';
import { messages } from '../messages.ts';

type Spots = SupporterSpots;

type State =
  | { kind: 'loading' }
  | { kind: 'hidden' }
  | { kind: 'ready'; spots: Spots }
  | { kind: 'error'; message: string };

/**
 * Spec §8 upgrade prompts of the Circle of Support: "You only have one spot
 * left" and "Your Circle of Support is full!", each with an Upgrade button whose
 * alert says to contact the provider. Re-read whenever `taken` (the live number
 * of links) changes.
 */
export function CircleSpots({ personId, taken }: { personId: string; taken: number }) {
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [upgrade, setUpgrade] = useState(false);

  useEffect(() => {
    let current = true;
    // `taken` is a dependency on purpose: a link came or went, so the spots changed.
    void taken;
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
  }, [personId, taken]);

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
  const text = left <= 0 ? messages.circle.full : messages.circle.oneLeft;
  return (
    <section className="card" aria-label={text}>
      <p style={{ marginTop: 0, fontWeight: 600 }}>{text}</p>
      <button type="button" onClick={() => setUpgrade(true)}>
        {messages.circle.upgrade}
      </button>
      {upgrade ? (
        <p role="alert" className="alert">
          {messages.circle.upgradeAlert}
        </p>
      ) : null}
    </section>
  );
}
