/**
 * Home: live, who is supporting me now and what others
 * changed (from history, by name), marked new since this browser's last
 * visit; a Supporter in a session sees the person, by name and photo, and
 * what is due for a review.
 */
import { seedId } from '../../api/seed.ts';
import { seriousViolations } from './axe.ts';
import { expect, startSupporting, test } from './fixtures.ts';

const aroha = seedId('person:aroha');
const tea = seedId('preference:aroha:tea');

test('a Supporter’s session and change appear on the Decision Maker’s home at once, new since her last visit', async ({
  page,
  signIn,
  device,
  sql,
}) => {
  await signIn('aroha@example.com');
  await page.goto(`/people/${aroha}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Kia ora, Aroha' })).toBeVisible();
  // A first visit on this browser marks nothing new; from the second, what came since.
  await page.reload();
  const supporting = page.getByRole('region', { name: 'Supporting you now' });
  const changes = page.getByRole('region', { name: 'What changed' });
  await expect(changes).toBeVisible();
  await expect(supporting).toHaveCount(0);

  const sam = await device('sam@example.com');
  await startSupporting(sam.page, aroha);
  // Sam's session shows on her open home without a reload.
  await expect(supporting.getByRole('listitem')).toHaveText([/^Sam, since /]);
  const [before] = await sql`select title from preference where id = ${tea}`;
  const title = String(before?.title);
  await sam.page.goto(`/people/${aroha}/preferences/${tea}/edit`);
  await sam.page.getByLabel('Title', { exact: true }).fill(`${title}, please`);
  await sam.page.getByRole('button', { name: 'Save changes' }).click();
  await expect(sam.page.getByRole('status').filter({ hasText: /^Saved/ })).toBeVisible();
  const sentence = `Sam changed the title from “${title}” to “${title}, please”`;
  const item = changes.getByRole('listitem').filter({ hasText: sentence });
  await expect(item).toHaveCount(1);
  await expect(item).toContainText('New since your last visit');
  expect(await seriousViolations(page), 'home').toEqual([]);
  // A filled button's words are white on lavender (they once took the link colour:
  // a component's stylesheet linked first had set the cascade layers' order).
  const primary = page.getByRole('link', { name: 'Open my preference library' });
  expect(await primary.evaluate((el) => getComputedStyle(el).color)).toBe('rgb(255, 255, 255)');

  // Sam finishes: gone from "Supporting you now" at once.
  await sam.page.goto(`/people/${aroha}/supporters/finish`);
  await expect(supporting).toHaveCount(0);

  // The visit that saw it counts as seen: two visits later it is no longer new.
  await page.reload();
  await expect(item).toContainText('New since your last visit');
  await page.reload();
  await expect(item).toHaveCount(1);
  await expect(item).not.toContainText('New since your last visit');
  await changes.getByRole('link', { name: 'See all history' }).click();
  await expect(page).toHaveURL(new RegExp(`/people/${aroha}/settings/history$`));
});

test('a Supporter in a session sees the person and what is due for review, not their history', async ({
  page,
  signIn,
  sql,
}) => {
  // Two of Aroha's General preferences are due now, and nothing else.
  await sql`update preference set review_at = now() + interval '60 days' where person_id = ${aroha}`;
  await sql`update preference set review_at = now() - interval '1 day'
    where person_id = ${aroha} and access = 'General' and id in (
      select id from preference where person_id = ${aroha} and access = 'General' order by title limit 2)`;
  await signIn('sam@example.com');
  await startSupporting(page, aroha);
  await page.goto(`/people/${aroha}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Aroha' })).toBeVisible();
  const due = page.getByRole('region', { name: 'Due for a review' });
  await expect(due.getByRole('listitem')).toHaveCount(2);
  await expect(page.getByRole('region', { name: /What changed/ })).toHaveCount(0);
  expect(await seriousViolations(page), 'supporter home').toEqual([]);
});

test('quick ways to add: a preference, or a photo to a chosen preference', async ({
  page,
  signIn,
  sql,
}) => {
  await signIn('aroha@example.com');
  await page.goto(`/people/${aroha}`);
  const library = page.getByRole('region', { name: 'Your library' });
  await expect(library.getByRole('link', { name: 'Add a preference' })).toBeVisible();
  const [row] =
    await sql`select id, title from preference where person_id = ${aroha} and title like '%medication%'`;
  await library.getByLabel('Add a photo to').selectOption({ label: String(row?.title) });
  await library.getByRole('button', { name: 'Add a photo' }).click();
  await expect(page).toHaveURL(new RegExp(`/preferences/${row?.id}/media/create$`));
});
