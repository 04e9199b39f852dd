/**
 * Easy read: a Decision Maker turns it on in personal details, and every
 * device they use shows their own screens with a picture of at least 96 px
 * beside each thing, short lines in text of at least 20 px, a read-aloud
 * control on every block, and history in words ("Riley looked at … today at
 * 3 pm", a private thing marked with a lock and a word). A supporter in a
 * session sees the normal screens, with a line that says the person uses
 * easy read.
 */
import type { Locator, Page } from '@playwright/test';
import { seedId } from '../../api/seed.ts';
import { seriousViolations } from './axe.ts';
import { expect, startSupporting, test } from './fixtures.ts';

const aroha = seedId('person:aroha');
const tea = seedId('preference:aroha:tea');
const medication = seedId('preference:aroha:medication'); // Restricted

async function turnOnEasyRead(page: Page) {
  await page.goto(`/people/${aroha}/settings/details/edit`);
  const group = page.getByRole('group', { name: 'Easy read' });
  await group.getByRole('radio', { name: 'Yes, use easy read' }).check();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Personal details', exact: true }),
  ).toBeVisible();
  await expect(page.getByRole('definition').filter({ hasText: /^O(n|ff)$/ })).toHaveText('On');
}

/** The rendered size of an element's box, in CSS pixels. */
const sizeOf = (l: Locator) =>
  l.evaluate((el) => {
    const r = el.getBoundingClientRect();
    return { width: r.width, height: r.height };
  });

const textStyle = (l: Locator) =>
  l.evaluate((el) => {
    const s = getComputedStyle(el);
    return { size: Number.parseFloat(s.fontSize), leading: Number.parseFloat(s.lineHeight) };
  });

test('a Decision Maker who turns on easy read gets pictures first, short lines and read aloud, on every device', async ({
  page,
  signIn,
  device,
}) => {
  await signIn('aroha@example.com');
  await turnOnEasyRead(page);

  // Home: one block a thing to do, each with its picture and its read-aloud control.
  await page.goto(`/people/${aroha}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Hello, Aroha.' })).toBeVisible();
  const library = page.getByRole('region', { name: 'Your library' });
  await expect(library.getByText(/^It has \d+ things\.$/)).toBeVisible();
  expect((await sizeOf(library.locator('img').first())).width).toBeGreaterThanOrEqual(96);
  await expect(library.getByRole('button', { name: 'Read aloud: Your library' })).toBeVisible();
  const line = library.getByText('The things you like and do not like.');
  const style = await textStyle(line);
  expect(style.size).toBeGreaterThanOrEqual(20);
  expect(style.leading / style.size).toBeGreaterThanOrEqual(1.5);
  expect(await seriousViolations(page), 'easy-read home').toEqual([]);

  // The library: each thing its picture (or its feeling's face) at 96 px, its name, its feeling.
  await library.getByRole('link', { name: 'Open your library' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your library' })).toBeVisible();
  const item = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('link', { name: 'A cup of tea with milk, no sugar' }) });
  await expect(item.getByText(/^(You|This) .+\.$/).first()).toBeVisible();
  expect((await sizeOf(item.locator('.easy-picture').first())).width).toBeGreaterThanOrEqual(96);
  await expect(
    item.getByRole('button', { name: 'Read aloud: A cup of tea with milk, no sugar' }),
  ).toBeVisible();
  const privateItem = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('link', { name: 'How I take my medication' }) });
  await expect(privateItem.getByText('Private', { exact: true })).toBeVisible();
  expect(await seriousViolations(page), 'easy-read library').toEqual([]);

  // A preference: its picture large, its name, its feeling as a line.
  await item.getByRole('link', { name: 'A cup of tea with milk, no sugar' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'A cup of tea with milk, no sugar' }),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Change this' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to your library' })).toBeVisible();
  expect(await seriousViolations(page), 'easy-read preference').toEqual([]);

  // Her other device shows it too: the choice is hers, not this browser's.
  const tablet = await device('aroha@example.com');
  await tablet.page.goto(`/people/${aroha}/preferences/${tea}`);
  await expect(tablet.page.getByRole('link', { name: 'Change this' })).toBeVisible();

  // Turned off, the usual screens come back.
  await page.goto(`/people/${aroha}/settings/details/edit`);
  await page.getByRole('radio', { name: 'No, use the normal pages' }).check();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('definition').filter({ hasText: /^O(n|ff)$/ })).toHaveText('Off');
  await tablet.page.goto(`/people/${aroha}`);
  await expect(
    tablet.page.getByRole('heading', { level: 1, name: 'Kia ora, Aroha' }),
  ).toBeVisible();
});

test('history in easy read says who looked at what, with their initial, and marks a private thing with a lock and a word', async ({
  page,
  signIn,
  device,
}) => {
  await signIn('aroha@example.com');
  await turnOnEasyRead(page);
  const riley = await device('riley@example.com');
  await startSupporting(riley.page, aroha);
  await riley.page.goto(`/people/${aroha}/preferences/${medication}`);
  // Riley sees the usual screen, told that Aroha uses easy read.
  await expect(
    riley.page.getByRole('heading', { level: 1, name: 'How I take my medication' }),
  ).toBeVisible();
  await expect(riley.page.getByText('Aroha uses easy read.')).toBeVisible();
  await expect(riley.page.getByRole('link', { name: 'Change this' })).toHaveCount(0);

  await page.goto(`/people/${aroha}/settings/history`);
  await expect(page.getByRole('heading', { level: 1, name: 'Who did what' })).toBeVisible();
  const looked = page
    .getByRole('listitem')
    .filter({ hasText: /^R?Riley looked at How I take my medication today at \d/ });
  // Riley's look is written as his page opens; the feed is read when it opens.
  await expect(async () => {
    await page.reload();
    await expect(looked).toHaveCount(1, { timeout: 2_000 });
  }).toPass();
  await expect(looked.locator('strong')).toHaveText('How I take my medication');
  await expect(looked.getByText('Private', { exact: true })).toBeVisible();
  await expect(looked.getByRole('button', { name: /^Read aloud: Riley looked at/ })).toBeVisible();
  expect(await seriousViolations(page), 'easy-read history').toEqual([]);
});

test('easy read chosen while getting started: the first pages after it are in easy read', async ({
  page,
  newAccount,
  signIn,
  sql,
}) => {
  const { email } = await newAccount('onboard-easy');
  const { personId } = await signIn(email);
  await page.goto(`/onboarding/${personId}`);
  const next = () => page.getByRole('button', { name: 'Next', exact: true }).click();
  await next();
  await next();
  await next();
  await page.getByRole('radio', { name: /^For myself/ }).check();
  await next();
  await expect(page.getByRole('heading', { level: 1, name: 'About you' })).toBeVisible();
  await page
    .getByRole('group', { name: 'Easy read' })
    .getByRole('radio', { name: 'Yes, use easy read' })
    .check();
  expect(await seriousViolations(page), 'about you, with easy read').toEqual([]);
  await next();
  await next();
  await page.getByRole('button', { name: 'Go to my preference library' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your library' })).toBeVisible();
  await expect(page.getByText('Your library is empty.')).toBeVisible();
  const [row] = await sql`select easy_read from person where id = ${personId}`;
  expect(row?.easy_read).toBe(true);
});

test('the check-in, notes for the next visit and the one-page profile’s preview in easy read', async ({
  page,
  signIn,
}) => {
  await signIn('aroha@example.com');
  await turnOnEasyRead(page);

  // Notes for the next visit, on her home: each read aloud, with its writer's initial.
  await page.goto(`/people/${aroha}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Hello, Aroha.' })).toBeVisible();
  const notes = page.getByRole('region', { name: 'Notes for the next visit' });
  await notes.getByRole('textbox').fill('The blue mug is in the dishwasher.');
  await notes.getByRole('button', { name: /^Leave/ }).click();
  const note = notes
    .getByRole('listitem')
    .filter({ hasText: 'The blue mug is in the dishwasher.' });
  await expect(note.getByRole('button', { name: /^Read aloud: A note from / })).toBeVisible();

  // The check-in: one question a page, the question its heading, read aloud, large text.
  await page.goto(`/survey/${aroha}/decision-maker`);
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  const question = page.getByRole('heading', { level: 1, name: 'I feel listened to.' });
  await expect(question).toBeVisible();
  await expect(page.getByRole('button', { name: 'Read aloud: I feel listened to.' })).toBeVisible();
  expect(
    (await textStyle(page.getByText('Choose the answer that fits best.'))).size,
  ).toBeGreaterThanOrEqual(20);
  expect(await seriousViolations(page), 'easy-read check-in').toEqual([]);

  // The one-page profile: from home, each item's picture or feeling at 96 px and its feeling in words.
  await page.goto(`/people/${aroha}`);
  await page.getByRole('link', { name: 'See your pages' }).click();
  await page.getByRole('button', { name: 'Make the page' }).click();
  const pick = page.getByRole('group', { name: 'Preferences on this page' });
  await pick.getByRole('checkbox', { name: 'Mushrooms' }).check();
  await page.getByRole('button', { name: 'Save the page' }).click();
  const sheet = page.getByRole('article', { name: 'Aroha’s one-page profile' });
  const item = sheet.getByRole('listitem').filter({ hasText: 'Mushrooms' });
  await expect(item.getByText(/^(You|This) .+\.$/)).toBeVisible();
  expect((await sizeOf(item.locator('.easy-picture'))).width).toBeGreaterThanOrEqual(96);
  expect(await seriousViolations(page), 'easy-read profile preview').toEqual([]);
});
