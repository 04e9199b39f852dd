/**
 * Read-aloud: a preference, a note and a one-page profile
 * can be read aloud with a visible play/stop control that works from the
 * keyboard, and the part being read is highlighted. Speech itself is stubbed
 * at the browser's API boundary (speechSynthesis), so that the test can say
 * when each part has been read.
 */
import type { Page } from '@playwright/test';
import { seedId } from '../../api/seed.ts';
import { expect, test } from './fixtures.ts';

const arohaId = seedId('person:aroha');
const tea = seedId('preference:aroha:tea');
const teaNote = seedId('note:aroha:tea');

/** A speechSynthesis that speaks one utterance at a time, until the test finishes it. */
const fakeSpeech = `(() => {
  const spoken = [];
  const queue = [];
  let current = null;
  const next = () => {
    current = queue.shift() ?? null;
    if (current) {
      spoken.push(current.text);
      current.onstart && current.onstart({});
    }
  };
  window.__speech = {
    spoken,
    finish() { const u = current; current = null; u && u.onend && u.onend({}); next(); },
    get now() { return current ? current.text : null; },
  };
  class Utterance { constructor(text) { this.text = text; this.onstart = null; this.onend = null; this.onerror = null; } }
  Object.defineProperty(window, 'SpeechSynthesisUtterance', { value: Utterance, configurable: true, writable: true });
  Object.defineProperty(window, 'speechSynthesis', {
    configurable: true,
    value: {
      speak(u) { queue.push(u); if (!current) next(); },
      cancel() { queue.length = 0; current = null; },
      get speaking() { return current !== null; },
    },
  });
})();`;

const now = (page: Page) => page.evaluate('window.__speech.now') as Promise<string | null>;
const finish = (page: Page) => page.evaluate('window.__speech.finish()');

test.beforeEach(async ({ context }) => {
  await context.addInitScript(fakeSpeech);
});

test('a preference is read aloud part by part, highlighted as it goes, and stopped, all from the keyboard', async ({
  page,
  signIn,
}) => {
  await signIn('aroha@example.com');
  await page.goto(`/people/${arohaId}/preferences/${tea}`);
  const title = page.getByRole('heading', { level: 1 });
  await expect(title).toHaveText('A cup of tea with milk, no sugar');
  const play = page.getByRole('button', { name: 'Read aloud: A cup of tea with milk, no sugar' });
  await play.focus();
  await expect(play).toBeFocused();
  await page.keyboard.press('Enter');

  const stop = page.getByRole('button', { name: 'Stop reading' });
  await expect(stop).toBeFocused();
  expect(await now(page)).toBe('A cup of tea with milk, no sugar');
  await expect(title).toHaveClass(/read-now/);

  await finish(page);
  await expect(page.locator('.preference-feeling')).toHaveClass(/read-now/);
  await expect(title).not.toHaveClass(/read-now/);
  expect(await now(page)).toBe('Love');

  await finish(page);
  await expect(page.locator('.preference-description')).toHaveClass(/read-now/);
  expect(await now(page)).toMatch(/\S/);

  // Stopped with the keyboard: quiet, nothing highlighted, the control back to play.
  await page.keyboard.press('Enter');
  expect(await now(page)).toBeNull();
  await expect(page.locator('.read-now')).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Read aloud/ })).toBeFocused();
});

test('a note is read aloud to its end, and the control returns to play by itself', async ({
  page,
  signIn,
}) => {
  await signIn('aroha@example.com');
  await page.goto(`/people/${arohaId}/preferences/${tea}/notes/${teaNote}`);
  await page.getByRole('button', { name: 'Read aloud: The blue mug' }).click();
  expect(await now(page)).toBe('The blue mug');
  await finish(page);
  expect(await now(page)).toBe('It lives on the second shelf, left of the kettle.');
  await expect(page.locator('.note-body')).toHaveClass(/read-now/);
  await finish(page);
  await expect(page.getByRole('button', { name: 'Read aloud: The blue mug' })).toBeVisible();
  await expect(page.locator('.read-now')).toHaveCount(0);
  expect(await page.evaluate('window.__speech.spoken')).toEqual([
    'The blue mug',
    'It lives on the second shelf, left of the kettle.',
  ]);
});

test('a one-page profile is read aloud, heading by heading and item by item', async ({
  page,
  signIn,
  sql,
}) => {
  const { personId } = await signIn('aroha@example.com');
  const id = crypto.randomUUID();
  await sql`insert into profile_page (id, person_id, purpose, title, created_by, updated_by)
            values (${id}, ${arohaId}, 'Respite', 'About me for respite care', ${personId}, ${personId})`;
  await sql`insert into profile_page_item (profile_page_id, preference_id, person_id, section, position)
            values (${id}, ${tea}, ${arohaId}, 'Love', 0)`;
  await page.goto(`/people/${arohaId}/profiles/${id}`);
  const sheet = page.getByRole('article', { name: 'Aroha’s one-page profile' });
  await sheet.getByRole('button', { name: 'Read aloud: About me for respite care' }).click();
  expect(await now(page)).toBe('Aroha. About me for respite care');
  await finish(page);
  expect(await now(page)).toBe('What I love');
  await expect(sheet.getByRole('heading', { name: 'What I love' })).toHaveClass(/read-now/);
  await finish(page);
  expect(await now(page)).toMatch(/^A cup of tea with milk, no sugar/);
  await expect(sheet.getByRole('listitem').filter({ hasText: 'A cup of tea' })).toHaveClass(
    /read-now/,
  );
});
