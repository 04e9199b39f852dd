/**
 * One-page profiles: built from the live library, shared by
 * a link a signed-out browser opens without the bar, and gone the moment the
 * link is revoked: "This page is no longer shared" and nothing else.
 */
import { seedId } from '../../api/seed.ts';
import { seriousViolations, smallTargets } from './axe.ts';
import { expect, failedRequest, test } from './fixtures.ts';

const arohaId = seedId('person:aroha');
const tea = 'A cup of tea with milk, no sugar';

test.use({
  allowedConsoleErrors: {
    'a link no longer shared is answered 410': failedRequest(410, '/api/shared-profiles/'),
  },
});

test('the Decision Maker builds a one-page profile, shares it, a signed-out browser reads it, and revoking ends it there at once', async ({
  page,
  signIn,
  device,
  sql,
}) => {
  await signIn('aroha@example.com');
  await page.goto(`/people/${arohaId}`);
  await page.getByRole('link', { name: 'One-page profiles' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('One-page profiles');
  await expect(page.getByText('There are no one-page profiles yet.')).toBeVisible();
  const purpose = page.getByRole('group', { name: 'What is it for?' });
  await expect(purpose.getByRole('radio', { name: 'A hospital stay' })).toBeChecked();
  await page.getByRole('button', { name: 'Make the page' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('About me for my hospital stay');

  const pick = page.getByRole('group', { name: 'Preferences on this page' });
  await pick.getByRole('checkbox', { name: tea }).check();
  // Where it goes follows its feeling (love), and can be changed.
  await expect(page.getByRole('combobox', { name: `Where “${tea}” goes` })).toHaveValue('Love');
  await pick.getByRole('checkbox', { name: 'Mushrooms' }).check();
  await expect(page.getByRole('combobox', { name: 'Where “Mushrooms” goes' })).toHaveValue(
    'Dislike',
  );
  await pick.getByRole('checkbox', { name: /How I take my medication/ }).check();
  await page.getByRole('button', { name: 'Save the page' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();

  const sheet = page.getByRole('article', { name: 'Aroha’s one-page profile' });
  await expect(sheet.getByRole('heading', { name: 'What I love' })).toBeVisible();
  await expect(sheet).toContainText(tea);
  await expect(sheet).toContainText('Mushrooms');
  // Restricted and not chosen to show: left out, and the builder says so.
  await expect(sheet).not.toContainText('medication');
  await expect(page.getByText('1 restricted preference you ticked is not shown.')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  expect(
    await smallTargets(
      page,
      'main button, main select, main input[type="text"], .field.checkbox label',
    ),
  ).toBe('');

  // A link for a week, shown once with its QR code.
  await page.getByLabel('The link works for').selectOption('7');
  await page.getByRole('button', { name: 'Create a link' }).click();
  const link = page.getByLabel('Link to this page');
  await expect(link).toHaveValue(/\/p\/[A-Za-z0-9_-]{43}$/);
  await expect(page.getByRole('img', { name: 'QR code of the link to this page' })).toBeVisible();
  const url = await link.inputValue();
  await expect(page.getByRole('list', { name: 'Links to this page' })).toContainText('works until');

  // Anyone with the link, signed out: the page alone, no bar.
  const guest = await device();
  await guest.page.goto(url);
  await expect(guest.page.getByRole('heading', { level: 1 })).toHaveText(
    'About me for my hospital stay',
  );
  const shared = guest.page.getByRole('article', { name: 'Aroha’s one-page profile' });
  await expect(shared).toContainText(tea);
  await expect(shared).not.toContainText('medication');
  await expect(guest.page.getByRole('navigation')).toHaveCount(0);
  expect(await seriousViolations(guest.page)).toEqual([]);

  // The same page as a PDF file, for whoever has the link.
  const [pdf] = await Promise.all([
    guest.page.waitForEvent('download'),
    guest.page.getByRole('link', { name: 'Download as PDF' }).click(),
  ]);
  expect(pdf.suggestedFilename()).toBe('about-me-for-my-hospital-stay.pdf');

  // Live from the library: a change there is what the open link shows next.
  await sql`update preference set title = 'Tea, strong and milky' where id = ${seedId('preference:aroha:tea')}`;
  await expect(shared).toContainText('Tea, strong and milky', { timeout: 15_000 });

  // Stop sharing: the signed-out page, still open, says only that.
  await page.getByRole('button', { name: /^Stop sharing the link made / }).click();
  await expect(page.getByRole('list', { name: 'Links to this page' })).toContainText(
    'no longer shared',
  );
  await expect(guest.page.getByRole('heading', { level: 1 })).toHaveText(
    'This page is no longer shared',
    { timeout: 15_000 },
  );
  await expect(guest.page.locator('main')).toHaveText('This page is no longer shared');
  await guest.page.reload();
  await expect(guest.page.locator('main')).toHaveText('This page is no longer shared');
  // Written to history.
  const events = await sql`select message from history_event
    where related_type = 'ProfilePage' and person_id = ${arohaId} order by created_at, id`;
  expect(events.map((e) => e.message)).toEqual([
    'Created the one-page profile “About me for my hospital stay”',
    'Changed the one-page profile “About me for my hospital stay”',
    'Shared the one-page profile “About me for my hospital stay” by a link for 7 days',
    'Stopped sharing the one-page profile “About me for my hospital stay” by link',
  ]);
});

test('an unknown link shows "This page is no longer shared" and nothing else', async ({
  device,
}) => {
  const guest = await device();
  await guest.page.goto(`/p/${'A'.repeat(43)}`);
  await expect(guest.page.locator('main')).toHaveText('This page is no longer shared');
});
