import { seriousViolations } from './axe.ts';
import { expect, test } from './fixtures.ts';
import { E2E_FEEDBACK_URL, E2E_HELP_URL } from './links.ts';

test('a Decision Maker: Home, Library, Circle and a menu drawer that Escape closes', async ({
  page,
  signIn,
}) => {
  const { personId } = await signIn('aroha@example.com');
  await page.goto(`/people/${personId}/preferences`);
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link')).toHaveText(['Home', 'Library', 'Circle']);
  const menu = nav.getByRole('button', { name: 'Menu' });
  await menu.click();
  const drawer = page.getByRole('dialog', { name: 'Menu' });
  await expect(drawer).toBeVisible();
  await expect(drawer.getByRole('link', { name: 'Manage passkeys' })).toBeVisible();
  await expect(drawer.getByRole('link', { name: 'Logout' })).toBeVisible();
  // The external links (HELP_URL, FEEDBACK_URL) open in a new tab, and say so.
  const help = drawer.getByRole('link', { name: 'Get help (opens in a new tab)' });
  await expect(help).toHaveAttribute('href', E2E_HELP_URL);
  await expect(help).toHaveAttribute('target', '_blank');
  await expect(help).toHaveAttribute('rel', 'noopener noreferrer');
  await expect(
    drawer.getByRole('link', { name: 'Give feedback (opens in a new tab)' }),
  ).toHaveAttribute('href', E2E_FEEDBACK_URL);
  await expect(drawer.getByRole('link')).toHaveText([
    'Personal details',
    'Manage subscription',
    'My app history',
    'Manage passkeys',
    'My data',
    'Get help (opens in a new tab)',
    'How are you?',
    'Give feedback (opens in a new tab)',
    'Logout',
  ]);
  expect(await seriousViolations(page), 'menu drawer').toEqual([]);
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await expect(menu).toBeFocused();
  // The drawer's entries work: Manage passkeys.
  await menu.click();
  await drawer.getByRole('link', { name: 'Manage passkeys' }).click();
  await expect(page).toHaveURL(new RegExp(`/people/${personId}/settings/passkeys$`));
  await expect(drawer).toBeHidden();
  // The Supporter menu page is not hers: back to her home.
  await page.goto(`/people/${personId}/settings/menu`);
  await expect(page).toHaveURL(new RegExp(`/people/${personId}$`));
});

test('a Supporter: no Home of their own, and a Menu page without help, subscription or passkeys', async ({
  page,
  signIn,
}) => {
  const { personId } = await signIn('sam@example.com');
  // Their own (empty) library: Supporters have none.
  await page.goto(`/people/${personId}/preferences`);
  await expect(
    page.getByRole('heading', { name: 'Supporters have no library of their own' }),
  ).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link')).toHaveText(['Library', 'Circle', 'Menu']);
  await nav.getByRole('link', { name: 'Menu' }).click();
  await expect(page).toHaveURL(new RegExp(`/people/${personId}/settings/menu$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Menu' })).toBeVisible();
  const list = page.getByRole('navigation', { name: 'Menu' });
  await expect(list.getByRole('link', { name: 'Logout' })).toBeVisible();
  await expect(list.getByRole('link', { name: 'Manage passkeys' })).toHaveCount(0);
  // No help for a Supporter (spec §2); feedback is for everyone.
  // Sam is on the staff of one organisation (demo data): its details.
  await expect(list.getByRole('link')).toHaveText([
    'Personal details',
    'Organisation details',
    'My data',
    'Supporter check-in',
    'Give feedback (opens in a new tab)',
    'Logout',
  ]);
  expect(await seriousViolations(page), 'supporter menu').toEqual([]);
});

test.describe(() => {
  test.use({
    allowedConsoleErrors: {
      // The person route refuses an id that cannot be one by throwing; the router
      // logs what it caught before it shows the error page this test expects.
      'the router logs the malformed person it refused':
        /^console\.error: Error: Expected person\n/,
    },
  });

  test('a malformed person in the address: "Sorry, something went wrong." and a way on', async ({
    page,
    signIn,
  }) => {
    await signIn('aroha@example.com');
    await page.goto(`/people/${'x'.repeat(80)}/preferences`);
    await expect(page.getByRole('alert')).toHaveText('Sorry, something went wrong.');
    await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
    await page.getByRole('link', { name: 'Home' }).click();
    await expect(page).not.toHaveURL(/x{80}/);
  });
});
