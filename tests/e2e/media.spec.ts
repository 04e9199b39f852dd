/**
 * Pictures in the library, through the screens: a category's photo and a
 * preference's pinned picture are uploaded from the form (signed URL to the
 * real development store, then confirmed), shown where they belong, seen live
 * by a supporter in session, and removed again.
 */
import type { Locator, Page } from '@playwright/test';
import { seedId } from '../../api/seed.ts';
import { seriousViolations } from './axe.ts';
import { expect, startSupporting, test } from './fixtures.ts';

const aroha = seedId('person:aroha');

/** A 1×1 PNG. */
const png = (name: string) => ({
  name,
  mimeType: 'image/png',
  buffer: Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
    'base64',
  ),
});

/** Whether `img` finished loading a real picture (not a broken image). */
async function loaded(img: Locator) {
  await expect(img).toBeVisible();
  await expect
    .poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0))
    .toBe(true);
}

async function choosePicture(page: Page, label: string, name: string) {
  await page.getByLabel(label, { exact: true }).setInputFiles(png(name));
  await expect(page.getByRole('status').filter({ hasText: 'The picture is ready' })).toBeVisible();
}

test('a category’s photo: chosen in the form, shown on its tile and page, live for a supporter, removed', async ({
  device,
}) => {
  const title = `Garden ${Date.now()}`;
  const { page: dm } = await device('aroha@example.com');
  const { page: riley } = await device('riley@example.com');
  // Riley is in a support session with the categories open.
  await startSupporting(riley, aroha);
  await riley.goto(`/people/${aroha}/preferences/categories`);
  const rileyList = riley.getByRole('list', { name: 'Top-level categories' });
  await expect(rileyList).toBeVisible();

  await dm.goto(`/people/${aroha}/preferences/categories/create`);
  await dm.getByLabel('Name').fill(title);
  // Not a picture: said so, nothing uploaded.
  await dm.getByLabel('Photo', { exact: true }).setInputFiles({
    name: 'notes.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('hello'),
  });
  await expect(dm.getByRole('alert')).toHaveText(
    'Please choose a picture (for example a JPEG or PNG file).',
  );
  await choosePicture(dm, 'Photo', 'garden.png');
  await loaded(dm.getByRole('img', { name: 'The chosen picture' }));
  expect(await seriousViolations(dm)).toEqual([]);
  await dm.getByRole('button', { name: 'Add category' }).click();
  await expect(dm.getByRole('heading', { level: 1 })).toHaveText(title);
  await loaded(dm.locator('.category-head .category-photo img'));

  // Riley's open list shows the new category with its photo, without a reload.
  const tile = rileyList.getByRole('link', { name: new RegExp(title) });
  await expect(tile).toBeVisible();
  await loaded(tile.locator('img'));

  // Aroha removes the photo: it leaves Riley's screen too.
  await dm.getByRole('link', { name: 'Edit', exact: true }).click();
  await loaded(dm.getByRole('img', { name: 'The chosen picture' }));
  await dm.getByRole('button', { name: 'Remove the picture' }).click();
  await expect(dm.getByRole('img', { name: 'The chosen picture' })).toHaveCount(0);
  await dm.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(dm.getByRole('heading', { level: 1 })).toHaveText(title);
  await expect(dm.locator('.category-head .category-photo img')).toHaveCount(0);
  await expect(tile.locator('img')).toHaveCount(0);
});

test('an SVG drawing chosen as a photo is refused in words, and nothing is uploaded', async ({
  page,
  signIn,
  sql,
}) => {
  await signIn('aroha@example.com');
  await page.goto(`/people/${aroha}/preferences/categories/create`);
  const field = page.getByLabel('Photo', { exact: true });
  // The browser offers only the pictures we keep.
  const accept = (await field.getAttribute('accept')) ?? '';
  expect(accept.split(',')).toEqual(expect.arrayContaining(['image/jpeg', 'image/png']));
  expect(accept).not.toContain('svg');
  expect(accept).not.toContain('*');

  const count = async () => Number((await sql`select count(*)::int n from media`)[0]?.n);
  const before = await count();
  // Chosen anyway (a file dialog can be told to show all files).
  await field.setInputFiles({
    name: 'drawing.svg',
    mimeType: 'image/svg+xml',
    buffer: Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.domain)</script></svg>',
    ),
  });
  await expect(page.getByRole('alert')).toHaveText(
    'We cannot use this kind of picture. Please choose a JPEG, PNG, GIF, WebP or AVIF file.',
  );
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByRole('img', { name: 'The chosen picture' })).toHaveCount(0);
  expect(await count()).toBe(before);
  // A picture we keep is taken after it, and the message goes.
  await choosePicture(page, 'Photo', 'garden.png');
  await expect(page.getByRole('alert')).toHaveCount(0);
  expect(await count()).toBe(before + 1);
});

test('a preference’s picture: added at the last step of the wizard, at the top of the view, live, then removed', async ({
  device,
}) => {
  const title = `Sunday roast ${Date.now()}`;
  const { page: dm } = await device('aroha@example.com');
  const { page: sam } = await device('sam@example.com');

  await dm.goto(`/people/${aroha}/preferences/create`);
  await dm.getByRole('link', { name: 'Start' }).click();
  await dm.getByLabel('Title', { exact: true }).fill(title);
  await dm.getByRole('button', { name: 'Next' }).click();
  await dm.getByRole('checkbox', { name: 'Food and drink', exact: true }).check();
  await dm.getByRole('button', { name: 'Next' }).click();
  await dm.getByRole('button', { name: 'Next' }).click();
  await choosePicture(dm, 'Picture', 'roast.png');
  expect(await seriousViolations(dm)).toEqual([]);
  await dm.getByRole('button', { name: 'Finish' }).click();
  await expect(dm.getByRole('heading', { level: 1 })).toHaveText(title);
  const hero = dm.getByRole('img', { name: `Picture for ${title}` });
  await loaded(hero);
  expect(await seriousViolations(dm)).toEqual([]);
  const viewUrl = dm.url();

  // Sam (General) in session has the preference open and sees the picture.
  await startSupporting(sam, aroha);
  await sam.goto(viewUrl);
  await loaded(sam.getByRole('img', { name: `Picture for ${title}` }));

  // Aroha removes it in the editor: it leaves Sam's open view.
  await dm.getByRole('link', { name: 'Edit', exact: true }).click();
  await dm.getByRole('button', { name: 'Remove the picture' }).click();
  await dm.getByRole('button', { name: 'Save changes' }).click();
  await expect(dm.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();
  await expect(sam.getByRole('img', { name: `Picture for ${title}` })).toHaveCount(0);

  // And puts another one back: Sam sees it arrive.
  await choosePicture(dm, 'Picture', 'roast-2.png');
  await dm.getByRole('button', { name: 'Save changes' }).click();
  await expect(dm.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();
  await loaded(sam.getByRole('img', { name: `Picture for ${title}` }));
});
