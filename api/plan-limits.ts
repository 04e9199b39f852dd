import { and, count, eq, inArray } from 'drizzle-orm';
import { plan, subscription, supporterLink } from '../schema/index.ts';
import type { Db } from './db.ts';

/** Spec §8 upgrade prompts for the Circle of Support. */
export const circleLimitMessages = {
  full: 'Your Circle of Support is full!',
  oneLeft: 'You only have one spot left',
} as const;

type Reader = Pick<Db, 'select'>;

/** A subscription in these states gives its plan's limits; otherwise the default plan's apply. */
const LIVE = ['active', 'trialing', 'past_due'] as const;

/**
 * How many supporter connections `personId` may have and has: the plan of a live
 * subscription, else the default (free) plan. `limit` null = unlimited.
 */
export async function supporterSpots(tx: Reader, personId: string) {
  const [sub] = await tx
    .select({ limit: plan.supporterLimit })
    .from(subscription)
    .innerJoin(plan, eq(plan.id, subscription.planId))
    .where(and(eq(subscription.personId, personId), inArray(subscription.status, [...LIVE])))
    .limit(1);
  const [free] = sub
    ? []
    : await tx
        .select({ limit: plan.supporterLimit })
        .from(plan)
        .where(eq(plan.isDefault, true))
        .limit(1);
  const limit = sub ? sub.limit : (free?.limit ?? null);
  const [used] = await tx
    .select({ n: count() })
    .from(supporterLink)
    .where(eq(supporterLink.supportedId, personId));
  const taken = used?.n ?? 0;
  return { limit, taken, left: limit === null ? null : Math.max(0, limit - taken) };
}

export class CircleFullError extends Error {
  readonly code = 'circle_full';
  constructor() {
    super(circleLimitMessages.full);
  }
}

/** Throws CircleFullError (→ 409 with "Your Circle of Support is full!") when no spot is left. */
export async function assertSupporterSpot(tx: Reader, personId: string) {
  const spots = await supporterSpots(tx, personId);
  if (spots.left !== null && spots.left <= 0) throw new CircleFullError();
  return spots;
}
