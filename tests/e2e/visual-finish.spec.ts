/**
 * The look's measurable parts: a preference's main picture shown whole, the
 * read-aloud control's sign apart from its word and clear of its neighbours,
 * "Invite someone" apart from the Circle's list, the Circle's tab of the page
 * shown marked as current, and a heading that receives focus after a move to
 * another page wearing at most the app's 3 px ring; each page passes axe and
 * has 44 px targets.
 */
import type { Locator, Page } from '@playwright/test';
import sharp from 'sharp';
import { seedId } from '../../api/seed.ts';
import { seriousViolations, smallTargets } from './axe.ts';
import { expect, test } from './fixtures.ts';

const aroha = seedId('person:aroha');
const sam = seedId('person:sam');
const tui = seedId('person:tui');
const tea = seedId('preference:aroha:tea');

type Box = { x: number; y: number; width: number; height: number };

async function box(locator: Locator): Promise<Box> {
  const b = await locator.boundingBox();
  if (!b) throw new Error('not shown');
  return b;
}

/** Whether two boxes share no point, not even an edge. */
const apart = (a: Box, b: Box) =>
  a.x + a.width < b.x || b.x + b.width < a.x || a.y + a.height < b.y || b.y + b.height < a.y;

/** The focused element's outline width in px (0 when it has none). */
const outlineOf = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    if (!el) return 0;
    const style = getComputedStyle(el);
    return style.outlineStyle === 'none' ? 0 : Number.parseFloat(style.outlineWidth);
  });

test('the main picture is whole and the read-aloud control is spaced', async ({
  page,
  signIn,
  sql,
}) => {
  await signIn('aroha@example.com');
  // A tall picture: a banner of the page's width would cut off its top and bottom.
  await page.goto(`/people/${aroha}/preferences/${tea}/media/create`);
  const buffer = await sharp({
    create: { width: 300, height: 600, channels: 3, background: { r: 40, g: 90, b: 160 } },
  })
    .png()
    .toBuffer();
  await page
    .getByLabel('Choose files')
    .setInputFiles({ name: 'mug.png', mimeType: 'image/png', buffer });
  // An upload's arrival, not its speed (the bench's): beside the other
  // worker's stack a clean-clone run once took longer than 10 s.
  await expect(page.getByRole('status').filter({ hasText: /been added\.$/ })).toHaveText(
    'The file has been added.',
    { timeout: 30_000 },
  );
  const [added] = await sql<{ id: string }[]>`
    select id from media where preference_id = ${tea} and name = 'mug.png' and settled_at is not null`;
  if (!added) throw new Error('the picture was not added');
  await sql`update preference set hero_media_id = ${added.id} where id = ${tea}`;

  await page.goto(`/people/${aroha}/preferences/${tea}`);
  const hero = page.getByRole('img', { name: 'Picture for A cup of tea with milk, no sugar' });
  await expect(hero).toBeVisible();
  await expect
    .poll(() => hero.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0))
    .toBe(true);
  const fit = await hero.evaluate((el: HTMLImageElement) => ({
    objectFit: getComputedStyle(el).objectFit,
    natural: el.naturalWidth / el.naturalHeight,
    shown: el.clientWidth / el.clientHeight,
  }));
  // Whole: contained in its box, or the box has the picture's own shape.
  expect(
    fit.objectFit === 'contain' || Math.abs(fit.natural - fit.shown) < 0.01,
    JSON.stringify(fit),
  ).toBe(true);

  const read = page.getByRole('button', { name: /^Read aloud/ });
  await expect(read).toBeVisible();
  const icon = await box(read.locator('.read-aloud-icon'));
  const label = await box(read.locator('.read-aloud-label'));
  expect(label.x - (icon.x + icon.width), 'space between the sign and the word').toBeGreaterThan(0);
  const title = await box(page.getByRole('heading', { level: 1 }));
  const readBox = await box(read);
  const below = await box(page.locator('.preference-feeling'));
  expect(apart(title, readBox), 'clear of the title').toBe(true);
  expect(apart(readBox, below), 'clear of the feeling').toBe(true);

  expect(await seriousViolations(page), 'preference page').toEqual([]);
  expect(await smallTargets(page, 'main a, main button, main input'), 'preference page').toBe('');
});

test('the Circle: Invite apart from the list, rows to tap, the tab shown marked', async ({
  page,
  signIn,
  device,
  circle,
}) => {
  await signIn('aroha@example.com');
  await page.goto(`/people/${aroha}/supporters`);
  const list = page.getByRole('list', { name: 'Supporters' });
  await expect(list.getByRole('listitem')).toHaveCount(3);
  const invite = page.getByRole('link', { name: 'Invite someone' });
  expect(apart(await box(list), await box(invite)), 'Invite apart from the list').toBe(true);
  // Each supporter a row one can tap: underlined name, 44 px high.
  const row = list.getByRole('link', { name: /Sam Tane/ });
  expect((await box(row)).height).toBeGreaterThanOrEqual(44);
  expect(
    await row.locator('.circle-name').evaluate((el) => getComputedStyle(el).textDecorationLine),
  ).toContain('underline');
  const tabs = page.getByRole('navigation', { name: 'Circle of Support' });
  await expect(tabs.getByRole('link', { name: 'My supporters' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expect(tabs.getByRole('link', { name: 'People I support' })).not.toHaveAttribute(
    'aria-current',
  );
  expect(await seriousViolations(page), '/supporters').toEqual([]);
  expect(await smallTargets(page, 'main a, main button, main input'), '/supporters').toBe('');

  // A Supporter's list of the people they support, as the bottom bar opens it
  // (no `?all=1`: with two people it is the list): that tab is the current one.
  await circle.link(sam, tui);
  const { page: sp } = await device('sam@example.com');
  await sp.goto(`/people/${sam}/supporting`);
  await expect(
    sp.getByRole('list', { name: 'People I support' }).getByRole('listitem'),
  ).toHaveCount(2);
  await expect(sp.getByRole('list', { name: 'People I support' })).toBeVisible();
  const samTabs = sp.getByRole('navigation', { name: 'Circle of Support' });
  const supporting = samTabs.getByRole('link', { name: 'People I support' });
  await expect(supporting).toHaveAttribute('aria-current', 'page');
  await expect(samTabs.getByRole('link', { name: 'My supporters' })).not.toHaveAttribute(
    'aria-current',
  );
  // Marked to the eye too: filled, unlike the other tab.
  const fill = (l: Locator) => l.evaluate((el) => getComputedStyle(el).backgroundColor);
  expect(await fill(supporting)).not.toBe(
    await fill(samTabs.getByRole('link', { name: 'My supporters' })),
  );
  expect(await seriousViolations(sp), '/supporting').toEqual([]);
  expect(await smallTargets(sp, 'main a, main button, main input'), '/supporting').toBe('');
});

test('a heading focused after a move wears at most the app’s ring', async ({ page, signIn }) => {
  await signIn('aroha@example.com');
  await page.goto(`/people/${aroha}/preferences`);
  // By a tap.
  await page.getByRole('link', { name: /A cup of tea/ }).click();
  const heading = page.getByRole('heading', { level: 1, name: 'A cup of tea with milk, no sugar' });
  await expect(heading).toBeFocused();
  expect(await outlineOf(page), 'after a tap').toBe(0);
  // By the keyboard: the ring may show, and is the app's own.
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Library' })
    .focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
  expect(await outlineOf(page), 'after a key').toBeLessThanOrEqual(3);
});

test('what is used: the app’s list of figures and its meter', async ({ page, signIn }) => {
  await signIn('aroha@example.com');
  await page.goto(`/people/${aroha}/settings/subscription`);
  const usage = page.getByRole('region', { name: 'What is used' });
  const meter = usage.getByRole('meter', { name: 'Storage' });
  await expect(meter).toBeVisible();
  await expect(usage.locator('dl.details-list .details-row')).toHaveCount(3);
  expect((await box(meter)).height).toBeGreaterThanOrEqual(24);
  expect(await seriousViolations(page), '/settings/subscription').toEqual([]);
});
