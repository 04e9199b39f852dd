/**
 * The history feed a person can read: reached from the
 * menu, 10 at a time with More (10/10/5 while a change elsewhere writes a new
 * event: no duplicate, no gap), focus on what More brought, the groups, a
 * Supporter's look at a Restricted preference named on the person's feed,
 * and refused to anyone who does not administer the person.
 */
import { seedId } from '../../api/seed.ts';
import { seriousViolations } from './axe.ts';
import { expect, failedRequest, startSupporting, test } from './fixtures.ts';

const aroha = seedId('person:aroha');
const medication = seedId('preference:aroha:medication'); // Restricted

test('25 changes paged 10, 10 and 5 while a new one arrives; focus follows More; the groups', async ({
  page,
  context,
  newAccount,
  signIn,
  sql,
}) => {
  const { email } = await newAccount('history');
  const { personId } = await signIn(email);
  await sql`update app_user set wizard_completed_at = now() where person_id = ${personId}`;
  // Their own events so far (registration, sign-in) are not this test's.
  await sql`delete from history_event where person_id = ${personId}`;
  const base = Date.now() - 3_600_000;
  for (let i = 0; i < 25; i++) {
    await sql`insert into history_event (id, person_id, type, related_type, related_id, message, created_by, created_at)
      values (${crypto.randomUUID()}, ${personId}, 'Modify', 'Preference', ${crypto.randomUUID()},
              ${`Changed the preference “P${String(i).padStart(2, '0')}”`}, ${personId}, ${new Date(base + i * 1000)})`;
  }

  await page.goto(`/people/${personId}`);
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('button', { name: 'Menu' })
    .click();
  await page
    .getByRole('dialog', { name: 'Menu' })
    .getByRole('link', { name: 'My app history' })
    .click();
  await expect(page).toHaveURL(new RegExp(`/people/${personId}/settings/history$`));
  await expect(page.getByRole('heading', { level: 1, name: 'My app history' })).toBeVisible();
  // The changes, until the reader chooses otherwise (spec §7: Modify, Create, Delete).
  await expect(page.getByRole('radio', { name: 'Changes' })).toBeChecked();
  const items = page.getByRole('listitem');
  await expect(items).toHaveCount(10);
  await expect(items.first()).toContainText('You changed the preference “P24”');
  expect(await seriousViolations(page), 'history').toEqual([]);

  // A change made in another tab meanwhile writes a newer event.
  const other = await context.newPage();
  await other.goto(`/people/${personId}/settings/details/edit`);
  await other.getByLabel('First name').fill('Mere');
  await other.getByRole('button', { name: 'Save changes' }).click();
  await expect(other).toHaveURL(new RegExp(`/people/${personId}/settings/details$`));

  const more = page.getByRole('button', { name: 'More' });
  await more.press('Enter');
  await expect(items).toHaveCount(20);
  await expect(items.nth(10)).toBeFocused();
  await expect(
    page.getByRole('status').filter({ hasText: '10 more events shown.' }),
  ).toBeAttached();
  await more.click();
  await expect(items).toHaveCount(25);
  await expect(items.nth(20)).toBeFocused();
  await expect(page.getByText('That is everything.')).toBeVisible();
  await expect(more).toHaveCount(0);
  const shown = (await page.locator('.history-sentence').allTextContents()).map((s) => s.trim());
  expect(shown).toEqual(
    Array.from(
      { length: 25 },
      (_, i) => `You changed the preference “P${String(24 - i).padStart(2, '0')}”`,
    ),
  );

  // The next visit starts with the new event; the other group shows sign-ins.
  await page.reload();
  await expect(items.first()).toContainText('You changed personal details');
  await page.getByRole('radio', { name: 'Sign-ins and visits' }).check();
  await expect(items).toHaveCount(0);
  await expect(page.getByText('Nothing here yet.')).toBeVisible();
  await page.getByRole('radio', { name: 'Everything' }).check();
  await expect(page).toHaveURL(/\/settings\/history\?show=all$/);
  await expect(items).toHaveCount(10);
});

test('a Supporter who opens a Restricted preference is named on the person’s history', async ({
  page,
  signIn,
  device,
}) => {
  const riley = await device('riley@example.com');
  await startSupporting(riley.page, aroha);
  await riley.page.goto(`/people/${aroha}/preferences/${medication}`);
  await expect(
    riley.page.getByRole('heading', { level: 1, name: 'How I take my medication' }),
  ).toBeVisible();

  await signIn('aroha@example.com');
  await page.goto(`/people/${aroha}/settings/history?show=access`);
  await expect(
    page
      .getByRole('listitem')
      .filter({ hasText: 'Riley viewed “How I take my medication” (Restricted)' }),
  ).toHaveCount(1);
  await expect(
    page.getByRole('listitem').filter({ hasText: 'Riley started a support session' }).first(),
  ).toBeVisible();
});

test.describe('someone who does not administer the person', () => {
  test.use({
    allowedConsoleErrors: {
      'the feed is refused on purpose': failedRequest(403, `/api/people/${aroha}/access/events`),
    },
  });

  test('has no history in the menu, and the page says why', async ({ page, signIn }) => {
    await signIn('sam@example.com');
    await startSupporting(page, aroha);
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Menu' })
      .click();
    await expect(page.getByRole('link', { name: 'Personal details' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'My app history' })).toHaveCount(0);
    await page.goto(`/people/${aroha}/settings/history`);
    await expect(page.getByRole('alert')).toHaveText(
      'Only the person or their Administrator can read this history.',
    );
    await expect(page.getByRole('listitem')).toHaveCount(0);
  });
});
