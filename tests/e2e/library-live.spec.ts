/**
 * Live: a Supporter in session and the Decision Maker, each in a tablet-sized
 * window (every test's viewport is 1024×768), see each other's creates, edits
 * and deletes at once, without reloading.
 */
import { seedId } from '../../api/seed.ts';
import { expect, startSupporting, test } from './fixtures.ts';

const aroha = seedId('person:aroha');

test('create, edit, note and delete by either side appear on the other’s open screen', async ({
  device,
}) => {
  // Two devices through the wizard, an edit, a note and a delete: long on a busy machine.
  test.setTimeout(90_000);
  const title = `Kūmara chips ${Date.now()}`;
  const { page: dm } = await device('aroha@example.com');
  const { page: riley } = await device('riley@example.com');

  // Aroha has her library open; Riley starts a support session.
  await dm.goto(`/people/${aroha}/preferences`);
  const dmList = dm.getByRole('list', { name: 'Preferences' });
  await expect(dmList).toBeVisible();
  await startSupporting(riley, aroha);

  // Riley creates a preference through the wizard.
  await riley.getByRole('link', { name: 'Add a preference' }).click();
  await riley.getByRole('link', { name: 'Start' }).click();
  await riley.getByLabel('Title', { exact: true }).fill(title);
  await riley.getByRole('button', { name: 'Next' }).click();
  await riley.getByRole('checkbox', { name: 'Food and drink', exact: true }).check();
  await riley.getByRole('button', { name: 'Next' }).click();
  await riley.getByRole('button', { name: 'Next' }).click();
  await riley.getByRole('button', { name: 'Finish' }).click();
  await expect(riley.getByRole('heading', { level: 1 })).toHaveText(title);
  // ...and it is on Aroha's open list, without a reload.
  await expect(dmList).toContainText(title);

  // Aroha opens it and edits the title: Riley's open view follows.
  await dmList.getByRole('link', { name: title }).click();
  await dm.getByRole('link', { name: 'Edit', exact: true }).click();
  await dm.getByLabel('Title', { exact: true }).fill(`${title} (crispy)`);
  await dm.getByRole('button', { name: 'Save changes' }).click();
  await expect(dm.getByRole('status').filter({ hasText: /^Saved/ })).toBeVisible();
  await expect(riley.getByRole('heading', { level: 1 })).toHaveText(`${title} (crispy)`);

  // Riley adds a note: it appears on Aroha's view of the preference.
  await dm.goBack();
  await expect(dm.getByRole('heading', { level: 1 })).toHaveText(`${title} (crispy)`);
  await riley.getByRole('link', { name: 'Add a note' }).click();
  await riley.getByLabel('Title', { exact: true }).fill('Oven');
  await riley.getByLabel('Note').fill('Bake at 200 °C for 25 minutes.');
  await riley.getByRole('button', { name: 'Save' }).click();
  await expect(dm.getByRole('link', { name: /Oven/ })).toBeVisible();

  // Riley deletes the preference: it leaves Aroha's screen.
  await riley.goto(`/people/${aroha}/preferences`);
  await riley
    .getByRole('list', { name: 'Preferences' })
    .getByRole('link', { name: `${title} (crispy)` })
    .click();
  // The page has arrived and said so (focus on its heading) before Riley acts on it.
  await expect(riley.getByRole('heading', { level: 1, name: `${title} (crispy)` })).toBeFocused();
  await riley.getByRole('button', { name: /^Delete the preference/ }).click();
  await riley
    .getByRole('dialog', { name: 'Delete this preference?' })
    .getByRole('button', { name: 'Delete preference' })
    .click();
  await expect(riley).toHaveURL(new RegExp(`/people/${aroha}/preferences$`));
  await expect(dm.getByText(/could not find that preference/i)).toBeVisible();
  await dm.goto(`/people/${aroha}/preferences`);
  await expect(dm.getByRole('list', { name: 'Preferences' })).not.toContainText(title);
});

test('two people editing different fields of one preference at once keep both changes', async ({
  device,
  library,
  sql,
}) => {
  const { id } = await library.preference(aroha, {
    title: 'Shared edit',
    description: 'Before',
    categoryIds: [seedId('category:aroha:food')],
  });
  const { page: first } = await device('aroha@example.com');
  const { page: second } = await device('aroha@example.com');
  // Both open the edit page before either saves.
  for (const page of [first, second]) {
    await page.goto(`/people/${aroha}/preferences/${id}/edit`);
    await expect(page.getByLabel('Title', { exact: true })).toHaveValue('Shared edit');
  }
  for (const page of [first, second]) {
    await expect(page.getByLabel('Description')).toHaveAttribute('data-shared-text', 'ready');
  }
  // The description is typed together: the second tablet sees it as it is typed.
  await first.getByLabel('Description').fill('After, from the first tablet');
  await expect(second.getByLabel('Description')).toHaveValue('After, from the first tablet');
  await first.getByRole('button', { name: 'Save changes' }).click();
  await expect(first.getByRole('status').filter({ hasText: /^Saved/ })).toBeVisible();
  // The second changes only the title.
  await second.getByLabel('Title', { exact: true }).fill('Shared edit, renamed');
  await second.getByRole('button', { name: 'Save changes' }).click();
  await expect(second.getByRole('status').filter({ hasText: /^Saved/ })).toBeVisible();
  await expect
    .poll(async () => (await sql`select title, description from preference where id = ${id}`)[0])
    .toEqual({ title: 'Shared edit, renamed', description: 'After, from the first tablet' });
});

test('categories and notes: a supporter’s create, rename and delete follow on the Decision Maker’s open screens', async ({
  device,
}) => {
  const stamp = Date.now();
  const category = `Picnics ${stamp}`;
  const note = `Thermos ${stamp}`;
  const tea = seedId('preference:aroha:tea');
  const { page: dm } = await device('aroha@example.com');
  const { page: riley } = await device('riley@example.com');
  await startSupporting(riley, aroha);

  // Aroha has her categories open; Riley adds one, renames it, deletes it.
  await dm.goto(`/people/${aroha}/preferences/categories`);
  const dmCategories = dm.getByRole('list', { name: 'Top-level categories' });
  await expect(dmCategories).toBeVisible();
  await riley.goto(`/people/${aroha}/preferences/categories/create`);
  await riley.getByLabel('Name').fill(category);
  await riley.getByRole('button', { name: 'Add category' }).click();
  await expect(riley.getByRole('heading', { level: 1 })).toHaveText(category);
  await expect(dmCategories.getByRole('link', { name: new RegExp(category) })).toBeVisible();

  await riley.getByRole('link', { name: 'Edit', exact: true }).click();
  await riley.getByLabel('Name').fill(`${category} by the river`);
  await riley.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(riley.getByRole('heading', { level: 1 })).toHaveText(`${category} by the river`);
  await expect(
    dmCategories.getByRole('link', { name: new RegExp(`${category} by the river`) }),
  ).toBeVisible();

  await riley.getByRole('button', { name: 'Delete category' }).click();
  await riley
    .getByRole('dialog', { name: `Delete the category “${category} by the river”?` })
    .getByRole('button', { name: 'Delete category' })
    .click();
  await expect(riley).toHaveURL(new RegExp(`/people/${aroha}/preferences/categories$`));
  await expect(dmCategories.getByRole('link', { name: new RegExp(category) })).toHaveCount(0);

  // Aroha has her tea open; Riley adds a note, renames it, deletes it.
  await dm.goto(`/people/${aroha}/preferences/${tea}`);
  await expect(dm.getByRole('link', { name: 'The blue mug' })).toBeVisible();
  await riley.goto(`/people/${aroha}/preferences/${tea}/notes/create`);
  await riley.getByLabel('Title', { exact: true }).fill(note);
  await riley.getByLabel('Note').fill('Hot water for a second cup.');
  await riley.getByRole('button', { name: 'Save' }).click();
  await expect(riley.getByRole('heading', { level: 1, name: note })).toBeVisible();
  await expect(dm.getByRole('link', { name: note })).toBeVisible();

  await riley.getByRole('link', { name: 'Edit' }).click();
  await riley.getByLabel('Title', { exact: true }).fill(`${note} (blue)`);
  await riley.getByRole('button', { name: 'Save' }).click();
  await expect(riley.getByRole('heading', { level: 1, name: `${note} (blue)` })).toBeVisible();
  await expect(dm.getByRole('link', { name: `${note} (blue)` })).toBeVisible();

  await riley.getByRole('button', { name: /^Delete/ }).click();
  await riley
    .getByRole('dialog', { name: 'Delete this note?' })
    .getByRole('button', { name: 'Delete note' })
    .click();
  await expect(riley).toHaveURL(new RegExp(`/preferences/${tea}$`));
  await expect(dm.getByRole('link', { name: new RegExp(note) })).toHaveCount(0);
  await expect(dm.getByRole('link', { name: 'The blue mug' })).toBeVisible();
});
