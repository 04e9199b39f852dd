import { expect, test } from './fixtures.ts';

/** Every page names itself (WCAG 2.4.2): "<page> – Preference Bank", one title per page. */
const title = (page: string) => `${page} – Preference Bank`;

test('signed out, each page has its own title', async ({ page }) => {
  for (const [path, name] of [
    ['/login', 'Sign in'],
    ['/register', 'Register'],
    ['/landing', 'Welcome'],
  ] as const) {
    await page.goto(path);
    await expect(page).toHaveTitle(title(name));
  }
  // Only one <title>: the page's, not the shell's as well.
  expect(await page.locator('head > title').count()).toBe(1);
});

test('signed in, each page has its own title, and it follows client-side navigation', async ({
  page,
  signIn,
}) => {
  const { personId } = await signIn('aroha@example.com');
  const seen = new Set<string>();
  for (const [path, name] of [
    ['preferences', 'Preferences'],
    ['preferences/library', 'Library'],
    ['preferences/categories', 'Categories'],
    ['preferences/create', 'New preference'],
    ['supporters', 'Circle of Support'],
    ['supporters/invite', 'Invite someone'],
    ['settings/passkeys', 'Passkeys'],
  ] as const) {
    await page.goto(`/people/${personId}/${path}`);
    await expect(page).toHaveTitle(title(name));
    seen.add(await page.title());
  }
  expect(seen.size).toBe(7);

  // Without a reload: a link to another page changes the title too.
  await page.goto(`/people/${personId}/preferences`);
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Circle' })
    .click();
  await expect(page).toHaveTitle(title('Circle of Support'));
  expect(await page.locator('head > title').count()).toBe(1);
});
