/**
 * Where focus goes (issue 13, WCAG 2.4.3 and 4.1.3): after moving to another
 * page, to its heading, and the page is announced; a delete's dialog starts on
 * its safe choice.
 */
import { seedId } from '../../api/seed.ts';
import { expect, test } from './fixtures.ts';

const aroha = seedId('person:aroha');
const food = seedId('category:aroha:food');

test('after a move to another page, focus is on its heading and the page is announced', async ({
  page,
  signIn,
  library,
}) => {
  await library.preference(aroha, { title: 'Sunday lunch', categoryIds: [food] });
  await signIn('aroha@example.com');
  await page.goto(`/people/${aroha}/preferences`);
  await page.getByRole('link', { name: /Sunday lunch/ }).click();
  const heading = page.getByRole('heading', { level: 1, name: 'Sunday lunch' });
  await expect(heading).toBeFocused();
  await expect(page.locator('[data-route-announcer]')).toHaveText('Sunday lunch');
  // Back by the bottom bar: the library's heading, announced.
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Library' })
    .click();
  const libraryHeading = page.getByRole('heading', { level: 1 });
  await expect(libraryHeading).toBeFocused();
  await expect(page.locator('[data-route-announcer]')).toHaveText(
    (await libraryHeading.textContent()) ?? '',
  );
});

test('a delete dialog starts on Cancel, not on the destructive button', async ({
  page,
  signIn,
  library,
}) => {
  const { id } = await library.preference(aroha, { title: 'Board games', categoryIds: [food] });
  await signIn('aroha@example.com');
  await page.goto(`/people/${aroha}/preferences/${id}`);
  await page
    .getByRole('button', { name: /^Delete/ })
    .first()
    .click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: 'Board games' })).toBeVisible();
});
