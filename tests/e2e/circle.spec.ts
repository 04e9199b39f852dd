import { seedId } from '../../api/seed.ts';
import { seriousViolations, smallTargets } from './axe.ts';
import { expect, test } from './fixtures.ts';

const arohaId = seedId('person:aroha');
const tuiId = seedId('person:tui');
const samLink = seedId('link:sam->aroha');
const rileyLink = seedId('link:riley->aroha');

test('the Decision Maker views her Circle, changes a level, sees it, and restores it', async ({
  page,
  signIn,
  sql,
}) => {
  await signIn('aroha@example.com');
  await page.goto(`/people/${arohaId}/supporters`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('My Circle of Support');
  const list = page.getByRole('list', { name: 'Supporters' });
  await expect(list.getByRole('listitem')).toHaveCount(3);
  await expect(list.getByRole('link', { name: /Sam Tane/ })).toContainText('General');
  await expect(list.getByRole('link', { name: /Riley Parata/ })).toContainText('Restricted');
  await expect(list.getByRole('link', { name: /Ana Walker/ })).toContainText('Administrator');
  await expect(page.getByRole('link', { name: 'Invite someone' })).toHaveAttribute(
    'href',
    `/people/${arohaId}/supporters/invite`,
  );
  // Three of three spots on the free plan.
  await expect(page.getByText('Your Circle of Support is full!')).toBeVisible();

  await list.getByRole('link', { name: /Sam Tane/ }).click();
  await expect(page).toHaveURL(new RegExp(`/supporters/${samLink}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sam Tane');
  await expect(page.getByText('Access: General')).toBeVisible();
  await expect(page.getByText('In the Circle since 1 November 2026')).toBeVisible();

  await page.getByRole('link', { name: 'Edit' }).click();
  const group = page.getByRole('group', { name: 'Access level' });
  await expect(group.getByRole('radio')).toHaveCount(3);
  await expect(group.getByRole('radio', { name: 'General' })).toBeChecked();
  // Each level is explained by a sentence tied to its radio button.
  await expect(group.getByRole('radio', { name: 'Restricted' })).toHaveAccessibleDescription(
    /marked Restricted \(private\)/,
  );
  // Keyboard: arrow keys move through the group.
  await group.getByRole('radio', { name: 'General' }).focus();
  await page.keyboard.press('ArrowDown');
  await expect(group.getByRole('radio', { name: 'Restricted' })).toBeChecked();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(new RegExp(`/supporters/${samLink}$`));
  await expect(page.getByText('Access: Restricted')).toBeVisible();
  await expect
    .poll(async () => (await sql`select access_level from supporter_link where id = ${samLink}`)[0])
    .toEqual({ access_level: 'Restricted' });

  await page.getByRole('link', { name: 'Edit' }).click();
  await page.getByRole('radio', { name: 'General' }).check();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Access: General')).toBeVisible();
  await page.getByRole('link', { name: 'Back to the Circle of Support' }).click();
  await expect(
    page.getByRole('list', { name: 'Supporters' }).getByRole('link', { name: /Sam Tane/ }),
  ).toContainText('General');
});

test('a Supporter who supports one person lands on that person, and can still reach the list', async ({
  page,
  signIn,
}) => {
  const { personId } = await signIn('sam@example.com');
  await page.goto('/');
  await expect(page).toHaveURL(new RegExp(`/people/${personId}/supporting/${samLink}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Aroha Ngata');
  await expect(page.getByText('Your access: General')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Start a support session' })).toHaveAttribute(
    'href',
    `/people/${arohaId}/supporters/start`,
  );
  await page.getByRole('link', { name: 'All the people I support' }).click();
  await expect(page).toHaveURL(/\/supporting\?all=1$/);
  const list = page.getByRole('list', { name: 'People I support' });
  await expect(list.getByRole('link', { name: /Aroha Ngata/ })).toBeVisible();
  // No redirect back: the list stays.
  await page.waitForTimeout(300);
  await expect(page).toHaveURL(/\/supporting\?all=1$/);
});

test('a Supporter creates a profile on someone’s behalf: warning, form, and they are its Administrator', async ({
  page,
  signIn,
  sql,
}) => {
  const { personId } = await signIn('riley@example.com');
  await page.goto(`/people/${personId}/supporting/create`);
  await expect(page.getByRole('heading', { name: 'Before you create a profile' })).toBeVisible();
  await expect(page.getByText(/already have a profile/)).toBeVisible();
  await expect(page.getByText(/create their own profile, with your support/)).toBeVisible();
  // Cancel leaves without creating anything.
  await page.getByRole('link', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/supporting\?all=1$/);

  await page.goto(`/people/${personId}/supporting/create`);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Create a profile for someone' })).toBeFocused();
  // Required fields are checked before anything is sent.
  await page.getByRole('button', { name: 'Create profile' }).click();
  await expect(page.getByRole('alert')).toHaveText('Please enter your first name.');
  await page.getByLabel('First name').fill('Mere');
  await page.getByLabel('Last name').fill('Kingi');
  await expect(page.getByLabel('Known as (optional)')).toBeVisible();
  await page.getByRole('button', { name: 'Create profile' }).click();

  await expect(page).toHaveURL(new RegExp(`/people/${personId}/supporting/[0-9a-f-]{36}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Mere Kingi');
  await expect(page.getByText('Your access: Administrator')).toBeVisible();
  const [row] = await sql`select p.type, l.access_level from person p
                            join supporter_link l on l.supported_id = p.id
                            where p.first_name = 'Mere' and p.last_name = 'Kingi' and l.supporter_id = ${personId}`;
  expect(row).toEqual({ type: 'DecisionMaker', access_level: 'Administrator' });
});

test('the plan limit: one spot left at 2 connections, full at 3, each with Upgrade to the subscription page', async ({
  page,
  signIn,
  circle,
}) => {
  // Payments are set up in the end-to-end stack (a Stripe stand-in): Upgrade
  // leads to the plans. Without them it says to contact the provider
  // (subscription.spec.ts, "without payments set up").
  const subscriptionPage = `/people/${tuiId}/settings/subscription`;
  for (let i = 0; i < 2; i++) await circle.supporter(tuiId);
  await signIn('tui@example.com');
  await page.goto(`/people/${tuiId}/supporters`);
  await expect(page.getByRole('list', { name: 'Supporters' }).getByRole('listitem')).toHaveCount(2);
  const oneLeft = page.getByRole('region', { name: 'You only have one spot left' });
  await expect(oneLeft).toBeVisible();
  await expect(page.getByText('Your Circle of Support is full!')).toHaveCount(0);
  await expect(oneLeft.getByRole('link', { name: 'Upgrade' })).toHaveAttribute(
    'href',
    subscriptionPage,
  );

  // A third connection arrives while the page is open.
  await circle.supporter(tuiId);
  await expect(page.getByRole('list', { name: 'Supporters' }).getByRole('listitem')).toHaveCount(3);
  const full = page.getByRole('region', { name: 'Your Circle of Support is full!' });
  await expect(full).toBeVisible();
  await expect(page.getByText('You only have one spot left')).toHaveCount(0);
  await full.getByRole('link', { name: 'Upgrade' }).click();
  await expect(page).toHaveURL(new RegExp(`${subscriptionPage}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Subscription');
});

test('removing a supporter asks first: Cancel does nothing, Remove removes', async ({
  page,
  signIn,
  circle,
  sql,
}) => {
  const { linkId: link } = await circle.supporter(tuiId);
  await signIn('tui@example.com');
  await page.goto(`/people/${tuiId}/supporters/${link}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Helper1 Test');
  const remove = page.getByRole('button', { name: 'Remove from my Circle' });
  await remove.click();
  const dialog = page.getByRole('dialog', {
    name: 'Remove Helper1 Test from the Circle of Support?',
  });
  await expect(dialog).toBeVisible();
  await expect(remove).toBeDisabled();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(remove).toBeEnabled();
  expect(await sql`select 1 from supporter_link where id = ${link}`).toHaveLength(1);

  await remove.click();
  await dialog.getByRole('button', { name: 'Remove', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/people/${tuiId}/supporters$`));
  await expect(page.getByText(/Nobody is in this Circle of Support yet/)).toBeVisible();
  await expect
    .poll(async () => (await sql`select 1 from supporter_link where id = ${link}`).length)
    .toBe(0);
});

test('a Supporter removes a connection from their side and goes back to the people they support', async ({
  page,
  signIn,
  circle,
  sql,
}) => {
  const { personId } = await signIn('riley@example.com');
  const link = await circle.link(personId, tuiId);
  await page.goto(`/people/${personId}/supporting?all=1`);
  await expect(
    page.getByRole('list', { name: 'People I support' }).getByRole('listitem'),
  ).toHaveCount(2);
  await page.getByRole('link', { name: /Tui Brown/ }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Tui Brown');
  await page.getByRole('button', { name: 'Remove this connection' }).click();
  await page
    .getByRole('dialog', { name: 'Remove your link with Tui Brown?' })
    .getByRole('button', { name: 'Remove', exact: true })
    .click();
  // Back to /supporting, which now has one person: Riley lands on Aroha.
  await expect(page).toHaveURL(new RegExp(`/people/${personId}/supporting/${rileyLink}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Aroha Ngata');
  expect(await sql`select 1 from supporter_link where id = ${link}`).toHaveLength(0);
});

test('the Circle pages have no serious or critical accessibility violations and 44 px targets', async ({
  page,
  signIn,
  device,
}) => {
  await signIn('aroha@example.com');
  await page.goto(`/people/${arohaId}/supporters`);
  await expect(page.getByRole('list', { name: 'Supporters' }).getByRole('listitem')).toHaveCount(3);
  await expect(page.getByRole('link', { name: 'Upgrade' })).toBeVisible();
  expect(await seriousViolations(page), '/supporters').toEqual([]);
  expect(await smallTargets(page), '/supporters').toBe('');

  await page.goto(`/people/${arohaId}/supporters/${rileyLink}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Riley Parata');
  expect(await seriousViolations(page), '/supporters/{id}').toEqual([]);
  await page.getByRole('button', { name: 'Remove from my Circle' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  expect(await seriousViolations(page), 'remove dialog').toEqual([]);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  await page.goto(`/people/${arohaId}/supporters/${rileyLink}/edit`);
  await expect(page.getByRole('group', { name: 'Access level' })).toBeVisible();
  expect(await seriousViolations(page), '/supporters/{id}/edit').toEqual([]);

  const { page: sp, personId } = await device('sam@example.com');
  await sp.goto(`/people/${personId}/supporting/${samLink}`);
  await expect(sp.getByRole('heading', { level: 1 })).toHaveText('Aroha Ngata');
  expect(await seriousViolations(sp), '/supporting/{id}').toEqual([]);
  expect(await smallTargets(sp), '/supporting/{id}').toBe('');
  const start = sp.getByRole('link', { name: 'Start a support session' });
  await start.focus();
  expect(await start.evaluate((el) => getComputedStyle(el).outlineStyle)).not.toBe('none');
});
