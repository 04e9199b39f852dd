/**
 * The Stripe stand-in driven by the real `stripe` SDK (no network here): the
 * SDK's form encoding decoded, customers, Checkout Sessions, paying on the
 * hosted page, subscriptions, the Customer Portal, its errors and outage, and
 * the events it POSTs accepted by `stripe.webhooks.constructEvent` in a tiny
 * local webhook receiver.
 */
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import {
  decodeForm,
  STAND_IN_SECRET_KEY,
  STAND_IN_WEBHOOK_SECRET,
  type StripeStandIn,
  stripeStandIn,
} from './stripe.ts';

type Received = { header: string | undefined; raw: string; verified: boolean; type?: string };

let standIn: StripeStandIn;
let stripe: Stripe;
let receiver: Server;
const received: Received[] = [];
/** What the receiver answers after verifying (to simulate the app failing). */
let receiverStatus = 200;

const client = (key: string) =>
  new Stripe(key, {
    host: standIn.host,
    port: standIn.port,
    protocol: 'http',
    maxNetworkRetries: 0,
  });

beforeAll(async () => {
  standIn = await stripeStandIn();
  stripe = client(STAND_IN_SECRET_KEY);
  // The app's webhook endpoint, in miniature: raw body, verified with the SDK.
  receiver = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    const header = req.headers['stripe-signature'] as string | undefined;
    try {
      const event = stripe.webhooks.constructEvent(raw, header ?? '', STAND_IN_WEBHOOK_SECRET);
      received.push({ header, raw, verified: true, type: event.type });
      res.writeHead(receiverStatus).end('ok');
    } catch (e) {
      received.push({ header, raw, verified: false });
      res.writeHead(400).end((e as Error).message);
    }
  });
  receiver.listen(0, '127.0.0.1');
  await once(receiver, 'listening');
  standIn.webhookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/webhooks/stripe`;
});

afterAll(async () => {
  await standIn.close();
  receiver.closeAllConnections();
  await new Promise((resolve) => receiver.close(resolve));
});

beforeEach(() => {
  standIn.requests.length = 0;
  standIn.events.length = 0;
  standIn.deliveries.length = 0;
  standIn.outage = false;
  received.length = 0;
  receiverStatus = 200;
});

async function newCheckout(customer: string) {
  return stripe.checkout.sessions.create({
    mode: 'subscription',
    customer,
    line_items: [{ price: 'price_supporter', quantity: 1 }],
    success_url: 'http://app.test/billing/done?session={CHECKOUT_SESSION_ID}',
    cancel_url: 'http://app.test/billing',
    client_reference_id: 'person-1',
    metadata: { personId: 'person-1' },
    subscription_data: { metadata: { personId: 'person-1', plan: 'supporter' } },
  });
}

describe('form decoding', () => {
  test('bracket notation into nested objects, numeric indices into arrays', () => {
    expect(
      decodeForm(
        'a=1&metadata[personId]=p%201&line_items[1][price]=y&line_items[0][price]=x' +
          '&line_items[0][quantity]=2&subscription_data[metadata][x]=z&expand[0]=customer',
      ),
    ).toEqual({
      a: '1',
      metadata: { personId: 'p 1' },
      line_items: [{ price: 'x', quantity: '2' }, { price: 'y' }],
      subscription_data: { metadata: { x: 'z' } },
      expand: ['customer'],
    });
  });
});

describe('the API through the real SDK', () => {
  test('creates and retrieves a customer; requests are recorded decoded', async () => {
    const customer = await stripe.customers.create({
      email: 'mere@example.test',
      name: 'Mere Tane',
      metadata: { personId: 'person-1' },
    });
    expect(customer).toMatchObject({
      id: expect.stringMatching(/^cus_[A-Za-z0-9]{24}$/),
      object: 'customer',
      email: 'mere@example.test',
      name: 'Mere Tane',
      metadata: { personId: 'person-1' },
    });
    expect((await stripe.customers.retrieve(customer.id)).id).toBe(customer.id);
    expect(standIn.customers.get(customer.id)?.email).toBe('mere@example.test');
    expect(standIn.requests).toEqual([
      {
        method: 'POST',
        path: '/v1/customers',
        body: { email: 'mere@example.test', name: 'Mere Tane', metadata: { personId: 'person-1' } },
        authorized: true,
      },
      { method: 'GET', path: `/v1/customers/${customer.id}`, body: {}, authorized: true },
    ]);
  });

  test('a wrong key is refused (401), unknown ids are missing (404)', async () => {
    await expect(client('sk_test_wrong').customers.create({})).rejects.toMatchObject({
      type: 'StripeAuthenticationError',
      statusCode: 401,
      message: 'Invalid API Key provided',
    });
    expect(standIn.requests[0]?.authorized).toBe(false);
    await expect(stripe.subscriptions.retrieve('sub_nope')).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      statusCode: 404,
      code: 'resource_missing',
    });
    await expect(stripe.customers.retrieve('cus_nope')).rejects.toMatchObject({ statusCode: 404 });
  });

  test('a checkout session: the SDK encoding decoded, the hosted page named', async () => {
    const customer = await stripe.customers.create({ email: 'a@example.test' });
    const session = await newCheckout(customer.id);
    expect(session).toMatchObject({
      id: expect.stringMatching(/^cs_test_/),
      object: 'checkout.session',
      url: `${standIn.url}/pay/${session.id}`,
      status: 'open',
      payment_status: 'unpaid',
      customer: customer.id,
      mode: 'subscription',
      metadata: { personId: 'person-1' },
      client_reference_id: 'person-1',
      subscription: null,
    });
    expect(session).not.toHaveProperty('line_items');
    expect(standIn.requests.at(-1)?.body).toEqual({
      mode: 'subscription',
      customer: customer.id,
      line_items: [{ price: 'price_supporter', quantity: '1' }],
      success_url: 'http://app.test/billing/done?session={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://app.test/billing',
      client_reference_id: 'person-1',
      metadata: { personId: 'person-1' },
      subscription_data: { metadata: { personId: 'person-1', plan: 'supporter' } },
    });
    expect((await stripe.checkout.sessions.retrieve(session.id)).status).toBe('open');
  });

  test('refuses a session that is not a subscription, or has no price', async () => {
    const base = { success_url: 'http://app.test/ok', cancel_url: 'http://app.test/no' };
    await expect(
      stripe.checkout.sessions.create({
        ...base,
        mode: 'payment',
        line_items: [{ price: 'price_x', quantity: 1 }],
      }),
    ).rejects.toMatchObject({ type: 'StripeInvalidRequestError', statusCode: 400 });
    await expect(
      stripe.checkout.sessions.create({ ...base, mode: 'subscription' }),
    ).rejects.toMatchObject({ type: 'StripeInvalidRequestError', statusCode: 400 });
  });

  test('outage: every /v1 request answers 500', async () => {
    standIn.outage = true;
    await expect(stripe.customers.create({})).rejects.toMatchObject({
      type: 'StripeAPIError',
      statusCode: 500,
      message: 'Stand-in outage',
    });
    expect(standIn.requests).toHaveLength(1);
  });
});

describe('paying, the subscription and the portal', () => {
  test('the hosted checkout page, paying, two verified events in order, the redirect', async () => {
    const customer = await stripe.customers.create({ email: 'b@example.test' });
    const session = await newCheckout(customer.id);
    const url = session.url ?? '';

    const html = await (await fetch(url)).text();
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('<h1>Stand-in Stripe Checkout</h1>');
    expect(html).toContain('price_supporter');
    expect(html).toContain('<button type="submit">Pay and subscribe</button>');
    expect(html).toContain('<a href="http://app.test/billing">Cancel</a>');

    const paid = await fetch(url, { method: 'POST', redirect: 'manual' });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`http://app.test/billing/done?session=${session.id}`);

    expect(received.map((r) => [r.type, r.verified])).toEqual([
      ['customer.subscription.created', true],
      ['checkout.session.completed', true],
    ]);
    expect(standIn.events.map((e) => e.type)).toEqual([
      'customer.subscription.created',
      'checkout.session.completed',
    ]);
    const event = JSON.parse(received[1]?.raw ?? '{}');
    expect(event).toMatchObject({
      id: expect.stringMatching(/^evt_/),
      object: 'event',
      type: 'checkout.session.completed',
      livemode: false,
      api_version: Stripe.API_VERSION,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      data: { object: { id: session.id, status: 'complete', payment_status: 'paid' } },
    });
    expect(event.data.object).not.toHaveProperty('line_items');

    const completed = await stripe.checkout.sessions.retrieve(session.id);
    expect(completed).toMatchObject({ status: 'complete', payment_status: 'paid' });
    const subscription = await stripe.subscriptions.retrieve(String(completed.subscription));
    expect(subscription).toMatchObject({
      id: expect.stringMatching(/^sub_/),
      object: 'subscription',
      customer: customer.id,
      status: 'active',
      cancel_at_period_end: false,
      metadata: { personId: 'person-1', plan: 'supporter' },
    });
    const item = subscription.items.data[0];
    expect(item?.price.id).toBe('price_supporter');
    expect((item?.current_period_end ?? 0) - (item?.current_period_start ?? 0)).toBe(30 * 86400);

    // Paid once only.
    expect((await fetch(url, { method: 'POST', redirect: 'manual' })).status).toBe(400);
  });

  test('updating a subscription: cancel at period end, metadata merged', async () => {
    const customer = await stripe.customers.create({});
    const session = await newCheckout(customer.id);
    await fetch(session.url ?? '', { method: 'POST', redirect: 'manual' });
    const id = String(standIn.checkoutSessions.get(session.id)?.subscription);
    const updated = await stripe.subscriptions.update(id, {
      cancel_at_period_end: true,
      metadata: { plan: '', note: 'leaving' },
    });
    expect(updated.cancel_at_period_end).toBe(true);
    expect(updated.metadata).toEqual({ personId: 'person-1', note: 'leaving' });
    expect(standIn.subscriptions.get(id)?.cancel_at_period_end).toBe(true);
  });

  test('a failed delivery is recorded and the redirect still happens', async () => {
    receiverStatus = 500;
    const customer = await stripe.customers.create({});
    const session = await newCheckout(customer.id);
    const paid = await fetch(session.url ?? '', { method: 'POST', redirect: 'manual' });
    expect(paid.status).toBe(303);
    expect(standIn.deliveries.map((d) => d.status)).toEqual([500, 500]);
  });

  test('the portal: the subscription listed, cancelled, the event, back to the app', async () => {
    const customer = await stripe.customers.create({});
    const session = await newCheckout(customer.id);
    await fetch(session.url ?? '', { method: 'POST', redirect: 'manual' });
    const subscriptionId = String(standIn.checkoutSessions.get(session.id)?.subscription);
    received.length = 0;

    const portal = await stripe.billingPortal.sessions.create({
      customer: customer.id,
      return_url: 'http://app.test/billing',
    });
    expect(portal).toMatchObject({
      id: expect.stringMatching(/^bps_/),
      object: 'billing_portal.session',
      url: `${standIn.url}/portal/${portal.id}`,
      customer: customer.id,
      return_url: 'http://app.test/billing',
    });
    const html = await (await fetch(portal.url)).text();
    expect(html).toContain('<h1>Stand-in Stripe Customer Portal</h1>');
    expect(html).toContain(subscriptionId);
    expect(html).toContain('<button type="submit">Cancel subscription</button>');
    expect(html).toContain('<a href="http://app.test/billing">Return to Preference Bank</a>');

    const cancelled = await fetch(`${portal.url}/cancel`, {
      method: 'POST',
      body: new URLSearchParams({ subscription: subscriptionId }),
      redirect: 'manual',
    });
    expect(cancelled.status).toBe(303);
    expect(cancelled.headers.get('location')).toBe('http://app.test/billing');
    expect((await stripe.subscriptions.retrieve(subscriptionId)).status).toBe('canceled');
    expect(received.map((r) => [r.type, r.verified])).toEqual([
      ['customer.subscription.deleted', true],
    ]);
    expect(await (await fetch(portal.url)).text()).not.toContain('Cancel subscription</button>');
  });

  test('a portal session for an unknown customer is missing (404)', async () => {
    await expect(
      stripe.billingPortal.sessions.create({ customer: 'cus_nope', return_url: 'http://app.test' }),
    ).rejects.toMatchObject({ statusCode: 404, code: 'resource_missing' });
  });
});

describe('emit and send', () => {
  test('valid, tampered and missing signatures; a replay of the same bytes', async () => {
    const valid = await standIn.emit('invoice.paid', { id: 'in_1' }, { id: 'evt_fixed' });
    expect(valid).toMatchObject({ status: 200, eventId: 'evt_fixed' });
    expect(valid.header).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);

    const tampered = await standIn.emit('invoice.paid', { id: 'in_1' }, { signature: 'tampered' });
    expect(tampered.status).toBe(400);
    expect(tampered.payload).not.toBe(standIn.events[1]?.payload);
    expect(tampered.payload).toHaveLength(standIn.events[1]?.payload.length ?? 0);

    const unsigned = await standIn.emit('invoice.paid', { id: 'in_1' }, { signature: 'missing' });
    expect(unsigned).toMatchObject({ status: 400, header: undefined });
    expect(received.map((r) => r.verified)).toEqual([true, false, false]);
    expect(received[2]?.header).toBeUndefined();

    const first = standIn.events[0];
    expect(first?.id).toBe('evt_fixed');
    const replay = await standIn.send(first?.payload ?? '', first?.header);
    expect(replay.status).toBe(200);
    expect(received[3]?.raw).toBe(first?.payload);
  });

  test('no webhook URL, or an unreachable one: status 0, recorded', async () => {
    const url = standIn.webhookUrl;
    standIn.webhookUrl = 'http://127.0.0.1:9/unreachable';
    try {
      expect((await standIn.emit('ping', {})).status).toBe(0);
      standIn.webhookUrl = undefined;
      expect((await standIn.emit('ping', {})).status).toBe(0);
    } finally {
      standIn.webhookUrl = url;
    }
    expect(standIn.deliveries.map((d) => d.status)).toEqual([0, 0]);
  });
});
