/**
 * People's photos in the Circle of Support: a Supporter (who keeps no library)
 * sets their own photo on their personal details, and the person they support
 * sees it on her Circle pages, named by the supporter's name; the Supporter
 * sees the supported person's photo on their side of the Circle.
 */
import type { Locator, Page } from '@playwright/test';
import sharp from 'sharp';
import { seedId } from '../../api/seed.ts';
import { seriousViolations, smallTargets } from './axe.ts';
import { expect, test } from './fixtures.ts';

const aroha = seedId('person:aroha');
const sam = seedId('person:sam');
const samLink = seedId('link:sam->aroha');

/** A small picture of one colour. */
async function png(name: string, background: { r: number; g: number; b: number }) {
  const buffer = await sharp({ create: { width: 64, height: 64, channels: 3, background } })
    .png()
    .toBuffer();
  return { name, mimeType: 'image/png', buffer };
}

/** Whether `img` finished loading a real picture (not a broken image). */
async function loaded(img: Locator) {
  await expect(img).toBeVisible();
  await expect
    .poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0))
    .toBe(true);
}

/** Sets the photo of `personId` on their personal details page, as they would. */
async function setOwnPhoto(page: Page, personId: string, file: Awaited<ReturnType<typeof png>>) {
  await page.goto(`/people/${personId}/settings/details/edit`);
  await page.getByLabel('Photo', { exact: true }).setInputFiles(file);
  await expect(page.getByRole('status').filter({ hasText: 'The picture is ready' })).toBeVisible();
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page).toHaveURL(new RegExp(`/people/${personId}/settings/details$`));
  await loaded(page.getByRole('img', { name: 'Photo' }));
}

test('a Supporter sets their own photo, and the person they support sees it in her Circle', async ({
  page,
  signIn,
  device,
  sql,
}) => {
  await signIn('sam@example.com');
  await setOwnPhoto(page, sam, await png('sam.png', { r: 30, g: 120, b: 200 }));
  const [row] = await sql`select photo_id from person where id = ${sam}`;
  expect(row?.photo_id).toBeTruthy();

  const dm = await device('aroha@example.com');
  await dm.page.goto(`/people/${aroha}/supporters`);
  const list = dm.page.getByRole('list', { name: 'Supporters' });
  const photo = list.getByRole('img', { name: 'Sam Tane' });
  await loaded(photo);
  // Loaded through the Circle's own photo route, for the link it belongs to.
  await expect(photo).toHaveAttribute(
    'src',
    `/api/people/${aroha}/supporters/${samLink}/photo/${row?.photo_id}/signed/redirect`,
  );
  // Those without a photo show no image, and the link still says the name once.
  await expect(list.getByRole('img')).toHaveCount(1);
  await expect(list.getByRole('link', { name: /^Sam Tane General$/ })).toBeVisible();
  expect(await seriousViolations(dm.page)).toEqual([]);
  expect(await smallTargets(dm.page, 'main a, main button')).toBe('');

  await list.getByRole('link', { name: /Sam Tane/ }).click();
  await expect(dm.page.getByRole('heading', { level: 1 })).toHaveText('Sam Tane');
  await loaded(dm.page.getByRole('main').getByRole('img', { name: 'Sam Tane' }));
  expect(await seriousViolations(dm.page)).toEqual([]);
});

test('a Supporter sees the photo of the person they support', async ({ page, signIn, device }) => {
  const dm = await device('aroha@example.com');
  await setOwnPhoto(dm.page, aroha, await png('aroha.png', { r: 200, g: 80, b: 40 }));

  await signIn('sam@example.com');
  await page.goto(`/people/${sam}/supporting?all=1`);
  const list = page.getByRole('list', { name: 'People I support' });
  await loaded(list.getByRole('img', { name: 'Aroha Ngata' }));
  expect(await seriousViolations(page)).toEqual([]);
  await list.getByRole('link', { name: /Aroha Ngata/ }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Aroha Ngata');
  await loaded(page.getByRole('main').getByRole('img', { name: 'Aroha Ngata' }));
  expect(await seriousViolations(page)).toEqual([]);
});
