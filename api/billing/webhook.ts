/**
 * Stripe's webhook events (ADR 023), as POST /api/webhooks/stripe
 * (api/routes/webhooks.ts) hands them over.
 *
 * - The signature is checked on the raw body with the SDK
 *   (`webhooks.constructEvent`); a missing, bad or stale one is 400 and
 *   nothing is read from the body.
 * - Every event is handled once: its id is stored in private.billing_event in
 *   the same transaction as what it changed, so a replay (Stripe delivers at
 *   least once) changes nothing, and a failure stores nothing and Stripe
 *   retries.
 * - Order does not matter: an event only says which subscription to look at;
 *   its current state is read from Stripe and written as it is now. A late
 *   event of an older subscription that ended does not end a newer live one.
 * - What cannot be placed (a subscription of nobody here, a price that is no
 *   plan) is recorded, logged and answered 200: retrying would not help.
 */
import type Stripe from 'stripe';
import { SUBSCRIPTION_STATUSES, type SubscriptionStatus } from '../../schema/enums.ts';
import { applyChange } from '../../sync/change.ts';
import { isLive, settleSubscription } from '../../sync/subscription.ts';
import type { Sql } from '../db.ts';
import type { ZeroDb } from '../zero/db-provider.ts';

export const webhookMessages = {
  notSetUp: 'Payments are not set up here.',
  badSignature: 'The Stripe signature is missing or does not match.',
} as const;

export type Outcome = { handled: boolean; note?: string };

/** The subscription an event is about, if any. */
function subscriptionIdOf(event: Stripe.Event): string | undefined {
  const o = event.data.object as unknown as Record<string, unknown>;
  const idOf = (v: unknown) =>
    typeof v === 'string' ? v : v && typeof v === 'object' && 'id' in v ? String(v.id) : undefined;
  switch (event.type) {
    case 'checkout.session.completed':
      return idOf(o.subscription);
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
      return idOf(o.id);
    case 'invoice.payment_failed': {
      // Since API 2025-03: the invoice's parent names the subscription.
      const parent = o.parent as { subscription_details?: { subscription?: unknown } } | null;
      return idOf(parent?.subscription_details?.subscription) ?? idOf(o.subscription);
    }
    default:
      return undefined;
  }
}

/** Whether the event was handled before (a replay). */
export async function eventSeen(sql: Sql, id: string): Promise<boolean> {
  const [row] = [...(await sql`SELECT 1 FROM "private"."billing_event" WHERE "id" = ${id}`)];
  return row !== undefined;
}

/** Handles an event once: writes its subscription as Stripe says it is now, or notes why not. */
export async function handleEvent(
  zdb: ZeroDb,
  stripe: Stripe,
  event: Stripe.Event,
): Promise<Outcome> {
  const subId = subscriptionIdOf(event);
  const sub = subId ? await stripe.subscriptions.retrieve(subId) : undefined;
  const item = sub?.items.data[0];
  const priceId = item?.price.id;
  let outcome: Outcome = { handled: false, note: 'not an event this app uses' };
  await zdb.transaction(async (tx) => {
    const db = tx.dbTransaction;
    // First: a concurrent delivery of the same event waits here, then finds it taken.
    const [fresh] = [
      ...(await db.query(
        'INSERT INTO "private"."billing_event" ("id", "type", "processed_at") VALUES ($1, $2, now()) ON CONFLICT DO NOTHING RETURNING "id"',
        [event.id, event.type],
      )),
    ];
    if (!fresh) {
      outcome = { handled: false, note: 'already handled' };
      return;
    }
    if (!sub) return;
    const customerId = typeof sub.customer === 'string' ? sub.customer : sub.customer.id;
    const [customer] = [
      ...(await db.query(
        'SELECT "person_id", "stripe_subscription_id" FROM "private"."billing_customer" WHERE "stripe_customer_id" = $1 FOR UPDATE',
        [customerId],
      )),
    ] as Array<{ person_id: string; stripe_subscription_id: string | null }>;
    // The customer is the person's (made by the checkout route); metadata must agree.
    if (!customer || (sub.metadata.personId && sub.metadata.personId !== customer.person_id)) {
      outcome = { handled: false, note: `subscription ${sub.id} of no person here` };
      return;
    }
    const [price] = [
      ...(await db.query(
        'SELECT "plan_id" FROM "private"."billing_price" WHERE "stripe_price_id" = $1',
        [priceId ?? ''],
      )),
    ] as Array<{ plan_id: string }>;
    if (!price) {
      outcome = { handled: false, note: `price ${priceId ?? '(none)'} is no plan here` };
      return;
    }
    const status = (SUBSCRIPTION_STATUSES as readonly string[]).includes(sub.status)
      ? (sub.status as SubscriptionStatus)
      : 'incomplete';
    const live = isLive({ status });
    // A late event of an older subscription that has ended leaves the newer one be.
    const current = customer.stripe_subscription_id;
    if (current && current !== sub.id && !live) {
      outcome = { handled: false, note: `${sub.id} ended; ${current} is the current one` };
      return;
    }
    if (current !== sub.id) {
      await db.query(
        'UPDATE "private"."billing_customer" SET "stripe_subscription_id" = $1, "updated_at" = now() WHERE "stripe_customer_id" = $2',
        [sub.id, customerId],
      );
    }
    const payer = sub.metadata.administratedById;
    const [payerRow] = payer
      ? [...(await db.query('SELECT 1 FROM "person" WHERE "id" = $1', [payer]))]
      : [];
    const args = settleSubscription.args.parse({
      personId: customer.person_id,
      planId: price.plan_id,
      status,
      currentPeriodEnd: item?.current_period_end ? item.current_period_end * 1000 : null,
      cancelAtPeriodEnd: sub.cancel_at_period_end,
      administratedById: payerRow ? (payer ?? null) : null,
      paymentFailed: event.type === 'invoice.payment_failed',
    });
    // A system change (no caller): the row and its history in this transaction.
    await applyChange(settleSubscription, tx, undefined, args);
    outcome = { handled: true };
  });
  return outcome;
}
