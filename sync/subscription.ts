/**
 * Plans and subscriptions (spec §2 /settings/subscription, §3, §4, §6, §9;
 * docs/decisions/023-subscriptions-with-stripe.md).
 *
 * - Who sees a person's subscription: the person and their Administrator in
 *   a support session (permissions.ts readableSubscriptions), as for history.
 * - Who may change the plan: among those, the plan's administrator — whoever
 *   pays for a live subscription (`administratedById`, or the person when it
 *   is null). With no live subscription, the person's Administrator (spec §4:
 *   "only the administrator, or a person with no separate administrator"):
 *   a person whose Circle has an Administrator does not choose a plan
 *   themselves; whoever checks out becomes its administrator. Everyone else
 *   who sees the page sees the plans disabled, with the reason.
 * - The subscription row mirrors Stripe and is written by one system change,
 *   `subscription.settle`, which only the server's webhook handler runs
 *   (api/billing/webhook.ts); no browser can call it. Its row is the one
 *   source the limits read (plan-limits.ts planOf).
 */
import { defineQuery, type Row, type Transaction } from '@rocicorp/zero';
import { z } from 'zod';
import { SUBSCRIPTION_STATUSES } from '../schema/enums.ts';
import { zql } from '../schema/zero-schema.gen.ts';
import { defineChange, type HistoryEntry } from './change.ts';
import type { AuthContext } from './context.ts';
import { appError } from './errors.ts';
import { itemId } from './library-fields.ts';
import { shortName } from './names.ts';
import { isAdministrator, type LibraryAccess, readableSubscriptions } from './permissions.ts';

type Plan = Row['plan'];
type Subscription = Row['subscription'];

/** Subscription states in which its plan's limits apply; otherwise the default plan's do. */
export const LIVE_STATUSES = ['active', 'trialing', 'past_due'] as const;

export const isLive = (s: Pick<Subscription, 'status'> | null | undefined) =>
  s !== null && s !== undefined && (LIVE_STATUSES as readonly string[]).includes(s.status);

export const subscriptionMessages = {
  /** Spec §8: the upgrade button's alert when payments are not set up. */
  contactProvider: 'To upgrade your plan, please contact your provider.',
  /** Spec §8 default failure: Stripe could not be reached, nothing changed. */
  failed: 'Sorry, something went wrong.',
  onlyAdministrator: (name: string) =>
    `Only ${name} can change this plan, because they look after it.`,
  /** Said to a person whose Circle has an Administrator: that Administrator chooses the plan. */
  managedBy: (names: readonly string[]) => {
    const last = names.at(-1) ?? '';
    const list = (word: string) =>
      names.length > 1 ? `${names.slice(0, -1).join(', ')} ${word} ${last}` : last;
    return names.length > 1
      ? `${list('and')} manage your plan. Ask ${list('or')} to change it.`
      : `${last} manages your plan. Ask ${last} to change it.`;
  },
  noPermission: 'Only the person and their Administrator can see or change the plan.',
  /** Spec §4: a non-administrator in a session sees the plans disabled, with this reason. */
  notAdministrator: 'Only the person and their Administrator can change the plan.',
  unknownPlan: 'That plan does not exist.',
  freePlanChosen: 'The free plan needs no payment. To leave a paid plan, use Manage subscription.',
  samePlan: 'This is already the plan.',
  noBilling: 'There is no paid subscription to manage yet.',
  badProvider: 'That payment provider is not supported.',
  checkoutSuccess: 'Thank you! Your new plan is on its way and will show here in a moment.',
  checkoutCancelled: 'Nothing changed: the payment was cancelled.',
  /** History (no author: Stripe told us). */
  planNow: (plan: string) => `The plan is now ${plan}`,
  planEnded: (plan: string) => `The ${plan} plan ended; the free plan applies again`,
  paymentFailed: (plan: string) => `A payment for the ${plan} plan failed`,
} as const;

/** A plan's name with how it is billed: "Premium, paid monthly". */
export function planLabel(p: Pick<Plan, 'name' | 'duration' | 'isDefault'>): string {
  if (p.isDefault) return p.name;
  return `${p.name}, paid ${p.duration === 'Month' ? 'monthly' : 'yearly'}`;
}

/** Spec §9: the default plan first, then Month before the others; then by price. */
export function sortPlans<P extends Pick<Plan, 'isDefault' | 'duration' | 'priceCents' | 'id'>>(
  plans: readonly P[],
): P[] {
  const rank = (p: P) => (p.isDefault ? 0 : p.duration === 'Month' ? 1 : 2);
  return [...plans].sort(
    (a, b) => rank(a) - rank(b) || a.priceCents - b.priceCents || a.id.localeCompare(b.id),
  );
}

const GB = 1024 ** 3;

/**
 * Spec §9: storage in GB to 2 decimals, the percent used to 2 decimals.
 * Rounded half up in whole hundredths, so 1.005 GB is "1.01" (toFixed alone
 * rounds the binary number, and may say "1.00"). No limit: no percent.
 */
export function storageFigures(used: number, limit: number | null) {
  // Scaled to hundredths before dividing: bytes × 100 is a whole number and GB
  // a power of two, so the quotient is exact and only the rounding rounds.
  const print = (h: number) => (h / 100).toFixed(2);
  return {
    used: print(Math.round((used * 100) / GB)),
    limit: limit === null ? null : print(Math.round((limit * 100) / GB)),
    percent: limit === null || limit <= 0 ? null : print(Math.round((used * 10000) / limit)),
  };
}

/**
 * Who looks after `sub`'s plan: its payer while it is live (the person when
 * `administratedById` is null); nobody when there is no live subscription.
 */
export function planAdministratorId(sub: Subscription | null | undefined): string | null {
  if (!sub || !isLive(sub)) return null;
  return sub.administratedById ?? sub.personId;
}

/**
 * Whether `me`, with `access` to the person, may change their plan: they see
 * it (the person or their Administrator in a session) and no one else looks
 * after a live subscription; with none live, not the person themselves when
 * their Circle has an Administrator (`administrators`, circleAdministrators).
 */
export function mayChangePlan(
  access: LibraryAccess,
  me: string,
  sub: Subscription | null | undefined,
  administrators: readonly unknown[] = [],
): boolean {
  if (!isAdministrator(access)) return false;
  const admin = planAdministratorId(sub);
  if (admin !== null) return admin === me;
  return access.kind !== 'owner' || administrators.length === 0;
}

type Named = { knownAs: string | null; firstName: string | null };

/**
 * The person's separate administrators: the supporters whose link is at the
 * Administrator level, in the order they joined the Circle.
 */
export async function circleAdministrators(tx: Transaction, personId: string): Promise<Named[]> {
  const links = await tx.run(
    zql.supporterLink
      .where('supportedId', personId)
      .where('accessLevel', 'Administrator')
      .related('supporter')
      .orderBy('createdAt', 'asc'),
  );
  return links.flatMap((l) =>
    l.supporter ? [{ knownAs: l.supporter.knownAs, firstName: l.supporter.firstName }] : [],
  );
}

/**
 * The plans on offer (not the person's subscription): seen by whoever is in
 * the person's area, the person or any supporter in a session (spec §4: a
 * non-administrator sees the plans as disabled). Refused as noPermission
 * otherwise.
 */
export function assertSeesPlans(access: LibraryAccess) {
  if (access.kind === 'none') throw appError('forbidden', subscriptionMessages.noPermission);
}

/** Refused `forbidden` with the words of spec §6 unless `access` sees the plan (isAdministrator). */
export function assertSeesPlan(access: LibraryAccess) {
  if (!isAdministrator(access)) throw appError('forbidden', subscriptionMessages.noPermission);
}

/**
 * The server's check before a checkout or the billing portal: refused
 * `forbidden` with the reason when `me` may see but not change the plan, and
 * `forbidden` without one when they may not see it at all. Returns the
 * current subscription.
 */
export async function assertMayChangePlan(
  tx: Transaction,
  ctx: AuthContext,
  access: LibraryAccess,
  personId: string,
) {
  assertSeesPlan(access);
  const sub = await tx.run(
    zql.subscription.where('personId', personId).related('administratedBy').related('person').one(),
  );
  const administrators = await circleAdministrators(tx, personId);
  if (!mayChangePlan(access, ctx.personId, sub, administrators)) {
    throw appError('forbidden', planReason(sub, administrators));
  }
  return sub;
}

const nameOf = (who: Named | undefined) => shortName(who) || 'the person';

/**
 * Why someone who sees the plan may not change it: who looks after a live
 * one, else (`administrators`) the person's Administrators, who choose it.
 */
export function planReason(
  sub:
    | { status?: string; administratedBy?: Named | undefined; person?: Named | undefined }
    | null
    | undefined,
  administrators: readonly Named[] = [],
): string {
  const live = (LIVE_STATUSES as readonly string[]).includes(sub?.status ?? '');
  if (!live && administrators.length > 0) {
    return subscriptionMessages.managedBy(administrators.map(nameOf));
  }
  return subscriptionMessages.onlyAdministrator(nameOf(sub?.administratedBy ?? sub?.person));
}

export const subscriptionArgs = z.object({ personId: itemId });

export const subscriptionQueries = {
  /** The person's subscription with its plan and who looks after it (none: the free plan). */
  of: defineQuery(subscriptionArgs, ({ args, ctx }) =>
    readableSubscriptions(ctx)
      .where('personId', args.personId)
      .related('plan')
      .related('administratedBy')
      .one(),
  ),
};

/** What Stripe says a person's subscription is now (api/billing/webhook.ts). */
export const settleArgs = z.object({
  personId: itemId,
  planId: itemId,
  status: z.enum(SUBSCRIPTION_STATUSES),
  /** Unix ms; null when Stripe gave none. */
  currentPeriodEnd: z.number().int().nonnegative().nullable(),
  cancelAtPeriodEnd: z.boolean(),
  /** Who pays, when it is not the person (from the checkout's metadata). */
  administratedById: itemId.nullable(),
  /** A failed payment is said in the history even when the status did not move. */
  paymentFailed: z.boolean().default(false),
});

/**
 * The subscription row becomes what Stripe says it is now. A system change:
 * refused for any caller (no browser or REST caller may set a plan); the
 * webhook handler runs it with no context. Said in the history only when the
 * plan or its life changed, so a replayed or repeated state says nothing.
 */
export const settleSubscription = defineChange(settleArgs, async (tx, ctx, args) => {
  if (ctx || tx.location !== 'server') throw appError('forbidden');
  const plan = await tx.run(zql.plan.where('id', args.planId).one());
  if (!plan) throw appError('invalid', subscriptionMessages.unknownPlan);
  const before = await tx.run(zql.subscription.where('personId', args.personId).one());
  const row = {
    planId: args.planId,
    status: args.status,
    currentPeriodEnd: args.currentPeriodEnd,
    cancelAtPeriodEnd: args.cancelAtPeriodEnd,
    administratedById: args.administratedById === args.personId ? null : args.administratedById,
    updatedAt: Date.now(),
  };
  if (before) {
    await tx.mutate.subscription.update({ id: before.id, ...row });
  } else {
    await tx.mutate.subscription.insert({
      id: crypto.randomUUID(),
      personId: args.personId,
      createdAt: Date.now(),
      ...row,
    });
  }
  const entry = (message: string): HistoryEntry => ({
    personId: args.personId,
    type: 'Modify',
    relatedType: 'Subscription',
    relatedId: before?.id ?? args.personId,
    message,
  });
  const wasLive = isLive(before);
  const nowLive = isLive(args);
  if (args.paymentFailed) return entry(subscriptionMessages.paymentFailed(planLabel(plan)));
  if (nowLive && (!wasLive || before?.planId !== args.planId)) {
    return entry(subscriptionMessages.planNow(planLabel(plan)));
  }
  if (wasLive && !nowLive) return entry(subscriptionMessages.planEnded(planLabel(plan)));
  return undefined;
});

/** The subscription's changes: server-only (never given to mutatorsOf). */
export const subscriptionServerChanges = { settle: settleSubscription };

/** Web Crypto: a global in browsers and in Node 22 alike (sync/ is typed for neither). */
declare const crypto: { randomUUID(): string };
