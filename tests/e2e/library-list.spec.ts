import type { Page } from '@playwright/test';
import { seedId } from '../../api/seed.ts';
import { seriousViolations } from './axe.ts';
import { expect, test } from './fixtures.ts';

/** Spec §2 "Preferences": the list (search, grouping), its filters and the library overview. */

const groupHeading = (page: Page, name: string | RegExp) =>
  page.getByRole('heading', { level: 2, name });

const preferences = `/people/${seedId('person:aroha')}/preferences`;

test.describe('Aroha’s library', () => {
  test.beforeEach(async ({ signIn }) => {
    await signIn('aroha@example.com');
  });

  test('search as you type narrows the list, and says when nothing matches', async ({ page }) => {
    await page.goto(`${preferences}`);
    const list = page.getByRole('list', { name: 'Preferences' });
    await expect(list).toContainText('Mushrooms');
    const all = await list.getByRole('listitem').count();
    await expect(page.getByRole('link', { name: 'Add a preference' })).toBeVisible();

    const box = page.getByLabel('Search preferences');
    await box.pressSequentially('MORN');
    await expect(list).toContainText('Porridge on cold mornings');
    await expect(list).toContainText(/Radio.* in the morning/);
    // Rows a search leaves out are hidden (not in the accessibility tree, not shown).
    await expect(list.getByRole('link', { name: /Mushrooms/ })).toHaveCount(0);
    await expect(list.getByText('Mushrooms')).toBeHidden();
    expect(await list.getByRole('listitem').count()).toBeLessThan(all);
    // The query is kept in the URL, replacing the entry (back leaves the list).
    await expect(page).toHaveURL(/[?&]query=MORN/);

    // The description counts too.
    await box.fill('blue mug');
    await expect(list.getByRole('listitem')).toHaveCount(1);
    await expect(list).toContainText('A cup of tea with milk, no sugar');

    await box.fill('zebra crossing');
    await expect(page.getByText('No preferences match your search.')).toBeVisible();

    await box.fill('');
    await expect(list.getByRole('listitem')).toHaveCount(all);

    // Opening with a query in the URL restores the search box.
    await page.goto(`${preferences}?query=radio`);
    await expect(page.getByLabel('Search preferences')).toHaveValue('radio');
    await expect(page.getByRole('list', { name: 'Preferences' }).getByRole('listitem')).toHaveCount(
      1,
    );
  });

  test('group by category, review status and feeling shows group headings', async ({ page }) => {
    await page.goto(`${preferences}`);
    await expect(page.getByRole('list', { name: 'Preferences' })).toBeVisible();

    const groupBy = page.getByLabel('Group by');
    await groupBy.selectOption({ label: 'Category' });
    await expect(page).toHaveURL(/[?&]groupBy=category/);
    for (const title of ['Breakfast', 'Daily routine', 'Food and drink', 'People and places']) {
      await expect(groupHeading(page, new RegExp(`^${title} \\d+ preferences?$`))).toBeVisible();
    }
    await expect(groupHeading(page, /^Health and wellbeing/)).toBeVisible();
    // Each group is a list named by its heading; a preference in two categories is in both.
    const breakfast = page.getByRole('list', { name: /^Breakfast/ });
    await expect(breakfast).toContainText('Porridge on cold mornings');
    await expect(breakfast).toContainText('A cup of tea with milk, no sugar');
    await expect(page.getByRole('list', { name: /^Food and drink/ })).toContainText(
      'A cup of tea with milk, no sugar',
    );

    await groupBy.selectOption({ label: 'Review status' });
    await expect(page).toHaveURL(/[?&]groupBy=review/);
    await expect(
      groupHeading(
        page,
        /^(Due for review soon|Due for review|Not due for review|New) \d+/,
      ).first(),
    ).toBeVisible();

    await groupBy.selectOption({ label: 'Feeling' });
    await expect(groupHeading(page, /Love 2 preferences/)).toBeVisible();
    await expect(page.getByRole('list', { name: /Love/ })).toContainText(
      'Video calls with my mokopuna',
    );
    // Items show the feeling as text, and the Restricted tag.
    await expect(
      page.getByRole('link', { name: /How I take my medication.*Neutral.*Restricted/ }),
    ).toBeVisible();

    // Search and grouping together; None goes back to the flat list.
    await page.getByLabel('Search preferences').fill('tea');
    await expect(groupHeading(page, /Love 1 preference$/)).toBeVisible();
    await groupBy.selectOption({ label: 'None' });
    await expect(page.getByRole('list', { name: 'Preferences' }).getByRole('listitem')).toHaveCount(
      1,
    );
  });

  test('the library page links to categories, feelings and review groups', async ({ page }) => {
    await page.goto(`${preferences}/library`);
    await expect(page.getByRole('heading', { level: 1, name: 'Library overview' })).toBeVisible();
    const categories = page.getByRole('list', { name: 'Categories' });
    await expect(categories.getByRole('link', { name: /^Food and drink \d+/ })).toBeVisible();
    await expect(categories.getByRole('link', { name: /^Daily routine \d+/ })).toBeVisible();
    await expect(categories.getByRole('link', { name: /^People and places \d+/ })).toBeVisible();
    await expect(categories.getByRole('link', { name: /^Health and wellbeing \d+/ })).toBeVisible();
    // Only top-level categories.
    await expect(categories.getByRole('link', { name: /^Breakfast/ })).toHaveCount(0);
    expect(await seriousViolations(page), 'library page').toEqual([]);

    // A category: its preferences and those of the categories inside it.
    await categories.getByRole('link', { name: /^Food and drink/ }).click();
    await expect(page).toHaveURL(
      /\/preferences\/filter\/category\/Food(%20| )and(%20| )drink\?value=/,
    );
    await expect(
      page.getByRole('heading', { level: 1, name: 'Category: Food and drink' }),
    ).toBeVisible();
    const list = page.getByRole('list', { name: 'Category: Food and drink' });
    await expect(list).toContainText('Coffee after midday');
    await expect(list).toContainText('Porridge on cold mornings'); // in Breakfast
    await expect(list).not.toContainText('Radio in the morning');
    await page.getByLabel('Search preferences').fill('coffee');
    await expect(list.getByRole('listitem')).toHaveCount(1);
    expect(await seriousViolations(page), 'filter page').toEqual([]);

    await page.goto(`${preferences}/library`);
    await page.getByRole('link', { name: /All preferences/ }).click();
    await expect(page.getByRole('list', { name: 'Preferences' })).toBeVisible();
  });

  test('filter by emoji, and an unknown filter says so', async ({ page }) => {
    await page.goto(`${preferences}/filter/emoji/love`);
    await expect(page.getByRole('heading', { level: 1, name: 'Feeling: 😍 Love' })).toBeVisible();
    const list = page.getByRole('list', { name: /Feeling/ });
    await expect(list.getByRole('listitem')).toHaveCount(2);
    await expect(list).toContainText('A cup of tea with milk, no sugar');
    await expect(list).toContainText('Video calls with my mokopuna');

    // value wins over the name.
    await page.goto(`${preferences}/filter/emoji/Hating?value=hate`);
    await expect(page.getByRole('list', { name: /Feeling/ })).toHaveText(/Mushrooms/);

    await page.goto(`${preferences}/filter/colour/blue`);
    await expect(
      page.getByRole('heading', { level: 1, name: 'We could not find that filter' }),
    ).toBeVisible();
    await expect(page.getByText('“colour” is not a way to filter the library.')).toBeVisible();
    expect(await seriousViolations(page), 'not found').toEqual([]);
    await page.getByRole('link', { name: 'Back to the library' }).click();
    await expect(page.getByRole('list', { name: 'Preferences' })).toBeVisible();
  });

  test('the list has no serious accessibility violations, grouped or not', async ({ page }) => {
    await page.goto(`${preferences}`);
    await expect(page.getByRole('list', { name: 'Preferences' })).toBeVisible();
    expect(await seriousViolations(page), 'list').toEqual([]);
    await page.goto(`${preferences}?groupBy=category&query=o`);
    await expect(groupHeading(page, /^Breakfast/)).toBeVisible();
    expect(await seriousViolations(page), 'grouped list').toEqual([]);
  });
});

test('an empty library offers to create the first preference', async ({ page, signIn }) => {
  const { personId } = await signIn('tui@example.com');
  await page.goto(`/people/${personId}/preferences`);
  // One name for one thing: the page the bottom bar calls "Library" is headed "Library".
  await expect(page.getByRole('heading', { level: 1, name: 'Library', exact: true })).toBeVisible();
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Library' }),
  ).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('heading', { name: 'Nothing here yet' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Create your first preference' })).toHaveAttribute(
    'href',
    `/people/${personId}/preferences/create`,
  );
  expect(await seriousViolations(page), 'empty library').toEqual([]);
});

test('a Supporter has no library of their own', async ({ page, signIn }) => {
  const { personId } = await signIn('sam@example.com');
  await page.goto(`/people/${personId}/preferences`);
  await expect(
    page.getByRole('heading', { name: 'Supporters have no library of their own' }),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Add a preference' })).toHaveCount(0);
  await page.getByRole('link', { name: 'Go to my Circle of Support' }).click();
  await expect(page).toHaveURL(new RegExp(`/people/${personId}/supporting`));
});
