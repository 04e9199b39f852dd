import { seedId } from '../../api/seed.ts';
import { seriousViolations } from './axe.ts';
import { expect, test } from './fixtures.ts';

const aroha = seedId('person:aroha');
const tea = seedId('preference:aroha:tea');
const teaNote = seedId('note:aroha:tea');

test.beforeEach(async ({ signIn }) => {
  await signIn('aroha@example.com');
});

test('the view renders markdown, sorted categories, access and notes', async ({ page }) => {
  await page.goto(`/people/${aroha}/preferences/${tea}`);
  await expect(
    page.getByRole('heading', { level: 1, name: 'A cup of tea with milk, no sugar' }),
  ).toBeVisible();
  // **strong** is rendered, not shown as asterisks.
  await expect(page.locator('.preference-description strong')).toHaveText('strong');
  await expect(page.getByText('**strong**')).toHaveCount(0);
  await expect(page.locator('.preference-feeling')).toHaveText(/Love$/);
  // Categories sorted, each a link to its category.
  const cats = page.locator('.preference-categories a');
  await expect(cats).toHaveText(['Breakfast', 'Food and drink']);
  await expect(cats.first()).toHaveAttribute(
    'href',
    `/people/${aroha}/preferences/categories/${seedId('category:aroha:breakfast')}`,
  );
  await expect(page.getByText(/General: everyone in the Circle of Support/)).toBeVisible();
  await expect(page.getByText('Once a year')).toBeVisible();
  await expect(page.getByRole('link', { name: 'The blue mug' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Edit' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Review now' })).toHaveAttribute(
    'href',
    /isReview=true/,
  );
  expect(await seriousViolations(page), 'view').toEqual([]);

  await page.getByRole('link', { name: 'The blue mug' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'The blue mug' })).toBeVisible();
  await expect(page.getByText('It lives on the second shelf')).toBeVisible();
  expect(await seriousViolations(page), 'note view').toEqual([]);

  await page.getByRole('link', { name: 'Edit' }).click();
  await expect(page.getByLabel('Title')).toHaveValue('The blue mug');
  await expect(page.getByLabel('Note')).toHaveValue(/second shelf/);
  expect(await seriousViolations(page), 'note edit').toEqual([]);
  // Cancel from the note goes back to the note.
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(new RegExp(`/notes/${teaNote}$`));
});

test('add, edit and delete a note', async ({ page }) => {
  await page.goto(`/people/${aroha}/preferences/${tea}`);
  await page.getByRole('link', { name: 'Add a note' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Add a note' })).toBeVisible();

  // Validation from the shared schemas.
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Please enter a title.')).toBeVisible();
  await expect(page.getByText('Please write something in the note.')).toBeVisible();

  const title = `Milk first ${Date.now()}`;
  await page.getByLabel('Title').fill(`   ${title}`);
  await page.getByLabel('Note').fill('Pour the milk in **first**, then the tea.');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.locator('.note-body strong')).toHaveText('first');

  await page.getByRole('link', { name: 'Edit' }).click();
  await expect(page).toHaveURL(/isFromView=true/);
  await page.getByLabel('Title').fill(`${title} edited`);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `${title} edited` })).toBeVisible();

  // Cancel keeps it.
  await page.getByRole('button', { name: /^Delete/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete this note?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: `${title} edited` })).toBeVisible();

  await page.getByRole('button', { name: /^Delete/ }).click();
  await dialog.getByRole('button', { name: 'Delete note' }).click();
  await expect(page).toHaveURL(new RegExp(`/preferences/${tea}$`));
  await expect(page.getByRole('link', { name: `${title} edited` })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'The blue mug' })).toBeVisible();
});

test('delete a preference: cancel keeps it, confirm removes it', async ({ page, library }) => {
  const title = `Delete me ${Date.now()}`;
  const { id } = await library.preference(aroha, {
    title,
    categoryIds: [seedId('category:aroha:food')],
  });

  await page.goto(`/people/${aroha}/preferences`);
  await page.goto(`/people/${aroha}/preferences/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  const trigger = page.getByRole('button', { name: `Delete the preference “${title}”` });

  await trigger.click();
  const dialog = page.getByRole('dialog', { name: 'Delete this preference?' });
  await expect(dialog).toBeVisible();
  await expect(trigger).toBeDisabled();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(trigger).toBeEnabled();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();

  await trigger.click();
  await dialog.getByRole('button', { name: 'Delete preference' }).click();
  await expect(page).toHaveURL(new RegExp(`/people/${aroha}/preferences$`));
  await expect(page.getByRole('list', { name: 'Preferences' })).not.toContainText(title);
  // The view was replaced in history: back does not return to it.
  await page.goBack();
  await expect(page).not.toHaveURL(new RegExp(`/preferences/${id}$`));
});

test('an unknown preference shows the not-found text and a way back', async ({ page }) => {
  await page.goto(`/people/${aroha}/preferences/${crypto.randomUUID()}`);
  await expect(page.getByRole('alert')).toHaveText('We could not find that preference.');
  await page.getByRole('link', { name: 'Back to the library' }).click();
  await expect(page).toHaveURL(new RegExp(`/people/${aroha}/preferences$`));
});
