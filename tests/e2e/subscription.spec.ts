/**
 * Plans and payments (spec §2 /settings/subscription, §4, §6, §8, §9),
 * on the real stack with payments set up against the local
 * Stripe stand-in (tests/e2e/global-setup.ts): its hosted Checkout and
 * Customer Portal pages are what the browser reaches, and its signed
 * webhooks change the plan, which every open tab shows live. Each test's
 * plans, Stripe customers and webhook events are put back afterwards
 * (tests/e2e/fixtures.ts).
 */
import type { Page } from '@playwright/test';
import type postgres from 'postgres';
import { seedId } from '../../api/seed.ts';
import { seriousViolations, smallTargets } from './axe.ts';
import { expect, failedRequest, startSupporting, test } from './fixtures.ts';
import type { E2EStack } from './global-setup.ts';
import { tabTo } from './keyboard.ts';

const aroha = seedId('person:aroha');
const ana = seedId('person:ana');
const tui = seedId('person:tui');
const tea = seedId('preference:aroha:tea');
const monthly = seedId('plan:premium-month');
const subscriptionPage = `/people/${aroha}/settings/subscription`;
const GB = 1024 ** 3;

/** This worker's stack: its Stripe stand-in is the one the stripe helpers below reach. */
let worker: E2EStack | undefined;
test.beforeEach(({ stack }) => {
  worker = stack;
});
function standIn(): E2EStack {
  if (!worker) throw new Error('no stack yet');
  return worker;
}

/** The stand-in's door in the global setup's process: its state, and an outage to switch. */
const stripe = {
  url: () => standIn().stripeUrl,
  async state(): Promise<{ outage: boolean; requests: number }> {
    const res = await fetch(`${standIn().stripeControlUrl}/state`);
    return (await res.json()) as { outage: boolean; requests: number };
  },
  async outage(on: boolean) {
    const res = await fetch(`${standIn().stripeControlUrl}/outage?on=${on}`, { method: 'PUT' });
    expect(res.status).toBe(200);
  },
};

const literal = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** The subscription page, with no `?outcome=` left in the address (the page takes it out). */
const onPage = new RegExp(`${literal(subscriptionPage)}$`);

// The stand-in's plain hosted pages have no icon; the browser asks for one (not ours).
test.use({
  allowedConsoleErrors: {
    'the Stripe stand-in has no favicon':
      /^console\.error: Failed to load resource: the server responded with a status of 404 .*\(http:\/\/127\.0\.0\.1:\d+\/favicon\.ico\)$/,
  },
});

/**
 * Aroha with no separate Administrator, so that she chooses her own plan: Ana's
 * link made Restricted for this test (the fixture puts it back afterwards).
 */
async function arohaAlone(sql: postgres.Sql) {
  await sql`update supporter_link set access_level = 'Restricted'
            where supporter_id = ${ana} and supported_id = ${aroha}`;
}

/** The page's parts. */
function parts(page: Page) {
  const plans = page.getByRole('list', { name: 'Plans to choose from' });
  return {
    current: page.getByRole('region', { name: 'Current plan' }),
    usage: page.getByRole('region', { name: 'What is used' }),
    plans,
    /** Each plan's card (the cards' own lists of limits aside). */
    cards: plans.locator(':scope > li'),
    card: (name: string) =>
      plans
        .locator(':scope > li')
        .filter({ has: page.getByRole('heading', { name, exact: true }) }),
  };
}

/** Chooses a paid plan and pays on the stand-in's Checkout page; back on the page, the plan is live. */
async function upgrade(page: Page, plan = 'Premium, paid monthly') {
  const p = parts(page);
  await page.getByRole('link', { name: `Choose ${plan}` }).click();
  await expect(page).toHaveURL(new RegExp(`^${literal(stripe.url())}/pay/cs_test_`));
  await page.getByRole('button', { name: 'Pay and subscribe' }).click();
  await expect(page).toHaveURL(onPage);
  await expect(page.getByRole('status').filter({ hasText: 'Thank you!' })).toHaveText(
    'Thank you! Your new plan is on its way and will show here in a moment.',
  );
  await expect(p.current).toContainText(plan);
  await expect(p.card(plan)).toContainText('Your current plan');
}

test('Aroha upgrades to Premium through Stripe Checkout; her Circle in another tab is no longer full, without a reload', async ({
  page,
  context,
  signIn,
  sql,
}) => {
  test.setTimeout(60_000);
  await arohaAlone(sql);
  await signIn('aroha@example.com');
  // Her Circle, open in one tab: full on the free plan, with the Upgrade link.
  await page.goto(`/people/${aroha}/supporters`);
  const full = page.getByRole('region', { name: 'Your Circle of Support is full!' });
  await expect(full).toBeVisible();
  await expect(full.getByRole('link', { name: 'Upgrade' })).toHaveAttribute(
    'href',
    subscriptionPage,
  );

  // The subscription page, in a second tab.
  const tab = await context.newPage();
  await tab.goto(subscriptionPage);
  const p = parts(tab);
  await expect(tab.getByRole('heading', { level: 1 })).toHaveText('Subscription');
  await expect(tab).toHaveTitle('Subscription – Preference Bank');
  await expect(p.current).toContainText('Free');
  await expect(p.current.getByRole('link', { name: 'Manage subscription' })).toHaveCount(0);
  // What is used: storage in GB and percent to 2 decimals, preferences, the Circle.
  const [counted] = await sql<
    { n: number }[]
  >`select count(*)::int as n from preference where person_id = ${aroha}`;
  const preferences = counted?.n ?? 0;
  await expect(p.usage.getByRole('meter', { name: 'Storage' })).toHaveAccessibleDescription(
    '0.00 GB of 3.00 GB (0.00%)',
  );
  await expect(p.usage.getByRole('definition')).toHaveText([
    '0.00 GB of 3.00 GB (0.00%)',
    String(preferences),
    '3 of 3',
  ]);
  // The plans, the default first, then Month; each with its price and limits.
  await expect(p.cards.getByRole('heading', { level: 3 })).toHaveText([
    'Free',
    'Premium, paid monthly',
    'Premium, paid yearly',
  ]);
  await expect(p.card('Free')).toContainText('Up to 3 supporters');
  await expect(p.card('Free')).toContainText('3 GB of storage');
  await expect(p.card('Free')).toContainText('Your current plan');
  await expect(p.card('Free').getByRole('link')).toHaveCount(0);
  await expect(p.card('Premium, paid monthly')).toContainText('NZ$9.00 a month');
  await expect(p.card('Premium, paid monthly')).toContainText('Any number of supporters');
  await expect(p.card('Premium, paid monthly')).toContainText('Unlimited storage');
  await expect(p.card('Premium, paid yearly')).toContainText('NZ$90.00 a year');

  await upgrade(tab);
  await expect(p.usage.getByRole('definition')).toHaveText([
    '0.00 GB used, no limit',
    String(preferences),
    '3, no limit',
  ]);
  await expect(p.usage.getByRole('meter')).toHaveCount(0);
  await expect(p.card('Free')).toContainText(
    'To go back to the free plan, cancel in Manage subscription.',
  );
  await expect(p.current.getByRole('link', { name: 'Manage subscription' })).toBeVisible();
  // The webhook wrote it: Aroha looks after her own plan.
  expect(
    await sql`select plan_id, status, administrated_by_id from subscription where person_id = ${aroha}`,
  ).toEqual([{ plan_id: monthly, status: 'active', administrated_by_id: null }]);

  // The first tab was never reloaded: the limit is lifted there too.
  await expect(full).toHaveCount(0);
  await expect(page.getByRole('list', { name: 'Supporters' }).getByRole('listitem')).toHaveCount(3);
  await expect(page.getByRole('link', { name: 'Invite someone' })).toBeVisible();
});

test('cancelling on the Checkout page comes back with "the payment was cancelled", still on Free', async ({
  page,
  signIn,
  sql,
}) => {
  await arohaAlone(sql);
  await signIn('aroha@example.com');
  await page.goto(subscriptionPage);
  const p = parts(page);
  await expect(p.card('Free')).toContainText('Your current plan');
  // By keyboard: the link to Checkout.
  await tabTo(page, page.getByRole('link', { name: 'Choose Premium, paid yearly' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`^${literal(stripe.url())}/pay/`));
  await page.getByRole('link', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(onPage);
  const said = page.getByRole('status').filter({ hasText: 'cancelled' });
  await expect(said).toHaveText('Nothing changed: the payment was cancelled.');
  // Said once, and given focus so that it is heard.
  await expect(said).toBeFocused();
  await expect(p.current).toContainText('Free');
  await expect(p.card('Free')).toContainText('Your current plan');
  expect(await sql`select 1 from subscription where person_id = ${aroha}`).toHaveLength(0);
  await page.reload();
  await expect(p.card('Free')).toContainText('Your current plan');
  await expect(page.getByText('Nothing changed: the payment was cancelled.')).toHaveCount(0);
});

test('a Stripe outage: back on the page with "Sorry, something went wrong.", still on Free', async ({
  page,
  signIn,
  sql,
}) => {
  await arohaAlone(sql);
  await signIn('aroha@example.com');
  await page.goto(subscriptionPage);
  const p = parts(page);
  await expect(p.card('Free')).toContainText('Your current plan');
  const before = (await stripe.state()).requests;
  await stripe.outage(true);
  try {
    await page.getByRole('link', { name: 'Choose Premium, paid monthly' }).click();
    await expect(page).toHaveURL(onPage);
    await expect(page.getByRole('alert')).toHaveText('Sorry, something went wrong.');
  } finally {
    await stripe.outage(false);
  }
  // Stripe was asked, and failed; nothing changed.
  expect((await stripe.state()).requests).toBeGreaterThan(before);
  await expect(p.current).toContainText('Free');
  await expect(p.card('Free')).toContainText('Your current plan');
  expect(await sql`select 1 from subscription where person_id = ${aroha}`).toHaveLength(0);
  expect(await sql`select 1 from private.billing_customer where person_id = ${aroha}`).toHaveLength(
    0,
  );
});

test('Manage subscription opens the Customer Portal; "Return to Preference Bank" comes back, and a cancellation there shows live', async ({
  page,
  signIn,
  sql,
}) => {
  test.setTimeout(60_000);
  await arohaAlone(sql);
  await signIn('aroha@example.com');
  await page.goto(subscriptionPage);
  await upgrade(page);
  const p = parts(page);

  await p.current.getByRole('link', { name: 'Manage subscription' }).click();
  await expect(page).toHaveURL(new RegExp(`^${literal(stripe.url())}/portal/bps_`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Stand-in Stripe Customer Portal',
  );
  await page.getByRole('link', { name: 'Return to Preference Bank' }).click();
  await expect(page).toHaveURL(onPage);
  await expect(p.current).toContainText('Premium, paid monthly');

  // Cancelling in the portal: Stripe tells the app, the page shows Free again.
  await p.current.getByRole('link', { name: 'Manage subscription' }).click();
  await page.getByRole('button', { name: 'Cancel subscription' }).click();
  await expect(page).toHaveURL(onPage);
  await expect(p.card('Free')).toContainText('Your current plan');
  await expect(p.usage.getByRole('definition').last()).toHaveText('3 of 3');
});

test('when someone else looks after the plan, the person sees the plans disabled with the reason; the Administrator may change them', async ({
  page,
  signIn,
  device,
  sql,
}) => {
  test.setTimeout(60_000);
  const ends = new Date(Date.now() + 20 * 86_400_000);
  await sql`insert into subscription (id, person_id, plan_id, administrated_by_id, status, current_period_end, cancel_at_period_end)
            values (${crypto.randomUUID()}, ${aroha}, ${monthly}, ${ana}, 'active', ${ends}, true)`;
  await signIn('aroha@example.com');
  await page.goto(subscriptionPage);
  const p = parts(page);
  await expect(p.current).toContainText('Premium, paid monthly');
  await expect(p.current).toContainText('Looked after by Ana');
  const date = new Intl.DateTimeFormat('en-NZ', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  }).format(ends);
  await expect(p.current).toContainText(`Ends on ${date}`);
  await expect(p.current.getByRole('link', { name: 'Manage subscription' })).toHaveCount(0);
  const reason = 'Only Ana can change this plan, because they look after it.';
  await expect(page.getByText(reason)).toBeVisible();
  for (const plan of ['Free', 'Premium, paid yearly']) {
    const choose = p.card(plan).getByRole('button', { name: `Choose ${plan}` });
    await expect(choose).toBeDisabled();
    await expect(choose).toHaveAccessibleDescription(reason);
  }
  await expect(p.card('Premium, paid monthly')).toContainText('Your current plan');
  await expect(page.getByRole('link', { name: /^Choose/ })).toHaveCount(0);
  // Reached by keyboard (its reason is read with it), it does nothing.
  const yearly = page.getByRole('button', { name: 'Choose Premium, paid yearly' });
  await tabTo(page, yearly);
  await page.keyboard.press('Enter');
  await yearly.click({ force: true });
  await expect(page).toHaveURL(onPage);
  expect(await seriousViolations(page), 'plans disabled').toEqual([]);

  // A payment fails: said live, without a reload.
  await sql`update subscription set status = 'past_due', updated_at = now() where person_id = ${aroha}`;
  await expect(p.current.getByRole('alert')).toHaveText(
    'A payment failed. Please update your card in Manage subscription.',
  );

  // Ana, her Administrator, in a support session: she may change the plan.
  const { page: ap } = await device('ana@example.com');
  await startSupporting(ap, aroha);
  await ap.goto(subscriptionPage);
  await expect(ap.getByRole('heading', { level: 1 })).toHaveText('Aroha’s subscription');
  await expect(ap.getByRole('link', { name: 'Choose Premium, paid yearly' })).toHaveAttribute(
    'href',
    `/api/people/${aroha}/subscriptions/plans/stripe/redirect?planId=${seedId('plan:premium-year')}`,
  );
  await expect(ap.getByText(reason)).toHaveCount(0);
});

test('a person with a separate Administrator sees the plans disabled: Ana chooses them; in a session, Ana may', async ({
  page,
  signIn,
  device,
}) => {
  await signIn('aroha@example.com');
  await page.goto(subscriptionPage);
  const p = parts(page);
  const reason = 'Ana manages your plan. Ask Ana to change it.';
  await expect(page.getByText(reason)).toBeVisible();
  await expect(p.current).toContainText('Free');
  await expect(p.card('Free')).toContainText('Your current plan');
  await expect(p.card('Free')).toHaveAttribute('aria-current', 'true');
  for (const plan of ['Premium, paid monthly', 'Premium, paid yearly']) {
    const choose = p.card(plan).getByRole('button', { name: `Choose ${plan}` });
    await expect(choose).toHaveAttribute('aria-disabled', 'true');
    await expect(choose).toHaveAccessibleDescription(reason);
  }
  await expect(page.getByRole('link', { name: /^Choose/ })).toHaveCount(0);
  // Reached by keyboard, it does nothing.
  const choice = page.getByRole('button', { name: 'Choose Premium, paid monthly' });
  await tabTo(page, choice);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(onPage);
  await expect(page.getByRole('alert')).toHaveCount(0);
  expect(await seriousViolations(page), 'plans disabled').toEqual([]);

  // Ana, her Administrator, in a support session: she chooses.
  const { page: ap } = await device('ana@example.com');
  await startSupporting(ap, aroha);
  await ap.goto(subscriptionPage);
  await expect(ap.getByRole('link', { name: 'Choose Premium, paid monthly' })).toHaveAttribute(
    'href',
    `/api/people/${aroha}/subscriptions/plans/stripe/redirect?planId=${monthly}`,
  );
  await expect(ap.getByText(reason)).toHaveCount(0);
});

test.describe('someone who does not administer the person', () => {
  test('sees her current plan marked, what she uses of it, and the plans disabled and why, with no refused request; a Supporter in their own area has no subscription page', async ({
    page,
    signIn,
  }) => {
    const { personId: sam } = await signIn('sam@example.com');
    await startSupporting(page, aroha);
    // The page asks only for what Sam may read: no request of it is refused.
    const refused: string[] = [];
    page.on('response', (r) => {
      if (r.status() >= 400) refused.push(`${r.status()} ${new URL(r.url()).pathname}`);
    });
    await page.goto(subscriptionPage);
    const p = parts(page);
    const reason = 'Only the person and their Administrator can change the plan.';
    await expect(page.getByText(reason)).toBeVisible();
    await expect(
      page.getByText('Aroha’s plan, what they use of it, and the plans to choose from.'),
    ).toBeVisible();
    await expect(p.cards.getByRole('heading', { level: 3 })).toHaveText([
      'Free',
      'Premium, paid monthly',
      'Premium, paid yearly',
    ]);
    // Her plan is marked, in words and for a screen reader; only that one.
    await expect(p.card('Free')).toContainText('Aroha’s current plan');
    await expect(p.card('Free')).toHaveAttribute('aria-current', 'true');
    await expect(p.plans.locator('[aria-current]')).toHaveCount(1);
    // Every other choice is there but does nothing, its reason read with it.
    const choices = p.plans.getByRole('button');
    await expect(choices).toHaveText([
      'Choose Premium, paid monthly',
      'Choose Premium, paid yearly',
    ]);
    for (const choice of await choices.all()) {
      await expect(choice).toHaveAttribute('aria-disabled', 'true');
      await expect(choice).toHaveAccessibleDescription(reason);
    }
    await expect(p.plans.getByRole('link')).toHaveCount(0);
    // What she uses of it: storage and her Circle against the plan's limits; not how many
    // preferences she has (Sam, General, does not see the Restricted ones).
    await expect(p.usage.getByRole('meter', { name: 'Storage' })).toHaveAccessibleDescription(
      '0.00 GB of 3.00 GB (0.00%)',
    );
    await expect(p.usage.getByRole('term')).toHaveText(['Storage', 'Supporters']);
    await expect(p.usage.getByRole('definition')).toHaveText([
      '0.00 GB of 3.00 GB (0.00%)',
      '3 of 3',
    ]);
    // Nothing of the subscription itself: who looks after it, its dates.
    await expect(p.current).toHaveCount(0);
    await expect(page.getByRole('alert')).toHaveCount(0);
    expect(refused).toEqual([]);
    // His own area: a Supporter has no plan; the page sends him home (his Circle).
    await page.goto(`/people/${sam}/settings/subscription`);
    await expect(page).toHaveURL(new RegExp(`/people/${sam}/supporting`));
  });
});

test('without payments set up, "Upgrade" and "Choose" say to contact the provider, and nothing calls Stripe', async ({
  page,
  signIn,
  sql,
}) => {
  await arohaAlone(sql);
  // The stack has payments; this browser is told it has none, as a deployment
  // without STRIPE_SECRET_KEY says (the session and the plan's `payments`).
  await page.route('**/api/session', async (route) => {
    const res = await route.fetch();
    await route.fulfill({ response: res, json: { ...(await res.json()), payments: false } });
  });
  await page.route(new RegExp(`/api/people/${aroha}/subscriptions$`), async (route) => {
    const res = await route.fetch();
    const body = await res.json();
    await route.fulfill({ response: res, json: { ...body, payments: false, canManage: false } });
  });
  await signIn('aroha@example.com');
  const before = (await stripe.state()).requests;
  await page.goto(`/people/${aroha}/supporters`);
  const full = page.getByRole('region', { name: 'Your Circle of Support is full!' });
  await full.getByRole('button', { name: 'Upgrade' }).click();
  await expect(full.getByRole('alert')).toHaveText(
    'To upgrade your plan, please contact your provider.',
  );

  await page.goto(subscriptionPage);
  const p = parts(page);
  await p
    .card('Premium, paid monthly')
    .getByRole('button', { name: 'Choose Premium, paid monthly' })
    .click();
  await expect(p.card('Premium, paid monthly').getByRole('alert')).toHaveText(
    'To upgrade your plan, please contact your provider.',
  );
  await expect(page).toHaveURL(onPage);
  expect((await stripe.state()).requests).toBe(before);
});

test.describe('a full Circle of Support', () => {
  test.use({
    allowedConsoleErrors: {
      'a fourth connection is refused on purpose': failedRequest(409, '/api/invites/'),
    },
  });

  test('refuses a fourth connection with "Your Circle of Support is full!"', async ({
    page,
    signIn,
    device,
    circle,
    sql,
  }) => {
    // Tui makes an invite link while she has a spot left; her Circle fills meanwhile.
    await signIn('tui@example.com');
    for (let i = 0; i < 2; i++) await circle.supporter(tui);
    const res = await page.request.post(`/api/people/${tui}/invites`, {
      data: { kind: 'Supporter', accessLevel: 'General' },
    });
    expect(res.status()).toBe(201);
    const { url } = (await res.json()) as { url: string };
    await circle.supporter(tui);
    await page.goto(`/people/${tui}/supporters`);
    await expect(
      page.getByRole('region', { name: 'Your Circle of Support is full!' }).getByRole('link', {
        name: 'Upgrade',
      }),
    ).toHaveAttribute('href', `/people/${tui}/settings/subscription`);

    const { page: riley, personId: rileyId } = await device('riley@example.com');
    await riley.goto(url);
    await riley.getByRole('button', { name: 'Accept Connection' }).click();
    await expect(riley.getByRole('alert')).toContainText('Your Circle of Support is full!');
    expect(
      await sql`select 1 from supporter_link where supported_id = ${tui} and supporter_id = ${rileyId}`,
    ).toHaveLength(0);
  });
});

test('a plan that keeps a number of preferences: adding one says the library is full, with Upgrade', async ({
  page,
  signIn,
  sql,
}) => {
  const [row] = await sql`select count(*)::int as n from preference where person_id = ${aroha}`;
  const n = Number(row?.n);
  // The plan table is not put back by the fixture: this test puts it back itself.
  await sql`update plan set preference_limit = ${n} where is_default`;
  try {
    await signIn('aroha@example.com');
    await page.goto(`/people/${aroha}/preferences/create`);
    const full = page.getByRole('region', { name: 'Your library is full!' });
    await expect(full).toContainText(
      `Your plan keeps up to ${n} preferences. Upgrade your plan to add more.`,
    );
    await full.getByRole('link', { name: 'Upgrade' }).click();
    await expect(page).toHaveURL(onPage);
  } finally {
    await sql`update plan set preference_limit = null where is_default`;
  }
});

test('the library prompts: full, then nearly full, each with Upgrade; a plan bought elsewhere lifts them live', async ({
  page,
  signIn,
  sql,
}) => {
  const setUsage = (bytes: number) =>
    sql`insert into private.media_usage (person_id, bytes) values (${aroha}, ${bytes})
        on conflict (person_id) do update set bytes = excluded.bytes`;
  await setUsage(3 * GB);
  await signIn('aroha@example.com');
  await page.goto(`/people/${aroha}/preferences/${tea}/media/create`);
  const full = page.getByRole('region', { name: 'Your library is full!' });
  await expect(full).toBeVisible();
  await full.getByRole('link', { name: 'Upgrade' }).click();
  await expect(page).toHaveURL(onPage);
  const p = parts(page);
  await expect(p.usage.getByRole('meter', { name: 'Storage' })).toHaveAccessibleDescription(
    '3.00 GB of 3.00 GB (100.00%)',
  );
  await expect(p.usage.getByRole('meter', { name: 'Storage' })).toHaveJSProperty('value', 100);

  await setUsage(Math.round(2.8 * GB));
  await page.goto(`/people/${aroha}/preferences/${tea}/media/create`);
  const nearly = page.getByRole('region', { name: 'Your library is nearly full!' });
  await expect(nearly).toBeVisible();
  await expect(nearly.getByRole('link', { name: 'Upgrade' })).toHaveAttribute(
    'href',
    subscriptionPage,
  );

  // Premium arrives (as the webhook writes it): the prompt goes, without a reload.
  await sql`insert into subscription (id, person_id, plan_id, status)
            values (${crypto.randomUUID()}, ${aroha}, ${monthly}, 'active')`;
  await expect(nearly).toHaveCount(0);
  // And the plan is what the subscription page says now.
  await page.goto(subscriptionPage);
  await expect(p.usage.getByRole('definition').first()).toHaveText('2.80 GB used, no limit');
  await expect(p.card('Premium, paid monthly')).toContainText('Your current plan');
});

test.describe('the usage figures failing', () => {
  test.use({
    allowedConsoleErrors: {
      'usage fails on purpose': failedRequest(500, `/api/people/${aroha}/subscriptions/usage`),
    },
  });

  test('say so, and the rest of the page is there', async ({ page, signIn, sql }) => {
    await arohaAlone(sql);
    await page.route('**/subscriptions/usage', (route) =>
      route.fulfill({ status: 500, json: { error: { code: 'internal', message: 'Boom' } } }),
    );
    await signIn('aroha@example.com');
    await page.goto(subscriptionPage);
    const p = parts(page);
    await expect(p.usage).toContainText('Usage is not available right now.');
    await expect(p.card('Free')).toContainText('Your current plan');
    await expect(page.getByRole('link', { name: 'Choose Premium, paid monthly' })).toBeVisible();
  });
});

test('the subscription page has no serious accessibility violations, 44 px targets and a visible focus', async ({
  page,
  signIn,
  sql,
}) => {
  await arohaAlone(sql);
  await signIn('aroha@example.com');
  await page.goto(`${subscriptionPage}?outcome=failed`);
  await expect(page.getByRole('alert')).toHaveText('Sorry, something went wrong.');
  await expect(parts(page).card('Free')).toContainText('Your current plan');
  expect(await seriousViolations(page), 'subscription page').toEqual([]);
  expect(await smallTargets(page, 'main a, main button, main input')).toBe('');
  const choose = page.getByRole('link', { name: 'Choose Premium, paid monthly' });
  await tabTo(page, choose);
  expect(await choose.evaluate((el) => getComputedStyle(el).outlineStyle)).not.toBe('none');
  // The menu leads here: Manage subscription, for the person herself.
  await page.goto(`/people/${aroha}/preferences`);
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('button', { name: 'Menu' })
    .click();
  await page
    .getByRole('dialog', { name: 'Menu' })
    .getByRole('link', { name: 'Manage subscription' })
    .click();
  await expect(page).toHaveURL(onPage);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Subscription');
});
