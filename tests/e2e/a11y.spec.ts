import { seriousViolations, smallTargets } from './axe.ts';
import { expect, test } from './fixtures.ts';

test('sign-in and landing pages have no serious or critical accessibility violations', async ({
  page,
}) => {
  for (const path of ['/login', '/landing']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await seriousViolations(page), path).toEqual([]);
  }
});

test('library list, view and edit pages have no serious or critical accessibility violations', async ({
  page,
  signIn,
}) => {
  const { personId } = await signIn('aroha@example.com');
  await page.goto(`/people/${personId}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await seriousViolations(page), 'home').toEqual([]);

  await page.goto(`/people/${personId}/preferences`);
  await expect(page.getByRole('list', { name: 'Preferences' })).toBeVisible();
  expect(await seriousViolations(page), 'list').toEqual([]);

  await page.getByRole('list', { name: 'Preferences' }).getByRole('link').first().click();
  await expect(page.getByRole('link', { name: 'Edit' })).toBeVisible();
  expect(await seriousViolations(page), 'view').toEqual([]);

  await page.getByRole('link', { name: 'Edit' }).click();
  await expect(page.getByLabel('Title')).toBeVisible();
  expect(await seriousViolations(page), 'edit').toEqual([]);
});

test('touch targets of links and buttons are at least 44 px', async ({ page, signIn }) => {
  const { personId } = await signIn('aroha@example.com');
  await page.goto(`/people/${personId}/preferences`);
  await expect(page.getByRole('list', { name: 'Preferences' })).toBeVisible();
  expect(await smallTargets(page)).toBe('');
});
