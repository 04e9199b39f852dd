import type { Locator, Page } from '@playwright/test';
import { seedId } from '../../api/seed.ts';
import { seriousViolations } from './axe.ts';
import { expect, test } from './fixtures.ts';

const aroha = seedId('person:aroha');

/** Presses Tab (or Shift+Tab) until `target` has the focus: keyboard only. */
async function tabTo(page: Page, target: Locator, { back = false, max = 60 } = {}) {
  await expect(target).toBeVisible();
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`could not reach ${target} with the keyboard`);
}

async function noSeriousViolations(page: Page, what: string) {
  expect(await seriousViolations(page), what).toEqual([]);
}

const idFromUrl = (page: Page) => new URL(page.url()).pathname.split('/').at(-2) ?? '';

test('the create wizard works with the keyboard only, keeps the draft and publishes it', async ({
  page,
  signIn,
}) => {
  test.setTimeout(90_000);
  await signIn('aroha@example.com');
  const title = `Toast with honey ${Date.now()}`;
  await page.goto(`/people/${aroha}/preferences/create`);
  await expect(page.getByRole('heading', { level: 1, name: 'Create a preference' })).toBeVisible();
  await noSeriousViolations(page, 'intro');

  await tabTo(page, page.getByRole('link', { name: 'Start' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/preferences\/create\/[0-9a-f-]+\/1$/);
  const id = idFromUrl(page);
  await expect(page.getByText('Step 1 of 4')).toBeVisible();
  await noSeriousViolations(page, 'step 1');

  // Step 1: a title is required.
  await tabTo(page, page.getByRole('button', { name: 'Next' }));
  await page.keyboard.press('Enter');
  const titleField = page.getByLabel('Title', { exact: true });
  await expect(page.getByRole('alert').filter({ hasText: 'Please enter a title.' })).toBeVisible();
  await expect(titleField).toBeFocused();
  await expect(titleField).toHaveAttribute('aria-invalid', 'true');
  await page.keyboard.type(title);
  await tabTo(page, page.getByLabel('Description'));
  await page.keyboard.type('Thick toast, **runny** honey.');
  // Into the feeling group (on the checked "No feeling"), then an arrow key selects.
  await tabTo(page, page.getByRole('radio', { name: 'No feeling' }));
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('radio', { name: 'Love' })).toBeChecked();
  await tabTo(page, page.getByRole('button', { name: 'Next' }));
  await page.keyboard.press('Enter');

  // Step 2: a category is required.
  await expect(page).toHaveURL(/\/2$/);
  await expect(page.getByText('Step 2 of 4')).toBeVisible();
  await noSeriousViolations(page, 'step 2');
  await tabTo(page, page.getByRole('button', { name: 'Next' }));
  await page.keyboard.press('Enter');
  await expect(
    page.getByRole('alert').filter({ hasText: 'Please select a category' }),
  ).toBeVisible();
  // Focus goes to the first category of the group (whichever sorts first).
  const first = page.getByRole('checkbox').first();
  await expect(first).toBeFocused();
  await expect(first).toHaveAttribute('aria-invalid', 'true');
  await expect(page).toHaveURL(/\/2$/);
  const breakfast = page.getByRole('checkbox', { name: 'Breakfast', exact: true });
  await tabTo(page, breakfast);
  await page.keyboard.press('Space');
  await expect(breakfast).toBeChecked();
  await tabTo(page, page.getByRole('button', { name: 'Next' }));
  await page.keyboard.press('Enter');

  // Step 3: leave, then come back: the draft is kept.
  await expect(page).toHaveURL(/\/3$/);
  await noSeriousViolations(page, 'step 3');
  const stepThree = page.url();
  await page.goto(`/people/${aroha}/preferences/create`);
  const cont = page.getByRole('link', { name: `Continue “${title}”` });
  await tabTo(page, cont);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/1$/);
  await expect(page.getByLabel('Title', { exact: true })).toHaveValue(title);
  await expect(page.getByLabel('Description')).toHaveValue('Thick toast, **runny** honey.');
  await expect(page.getByRole('radio', { name: 'Love' })).toBeChecked();
  await page.goto(stepThree);
  await expect(page.getByText('Step 3 of 4')).toBeVisible();
  // Back to step 2 shows the saved category.
  await tabTo(page, page.getByRole('button', { name: 'Back' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/2$/);
  await expect(breakfast).toBeChecked();
  await tabTo(page, page.getByRole('button', { name: 'Next' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/3$/);

  // Step 3: General is the default; an arrow key chooses Restricted.
  const general = page.getByRole('radio', { name: /Everyone in my Circle of Support/ });
  await expect(general).toBeChecked();
  await tabTo(page, general);
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('radio', { name: /Only supporters I trust/ })).toBeChecked();
  await tabTo(page, page.getByRole('button', { name: 'Next' }));
  await page.keyboard.press('Enter');

  // Step 4: the review schedule and its next date.
  await expect(page).toHaveURL(/\/4$/);
  await expect(page.getByText('No review is planned.')).toBeVisible();
  await noSeriousViolations(page, 'step 4');
  const schedule = page.getByLabel('How often should it be reviewed?');
  await tabTo(page, schedule);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await expect(schedule).toHaveValue('OnceAMonth');
  await expect(page.getByText(/^Next review: \d{1,2} \w+ \d{4}$/)).toBeVisible();

  // Cancel asks first; "No" stays.
  const cancel = page.getByRole('button', { name: 'Cancel', exact: true });
  await tabTo(page, cancel);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Are you sure you want to cancel?' });
  await expect(dialog).toBeVisible();
  await tabTo(page, dialog.getByRole('button', { name: 'No, stay here' }));
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/4$/);

  await tabTo(page, page.getByRole('button', { name: 'Finish' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/people/${aroha}/preferences/${id}$`));
  await expect(page.getByRole('heading', { level: 1 })).toContainText(title);

  const res = await page.request.get(`/api/people/${aroha}/preferences/${id}`);
  expect(res.status()).toBe(200);
  const saved = (await res.json()) as Record<string, unknown>;
  expect(saved).toMatchObject({
    title,
    status: 'Published',
    feeling: 'love',
    access: 'Restricted',
    reviewSchedule: 'OnceAMonth',
  });
});

test('cancel and back ask first; a cancelled draft is kept; categoryId preselects', async ({
  page,
  signIn,
}) => {
  await signIn('aroha@example.com');
  const title = `Walk before lunch ${Date.now()}`;
  await page.goto(`/people/${aroha}/preferences/create`);
  await page.getByRole('link', { name: 'Start' }).click();
  await expect(page).toHaveURL(/\/1$/);
  const draft = idFromUrl(page);

  // Back on step 1 asks "go back?"; confirming goes to the intro.
  await page.getByRole('button', { name: 'Back' }).click();
  const backDialog = page.getByRole('dialog', { name: 'Are you sure you want to go back?' });
  await expect(backDialog).toBeVisible();
  await noSeriousViolations(page, 'back dialog');
  await backDialog.getByRole('button', { name: 'Yes, leave' }).click();
  await expect(page).toHaveURL(/\/preferences\/create$/);

  // A step number that is not a number shows step 1.
  await page.goto(`/people/${aroha}/preferences/create/${draft}/abc`);
  await expect(page.getByText('Step 1 of 4')).toBeVisible();
  await page.getByLabel('Title', { exact: true }).fill(`  ${title}  `);
  await page.getByLabel('Description').focus();
  await expect(page.getByLabel('Title', { exact: true })).toHaveValue(title);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/2$/);

  await page.getByRole('button', { name: 'Cancel', exact: true }).click();
  const cancelDialog = page.getByRole('dialog', { name: 'Are you sure you want to cancel?' });
  await expect(cancelDialog).toBeVisible();
  await cancelDialog.getByRole('button', { name: 'Yes, leave' }).click();
  await expect(page).toHaveURL(new RegExp(`/people/${aroha}/preferences$`));

  await page.goto(`/people/${aroha}/preferences/create`);
  await expect(page.getByRole('link', { name: `Continue “${title}”` })).toBeVisible();

  // categoryId preselects that category in step 2.
  const daily = seedId('category:aroha:daily');
  await page.goto(`/people/${aroha}/preferences/create?categoryId=${daily}`);
  await page.getByRole('link', { name: 'Start' }).click();
  await expect(page).toHaveURL(/\/1\?categoryId=/);
  await page.getByLabel('Title', { exact: true }).fill(`${title} 2`);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Step 2 of 4')).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'Daily routine', exact: true })).toBeChecked();
});

test('edit changes the title and schedule; review mode moves the next review date', async ({
  page,
  signIn,
  library,
}) => {
  await signIn('aroha@example.com');
  const title = `Music while cooking ${Date.now()}`;
  // Its review schedule starts at Never.
  const { id } = await library.preference(aroha, {
    title,
    categoryIds: [seedId('category:aroha:food')],
  });
  await page.goto(`/people/${aroha}/preferences/${id}/edit`);
  const titleField = page.getByLabel('Title', { exact: true });
  await expect(titleField).toHaveValue(title);
  await expect(page.getByRole('checkbox', { name: 'Food and drink', exact: true })).toBeChecked();
  await noSeriousViolations(page, 'edit');

  await titleField.fill(`${title} and dancing`);
  await page.getByLabel('How often should it be reviewed?').selectOption('OnceAWeek');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();
  let res = await page.request.get(`/api/people/${aroha}/preferences/${id}`);
  let row = (await res.json()) as { title: string; reviewSchedule: string; reviewAt: string };
  expect(row.title).toBe(`${title} and dancing`);
  expect(row.reviewSchedule).toBe('OnceAWeek');
  const weekAt = Date.parse(row.reviewAt);
  expect(weekAt).toBeGreaterThan(Date.now() + 6 * 86_400_000);

  // One step on its own.
  await page.goto(`/people/${aroha}/preferences/${id}/edit/3`);
  await expect(page.getByRole('radio', { name: /Everyone in my Circle of Support/ })).toBeChecked();
  await expect(page.getByLabel('Title', { exact: true })).toHaveCount(0);
  await noSeriousViolations(page, 'edit step 3');

  // Review mode: the next review moves by the (new) schedule.
  await page.goto(`/people/${aroha}/preferences/${id}/edit?isReview=true`);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Review this preference' }),
  ).toBeVisible();
  await noSeriousViolations(page, 'review');
  await page.getByLabel('How often should it be reviewed?').selectOption('OnceAYear');
  await page.getByRole('button', { name: 'Save and mark as reviewed' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Saved and marked as reviewed' }),
  ).toBeVisible();
  res = await page.request.get(`/api/people/${aroha}/preferences/${id}`);
  row = (await res.json()) as { title: string; reviewSchedule: string; reviewAt: string };
  expect(row.reviewSchedule).toBe('OnceAYear');
  expect(Date.parse(row.reviewAt)).toBeGreaterThan(Date.now() + 360 * 86_400_000);
  expect((row as unknown as { reviewedAt: string | null }).reviewedAt).not.toBeNull();

  // Delete asks first, then goes to the list.
  await page.goto(`/people/${aroha}/preferences/${id}/edit`);
  await page.getByRole('button', { name: 'Delete preference' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/people/${aroha}/preferences$`));
  res = await page.request.get(`/api/people/${aroha}/preferences/${id}`);
  expect(res.status()).toBe(404);
});

test('editing without write access redirects away from the edit page', async ({ page, signIn }) => {
  const { personId: sam } = await signIn('sam@example.com');
  const tea = seedId('preference:aroha:tea');
  await page.goto(`/people/${aroha}/preferences/${tea}/edit`);
  // A Supporter without a support session: the person area's guard sends them
  // to the people they support, before the edit page's own redirect to the view.
  await expect(page).toHaveURL(new RegExp(`/people/${sam}/supporting`));
  await expect(page.getByLabel('Title', { exact: true })).toHaveCount(0);
});

test('without write access, a create or edit screen sends you to the page it belongs to', async ({
  page,
  signIn,
}) => {
  // A Supporter keeps no library of their own: their own create screens are not theirs to use.
  const { personId: sam } = await signIn('sam@example.com');
  for (const [screen, belongsTo] of [
    ['preferences/categories/create', 'preferences/categories'],
    ['preferences/create', 'preferences'],
  ] as const) {
    await page.goto(`/people/${sam}/${screen}`);
    await expect(page).toHaveURL(new RegExp(`/people/${sam}/${belongsTo}$`));
    await expect(page.getByRole('button', { name: /save|create/i })).toHaveCount(0);
  }
});
