/**
 * The media pages of a preference (spec §2 Media under a preference, §3 Pin,
 * Media deletion, Image zoom): pictures added several at once with their
 * progress, listed by kind, pinned (live on a supporter's screen), zoomed in
 * and out every way the spec names, described, deleted; a media id of another
 * preference gets the general error, and a General supporter never reaches a
 * Restricted preference's media.
 */
import type { Locator, Page } from '@playwright/test';
import sharp from 'sharp';
import { seedId } from '../../api/seed.ts';
import { seriousViolations } from './axe.ts';
import { expect, startSupporting, test } from './fixtures.ts';

const aroha = seedId('person:aroha');
const GENERAL_ERROR = 'Sorry, something went wrong.';

type FilePayload = { name: string; mimeType: string; buffer: Buffer };

/**
 * A PNG of random colours (noise does not compress): about 3 bytes a pixel,
 * big enough for an upload to take a moment when the network is slowed.
 */
async function noisePng(name: string, width = 400, height = 400): Promise<FilePayload> {
  const buffer = await sharp({
    create: {
      width,
      height,
      channels: 3,
      background: { r: 128, g: 128, b: 128 },
      noise: { type: 'gaussian', mean: 128, sigma: 60 },
    },
  })
    .png()
    .toBuffer();
  return { name, mimeType: 'image/png', buffer };
}

/** A 1×1 PNG. */
const tinyPng = (name: string): FilePayload => ({
  name,
  mimeType: 'image/png',
  buffer: Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
    'base64',
  ),
});

/** A second of silence as a WAV file (8 kHz, 16-bit mono). */
function silentWav(name: string): FilePayload {
  const rate = 8000;
  const samples = rate;
  const buffer = Buffer.alloc(44 + samples * 2);
  buffer.write('RIFF', 0);
  buffer.writeUInt32LE(36 + samples * 2, 4);
  buffer.write('WAVE', 8);
  buffer.write('fmt ', 12);
  buffer.writeUInt32LE(16, 16);
  buffer.writeUInt16LE(1, 20);
  buffer.writeUInt16LE(1, 22);
  buffer.writeUInt32LE(rate, 24);
  buffer.writeUInt32LE(rate * 2, 28);
  buffer.writeUInt16LE(2, 32);
  buffer.writeUInt16LE(16, 34);
  buffer.write('data', 36);
  buffer.writeUInt32LE(samples * 2, 40);
  return { name, mimeType: 'audio/wav', buffer };
}

const mediaUrl = (preferenceId: string, rest = '') =>
  `/people/${aroha}/preferences/${preferenceId}/media${rest}`;

/** Whether `img` finished loading a real picture (not a broken image). */
async function loaded(img: Locator) {
  await expect(img).toBeVisible();
  await expect
    .poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0))
    .toBe(true);
}

/** Adds `files` to the preference through its create page, and waits until all are added. */
async function addMedia(page: Page, preferenceId: string, files: FilePayload[]) {
  await page.goto(mediaUrl(preferenceId, '/create'));
  await page.getByLabel('Choose files').setInputFiles(files);
  await expect(page.getByRole('status').filter({ hasText: /been added\.$/ })).toHaveText(
    files.length === 1 ? 'The file has been added.' : `All ${files.length} files have been added.`,
  );
}

/** The ids of the preference's confirmed media, oldest first. */
async function mediaIds(sql: import('postgres').Sql, preferenceId: string): Promise<string[]> {
  const rows = await sql<{ id: string }[]>`
    select id from media where preference_id = ${preferenceId} and settled_at is not null
    order by created_at, id`;
  return rows.map((r) => r.id);
}

/** The id of the preference's confirmed media item called `name`. */
async function mediaIdOf(
  sql: import('postgres').Sql,
  preferenceId: string,
  name: string,
): Promise<string> {
  const [row] = await sql<{ id: string }[]>`
    select id from media
    where preference_id = ${preferenceId} and name = ${name} and settled_at is not null`;
  if (!row) throw new Error(`no media item ${name}`);
  return row.id;
}

/** Slows this page's uploads (Chromium's network emulation), so that their progress can be seen. */
async function slowUploads(page: Page, bytesPerSecond: number) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: bytesPerSecond,
  });
  return async () => {
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
  };
}

test('three pictures added at once, each with its own progress, then listed by kind', async ({
  page,
  signIn,
  library,
  sql,
}) => {
  test.setTimeout(60_000);
  await signIn('aroha@example.com');
  const pref = await library.preference(aroha, { title: `Beach days ${Date.now()}` });

  // Nothing yet: the list says so and points to adding and recording.
  await page.goto(mediaUrl(pref.id));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Pictures, sounds and videos');
  await expect(page.getByText('There are no pictures, sounds or videos here yet.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Record a sound' })).toHaveAttribute(
    'href',
    `/people/${aroha}/preferences/${pref.id}/audio/create`,
  );
  expect(await seriousViolations(page), 'empty list').toEqual([]);
  await page.getByRole('link', { name: 'Add media' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Add pictures, sounds and videos',
  );
  const field = page.getByLabel('Choose files');
  // The browser offers pictures, sounds and videos, never a drawing that can carry script.
  const accept = (await field.getAttribute('accept')) ?? '';
  expect(accept.split(',')).toEqual(
    expect.arrayContaining(['image/png', 'audio/mpeg', 'video/mp4']),
  );
  expect(accept).not.toContain('svg');
  expect(await seriousViolations(page), 'create page').toEqual([]);

  const files = await Promise.all(['one.png', 'two.png', 'three.png'].map((n) => noisePng(n)));
  // Each is about 480 KB: at 300 KB/s together they take seconds.
  const fullSpeed = await slowUploads(page, 300 * 1024);
  // Every value each bar shows, from the page itself (a bar can move between two polls).
  await page.evaluate(() => {
    const seen: Record<string, number[]> = {};
    Object.assign(window, { progressSeen: seen });
    const record = () => {
      for (const bar of document.querySelectorAll('progress')) {
        const name = bar.labels[0]?.textContent ?? '';
        const values = seen[name] ?? [];
        if (values.at(-1) !== bar.value) values.push(bar.value);
        seen[name] = values;
      }
    };
    new MutationObserver(record).observe(document.body, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['value'],
    });
  });
  await field.setInputFiles(files);
  const list = page.getByRole('list').filter({ has: page.getByRole('progressbar') });
  for (const name of ['one.png', 'two.png', 'three.png']) {
    await expect(list.getByRole('progressbar', { name })).toBeVisible();
  }
  // While they go, each can be cancelled; the page stays usable.
  await expect(page.getByRole('button', { name: /^Cancel adding / })).toHaveCount(3);
  expect(await seriousViolations(page), 'create page while uploading').toEqual([]);
  await expect(page.getByRole('status').filter({ hasText: /been added\.$/ })).toHaveText(
    'All 3 files have been added.',
    { timeout: 30_000 },
  );
  await fullSpeed();
  const seen: Record<string, number[]> = await page.evaluate(() =>
    Reflect.get(window, 'progressSeen'),
  );
  for (const name of ['one.png', 'two.png', 'three.png']) {
    const values = seen[name] ?? [];
    // Progress shown on the way, not only at the start and the end.
    expect(
      values.some((v) => v > 0 && v < 100),
      `${name}: ${values.join(', ')}`,
    ).toBe(true);
    expect(values.at(-1), name).toBe(100);
    await expect(list.getByRole('listitem').filter({ hasText: name })).toContainText('Added');
  }
  await expect(page.getByRole('button', { name: /^Cancel adding / })).toHaveCount(0);
  expect(await mediaIds(sql, pref.id)).toHaveLength(3);

  // Offered to view them: the list, under Pictures, each with its title and date.
  await page.getByRole('link', { name: 'View them' }).click();
  await expect(page).toHaveURL(new RegExp(`${mediaUrl(pref.id)}$`));
  const pictures = page.getByRole('list', { name: 'Pictures' });
  await expect(pictures.getByRole('link')).toHaveCount(3);
  for (const name of ['one.png', 'two.png', 'three.png']) {
    const tile = pictures.getByRole('link', { name: new RegExp(name.replace('.', '\\.')) });
    await expect(tile).toContainText(/Added \d{1,2} \w+ \d{4}/);
    await loaded(tile.locator('img'));
  }
  await expect(page.getByRole('heading', { name: 'Sounds', exact: true })).toHaveCount(0);
  expect(await seriousViolations(page), 'list').toEqual([]);

  // A tile opens its page in place of the list (spec §2: the history entry is replaced).
  const before = await page.evaluate(() => history.length);
  await pictures.getByRole('link', { name: /two\.png/ }).click();
  await expect(page).toHaveURL(/\/media\/[0-9a-f-]{36}$/);
  expect(await page.evaluate(() => history.length)).toBe(before);
});

test('a file that cannot be kept is refused in words, alone; one on its way can be cancelled', async ({
  page,
  signIn,
  library,
  sql,
}) => {
  test.setTimeout(60_000);
  await signIn('aroha@example.com');
  const pref = await library.preference(aroha, { title: `Odd files ${Date.now()}` });
  await page.goto(mediaUrl(pref.id, '/create'));
  const field = page.getByLabel('Choose files');
  await field.setInputFiles([
    { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') },
    { name: 'empty.png', mimeType: 'image/png', buffer: Buffer.alloc(0) },
    {
      name: 'drawing.svg',
      mimeType: 'image/svg+xml',
      buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
    },
    tinyPng('fine.png'),
  ]);
  const row = (name: string) => page.getByRole('listitem').filter({ hasText: name });
  await expect(row('notes.txt').getByRole('alert')).toHaveText(
    'Please choose a picture, a sound or a video file.',
  );
  await expect(row('empty.png').getByRole('alert')).toHaveText('That file is empty.');
  await expect(row('drawing.svg').getByRole('alert')).toHaveText(
    'We cannot use this kind of picture. Please choose a JPEG, PNG, GIF, WebP or AVIF file.',
  );
  // The good one is added all the same.
  await expect(row('fine.png')).toContainText('Added');
  await expect(page.getByRole('status').filter({ hasText: /added\.$/ })).toHaveText(
    '1 of 4 files have been added.',
  );
  expect(await seriousViolations(page)).toEqual([]);
  expect(await mediaIds(sql, pref.id)).toHaveLength(1);

  // Cancelled halfway: said so, and never shown.
  const fullSpeed = await slowUploads(page, 64 * 1024);
  await field.setInputFiles(await noisePng('slow.png'));
  const bar = page.getByRole('progressbar', { name: 'slow.png' });
  await expect(bar).toBeVisible();
  await page.getByRole('button', { name: 'Cancel adding slow.png' }).click();
  await expect(row('slow.png')).toContainText('Cancelled');
  await expect(bar).toHaveCount(0);
  await fullSpeed();
  expect(await mediaIds(sql, pref.id)).toHaveLength(1);
});

test('pinned on its page, a picture becomes the preference’s main picture live on a supporter’s screen', async ({
  device,
  library,
  sql,
}) => {
  test.setTimeout(60_000);
  const pref = await library.preference(aroha, { title: `Picnic ${Date.now()}` });
  const { page: dm } = await device('aroha@example.com');
  const { page: sam } = await device('sam@example.com');
  await addMedia(dm, pref.id, [tinyPng('first.png'), tinyPng('second.png')]);
  const second = await mediaIdOf(sql, pref.id, 'second.png');

  // Sam (General) in session has the preference open: no main picture yet.
  await startSupporting(sam, aroha);
  await sam.goto(`/people/${aroha}/preferences/${pref.id}`);
  const samMedia = sam.getByRole('list', { name: 'Pictures, sounds and videos' });
  await expect(samMedia.getByRole('link')).toHaveCount(2);
  await expect(sam.getByRole('img', { name: `Picture for ${pref.title}` })).toHaveCount(0);

  // Aroha opens the second picture from the list and pins it.
  await dm.goto(mediaUrl(pref.id));
  await dm.getByRole('link', { name: /second\.png/ }).click();
  await expect(dm).toHaveURL(new RegExp(`${mediaUrl(pref.id, `/${second}`)}$`));
  await expect(dm.getByRole('heading', { level: 1 })).toHaveText(pref.title);
  await expect(dm.getByText('No description yet.')).toBeVisible();
  await expect(dm.getByText(/^Added by Aroha Ngata$/)).toBeVisible();
  // Short weekday, day, month, year, 2-digit hour and minute, 12-hour clock (en-NZ).
  await expect(dm.locator('time')).toHaveText(
    /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{1,2} \w+ \d{4}(,| at) \d{2}:\d{2} (am|pm)$/,
  );
  // The list below, this one marked as the current one.
  const all = dm.getByRole('list', { name: 'All pictures, sounds and videos of this preference' });
  await expect(all.getByRole('link')).toHaveCount(2);
  await expect(all.getByRole('link', { name: /second\.png/ })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expect(all.getByRole('link', { name: /first\.png/ })).not.toHaveAttribute(
    'aria-current',
    'page',
  );
  await loaded(dm.getByRole('img', { name: `Picture for ${pref.title}` }));
  expect(await seriousViolations(dm), 'media page').toEqual([]);

  await dm.getByRole('button', { name: 'Pin as the main picture' }).click();
  await expect(dm.getByRole('button', { name: 'Unpin the main picture' })).toBeVisible();
  await expect(dm.getByRole('status').filter({ hasText: 'main picture' })).toHaveText(
    'This is the main picture of the preference: it is shown first.',
  );
  // First in the list now.
  await expect(all.getByRole('link').first()).toContainText('second.png');
  await expect(all.getByRole('link').first()).toContainText('Main picture');

  // On Sam's open page, without a reload: the picture at the top, first among the media.
  await loaded(sam.getByRole('img', { name: `Picture for ${pref.title}` }));
  await expect(samMedia.getByRole('link').first()).toContainText('second.png');
  await expect(samMedia.getByRole('link').first()).toContainText('Main picture');

  // Unpinned: gone from Sam's page too.
  await dm.getByRole('button', { name: 'Unpin the main picture' }).click();
  await expect(dm.getByRole('button', { name: 'Pin as the main picture' })).toBeVisible();
  await expect(sam.getByRole('img', { name: `Picture for ${pref.title}` })).toHaveCount(0);
  await expect(samMedia.getByRole('link', { name: /Main picture/ })).toHaveCount(0);
});

test('zoom: in by the button, out by the button, the overlay, the picture, Escape, a swipe and the wheel', async ({
  page,
  signIn,
  library,
  sql,
}) => {
  test.setTimeout(60_000);
  await signIn('aroha@example.com');
  const pref = await library.preference(aroha, { title: `Garden ${Date.now()}` });
  await addMedia(page, pref.id, [await noisePng('square.png', 300, 300)]);
  const [id] = await mediaIds(sql, pref.id);
  if (!id) throw new Error('no picture');
  await page.goto(mediaUrl(pref.id, `/${id}`));

  const figure = page.locator('figure.image-zoom');
  const expand = page.getByRole('button', { name: 'Expand image' });
  const minimize = page.getByRole('button', { name: 'Minimize image' });
  const dialog = page.getByRole('dialog', { name: `Picture for ${pref.title}, expanded` });
  const zoomed = dialog.getByRole('img');
  await loaded(page.getByRole('img', { name: `Picture for ${pref.title}` }));
  // Every state the zoom goes through, recorded by the page.
  await page.evaluate(() => {
    const states: string[] = [];
    Object.assign(window, { zoomStates: states });
    const el = document.querySelector('figure.image-zoom');
    if (!el) return;
    new MutationObserver(() => states.push(el.getAttribute('data-zoom-state') ?? '')).observe(el, {
      attributes: true,
      attributeFilter: ['data-zoom-state'],
    });
  });
  const states = (): Promise<string[]> => page.evaluate(() => Reflect.get(window, 'zoomStates'));
  const zoomIn = async () => {
    await expand.click();
    await expect(figure).toHaveAttribute('data-zoom-state', 'loaded');
    await expect(dialog).toBeVisible();
  };
  const isOut = async () => {
    await expect(figure).toHaveAttribute('data-zoom-state', 'unloaded');
    await expect(dialog).toBeHidden();
  };

  // In by the button: the picture fills the screen (margin 0), focus on Minimize.
  await zoomIn();
  await expect(minimize).toBeFocused();
  const viewport = page.viewportSize();
  const box = await zoomed.boundingBox();
  if (!viewport || !box) throw new Error('no box');
  expect(Math.round(box.height)).toBe(viewport.height);
  expect(Math.round(box.y)).toBe(0);
  expect(await seriousViolations(page), 'zoomed').toEqual([]);
  // Out by the button; focus back on Expand.
  await minimize.click();
  await isOut();
  await expect(expand).toBeFocused();
  expect(await states()).toEqual(['loading', 'loaded', 'unloading', 'unloaded']);

  // A click on the overlay, beside the square picture.
  await zoomIn();
  await page.mouse.click(20, viewport.height / 2);
  await isOut();
  // A click on the picture itself.
  await zoomIn();
  await zoomed.click();
  await isOut();

  // The keyboard: Enter on Expand, Escape to leave.
  await expand.focus();
  await page.keyboard.press('Enter');
  await expect(figure).toHaveAttribute('data-zoom-state', 'loaded');
  await expect(minimize).toBeFocused();
  await page.keyboard.press('Escape');
  await isOut();
  await expect(expand).toBeFocused();
  // Space on Expand, Enter on Minimize.
  await page.keyboard.press('Space');
  await expect(figure).toHaveAttribute('data-zoom-state', 'loaded');
  await page.keyboard.press('Enter');
  await isOut();

  // A swipe: 10 px is not yet one; more is.
  await zoomIn();
  const at = { clientX: viewport.width / 2, clientY: 300, pointerId: 7, isPrimary: true };
  await dialog.dispatchEvent('pointerdown', { ...at, pointerType: 'touch' });
  await dialog.dispatchEvent('pointermove', { ...at, clientY: 310, pointerType: 'touch' });
  await expect(figure).toHaveAttribute('data-zoom-state', 'loaded');
  await dialog.dispatchEvent('pointermove', { ...at, clientY: 322, pointerType: 'touch' });
  await isOut();
  // Upwards counts too.
  await zoomIn();
  await dialog.dispatchEvent('pointerdown', { ...at, pointerType: 'touch' });
  await dialog.dispatchEvent('pointermove', { ...at, clientY: 280, pointerType: 'touch' });
  await isOut();

  // The wheel: with ctrl (the browser's own zoom, a pinch) it stays; without, it ends.
  await zoomIn();
  await dialog.dispatchEvent('wheel', { deltaY: 40, ctrlKey: true });
  await expect(figure).toHaveAttribute('data-zoom-state', 'loaded');
  await page.mouse.move(viewport.width / 2, viewport.height / 2);
  await page.mouse.wheel(0, 40);
  await isOut();

  // With reduced motion nothing moves, and it still goes through every state.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await zoomIn();
  expect(await zoomed.evaluate((el) => getComputedStyle(el).transitionDuration)).toBe('0s');
  await page.keyboard.press('Escape');
  await isOut();
  await expect(expand).toBeFocused();

  // Out and straight back in, within one task: the browser's close event for
  // the zoom that ended arrives after the next has begun, and must not end it.
  await expand.evaluate(
    (button: HTMLElement) =>
      new Promise<void>((done) => {
        const figure = button.closest('figure');
        // Resolves once the stale close event has been handled.
        figure?.querySelector('dialog')?.addEventListener('close', () => setTimeout(done), {
          once: true,
        });
        button.click();
        figure?.querySelector<HTMLButtonElement>('.image-zoom-minimize')?.click();
        button.click();
      }),
  );
  await expect(figure).toHaveAttribute('data-zoom-state', 'loaded');
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await isOut();
});

test('a description changed on its edit page shows on the item; a deleted item leaves the list', async ({
  page,
  signIn,
  library,
  sql,
}) => {
  test.setTimeout(60_000);
  await signIn('aroha@example.com');
  const pref = await library.preference(aroha, { title: `Swimming ${Date.now()}` });
  await addMedia(page, pref.id, [tinyPng('pool.png'), tinyPng('sea.png')]);
  const pool = await mediaIdOf(sql, pref.id, 'pool.png');
  const sea = await mediaIdOf(sql, pref.id, 'sea.png');

  // From the preference's page: its media, and a way to all of them.
  await page.goto(`/people/${aroha}/preferences/${pref.id}`);
  const section = page.getByRole('list', { name: 'Pictures, sounds and videos' });
  await expect(section.getByRole('link')).toHaveCount(2);
  await expect(
    page.getByRole('link', { name: 'See all pictures, sounds and videos' }),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Add media' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Record a sound' })).toBeVisible();
  await section.getByRole('link', { name: /pool\.png/ }).click();
  await expect(page).toHaveURL(new RegExp(`${mediaUrl(pref.id, `/${pool}`)}$`));

  // Cancel changes nothing and comes back. The item's own Edit, once its page
  // has replaced the preference's (whose Edit goes elsewhere).
  const edit = page.getByRole('link', { name: 'Edit', exact: true });
  await expect(edit).toHaveAttribute('href', new RegExp(`/media/${pool}/edit`));
  await edit.click();
  await expect(page).toHaveURL(new RegExp(`/media/${pool}/edit\\?isFromView=true$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Change the description');
  await expect(page.getByText('No description yet.')).toBeVisible();
  await loaded(page.getByRole('img', { name: 'pool.png' }));
  expect(await seriousViolations(page), 'edit page').toEqual([]);
  await page.getByLabel('Description', { exact: true }).fill('Changed my mind');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(new RegExp(`/media/${pool}$`));
  await expect(page.getByText('No description yet.')).toBeVisible();

  // Saved: back on the item, which says it, and its tile is called by it.
  await page.getByRole('link', { name: 'Edit', exact: true }).click();
  await page
    .getByLabel('Description', { exact: true })
    .fill('  Aroha swimming lengths at the pool ');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page).toHaveURL(new RegExp(`/media/${pool}$`));
  await expect(page.locator('.media-description')).toHaveText('Aroha swimming lengths at the pool');
  const all = page.getByRole('list', {
    name: 'All pictures, sounds and videos of this preference',
  });
  await expect(all.getByRole('link', { name: /Aroha swimming lengths/ })).toHaveAttribute(
    'aria-current',
    'page',
  );
  expect((await sql`select description from media where id = ${pool}`)[0]?.description).toBe(
    'Aroha swimming lengths at the pool',
  );

  // Deleted: back where it was opened from (the preference), and gone from the lists.
  await page.getByRole('button', { name: 'Delete “Aroha swimming lengths at the pool”' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete this?' });
  await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/people/${aroha}/preferences/${pref.id}$`));
  await expect(section.getByRole('link')).toHaveCount(1);
  await expect(section.getByRole('link', { name: /sea\.png/ })).toBeVisible();
  await page.goto(mediaUrl(pref.id));
  await expect(page.getByRole('list', { name: 'Pictures' }).getByRole('link')).toHaveCount(1);
  expect(await mediaIds(sql, pref.id)).toEqual([sea]);

  // Opened directly (no page to go back to), a deletion lands on the preference.
  await page.goto(mediaUrl(pref.id, `/${sea}`));
  await page.getByRole('button', { name: 'Delete “sea.png”' }).click();
  await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/people/${aroha}/preferences/${pref.id}$`));
  await expect(page.getByText('There are no pictures, sounds or videos here yet.')).toBeVisible();
});

test('a sound is listed under Sounds and plays with the browser’s own controls, described in words beside it', async ({
  page,
  signIn,
  library,
  sql,
}) => {
  await signIn('aroha@example.com');
  const pref = await library.preference(aroha, { title: `Birdsong ${Date.now()}` });
  await addMedia(page, pref.id, [silentWav('tui.wav')]);
  const id = await mediaIdOf(sql, pref.id, 'tui.wav');
  await sql`update media set description = 'A tūī singing in the kōwhai' where id = ${id}`;

  await page.goto(mediaUrl(pref.id));
  const sounds = page.getByRole('list', { name: 'Sounds' });
  await expect(sounds.getByRole('link')).toHaveCount(1);
  await expect(page.getByRole('list', { name: 'Pictures' })).toHaveCount(0);
  await sounds.getByRole('link', { name: /A tūī singing/ }).click();
  await expect(page).toHaveURL(new RegExp(`/media/${id}$`));
  const player = page.locator('audio');
  await expect(player).toHaveAttribute('controls', '');
  await expect(player).toHaveAccessibleDescription('A tūī singing in the kōwhai');
  // The description is on the page as text, for everyone.
  const describedBy = await player.getAttribute('aria-describedby');
  await expect(page.locator(`[id="${describedBy}"]`)).toHaveText('A tūī singing in the kōwhai');
  await expect(page.locator(`[id="${describedBy}"]`)).toBeVisible();
  // Its address arrived and the browser read the sound from it.
  await expect
    .poll(() => player.evaluate((el: HTMLAudioElement) => el.readyState >= 1 && el.duration))
    .toBe(1);
  // Only pictures are pinned or zoomed.
  await expect(page.getByRole('button', { name: 'Pin as the main picture' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Expand image' })).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);
});

test('a media id of another preference, or of none, gets the general error', async ({
  page,
  signIn,
  library,
  sql,
}) => {
  await signIn('aroha@example.com');
  const mine = await library.preference(aroha, { title: `Dogs ${Date.now()}` });
  const other = await library.preference(aroha, { title: `Cats ${Date.now()}` });
  await addMedia(page, mine.id, [tinyPng('dog.png')]);
  const [id] = await mediaIds(sql, mine.id);
  if (!id) throw new Error('no picture');

  for (const path of [
    mediaUrl(other.id, `/${id}`),
    mediaUrl(other.id, `/${id}/edit`),
    mediaUrl(mine.id, `/${crypto.randomUUID()}`),
  ]) {
    await page.goto(path);
    await expect(page.getByRole('alert'), path).toHaveText(GENERAL_ERROR);
    await expect(page.getByRole('img')).toHaveCount(0);
    expect(await seriousViolations(page), path).toEqual([]);
  }
  // Where it belongs, it is there.
  await page.goto(mediaUrl(mine.id, `/${id}`));
  await expect(page.getByRole('button', { name: 'Expand image' })).toBeVisible();
});

test('a General supporter never reaches a Restricted preference’s media; a Restricted one does', async ({
  device,
  library,
  sql,
}) => {
  test.setTimeout(60_000);
  const secret = await library.preference(aroha, {
    title: `Private ${Date.now()}`,
    access: 'Restricted',
  });
  const { page: dm } = await device('aroha@example.com');
  await addMedia(dm, secret.id, [tinyPng('private.png')]);
  const [id] = await mediaIds(sql, secret.id);
  if (!id) throw new Error('no picture');

  const { page: sam } = await device('sam@example.com');
  await startSupporting(sam, aroha);
  await sam.goto(mediaUrl(secret.id));
  await expect(sam.getByRole('alert')).toHaveText('We could not find that preference.');
  await expect(sam.getByText('private.png')).toHaveCount(0);
  await sam.goto(mediaUrl(secret.id, `/${id}`));
  await expect(sam.getByRole('alert')).toHaveText(GENERAL_ERROR);
  await expect(sam.getByRole('img')).toHaveCount(0);
  await sam.goto(mediaUrl(secret.id, `/${id}/edit`));
  await expect(sam.getByRole('alert')).toHaveText(GENERAL_ERROR);
  // Nor its address, asked for by hand.
  for (const path of ['signed', 'signed/redirect']) {
    const res = await sam.request.get(`/api/people/${aroha}/media/${id}/${path}?size=display`, {
      maxRedirects: 0,
    });
    expect(res.status(), path).toBe(404);
  }

  // Riley (Restricted) in session sees it: the check above is not empty.
  const { page: riley } = await device('riley@example.com');
  await startSupporting(riley, aroha);
  await riley.goto(mediaUrl(secret.id));
  await riley.getByRole('link', { name: /private\.png/ }).click();
  await loaded(riley.getByRole('img', { name: `Picture for ${secret.title}` }));
  // And, in session, may change it: the pin is offered.
  await expect(riley.getByRole('button', { name: 'Pin as the main picture' })).toBeVisible();
});
