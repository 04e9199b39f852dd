import type { Page } from '@playwright/test';
import { seedId } from '../../api/seed.ts';
import { seriousViolations } from './axe.ts';
import { expect, test } from './fixtures.ts';

const arohaId = seedId('person:aroha');
const categoriesUrl = `/people/${arohaId}/preferences/categories`;

test.beforeEach(async ({ signIn }) => {
  await signIn('aroha@example.com');
});

/** Adds a category through the form; returns its id (from the view's URL). */
async function addCategory(
  page: Page,
  title: string,
  opts: { restricted?: boolean } = {},
): Promise<string> {
  await page.goto(`${categoriesUrl}/create`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Add a category');
  await page.getByLabel('Name').fill(title);
  if (opts.restricted) await page.getByRole('radio', { name: 'Restricted' }).check();
  await page.getByRole('button', { name: 'Add category' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  const id = page.url().split('/').pop() ?? '';
  expect(id).toMatch(/^[0-9a-f-]{36}$/);
  return id;
}

test('the list shows the top-level categories with their counts', async ({ page, library }) => {
  const stamp = Date.now();
  // A category of our own with one preference in it: its count is known.
  const title = `Counted ${stamp}`;
  const id = await addCategory(page, title);
  await library.preference(arohaId, { title: `Counted preference ${stamp}`, categoryIds: [id] });

  await page.goto(categoriesUrl);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Categories');
  const list = page.getByRole('list', { name: 'Top-level categories' });
  for (const name of [
    'Food and drink',
    'Daily routine',
    'Health and wellbeing',
    'People and places',
  ])
    await expect(list.getByRole('link', { name: new RegExp(name) })).toBeVisible();
  // Breakfast is inside Food and drink, not at the top level.
  await expect(list.getByRole('link', { name: /^Breakfast/ })).toHaveCount(0);
  await expect(list.getByRole('link', { name: /Food and drink/ })).toContainText(
    /\d+ preferences, 1 sub-category/,
  );
  await expect(list.getByRole('link', { name: /Health and wellbeing/ })).toContainText(
    'Restricted',
  );
  await expect(list.getByRole('link', { name: new RegExp(title) })).toContainText('1 preference');
  await expect(page.getByRole('link', { name: 'Add a category' })).toHaveAttribute(
    'href',
    `${categoriesUrl}/create`,
  );
  expect(await seriousViolations(page)).toEqual([]);

  await list.getByRole('link', { name: /Food and drink/ }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Food and drink');
  await expect(page.getByRole('link', { name: 'Breakfast' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Add a preference here' })).toHaveAttribute(
    'href',
    /\/preferences\/create\?categoryId=/,
  );
  expect(await seriousViolations(page)).toEqual([]);
});

test('adds a top-level and a nested category', async ({ page }) => {
  const stamp = Date.now();
  await page.goto(categoriesUrl);
  await page.getByRole('link', { name: 'Add a category' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Add a category');
  // Labels, the radio group and the checkbox are all named.
  await expect(page.getByRole('group', { name: 'Who can see it' })).toBeVisible();
  await expect(page.getByLabel('Inside another category')).toHaveValue('');
  await expect(page.getByLabel('Do not show this category in the library')).not.toBeChecked();
  expect(await seriousViolations(page)).toEqual([]);

  // The name is required.
  await page.getByRole('button', { name: 'Add category' }).click();
  await expect(page.getByText('Please enter a title.')).toBeVisible();

  const top = `Outings ${stamp}`;
  await page.getByLabel('Name').fill(`  ${top}  `);
  await page.getByRole('radio', { name: 'Restricted' }).check();
  await page.getByRole('button', { name: 'Add category' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(top);
  await expect(page.getByText('Who can see it: Restricted')).toBeVisible();
  await expect(page.getByText('This category is at the top level.')).toBeVisible();
  const topId = page.url().split('/').pop();

  await page.getByRole('link', { name: 'Add a sub-category' }).click();
  await expect(page).toHaveURL(new RegExp(`create\\?parentId=${topId}`));
  await expect(page.getByLabel('Inside another category')).toHaveValue(topId ?? '');
  const nested = `Beach days ${stamp}`;
  await page.getByLabel('Name').fill(nested);
  await page.getByRole('button', { name: 'Add category' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(nested);
  await expect(page.getByRole('link', { name: top })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // The parent lists it; the top-level list does not.
  await page.getByRole('link', { name: top }).click();
  await expect(page.getByRole('link', { name: nested })).toBeVisible();
  await page.goto(categoriesUrl);
  await expect(page.getByRole('link', { name: new RegExp(top) })).toBeVisible();
  await expect(page.getByRole('link', { name: new RegExp(nested) })).toHaveCount(0);

  // Deleting the parent moves the sub-category up, and says so first.
  await page.goto(`${categoriesUrl}/${topId}`);
  await page.getByRole('button', { name: 'Delete category' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(`There are no preferences in “${top}”.`);
  await expect(dialog).toContainText('The 1 category inside it moves up to the top level.');
  await dialog.getByRole('button', { name: 'Delete category' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Categories');
  await expect(page.getByRole('link', { name: new RegExp(nested) })).toBeVisible();
  await expect(page.getByRole('link', { name: new RegExp(top) })).toHaveCount(0);
});

test('renames and hides a category; it shows only with hidden categories', async ({ page }) => {
  const stamp = Date.now();
  const first = `Garden ${stamp}`;
  await addCategory(page, first);
  await page.getByRole('link', { name: 'Edit' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Edit “${first}”`);
  await expect(page.getByLabel('Name')).toHaveValue(first);
  expect(await seriousViolations(page)).toEqual([]);

  const renamed = `Garden and plants ${stamp}`;
  await page.getByLabel('Name').fill(renamed);
  await page.getByLabel('Do not show this category in the library').check();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(renamed);
  await expect(page.getByText('This category is not shown in the library.')).toBeVisible();

  await page.goto(categoriesUrl);
  const list = page.getByRole('list', { name: 'Top-level categories' });
  await expect(list.getByRole('link', { name: /Food and drink/ })).toBeVisible();
  await expect(list.getByRole('link', { name: new RegExp(renamed) })).toHaveCount(0);
  await page.getByLabel('Show hidden categories').check();
  await expect(page).toHaveURL(/hidden=true/);
  await expect(list.getByRole('link', { name: new RegExp(renamed) })).toContainText('Hidden');
  await page.getByLabel('Show hidden categories').uncheck();
  await expect(list.getByRole('link', { name: new RegExp(renamed) })).toHaveCount(0);
});

test('deleting a category explains what happens and keeps its preferences', async ({
  page,
  library,
}) => {
  const stamp = Date.now();
  const title = `Music ${stamp}`;
  const id = await addCategory(page, title);
  const pref = await library.preference(arohaId, {
    title: `Quiet jazz ${stamp}`,
    categoryIds: [id],
  });

  await page.goto(`${categoriesUrl}/${id}`);
  await expect(page.getByRole('link', { name: pref.title })).toHaveAttribute(
    'href',
    `/people/${arohaId}/preferences/${pref.id}`,
  );
  await page.getByRole('button', { name: 'Delete category' }).click();
  const dialog = page.getByRole('dialog', { name: `Delete the category “${title}”?` });
  await expect(dialog).toContainText(
    `The 1 preference in “${title}” stays in your library. It will no longer be in this category.`,
  );
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);

  await page.getByRole('button', { name: 'Delete category' }).click();
  await dialog.getByRole('button', { name: 'Delete category' }).click();
  await expect(page).toHaveURL(new RegExp(`${categoriesUrl}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Categories');
  await expect(page.getByRole('link', { name: new RegExp(title) })).toHaveCount(0);

  // The preference is still in the library, in no category.
  const after = await page.request.get(`/api/people/${arohaId}/preferences/${pref.id}`);
  expect(after.status()).toBe(200);
  const body = (await after.json()) as { title: string; categories?: unknown[] };
  expect(body.title).toBe(pref.title);
  if (body.categories) expect(body.categories).toEqual([]);
});

test('an unknown category says so and links back', async ({ page }) => {
  await page.goto(`${categoriesUrl}/${crypto.randomUUID()}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'We could not find that category.',
  );
  await page.getByRole('link', { name: 'Back to the categories' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Categories');
});
