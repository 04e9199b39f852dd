/**
 * Subscriptions with Stripe (spec §2, §3, §4, §6, §7,
 * §9; ADR 023), against the real Stripe SDK pointed at a local stand-in
 * (api/billing/stripe-stand-in.ts) whose webhooks are signed with the SDK's
 * own test-header helper:
 *
 * - the plan permission matrix (the person, their Administrator in and out
 *   of a session, other supporters, strangers; the person while they have a
 *   separate Administrator, payments or not; and the person once someone
 *   else looks after the plan);
 * - checkout end to end: customer, session metadata, the webhook settling
 *   the row, limits lifted, the history;
 * - the webhook: valid, tampered, missing, replayed, out of order, a late
 *   event of an older subscription, an unknown price, a failed payment;
 * - a Stripe outage, and no Stripe at all;
 * - downgrading keeps every connection and blocks new ones; usage figures.
 */
import { serve } from '@hono/node-server';
import type { Transaction } from '@rocicorp/zero';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { freePort } from '../../api/dev/ports.ts';
import { DEMO_PRICES, seedId } from '../../api/seed.ts';
import { createZeroDb } from '../../api/zero/db-provider.ts';
import { mutators } from '../../sync/mutators.ts';
import { assertSupporterSpot } from '../../sync/plan-limits.ts';
import { queries } from '../../sync/queries.ts';
import { eventually, registerAndSignIn, type SignedIn } from '../harness/clients.ts';
import { db, sql, stack } from '../harness/db.ts';
import { type InProcessApi, inProcessApi } from '../harness/in-process.ts';
import { call, startSession } from '../harness/rest.ts';
import { client, serverResult } from '../harness/zero.ts';
import {
  STAND_IN_SECRET_KEY,
  STAND_IN_WEBHOOK_SECRET,
  type StripeStandIn,
  stripeStandIn,
} from '../stand-ins/stripe.ts';

const MONTH = seedId('plan:premium-month');
const YEAR = seedId('plan:premium-year');
const FREE = seedId('plan:free');

let standIn: StripeStandIn;
let api: InProcessApi;
let closeServer: () => void;
/** The API with Stripe set up (in this process, over the stack's database). */
let base: string;

/** The person whose plan is tested, their Administrator, a General supporter, a stranger. */
let person: SignedIn;
let admin: SignedIn;
let general: SignedIn;
let stranger: SignedIn;

type Json = Record<string, unknown> & { error?: { code: string; message: string } };

/** GET `/api${path}` as `who`, of the API with Stripe (or, given `url`, another). */
const get = (who: SignedIn | null, path: string, url = base) =>
  call(who, 'GET', `/api${path}`, undefined, { base: url });

async function link(supporter: SignedIn, supported: SignedIn, level: string) {
  await sql`insert into supporter_link (id, supporter_id, supported_id, access_level, created_by)
    values (${crypto.randomUUID()}, ${supporter.personId}, ${supported.personId}, ${level}, ${supported.personId})`;
}

/** The level of `supporter`'s link to `supported`. */
async function setLevel(supporter: SignedIn, supported: SignedIn, level: string) {
  await sql`update supporter_link set access_level = ${level}
    where supporter_id = ${supporter.personId} and supported_id = ${supported.personId}`;
}

async function subscriptionRow(personId: string) {
  const [row] = await sql<
    Array<{
      plan_id: string;
      status: string;
      administrated_by_id: string | null;
      updated_ms: number;
    }>
  >`select plan_id, status, administrated_by_id,
      (extract(epoch from updated_at) * 1000)::float8 as updated_ms
    from subscription where person_id = ${personId}`;
  return row;
}

/** Checks out `planId` for `personId` as `who` and pays on the stand-in's page; the subscription id. */
async function checkoutAndPay(who: SignedIn, personId: string, planId: string) {
  const go = await get(
    who,
    `/people/${personId}/subscriptions/plans/stripe/redirect?planId=${planId}`,
  );
  expect(go.status).toBe(303);
  expect(go.headers.get('location')).toMatch(new RegExp(`^${standIn.url}/pay/cs_`));
  const paid = await fetch(String(go.headers.get('location')), {
    method: 'POST',
    redirect: 'manual',
  });
  expect(paid.status).toBe(303);
  expect(paid.headers.get('location')).toMatch(
    new RegExp(
      `^${base}/people/${personId}/settings/subscription\\?outcome=success&session_id=cs_`,
    ),
  );
  const sessionId = /\/pay\/(cs_\w+)/.exec(String(go.headers.get('location')))?.[1] as string;
  return standIn.checkoutSessions.get(sessionId)?.subscription as string;
}

beforeAll(async () => {
  standIn = await stripeStandIn();
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  api = inProcessApi(stack.databaseUrl, {
    PUBLIC_URL: base,
    STRIPE_SECRET_KEY: STAND_IN_SECRET_KEY,
    STRIPE_WEBHOOK_SECRET: STAND_IN_WEBHOOK_SECRET,
    STRIPE_API_URL: standIn.url,
  });
  const server = serve({ fetch: api.app.fetch, port, hostname: '127.0.0.1' });
  closeServer = () => server.close();
  standIn.webhookUrl = `${base}/api/webhooks/stripe`;
  [person, admin, general, stranger] = await Promise.all([
    registerAndSignIn(stack.url, 'plan-person'),
    registerAndSignIn(stack.url, 'plan-admin'),
    registerAndSignIn(stack.url, 'plan-general'),
    registerAndSignIn(stack.url, 'plan-stranger'),
  ]);
  await sql`update person set known_as = 'Hemi', first_name = 'Hemi' where id = ${admin.personId}`;
  await link(admin, person, 'Administrator');
  await link(general, person, 'General');
});

afterAll(async () => {
  closeServer?.();
  await api?.close();
  await standIn?.close();
});

describe('who may see and change the plan', () => {
  test('the matrix: the person and their Administrator in a session; nobody else', async () => {
    const path = `/people/${person.personId}/subscriptions`;
    // The person sees their plan; with a separate Administrator, only Hemi changes it.
    const own = await get(person, path);
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({
      subscription: null,
      plan: { id: FREE, isDefault: true, supporterLimit: 3 },
      canChange: false,
      reason: 'Hemi manages your plan. Ask Hemi to change it.',
      payments: true,
      canManage: false,
    });
    for (const p of [`/plans/stripe/redirect?planId=${MONTH}`, '/stripe']) {
      const refused = await get(person, `${path}${p}`);
      expect(refused.status, p).toBe(403);
      expect(refused.body.error, p).toEqual({
        code: 'forbidden',
        message: 'Hemi manages your plan. Ask Hemi to change it.',
      });
    }
    // The Administrator, outside a session: no more than anyone else.
    expect((await get(admin, path)).status).toBe(403);
    const adminSession = await startSession(admin, person.personId);
    const generalSession = await startSession(general, person.personId);
    try {
      expect(await get(admin, path)).toMatchObject({ status: 200, body: { canChange: true } });
      const g = await get(general, path);
      expect(g.status).toBe(403);
      expect(g.body.error?.message).toBe(
        'Only the person and their Administrator can see or change the plan.',
      );
      for (const p of ['/usage', '/plans', `/plans/stripe/redirect?planId=${MONTH}`, '/stripe']) {
        if (!['/plans', '/usage'].includes(p)) {
          expect((await get(general, `${path}${p}`)).status, p).toBe(403);
        }
        expect((await get(stranger, `${path}${p}`)).status, p).toBe(403);
      }
      // A non-administrator in a session sees the plans on offer (shown disabled), which
      // applies now, and what is used of it, but not how many preferences there are
      // (a General supporter does not read the Restricted ones); nothing more.
      const offered = await get(general, `${path}/plans`);
      expect(offered.status).toBe(200);
      expect(offered.body.plans.map((p: { id: string }) => p.id)).toEqual([FREE, MONTH, YEAR]);
      expect(offered.body.currentPlanId).toBe(FREE);
      const used = await get(general, `${path}/usage`);
      expect(used.status).toBe(200);
      expect(used.body).toMatchObject({
        preferenceCount: null,
        supporterCount: 2,
        supporterLimit: 3,
        storage: { limit: '3.00' },
      });
      expect((await get(admin, `${path}/usage`)).body.preferenceCount).toBe(0);
    } finally {
      await adminSession.end();
      await generalSession.end();
    }
    expect((await get(stranger, path)).status).toBe(403);
    expect((await get(null, path)).status).toBe(401);
    // Not one call reached Stripe.
    expect(standIn.requests).toHaveLength(0);
  });

  test('plans sorted default first, then Month; usage in GB and percent to 2 decimals', async () => {
    const plans = await get(person, `/people/${person.personId}/subscriptions/plans`);
    expect((plans.body.plans as Array<{ id: string }>).map((p) => p.id)).toEqual([
      FREE,
      MONTH,
      YEAR,
    ]);
    // 90 % of 3 GB, and a little over: 2.70 GB of 3.00 GB.
    await sql`insert into private.media_usage (person_id, bytes)
      values (${person.personId}, ${Math.round(3 * 1024 ** 3 * 0.9) + 5_000_000})
      on conflict (person_id) do update set bytes = excluded.bytes`;
    try {
      const usage = await get(person, `/people/${person.personId}/subscriptions/usage`);
      expect(usage.body).toMatchObject({
        preferenceCount: 0,
        preferenceLimit: null,
        contentLengthTotalLimit: 3 * 1024 ** 3,
        supporterCount: 2,
        supporterLimit: 3,
        storage: { used: '2.70', limit: '3.00', percent: '90.16' },
      });
    } finally {
      await sql`delete from private.media_usage where person_id = ${person.personId}`;
    }
  });
});

describe('checkout, the webhook and the limits', () => {
  let firstSub: string;
  // The person chooses their own plan here: Hemi is not their Administrator meanwhile.
  beforeAll(() => setLevel(admin, person, 'Restricted'));
  afterAll(() => setLevel(admin, person, 'Administrator'));

  test('the person upgrades: Checkout, the signed webhook, the row, the history, the limits', async () => {
    firstSub = await checkoutAndPay(person, person.personId, MONTH);
    const customer = [...standIn.customers.values()].find(
      (c) => c.metadata.personId === person.personId,
    );
    expect(customer).toBeDefined();
    const session = [...standIn.checkoutSessions.values()].at(-1) as Record<string, unknown>;
    expect(session).toMatchObject({
      mode: 'subscription',
      customer: customer?.id,
      client_reference_id: person.personId,
      metadata: { personId: person.personId, planId: MONTH, administratedById: person.personId },
    });
    expect(session.line_items).toEqual([{ price: DEMO_PRICES.month, quantity: '1' }]);
    // The webhook was delivered before the redirect: the row is there.
    expect(await subscriptionRow(person.personId)).toMatchObject({
      plan_id: MONTH,
      status: 'active',
      administrated_by_id: null,
    });
    const state = await get(person, `/people/${person.personId}/subscriptions`);
    expect(state.body).toMatchObject({
      subscription: { planId: MONTH, status: 'active', live: true, administratedBy: null },
      plan: { id: MONTH, supporterLimit: null, contentLengthTotalLimit: null },
      canChange: true,
      canManage: true,
    });
    const [history] = await sql<Array<{ message: string; created_by: string | null }>>`
      select message, created_by from history_event
      where person_id = ${person.personId} and related_type = 'Subscription'`;
    expect(history).toEqual({ message: 'The plan is now Premium, paid monthly', created_by: null });
    const spots = await get(person, `/people/${person.personId}/supporters/spots`, stack.url);
    expect(spots.body).toMatchObject({ limit: null, left: null });
    // Choosing the plan that runs is refused; another paid plan goes to the portal.
    const same = await get(
      person,
      `/people/${person.personId}/subscriptions/plans/stripe/redirect?planId=${MONTH}`,
    );
    expect(same.status).toBe(400);
    const other = await get(
      person,
      `/people/${person.personId}/subscriptions/plans/stripe/redirect?planId=${YEAR}`,
    );
    expect(other.status).toBe(303);
    expect(other.headers.get('location')).toMatch(new RegExp(`^${standIn.url}/portal/bps_`));
    const portal = await get(person, `/people/${person.personId}/subscriptions/stripe`);
    expect(portal.headers.get('location')).toMatch(new RegExp(`^${standIn.url}/portal/bps_`));
    // The free plan needs no checkout; an unknown plan is refused.
    expect(
      (
        await get(
          person,
          `/people/${person.personId}/subscriptions/plans/stripe/redirect?planId=${FREE}`,
        )
      ).status,
    ).toBe(400);
    expect(
      (
        await get(
          person,
          `/people/${person.personId}/subscriptions/plans/stripe/redirect?planId=${crypto.randomUUID()}`,
        )
      ).status,
    ).toBe(400);
    expect(
      (
        await get(
          person,
          `/people/${person.personId}/subscriptions/plans/paypal/redirect?planId=${MONTH}`,
        )
      ).status,
    ).toBe(404);
  });

  test('someone else looks after the plan: the person sees it disabled, with the reason', async () => {
    await sql`update subscription set administrated_by_id = ${admin.personId} where person_id = ${person.personId}`;
    await setLevel(admin, person, 'Administrator');
    try {
      const own = await get(person, `/people/${person.personId}/subscriptions`);
      expect(own.body).toMatchObject({
        canChange: false,
        canManage: false,
        reason: 'Only Hemi can change this plan, because they look after it.',
        subscription: { administratedBy: { knownAs: 'Hemi' } },
      });
      const refused = await get(person, `/people/${person.personId}/subscriptions/stripe`);
      expect(refused.status).toBe(403);
      expect(refused.body.error?.message).toBe(own.body.reason);
      const s = await startSession(admin, person.personId);
      try {
        expect((await get(admin, `/people/${person.personId}/subscriptions`)).body).toMatchObject({
          canChange: true,
        });
      } finally {
        await s.end();
      }
    } finally {
      await sql`update subscription set administrated_by_id = null where person_id = ${person.personId}`;
      await setLevel(admin, person, 'Restricted');
    }
  });

  test('webhook signatures: tampered and missing are refused and change nothing; a replay changes nothing', async () => {
    const events = async () =>
      (await sql`select count(*)::int as n from private.billing_event`)[0]?.n;
    const before = await events();
    const row = await subscriptionRow(person.personId);
    const sub = standIn.subscriptions.get(firstSub);
    const delivered = [...standIn.events];
    for (const signature of ['tampered', 'missing'] as const) {
      const r = await standIn.emit('customer.subscription.updated', sub, { signature });
      expect(r.status, signature).toBe(400);
      expect(JSON.parse(r.body).error.code).toBe('bad_signature');
    }
    // A payload signed with another secret.
    const forged = await standIn.send(
      '{"id":"evt_forged","type":"customer.subscription.deleted"}',
      't=1,v1=abc',
    );
    expect(forged.status).toBe(400);
    expect(await events()).toBe(before);
    // Each event already handled, sent again exactly: nothing changes.
    for (const e of delivered) {
      const again = await standIn.send(e.payload, e.header);
      expect(again.status).toBe(200);
      expect(JSON.parse(again.body)).toMatchObject({ handled: false, note: 'already handled' });
    }
    expect(await subscriptionRow(person.personId)).toEqual(row);
    expect(await events()).toBe(before);
  });

  test('a failed payment: past due, said in the history, limits kept', async () => {
    const sub = standIn.subscriptions.get(firstSub);
    if (!sub) throw new Error('no subscription');
    sub.status = 'past_due';
    const r = await standIn.emit('invoice.payment_failed', {
      id: 'in_test_1',
      object: 'invoice',
      customer: sub.customer,
      parent: { type: 'subscription_details', subscription_details: { subscription: sub.id } },
    });
    expect(r.status).toBe(200);
    expect(await subscriptionRow(person.personId)).toMatchObject({
      status: 'past_due',
      plan_id: MONTH,
    });
    const messages = await sql`select message from history_event
      where person_id = ${person.personId} and related_type = 'Subscription' order by created_at`;
    expect(messages.map((m) => m.message)).toContain(
      'A payment for the Premium, paid monthly plan failed',
    );
    expect((await get(person, `/people/${person.personId}/subscriptions`)).body).toMatchObject({
      plan: { id: MONTH },
    });
    sub.status = 'active';
    await standIn.emit('customer.subscription.updated', sub);
    expect(await subscriptionRow(person.personId)).toMatchObject({ status: 'active' });
  });

  test('an unknown price is absorbed: recorded, answered 200, nothing changed', async () => {
    const sub = standIn.subscriptions.get(firstSub);
    if (!sub) throw new Error('no subscription');
    const row = await subscriptionRow(person.personId);
    const price = sub.items.data[0]?.price;
    if (!price) throw new Error('no price');
    price.id = 'price_nobody_knows';
    try {
      const r = await standIn.emit('customer.subscription.updated', sub);
      expect(r.status).toBe(200);
      expect(JSON.parse(r.body)).toMatchObject({ handled: false });
      expect(await subscriptionRow(person.personId)).toEqual(row);
      const [kept] = await sql`select 1 from private.billing_event where id = ${r.eventId}`;
      expect(kept).toBeDefined();
    } finally {
      price.id = DEMO_PRICES.month;
    }
  });

  test('out of order: an older event after a newer state reads the state as it is now', async () => {
    const sub = standIn.subscriptions.get(firstSub);
    if (!sub) throw new Error('no subscription');
    // Cancelled in Stripe; the deletion is told first, then a late "created".
    sub.status = 'canceled';
    expect((await standIn.emit('customer.subscription.deleted', sub)).status).toBe(200);
    expect(await subscriptionRow(person.personId)).toMatchObject({ status: 'canceled' });
    const staleCreated = { ...sub, status: 'active' };
    expect((await standIn.emit('customer.subscription.created', staleCreated)).status).toBe(200);
    expect(await subscriptionRow(person.personId)).toMatchObject({ status: 'canceled' });
    const ended = await sql`select message from history_event
      where person_id = ${person.personId} and related_type = 'Subscription' order by created_at desc limit 1`;
    expect(ended[0]?.message).toBe(
      'The Premium, paid monthly plan ended; the free plan applies again',
    );
    // Back on the free plan.
    const spots = await get(person, `/people/${person.personId}/supporters/spots`, stack.url);
    expect(spots.body).toMatchObject({ limit: 3 });
  });

  test('a late event of an older subscription does not end a newer one', async () => {
    const second = await checkoutAndPay(person, person.personId, YEAR);
    expect(second).not.toBe(firstSub);
    expect(await subscriptionRow(person.personId)).toMatchObject({
      plan_id: YEAR,
      status: 'active',
    });
    const old = standIn.subscriptions.get(firstSub);
    expect((await standIn.emit('customer.subscription.deleted', old)).status).toBe(200);
    expect(await subscriptionRow(person.personId)).toMatchObject({
      plan_id: YEAR,
      status: 'active',
    });
  });
});

describe('limits and downgrades', () => {
  test('a plan that keeps a number of preferences: one more is refused over REST and Zero, in words (drafts count); a plan without one lifts it', async () => {
    const owner = await registerAndSignIn(stack.url, 'plan-preferences');
    const prefs = `/api/people/${owner.personId}/preferences`;
    await sql`update plan set preference_limit = 2 where is_default`;
    try {
      const usage = await call(owner, 'GET', `/api/people/${owner.personId}/subscriptions/usage`);
      expect(usage.body).toMatchObject({ preferenceCount: 0, preferenceLimit: 2 });
      expect((await call(owner, 'POST', prefs, { title: 'Tea', status: 'Draft' })).status).toBe(
        201,
      );
      expect((await call(owner, 'POST', prefs, { title: 'Draft', status: 'Draft' })).status).toBe(
        201,
      );
      const refused = await call(owner, 'POST', prefs, { title: 'Coffee', status: 'Draft' });
      expect({ status: refused.status, error: refused.body.error }).toEqual({
        status: 409,
        error: {
          code: 'library_full',
          message:
            'Your library is full! Your plan keeps up to 2 preferences. Upgrade your plan to add more.',
        },
      });
      const z = client(owner);
      try {
        const zero = await serverResult(
          z,
          mutators.preference.create({
            id: crypto.randomUUID(),
            personId: owner.personId,
            title: 'Coffee',
            status: 'Draft',
          }),
        );
        expect(zero).toMatchObject({
          type: 'error',
          error: { message: expect.stringMatching(/^Your library is full!/) },
        });
      } finally {
        await z.close();
      }
      const count = async () =>
        (
          await sql`select count(*)::int as n from preference where person_id = ${owner.personId}`
        )[0]?.n;
      expect(await count()).toBe(2);
      // The default plan without a number: room again.
      await sql`update plan set preference_limit = null where is_default`;
      expect((await call(owner, 'POST', prefs, { title: 'Coffee', status: 'Draft' })).status).toBe(
        201,
      );
      expect(await count()).toBe(3);
    } finally {
      await sql`update plan set preference_limit = null where is_default`;
    }
  });

  test('a premium circle grows past 3; back on free it keeps everyone and takes nobody new', async () => {
    // The person is on Premium (yearly) from the tests above: two more supporters than free allows.
    const extra = await Promise.all([
      registerAndSignIn(stack.url, 'plan-extra-1'),
      registerAndSignIn(stack.url, 'plan-extra-2'),
      registerAndSignIn(stack.url, 'plan-extra-3'),
    ]);
    for (const e of extra) await link(e, person, 'General');
    const spots = await get(person, `/people/${person.personId}/supporters/spots`, stack.url);
    expect(spots.body).toMatchObject({ limit: null, taken: 5 });
    const current = [...standIn.subscriptions.values()].find(
      (s) => s.metadata.personId === person.personId && s.status === 'active',
    );
    if (!current) throw new Error('no live subscription');
    current.status = 'canceled';
    await standIn.emit('customer.subscription.deleted', current);
    const after = await get(person, `/people/${person.personId}/supporters/spots`, stack.url);
    expect(after.body).toMatchObject({ limit: 3, taken: 5, left: 0 });
    const links =
      await sql`select count(*)::int as n from supporter_link where supported_id = ${person.personId}`;
    expect(links[0]?.n).toBe(5);
    // A new invite for a supporter is refused with the prompt's words.
    const res = await call(person, 'POST', `/api/people/${person.personId}/invites`, {
      kind: 'Supporter',
      accessLevel: 'General',
    });
    const body = res.body as Json;
    expect({ status: res.status, code: body.error?.code, message: body.error?.message }).toEqual({
      status: 409,
      code: 'circle_full',
      message: 'Your Circle of Support is full!',
    });
  });
});

describe('the last spot', () => {
  test('two invites accepted at the same moment for the last spot: one connects, the other is told the circle is full', async () => {
    const owner = await registerAndSignIn(stack.url, 'plan-race');
    const two = await Promise.all([
      registerAndSignIn(stack.url, 'plan-race-a'),
      registerAndSignIn(stack.url, 'plan-race-b'),
    ]);
    for (const t of two) await link(t, owner, 'General');
    // One spot left: both invites may be made (a link is no connection yet).
    const invites: Array<{ id: string; token: string }> = [];
    for (let i = 0; i < 2; i++) {
      const made = await call(owner, 'POST', `/api/people/${owner.personId}/invites`, {
        kind: 'Supporter',
        accessLevel: 'General',
      });
      expect(made.status).toBe(201);
      const m = /\/invite\/([^/]+)\/([^/?#]+)$/.exec(String(made.body.url));
      invites.push({ id: m?.[1] as string, token: m?.[2] as string });
    }
    const takers = await Promise.all([
      registerAndSignIn(stack.url, 'plan-race-c'),
      registerAndSignIn(stack.url, 'plan-race-d'),
    ]);
    const answers = await Promise.all(
      takers.map((t, i) =>
        call(t, 'POST', `/api/invites/${invites[i]?.id}/accept`, { token: invites[i]?.token }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.status === 409)?.body.error).toEqual({
      code: 'circle_full',
      message: 'Your Circle of Support is full!',
    });
    const [n] =
      await sql`select count(*)::int as n from supporter_link where supported_id = ${owner.personId}`;
    expect(n?.n).toBe(3);
  });
});

describe('the spot check holds under concurrency', () => {
  test('a second connection counted while the first is still being made waits for it, then is refused', async () => {
    const zdb = createZeroDb(db);
    const owner = await registerAndSignIn(stack.url, 'plan-lock');
    const others = await Promise.all(
      [0, 1, 2, 3].map((i) => registerAndSignIn(stack.url, `plan-lock-${i}`)),
    );
    await link(others[0] as SignedIn, owner, 'General');
    await link(others[1] as SignedIn, owner, 'General');
    const connect1 = (tx: Transaction, who: SignedIn) =>
      tx.mutate.supporterLink.insert({
        id: crypto.randomUUID(),
        supporterId: who.personId,
        supportedId: owner.personId,
        accessLevel: 'General',
        createdAt: Date.now(),
        createdBy: owner.personId,
        updatedAt: Date.now(),
      });
    let release = () => {};
    const held = new Promise<void>((r) => {
      release = r;
    });
    let counted = () => {};
    const firstCounted = new Promise<void>((r) => {
      counted = r;
    });
    // The first takes the last spot and holds its transaction open.
    const first = zdb.transaction(async (tx) => {
      await assertSupporterSpot(tx, owner.personId);
      await connect1(tx, others[2] as SignedIn);
      counted();
      await held;
    });
    await firstCounted;
    const second = zdb.transaction(async (tx) => {
      await assertSupporterSpot(tx, owner.personId);
      await connect1(tx, others[3] as SignedIn);
    });
    // Long enough for the second to reach its count (and, with the lock, to wait there).
    await new Promise((r) => setTimeout(r, 300));
    release();
    const [a, b] = await Promise.allSettled([first, second]);
    expect(a.status).toBe('fulfilled');
    expect(b.status).toBe('rejected');
    expect(String((b as PromiseRejectedResult).reason)).toContain(
      'Your Circle of Support is full!',
    );
    const [n] =
      await sql`select count(*)::int as n from supporter_link where supported_id = ${owner.personId}`;
    expect(n?.n).toBe(3);
  });
});

describe('the synced subscription (what reaches a device)', () => {
  test('the person and their Administrator in a session read it, live; a General supporter never', async () => {
    const asPerson = client(person);
    const asAdmin = client(admin);
    const asGeneral = client(general);
    const adminSession = await startSession(admin, person.personId);
    const generalSession = await startSession(general, person.personId);
    try {
      const q = queries.subscription.of({ personId: person.personId });
      const own = await eventually(
        'the person reads their subscription',
        () => asPerson.run(q, { type: 'complete' }),
        (row) => row !== undefined,
      );
      expect(own).toMatchObject({ personId: person.personId, plan: { id: expect.any(String) } });
      const byAdmin = await eventually(
        'their Administrator reads it in a session',
        () => asAdmin.run(q, { type: 'complete' }),
        (row) => row !== undefined,
      );
      expect(byAdmin?.id).toBe(own?.id);
      expect(await asGeneral.run(q, { type: 'complete' })).toBeUndefined();
      // Live: a plan change reaches the open view without asking again.
      const view = asPerson.materialize(q);
      let seen: unknown;
      view.addListener((row) => {
        seen = row;
      });
      await sql`update subscription set plan_id = ${MONTH}, updated_at = now() where person_id = ${person.personId}`;
      await eventually(
        'the plan change reaches the open view',
        () => (seen as { planId?: string } | undefined)?.planId,
        (planId) => planId === MONTH,
      );
      view.destroy();
    } finally {
      await adminSession.end();
      await generalSession.end();
      await Promise.all([asPerson.close(), asAdmin.close(), asGeneral.close()]);
    }
  });
});

describe('faults', () => {
  test('Stripe down during checkout: back to the page with the failure, nothing changed', async () => {
    const other = await registerAndSignIn(stack.url, 'plan-outage');
    standIn.outage = true;
    try {
      const go = await get(
        other,
        `/people/${other.personId}/subscriptions/plans/stripe/redirect?planId=${MONTH}`,
      );
      expect(go.status).toBe(303);
      expect(go.headers.get('location')).toBe(
        `${base}/people/${other.personId}/settings/subscription?outcome=failed`,
      );
    } finally {
      standIn.outage = false;
    }
    expect(await subscriptionRow(other.personId)).toBeUndefined();
    const [customer] =
      await sql`select 1 from private.billing_customer where person_id = ${other.personId}`;
    expect(customer).toBeUndefined();
  });

  test('without Stripe keys: payments off, the redirect refuses in the spec words, Stripe never called', async () => {
    const calls = standIn.requests.length;
    // A person with no separate Administrator may choose a plan: payments are what is missing.
    const solo = await registerAndSignIn(stack.url, 'plan-solo');
    const state = await get(solo, `/people/${solo.personId}/subscriptions`, stack.url);
    expect(state.body).toMatchObject({ payments: false, canManage: false, canChange: true });
    const go = await get(
      solo,
      `/people/${solo.personId}/subscriptions/plans/stripe/redirect?planId=${MONTH}`,
      stack.url,
    );
    expect(go.status).toBe(503);
    expect(go.body.error?.message).toBe('To upgrade your plan, please contact your provider.');
    // Someone who may not change the plan is told that first, payments or not:
    // among them a person with a separate Administrator, and no live plan.
    const managed = await registerAndSignIn(stack.url, 'plan-managed');
    await link(admin, managed, 'Administrator');
    for (const path of [
      `/people/${managed.personId}/subscriptions/plans/stripe/redirect?planId=${MONTH}`,
      `/people/${managed.personId}/subscriptions/stripe`,
    ]) {
      const refused = await get(managed, path, stack.url);
      expect(refused.status, path).toBe(403);
      expect(refused.body.error, path).toEqual({
        code: 'forbidden',
        message: 'Hemi manages your plan. Ask Hemi to change it.',
      });
    }
    for (const who of [general, stranger]) {
      for (const path of [
        `/people/${person.personId}/subscriptions/plans/stripe/redirect?planId=${MONTH}`,
        `/people/${person.personId}/subscriptions/stripe`,
      ]) {
        expect((await get(who, path, stack.url)).status, path).toBe(403);
      }
    }
    const hook = await fetch(`${stack.url}/api/webhooks/stripe`, { method: 'POST', body: '{}' });
    expect(hook.status).toBe(404);
    expect(standIn.requests.length).toBe(calls);
  });
});
