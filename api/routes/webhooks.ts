/** Stripe's webhook (ADR 023; api/billing/webhook.ts): POST /api/webhooks/stripe. */
import { Hono } from 'hono';
import type Stripe from 'stripe';
import { billingFor } from '../billing/stripe.ts';
import { eventSeen, handleEvent, webhookMessages } from '../billing/webhook.ts';
import type { AppDeps } from '../deps.ts';
import { Refusal } from '../errors.ts';

export function stripeWebhookRoutes(deps: AppDeps) {
  const { zdb, config } = deps;
  const billing = billingFor(config);

  return new Hono().post('/stripe', async (c) => {
    if (!billing) throw new Refusal(404, 'not_found', webhookMessages.notSetUp);
    const raw = await c.req.text();
    const signature = c.req.header('stripe-signature');
    let event: Stripe.Event;
    try {
      if (!signature) throw new Error('no signature');
      event = billing.stripe.webhooks.constructEvent(raw, signature, billing.webhookSecret);
    } catch {
      throw new Refusal(400, 'bad_signature', webhookMessages.badSignature);
    }
    if (await eventSeen(deps.sql, event.id))
      return c.json({ received: true, handled: false, note: 'already handled' });
    const outcome = await handleEvent(zdb, billing.stripe, event);
    if (!outcome.handled && outcome.note && outcome.note !== 'already handled') {
      console.warn(`billing: ${event.type} ${event.id}: ${outcome.note}`);
    }
    return c.json({ received: true, ...outcome });
  });
}
