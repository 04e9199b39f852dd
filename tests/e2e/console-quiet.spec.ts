/**
 * The console stays quiet on the main pages: no warning and no error, signed
 * out and signed in. The fixtures fail a test on a console error only; a
 * warning (a header the browser does not understand, a deprecated feature)
 * is logged on every page alike and would go unseen, so the main pages are
 * opened here and every warning counts.
 */
import type { ConsoleMessage, Page } from '@playwright/test';
import { seedId } from '../../api/seed.ts';
import { expect, test } from './fixtures.ts';

const aroha = seedId('person:aroha');
const me = `/people/${aroha}`;
const tea = seedId('preference:aroha:tea');
const teaNote = seedId('note:aroha:tea');

/** Every warning and error `page` logs from now on, with the page opened last (`open`). */
function listen(page: Page): string[] {
  const heard: string[] = [];
  page.on('console', (m: ConsoleMessage) => {
    if (m.type() === 'warning' || m.type() === 'error') {
      heard.push(`${m.type()}: ${m.text()} (${opened.get(page) ?? ''})`);
    }
  });
  return heard;
}

/** The path each page was last asked to open: a header's warning comes before the page's URL is set. */
const opened = new WeakMap<Page, string>();

/** Opens `path` and waits for its heading, then a moment for what it logs as it settles. */
async function open(page: Page, path: string) {
  opened.set(page, path);
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible({ timeout: 15_000 });
  await page.waitForTimeout(500);
}

test('the sign-in page logs no warning or error', async ({ page }) => {
  const heard = listen(page);
  await open(page, '/login');
  expect(heard).toEqual([]);
});

test('the main pages of a Decision Maker log no warning or error', async ({ page, signIn }) => {
  test.setTimeout(90_000);
  await signIn('aroha@example.com');
  const heard = listen(page);
  for (const path of [
    me,
    `${me}/preferences`,
    `${me}/preferences/${tea}`,
    `${me}/preferences/${tea}/notes/${teaNote}`,
    `${me}/preferences/categories`,
    `${me}/supporters`,
    `${me}/profiles`,
    `${me}/settings`,
    `${me}/settings/history`,
    `${me}/settings/data`,
  ]) {
    await open(page, path);
  }
  expect(heard).toEqual([]);
});
