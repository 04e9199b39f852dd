/**
 * The README's screenshots: the main screens at a tablet's 1024x768 and a
 * phone's 390x844, written to docs/screenshots/. Run on purpose only:
 * `SCREENSHOTS=1 npx playwright test tests/e2e/screenshots.spec.ts`.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { seedId } from '../../api/seed.ts';
import { expect, startSupporting, test } from './fixtures.ts';

const out = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../docs/screenshots');
const aroha = seedId('person:aroha');
const tea = seedId('preference:aroha:tea');
const sizes = [
  { name: 'tablet', width: 1024, height: 768 },
  { name: 'phone', width: 390, height: 844 },
] as const;

test.skip(!process.env.SCREENSHOTS, 'screenshots are taken on purpose (SCREENSHOTS=1)');

async function shoot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForTimeout(300); // fonts and the last frame
  for (const size of sizes) {
    await page.setViewportSize(size);
    await page.waitForTimeout(150);
    await page.screenshot({ path: path.join(out, `${name}-${size.name}.png`) });
  }
}

test('main screens', async ({ page, signIn, device }) => {
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await shoot(page, 'sign-in');

  await signIn('aroha@example.com');
  await page.goto(`/people/${aroha}`);
  await expect(page.getByRole('region', { name: 'Changed lately' })).toBeVisible();
  await shoot(page, 'home');

  await page.goto(`/people/${aroha}/preferences`);
  await expect(page.getByRole('list', { name: 'Preferences' })).toBeVisible();
  await shoot(page, 'library');

  await page.goto(`/people/${aroha}/preferences/${tea}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await shoot(page, 'preference');

  await page.goto(`/people/${aroha}/preferences/${tea}/edit`);
  await expect(page.getByLabel('Description')).toHaveAttribute('data-shared-text', 'ready');
  await shoot(page, 'edit');

  await page.goto(`/people/${aroha}/supporters`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await shoot(page, 'circle');

  // Aroha is on the edit page while Riley, supporting her, opens it too.
  await page.goto(`/people/${aroha}/preferences/${tea}/edit`);
  const { page: riley } = await device('riley@example.com');
  await startSupporting(riley, aroha);
  await riley.goto(`/people/${aroha}/preferences/${tea}/edit`);
  await expect(riley.getByLabel('Description')).toHaveAttribute('data-shared-text', 'ready');
  await riley.getByLabel('Description').focus();
  await expect(riley.getByRole('region', { name: 'Also here now' })).toBeVisible();
  await shoot(riley, 'support-session-edit');
});

test('the screens where choosing is hardest', async ({ page, signIn, newAccount }) => {
  await signIn('aroha@example.com');
  await page.goto(`/people/${aroha}/settings/details/edit`);
  await expect(page.getByRole('radio').first()).toBeVisible();
  await shoot(page, 'details');

  await page.goto(`/people/${aroha}/settings/history`);
  await expect(page.getByRole('radio', { name: 'Changes', exact: true })).toBeChecked();
  await shoot(page, 'history');

  await page.goto(`/survey/${aroha}/decision-maker?step=2`);
  await expect(page.getByRole('radio', { name: 'Yes', exact: true })).toBeVisible();
  await shoot(page, 'survey');

  const { email } = await newAccount('screens');
  const { personId } = await signIn(email);
  await page.goto(`/onboarding/${personId}?step=4`);
  await expect(page.getByRole('radio', { name: 'For myself', exact: true })).toBeVisible();
  await shoot(page, 'onboarding-role');
});

test('the handover of a visit', async ({ page, signIn, device }) => {
  const { personId: sam } = await signIn('sam@example.com');
  // Sam's last visit, and a note he left in it.
  await startSupporting(page, aroha);
  const note = await page.request.post(`/api/people/${aroha}/handover/notes`, {
    data: { body: "Aroha didn't sleep well; she'd like the window open tonight." },
  });
  expect(note.status()).toBe(201);
  await page.getByRole('link', { name: 'Finish session' }).click();
  await expect(page).toHaveURL(/\/supporting/);
  // Since then, Aroha changed her tea.
  const dm = await device('aroha@example.com');
  const changed = await dm.page.request.put(`/api/people/${aroha}/preferences/${tea}`, {
    data: { title: 'Green tea, no milk', feeling: 'like' },
  });
  expect(changed.status()).toBe(200);
  await page.goto(`/people/${sam}/supporting`);
  await expect(page.getByRole('region', { name: /Since your last visit/ })).toContainText(
    'Green tea, no milk',
  );
  await shoot(page, 'handover-since');
  // Ana's session opens with the note above the library.
  const ana = await device('ana@example.com');
  await startSupporting(ana.page, aroha);
  await ana.page.goto(`/people/${aroha}`);
  await expect(ana.page.getByRole('region', { name: 'Notes for the next visit' })).toContainText(
    'window open',
  );
  await shoot(ana.page, 'handover-notes');
});

test('easy read, the person’s own screens', async ({ page, signIn, device, sql }) => {
  // Riley looks at a private thing first, so that history has a look to tell.
  const riley = await device('riley@example.com');
  await startSupporting(riley.page, aroha);
  await riley.page.goto(`/people/${aroha}/preferences/${seedId('preference:aroha:medication')}`);
  await expect(riley.page.getByRole('heading', { level: 1 })).toBeVisible();
  await sql`update person set easy_read = true where id = ${aroha}`;
  await riley.page.reload();
  await expect(riley.page.getByText('Aroha uses easy read.')).toBeVisible();
  await shoot(riley.page, 'easy-read-supporter');

  await signIn('aroha@example.com');
  await page.goto(`/people/${aroha}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Hello, Aroha.' })).toBeVisible();
  await shoot(page, 'easy-read-home');

  await page.goto(`/people/${aroha}/preferences`);
  await expect(page.getByRole('heading', { level: 1, name: 'Your library' })).toBeVisible();
  await shoot(page, 'easy-read-library');

  await page.goto(`/people/${aroha}/preferences/${tea}`);
  await expect(page.getByRole('link', { name: 'Change this' })).toBeVisible();
  await shoot(page, 'easy-read-preference');

  await page.goto(`/people/${aroha}/settings/history`);
  await expect(page.getByText(/looked at/).first()).toBeVisible();
  await shoot(page, 'easy-read-history');

  await page.goto(`/survey/${aroha}/decision-maker?step=2`);
  await expect(page.getByRole('radio', { name: 'Yes', exact: true })).toBeVisible();
  await shoot(page, 'easy-read-check-in');

  await page.goto(`/people/${aroha}/profiles`);
  await page.getByRole('button', { name: 'Make the page' }).click();
  const pick = page.getByRole('group', { name: 'Preferences on this page' });
  for (const name of ['A cup of tea with milk, no sugar', 'A walk after lunch', 'Mushrooms'])
    await pick.getByRole('checkbox', { name }).check();
  await page.getByRole('button', { name: 'Save the page' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();
  // The preview is below the builder: the sheet itself is what is shown.
  const sheet = page.getByRole('article', { name: 'Aroha’s one-page profile' });
  await expect(sheet).toContainText('Mushrooms');
  for (const size of sizes) {
    await page.setViewportSize(size);
    await page.waitForTimeout(150);
    await sheet.screenshot({ path: path.join(out, `easy-read-profile-${size.name}.png`) });
  }
});
