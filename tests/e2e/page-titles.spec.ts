import { seedId } from '../../api/seed.ts';
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
    ['preferences', 'Aroha’s library'],
    ['preferences/library', 'Library overview'],
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

test('a preference, a note, a category, a filter and a supporter: each page is named by what it shows', async ({
  page,
  signIn,
  library,
}) => {
  const aroha = seedId('person:aroha');
  const food = seedId('category:aroha:food');
  const { id } = await library.preference(aroha, { title: 'Bath time', categoryIds: [food] });
  const { id: noteId } = await library.note(aroha, {
    preferenceId: id,
    title: 'Bubbles',
    body: 'Yes.',
  });
  await signIn('aroha@example.com');
  for (const [path, name] of [
    [`preferences/${id}`, 'Bath time – Aroha’s library'],
    [`preferences/${id}/edit`, 'Edit Bath time – Aroha’s library'],
    [`preferences/${id}/notes/${noteId}`, 'Bubbles – Aroha’s library'],
    [`preferences/${id}/notes/${noteId}/edit`, 'Edit Bubbles – Aroha’s library'],
    [`preferences/categories/${food}`, 'Food and drink – Aroha’s library'],
    [`preferences/categories/${food}/edit`, 'Edit Food and drink – Aroha’s library'],
    [`preferences/filter/category/${food}`, 'Category: Food and drink – Aroha’s library'],
    [`supporters/${seedId('link:sam->aroha')}`, 'Sam Tane – Circle of Support'],
    [
      `supporters/${seedId('link:sam->aroha')}/edit`,
      'Change Sam Tane’s access level – Circle of Support',
    ],
  ] as const) {
    await page.goto(`/people/${aroha}/${path}`);
    await expect(page).toHaveTitle(title(name));
  }
  // Leaving gives the next page its own title back.
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Circle' })
    .click();
  await expect(page).toHaveTitle(title('Circle of Support'));
});

test('a supporter’s page names the person they support', async ({ page, signIn }) => {
  const { personId } = await signIn('sam@example.com');
  await page.goto(`/people/${personId}/supporting/${seedId('link:sam->aroha')}`);
  await expect(page).toHaveTitle(title('Aroha Ngata – People you support'));
});
