/**
 * Plan limits (spec §8): how many supporter connections a person may have.
 * A rule for every caller: the changes that add a supporter (a profile made
 * on someone's behalf, an accepted invite) refuse a full Circle on the server
 * with `circle_full`; the interface shows the same spots (GET
 * /people/{personId}/supporters/spots) to prompt an upgrade.
 */
import type { Transaction } from '@rocicorp/zero';
import { zql } from '../schema/zero-schema.gen.ts';
import { appError } from './errors.ts';

/** Spec §8 upgrade prompts for the Circle of Support. */
export const circleLimitMessages = {
  full: 'Your Circle of Support is full!',
  oneLeft: 'You only have one spot left',
} as const;

/** A subscription in these states gives its plan's limits; otherwise the default plan's apply. */
const LIVE = ['active', 'trialing', 'past_due'] as const;

export type SupporterSpots = { limit: number | null; taken: number; left: number | null };

/**
 * How many supporter connections `personId` may have and has: the plan of a
 * live subscription, else the default (free) plan. `limit` null = unlimited.
 */
export async function supporterSpots(tx: Transaction, personId: string): Promise<SupporterSpots> {
  const sub = await tx.run(
    zql.subscription
      .where('personId', personId)
      .where('status', 'IN', [...LIVE])
      .related('plan')
      .one(),
  );
  const plan = sub ? sub.plan : await tx.run(zql.plan.where('isDefault', true).one());
  const limit = plan?.supporterLimit ?? null;
  const taken = (await tx.run(zql.supporterLink.where('supportedId', personId))).length;
  return { limit, taken, left: limit === null ? null : Math.max(0, limit - taken) };
}

/** Refuses (`circle_full`, 409) when `personId` has no supporter spot left. */
export async function assertSupporterSpot(tx: Transaction, personId: string) {
  const spots = await supporterSpots(tx, personId);
  if (spots.left !== null && spots.left <= 0) {
    throw appError('circle_full', circleLimitMessages.full);
  }
  return spots;
}

/** The upgrade prompt for these spots: full, one left, or none. */
export function spotsMessage(s: SupporterSpots): string | null {
  if (s.left === null) return null;
  if (s.left <= 0) return circleLimitMessages.full;
  return s.left === 1 ? circleLimitMessages.oneLeft : null;
}
