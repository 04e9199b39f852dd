/**
 * Where focus goes (WCAG 2.4.3 and 4.1.3): after moving to another
 * page, to its heading, and the page is announced; a delete's dialog starts on
 * its safe choice.
 */
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { seedId } from '../../api/seed.ts';
import { expect, test } from './fixtures.ts';
import { tabTo } from './keyboard.ts';

const aroha = seedId('person:aroha');
const food = seedId('category:aroha:food');
const tea = seedId('preference:aroha:tea');

/** What the focused element's ring looks like, as the page lays it out. */
type Ring = {
  /** The focused element, in words a failure can be read by. */
  what: string;
  /** The ring's width in px (0: none), on the element or on what shows its focus. */
  width: number;
  /** The ring's box, outside the element by its width and offset (inside when negative). */
  box: { left: number; top: number; right: number; bottom: number };
  /** Ancestors that clip what is painted outside them, and cut the ring. */
  clippedBy: string[];
  /** Whether the whole ring is in the window. */
  inView: boolean;
};

/**
 * The ring of the focused element: its own outline or, for a control drawn
 * inside something that shows its focus (a radio in its tile), the nearest
 * ancestor's. Clipping ancestors are those with overflow other than visible,
 * paint containment or `content-visibility` (which brings paint containment):
 * they cut whatever their padding box does not hold.
 */
function focusedRing(page: Page): Promise<Ring | null> {
  return page.evaluate(() => {
    const el = document.activeElement;
    if (!(el instanceof HTMLElement) || el === document.body) return null;
    const name = (n: Element) =>
      `${n.tagName.toLowerCase()}${n.id ? `#${n.id}` : ''}${[...n.classList].map((c) => `.${c}`).join('')}`;
    const what = `${name(el)} “${(el.textContent || el.getAttribute('aria-label') || '').trim().slice(0, 40)}”`;
    const outline = (n: Element) => {
      const s = getComputedStyle(n);
      return {
        width: s.outlineStyle === 'none' ? 0 : Number.parseFloat(s.outlineWidth),
        offset: Number.parseFloat(s.outlineOffset) || 0,
      };
    };
    let carrier: Element = el;
    let ring = outline(el);
    const own = el.getBoundingClientRect();
    if (ring.width < 2 || own.width <= 1 || own.height <= 1) {
      for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
        const r = outline(a);
        if (r.width >= 2) {
          carrier = a;
          ring = r;
          break;
        }
      }
    }
    const r = carrier.getBoundingClientRect();
    const grow = ring.width + ring.offset;
    const box = {
      left: r.left - grow,
      top: r.top - grow,
      right: r.right + grow,
      bottom: r.bottom + grow,
    };
    const clippedBy: string[] = [];
    for (let a = carrier.parentElement; a && a !== document.body; a = a.parentElement) {
      const s = getComputedStyle(a);
      const clips =
        s.overflowX !== 'visible' ||
        s.overflowY !== 'visible' ||
        /paint|strict|content/.test(s.contain) ||
        s.contentVisibility !== 'visible';
      if (!clips) continue;
      const b = a.getBoundingClientRect();
      const edge = 0.5;
      if (
        box.left < b.left + Number.parseFloat(s.borderLeftWidth) - edge ||
        box.top < b.top + Number.parseFloat(s.borderTopWidth) - edge ||
        box.right > b.right - Number.parseFloat(s.borderRightWidth) + edge ||
        box.bottom > b.bottom - Number.parseFloat(s.borderBottomWidth) + edge
      )
        clippedBy.push(name(a));
    }
    const inView =
      box.left >= 0 &&
      box.top >= 0 &&
      box.right <= document.documentElement.clientWidth &&
      box.bottom <= document.documentElement.clientHeight;
    return { what, width: ring.width, box, clippedBy, inView };
  });
}

/** The share of each side of `box` (a band as wide as the ring) painted in `rgb`, from a screenshot. */
async function ringPaint(
  page: Page,
  box: Ring['box'],
  rgb: [number, number, number],
  band: number,
) {
  const clip = {
    x: box.left,
    y: box.top,
    width: box.right - box.left,
    height: box.bottom - box.top,
  };
  const png = await page.screenshot({ clip });
  const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
  const near = (x: number, y: number) => {
    const i = (y * info.width + x) * info.channels;
    return rgb.every((v, k) => Math.abs((data[i + k] ?? 0) - v) <= 40);
  };
  /** The share of positions along a side where some pixel of the band is the ring's colour. */
  const side = (length: number, at: (along: number, across: number) => [number, number]) => {
    let hit = 0;
    for (let along = 0; along < length; along++) {
      for (let across = 0; across < band; across++) {
        const [x, y] = at(along, across);
        if (near(x, y)) {
          hit++;
          break;
        }
      }
    }
    return hit / length;
  };
  const { width: w, height: h } = info;
  return {
    top: side(w, (x, d) => [x, d]),
    bottom: side(w, (x, d) => [x, h - 1 - d]),
    left: side(h, (y, d) => [d, y]),
    right: side(h, (y, d) => [w - 1 - d, y]),
  };
}

/**
 * Presses Tab round the whole page (past its end focus leaves the page, and
 * comes back at its top) and returns the ring of each element that took
 * focus, until one takes it a second time.
 */
async function ringsByTab(page: Page, max = 100): Promise<Ring[]> {
  const rings: Ring[] = [];
  const seen = new Set<string>();
  let outside = 0;
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    const key = await page.evaluate(() => {
      const el = document.activeElement;
      if (!el || el === document.body) return '';
      // Where it is in the page: the same element twice means Tab came round.
      const path: number[] = [];
      for (let n: Element | null = el; n?.parentElement; n = n.parentElement)
        path.unshift([...n.parentElement.children].indexOf(n));
      return path.join('.');
    });
    if (!key) {
      if (++outside > 2) break;
      continue;
    }
    if (seen.has(key)) break;
    seen.add(key);
    const ring = await focusedRing(page);
    if (ring) rings.push(ring);
  }
  return rings;
}

test('after a move to another page, focus is on its heading and the page is announced', async ({
  page,
  signIn,
  library,
}) => {
  await library.preference(aroha, { title: 'Sunday lunch', categoryIds: [food] });
  await signIn('aroha@example.com');
  await page.goto(`/people/${aroha}/preferences`);
  await page.getByRole('link', { name: /Sunday lunch/ }).click();
  const heading = page.getByRole('heading', { level: 1, name: 'Sunday lunch' });
  await expect(heading).toBeFocused();
  await expect(page.locator('[data-route-announcer]')).toHaveText('Sunday lunch');
  // Back by the bottom bar: the library's heading, announced.
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Library' })
    .click();
  const libraryHeading = page.getByRole('heading', { level: 1 });
  await expect(libraryHeading).toBeFocused();
  await expect(page.locator('[data-route-announcer]')).toHaveText(
    (await libraryHeading.textContent()) ?? '',
  );
});

test('a delete dialog starts on Cancel, not on the destructive button, gives focus back when closed, and stays open when at once reopened', async ({
  page,
  signIn,
  library,
}) => {
  const { id } = await library.preference(aroha, { title: 'Board games', categoryIds: [food] });
  await signIn('aroha@example.com');
  await page.goto(`/people/${aroha}/preferences/${id}`);
  const trigger = page.getByRole('button', { name: /^Delete/ }).first();
  await trigger.click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: 'Board games' })).toBeVisible();
  // Closed without acting, focus is back where it was: on the button that opened it.
  await expect(trigger).toBeFocused();
  // Escape too.
  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(trigger).toBeFocused();
  // Closed and at once opened again: Cancel, then Delete as soon as it is
  // enabled (React renders in a microtask), in the same task, before the
  // browser's close event (which comes a task after close()).
  await trigger.click();
  await expect(dialog).toBeVisible();
  const reopened = await page.evaluate(async () => {
    const open = document.querySelector('dialog[open]');
    const cancel = [...(open?.querySelectorAll('button') ?? [])].find(
      (b) => b.textContent === 'Cancel',
    );
    const again = document.querySelector<HTMLButtonElement>('button[aria-haspopup="dialog"]');
    cancel?.click();
    for (let i = 0; i < 20 && again?.disabled; i++) await Promise.resolve();
    if (!again || again.disabled || open?.hasAttribute('open')) return false;
    again.click();
    return true;
  });
  expect(reopened, 'Delete enabled and the dialog closed, in the same task').toBe(true);
  // Still open once the late close event has come and gone.
  await page.evaluate(() => new Promise((r) => setTimeout(r, 100)));
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
});

test('radio buttons and checkboxes are 24 px, inside targets of at least 44 px', async ({
  page,
  signIn,
  library,
}) => {
  const { id } = await library.preference(aroha, { title: 'Swimming', categoryIds: [food] });
  await signIn('aroha@example.com');
  await page.goto(`/people/${aroha}/preferences/${id}/edit`);
  await expect(page.getByRole('radio').first()).toBeVisible();
  const sizes = await page.$$eval('input[type="radio"], input[type="checkbox"]', (inputs) =>
    inputs.map((input) => {
      const box = input.getBoundingClientRect();
      const label = (input as HTMLInputElement).labels?.[0] ?? input;
      const target = label.getBoundingClientRect();
      return { w: box.width, h: box.height, target: target.height };
    }),
  );
  expect(sizes.length).toBeGreaterThan(5);
  for (const s of sizes) {
    expect(s.w).toBeGreaterThanOrEqual(24);
    expect(s.h).toBeGreaterThanOrEqual(24);
    expect(s.target).toBeGreaterThanOrEqual(44);
  }
});

test('on the long edit page Save stays in reach, above the bottom bar', async ({
  page,
  signIn,
  library,
}) => {
  await page.setViewportSize({ width: 1024, height: 768 });
  const { id } = await library.preference(aroha, { title: 'Reading', categoryIds: [food] });
  await signIn('aroha@example.com');
  await page.goto(`/people/${aroha}/preferences/${id}/edit`);
  const save = page.getByRole('button', { name: 'Save changes' });
  await expect(save).toBeVisible();
  for (const at of ['top', 'middle']) {
    if (at === 'middle') await page.mouse.wheel(0, 900);
    const hit = await save.evaluate((el) => {
      const r = el.getBoundingClientRect();
      const top = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
      return { inView: r.top >= 0 && r.bottom <= window.innerHeight, onTop: el.contains(top) };
    });
    expect(hit, `Save at the ${at} of the page`).toEqual({ inView: true, onTop: true });
  }
});

test('a refusal above the form takes focus, so it is seen and heard', async ({ page }) => {
  await page.goto('/register');
  await page.getByLabel('First name').fill('Mere');
  await page.getByLabel('Last name').fill('Tahi');
  await page.getByLabel('Email').fill('mere.focus@example.org');
  // Without accepting the terms: refused, in an alert above the form.
  await page.getByRole('button', { name: 'Register' }).click();
  const alert = page.getByRole('alert');
  await expect(alert).toContainText(/terms/i);
  await expect(alert).toBeFocused();
});

test.describe(() => {
  // Zero logs the server's refusal; the refusal is the point here.
  test.use({
    allowedConsoleErrors: { crossed: /app error on server .*Someone else changed this/ },
  });

  test('a note’s title changed by someone else meanwhile: both values, focus on the choice', async ({
    device,
    library,
    sql,
  }) => {
    const { id: preferenceId } = await library.preference(aroha, {
      title: 'Art',
      categoryIds: [food],
    });
    const { id } = await library.note(aroha, {
      preferenceId,
      title: 'Paints',
      body: 'Watercolours.',
    });
    const url = `/people/${aroha}/preferences/${preferenceId}/notes/${id}/edit`;
    const { page: one } = await device('aroha@example.com');
    const { page: two } = await device('aroha@example.com');
    for (const p of [one, two]) {
      await p.goto(url);
      await expect(p.getByLabel('Title')).toHaveValue('Paints');
    }
    await one.getByLabel('Title').fill('Paints and brushes');
    await one.getByRole('button', { name: /Save/ }).click();
    await expect(one).not.toHaveURL(/\/edit$/);
    await two.getByLabel('Title').fill('Oil paints');
    await two.getByRole('button', { name: /Save/ }).click();
    const choice = two.getByRole('region', {
      name: 'Someone else changed this while you were editing',
    });
    await expect(choice.getByRole('heading')).toBeFocused();
    await expect(choice).toContainText('Yours: Oil paints');
    await expect(choice).toContainText('Saved now: Paints and brushes');
    expect((await sql`select title from note where id = ${id}`)[0]).toEqual({
      title: 'Paints and brushes',
    });
    // Keep the saved one: the form shows it, nothing is written.
    await choice.getByRole('button', { name: 'Keep the saved one' }).click();
    await expect(two.getByLabel('Title')).toHaveValue('Paints and brushes');
    await expect(choice).toBeHidden();
    // Changed again and saved: no crossing now.
    await two.getByLabel('Title').fill('Paints, brushes and paper');
    await two.getByRole('button', { name: /Save/ }).click();
    await expect(two).not.toHaveURL(/\/edit$/);
    await expect
      .poll(async () => (await sql`select title from note where id = ${id}`)[0])
      .toEqual({ title: 'Paints, brushes and paper' });
  });

  test('a category changed by someone else meanwhile: both values by name, and keep mine', async ({
    device,
    sql,
  }) => {
    const daily = seedId('category:aroha:daily');
    const url = `/people/${aroha}/preferences/categories/${daily}/edit`;
    const { page: one } = await device('aroha@example.com');
    const { page: two } = await device('aroha@example.com');
    for (const p of [one, two]) {
      await p.goto(url);
      await expect(p.getByLabel('Name', { exact: true })).toHaveValue('Daily routine');
    }
    await one.getByLabel('Name', { exact: true }).fill('Every day');
    await one.getByLabel('Inside another category').selectOption({ label: 'Food and drink' });
    await one.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(one).not.toHaveURL(/\/edit$/);
    await two.getByLabel('Name', { exact: true }).fill('My days');
    await two.getByLabel('Inside another category').selectOption({ label: 'People and places' });
    await two.getByRole('button', { name: 'Save', exact: true }).click();
    const choice = two.getByRole('region', {
      name: 'Someone else changed this while you were editing',
    });
    await expect(choice.getByRole('heading')).toBeFocused();
    await expect(choice).toContainText('Yours: My days');
    await expect(choice).toContainText('Saved now: Every day');
    // A category is named, never shown as an id.
    await expect(choice).toContainText('Yours: People and places');
    await expect(choice).toContainText('Saved now: Food and drink');
    expect((await sql`select title from category where id = ${daily}`)[0]).toEqual({
      title: 'Every day',
    });
    await choice.getByRole('button', { name: 'Keep mine' }).click();
    await expect(two).not.toHaveURL(/\/edit$/);
    await expect
      .poll(
        async () =>
          (
            await sql`select c.title, p.title as parent from category c
                      left join category p on p.id = c.parent_id where c.id = ${daily}`
          )[0],
      )
      .toEqual({ title: 'My days', parent: 'People and places' });
  });
});

test('a library row’s focus ring is whole: in the window and cut by nothing (the rows’ content-visibility included)', async ({
  page,
  signIn,
}) => {
  await signIn('aroha@example.com');
  await page.goto(`/people/${aroha}/preferences`);
  const row = page.getByRole('list', { name: 'Preferences' }).getByRole('link').first();
  await expect(row).toBeVisible();
  await tabTo(page, row, 40);
  const ring = await focusedRing(page);
  expect(ring?.width, 'the row has a ring').toBeGreaterThanOrEqual(2);
  expect(ring?.clippedBy, 'ancestors that cut the ring').toEqual([]);
  expect(ring?.inView, 'the ring is in the window').toBe(true);
  // And on screen: each of the four sides shows the ring's colour (--focus, #1a5fb4).
  if (!ring) return;
  const painted = await ringPaint(page, ring.box, [0x1a, 0x5f, 0xb4], ring.width + 3);
  for (const [side, share] of Object.entries(painted))
    expect(share, `the ring’s ${side} side on screen`).toBeGreaterThan(0.9);
});

test('every element Tab reaches shows a whole focus ring, on the main pages', async ({
  page,
  signIn,
}) => {
  test.setTimeout(120_000);
  const signedOut = ['/login', '/register'];
  const signedIn = [
    `/people/${aroha}`,
    `/people/${aroha}/preferences`,
    `/people/${aroha}/preferences/library`,
    `/people/${aroha}/preferences/${tea}`,
    `/people/${aroha}/preferences/${tea}/edit`,
    `/people/${aroha}/preferences/categories`,
    `/people/${aroha}/supporters`,
    `/people/${aroha}/settings`,
  ];
  const problems: string[] = [];
  const walk = async (path: string) => {
    await page.goto(path);
    await expect(page.locator('h1').first()).toBeVisible();
    await expect(page.getByText(/^Loading/)).toHaveCount(0);
    const rings = await ringsByTab(page);
    expect(rings.length, `${path}: Tab reaches something`).toBeGreaterThan(2);
    for (const r of rings) {
      if (r.width < 2) problems.push(`${path}: ${r.what} shows no ring`);
      if (r.clippedBy.length)
        problems.push(`${path}: ${r.what}'s ring is cut by ${r.clippedBy.join(' < ')}`);
      if (!r.inView) problems.push(`${path}: ${r.what}'s ring is not all in the window`);
    }
  };
  for (const path of signedOut) await walk(path);
  await signIn('aroha@example.com');
  for (const path of signedIn) await walk(path);
  expect(problems).toEqual([]);
});
