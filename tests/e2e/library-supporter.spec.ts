/**
 * The library routes as a General-level Supporter in a support session: they
 * see and change exactly the General items; Restricted ones are not found on
 * every route; sharing above their level is not offered (and the server refuses it);
 * finishing the session closes everything.
 */
import { seedId } from '../../api/seed.ts';
import { seriousViolations } from './axe.ts';
import { expect, test } from './fixtures.ts';

const aroha = seedId('person:aroha');
const base = `/people/${aroha}/preferences`;

test('a General supporter in session: General items on every route, Restricted ones nowhere', async ({
  page,
  signIn,
}) => {
  test.setTimeout(90_000);
  const { personId: sam } = await signIn('sam@example.com');
  const title = `Sam’s walk ${Date.now()}`;
  await page.goto(`/people/${aroha}/supporters/start`);
  await expect(page).toHaveURL(new RegExp(`${base}$`));

  // List: General items, and not the Restricted one.
  const list = page.getByRole('list', { name: 'Preferences' });
  await expect(list).toContainText('A cup of tea with milk, no sugar');
  await expect(list).not.toContainText('How I take my medication');
  expect(await seriousViolations(page), 'list in session').toEqual([]);

  // Restricted items by address: not found, without saying whether they exist.
  await page.goto(`${base}/${seedId('preference:aroha:medication')}`);
  await expect(page.getByText('We could not find that preference.')).toBeVisible();
  await page.goto(`${base}/categories/${seedId('category:aroha:health')}`);
  await expect(page.getByText('We could not find that category.')).toBeVisible();

  // Categories: the Restricted one is not listed.
  await page.goto(`${base}/categories`);
  const categories = page.getByRole('list', { name: 'Top-level categories' });
  await expect(categories).toContainText('Food and drink');
  await expect(categories).not.toContainText('Health and wellbeing');

  // Nor is a Restricted category.
  await page.goto(`${base}/categories/create`);
  await expect(page.getByRole('radio', { name: /Restricted/ })).toBeDisabled();

  // A note on a General preference.
  await page.goto(`${base}/${seedId('preference:aroha:tea')}`);
  await page.getByRole('link', { name: 'Add a note' }).click();
  await page.getByLabel('Title', { exact: true }).fill(`Sam’s note ${Date.now()}`);
  await page.getByLabel('Note').fill('Two sugars for visitors.');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Two sugars for visitors.')).toBeVisible();

  // Sharing a preference as Restricted is more than a General level allows: not offered.
  await page.goto(`${base}/create`);
  await page.getByRole('link', { name: 'Start' }).click();
  await page.getByLabel('Title', { exact: true }).fill(title);
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('checkbox', { name: 'Food and drink', exact: true }).check();
  await page.getByRole('button', { name: 'Next' }).click();
  const restricted = page.getByRole('radio', { name: /Only supporters I trust/ });
  await expect(restricted).toBeDisabled();
  await expect(restricted).toHaveAccessibleDescription(/does not include Restricted items/);
  await expect(page.getByRole('radio', { name: /Everyone in my Circle of Support/ })).toBeChecked();

  // Finishing the session closes the library.
  await page.goto(`/people/${aroha}/supporters/finish`);
  await expect(page).toHaveURL(new RegExp(`/people/${sam}/supporting`));
  await page.goto(base);
  await expect(page).toHaveURL(new RegExp(`/people/${sam}/supporting`));
});
