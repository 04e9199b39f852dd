/**
 * The photo search, through the screens, with no network: a category's photo
 * found in the bundled catalogue, chosen with the keyboard, shown in the form
 * with who made it, saved and shown on the category; a search nothing
 * matches says so; the open dialog passes axe.
 */
import type { Locator, Page } from '@playwright/test';
import { seedId } from '../../api/seed.ts';
import { seriousViolations } from './axe.ts';
import { expect, test } from './fixtures.ts';

const aroha = seedId('person:aroha');
const TWEMOJI = 'Twemoji by Twitter, Inc and other contributors, CC BY 4.0';

/** Whether `img` finished loading a real picture (not a broken image). */
async function loaded(img: Locator) {
  await expect(img).toBeVisible();
  await expect
    .poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0))
    .toBe(true);
}

async function openSearch(page: Page) {
  await page.getByRole('button', { name: 'Search for a photo' }).click();
  const dialog = page.getByRole('dialog', { name: 'Search for a photo' });
  await expect(dialog).toBeVisible();
  // Focus starts in the search box.
  await expect(dialog.getByLabel('What are you looking for?')).toBeFocused();
  return dialog;
}

test('a category’s photo from the photo search: found, chosen by keyboard, credited, saved', async ({
  page,
  signIn,
  sql,
}) => {
  const title = `Tea time ${Date.now()}`;
  await signIn('aroha@example.com');
  await page.goto(`/people/${aroha}/preferences/categories/create`);
  await page.getByLabel('Name').fill(title);

  const dialog = await openSearch(page);
  await page.keyboard.type('tea');
  await page.keyboard.press('Enter');
  await expect(dialog.getByRole('status')).toHaveText(/photos found/);
  const group = dialog.getByRole('group', { name: 'Photos found' });
  const tea = group.getByRole('radio', { name: 'Cup of tea' });
  await expect(tea).toBeVisible();
  // Every result is credited under its tile.
  const results = await group.getByRole('radio').count();
  expect(results).toBeGreaterThan(1);
  await expect(group.getByText(TWEMOJI)).toHaveCount(results);
  await loaded(group.getByRole('listitem').first().locator('img'));
  expect(await seriousViolations(page)).toEqual([]);

  // The keyboard: Tab past the Search button into the results, arrows between them.
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Search', exact: true })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(tea).toBeFocused();
  await page.keyboard.press('Space');
  await expect(tea).toBeChecked();
  await page.keyboard.press('ArrowRight');
  await expect(tea).not.toBeChecked();
  await page.keyboard.press('ArrowLeft');
  await expect(tea).toBeChecked();
  await expect(tea).toBeFocused();
  await page.keyboard.press('Tab');
  const use = dialog.getByRole('button', { name: 'Use this photo' });
  await expect(use).toBeFocused();
  await page.keyboard.press('Enter');

  // The dialog closes, focus goes back, and the form shows the picture and who made it.
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: 'Search for a photo' })).toBeFocused();
  await expect(page.getByRole('status').filter({ hasText: 'The picture is ready' })).toBeVisible();
  const picture = page.getByRole('figure');
  await loaded(picture.getByRole('img', { name: 'The chosen picture' }));
  await expect(picture.getByText(TWEMOJI)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole('button', { name: 'Add category' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  await loaded(page.locator('.category-head .category-photo img'));
  const [row] = await sql`select m.content_type, m.attribution, m.settled_at
                          from category c join media m on m.id = c.photo_id
                          where c.title = ${title}`;
  expect(row).toMatchObject({ content_type: 'image/png', attribution: TWEMOJI });
  expect(row?.settled_at).not.toBeNull();

  // Back in the form, the saved photo still says who made it.
  await page.getByRole('link', { name: 'Edit', exact: true }).click();
  await loaded(picture.getByRole('img', { name: 'The chosen picture' }));
  await expect(picture.getByText(TWEMOJI)).toBeVisible();
});

test('a search nothing matches says so; Escape closes the dialog and nothing is chosen', async ({
  page,
  signIn,
  sql,
}) => {
  await signIn('aroha@example.com');
  await page.goto(`/people/${aroha}/preferences/categories/create`);
  const count = async () => Number((await sql`select count(*)::int n from media`)[0]?.n);
  const before = await count();

  const dialog = await openSearch(page);
  await page.keyboard.type('xylophone quartz');
  await page.keyboard.press('Enter');
  await expect(dialog.getByRole('status')).toHaveText('No results match your query.');
  await expect(dialog.getByRole('radio')).toHaveCount(0);
  await expect(dialog.getByRole('button', { name: 'Use this photo' })).toBeDisabled();
  expect(await seriousViolations(page)).toEqual([]);

  // Escape in the search box first empties it (the browser's own), then closes the dialog.
  await page.keyboard.press('Escape');
  await expect(dialog.getByLabel('What are you looking for?')).toHaveValue('');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('img', { name: 'The chosen picture' })).toHaveCount(0);
  expect(await count()).toBe(before);
});
