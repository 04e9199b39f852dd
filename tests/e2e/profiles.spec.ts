/**
 * One-page profiles: built from the live library, descriptions shown as the
 * library shows their Markdown, shared by a link a signed-out browser opens
 * without the bar, and gone the moment the link is revoked (after a
 * confirmation): the page then says only that it is no longer shared and whom
 * to ask for a new link.
 */
import { readFile } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import { seedId } from '../../api/seed.ts';
import { pdfLines, pdfPictures, pdfSizedLines } from '../harness/pdf-text.ts';
import { seriousViolations, smallTargets } from './axe.ts';
import { expect, failedRequest, test } from './fixtures.ts';

const arohaId = seedId('person:aroha');
const tea = 'A cup of tea with milk, no sugar';
const gone = 'This page is no longer shared';
const goneHelp =
  'The person who shared it has stopped sharing it, or the link has expired. Ask them, or whoever sent you the link, for a new one.';

/**
 * A description with Markdown, and with what must never run on a public page:
 * raw HTML with a handler, a script, a javascript: link.
 */
const teaDescription = [
  'I like my tea **strong**, with _a little_ milk.',
  '',
  '- Use the big mug',
  '- [My tea shop](https://tea.example/shop)',
  '',
  '<img src="x" onerror="window.injected = 1"><script>window.injected = 1</script>',
  '',
  '[click me](javascript:window.injected=1)',
].join('\n');

/** The tea's description on `sheet` as the library shows it: rendered, and nothing of it run. */
async function expectRenderedTea(page: Page, sheet: Locator) {
  await expect(sheet.locator('strong', { hasText: 'strong' })).toBeVisible();
  await expect(sheet.locator('em', { hasText: 'a little' })).toBeVisible();
  await expect(sheet.locator('li li', { hasText: 'Use the big mug' })).toBeVisible();
  await expect(sheet.getByRole('link', { name: /^My tea shop/ })).toHaveAttribute(
    'href',
    'https://tea.example/shop',
  );
  // A javascript: link is its words and no link; raw HTML is not there at all.
  await expect(sheet.getByText('click me')).toBeVisible();
  await expect(sheet.getByRole('link', { name: /click me/ })).toHaveCount(0);
  await expect(sheet.locator('script, [onerror], img[src="x"]')).toHaveCount(0);
  const words = await sheet.innerText();
  expect(words).toContain('I like my tea strong, with a little milk.');
  for (const marker of ['**', '_a little_', '- Use', '](', '<img', '<script']) {
    expect(words).not.toContain(marker);
  }
  expect(await page.evaluate(() => (window as { injected?: number }).injected)).toBeUndefined();
}

test.use({
  allowedConsoleErrors: {
    'a link no longer shared is answered 410': failedRequest(410, '/api/shared-profiles/'),
  },
});

test('the Decision Maker builds a one-page profile whose Markdown shows as in the library, shares it, a signed-out browser reads it, and stopping sharing asks first then ends it there at once', async ({
  page,
  signIn,
  device,
  sql,
}) => {
  await sql`update preference set description = ${teaDescription} where id = ${seedId('preference:aroha:tea')}`;
  await signIn('aroha@example.com');
  await page.goto(`/people/${arohaId}`);
  await page.getByRole('link', { name: 'One-page profiles' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('One-page profiles');
  await expect(page.getByText('There are no one-page profiles yet.')).toBeVisible();
  const purpose = page.getByRole('group', { name: 'What is it for?' });
  await expect(purpose.getByRole('radio', { name: 'A hospital stay' })).toBeChecked();
  await page.getByRole('button', { name: 'Make the page' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('About me for my hospital stay');

  const pick = page.getByRole('group', { name: 'Preferences on this page' });
  await pick.getByRole('checkbox', { name: tea }).check();
  // Where it goes follows its feeling (love), and can be changed.
  await expect(page.getByRole('combobox', { name: `Where “${tea}” goes` })).toHaveValue('Love');
  await pick.getByRole('checkbox', { name: 'Mushrooms' }).check();
  await expect(page.getByRole('combobox', { name: 'Where “Mushrooms” goes' })).toHaveValue(
    'Dislike',
  );
  await pick.getByRole('checkbox', { name: /How I take my medication/ }).check();
  await page.getByRole('button', { name: 'Save the page' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();

  const sheet = page.getByRole('article', { name: 'Aroha’s one-page profile' });
  await expect(sheet.getByRole('heading', { name: 'What I love' })).toBeVisible();
  await expect(sheet).toContainText(tea);
  await expect(sheet).toContainText('Mushrooms');
  await expectRenderedTea(page, sheet);
  // Restricted and not chosen to show: left out, and the builder says so.
  await expect(sheet).not.toContainText('medication');
  await expect(page.getByText('1 restricted preference you ticked is not shown.')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  expect(
    await smallTargets(
      page,
      'main button, main a.button, main select, main input[type="text"], .field.checkbox label',
    ),
  ).toBe('');
  // Beside the PDF, an easy-read and a large-print one, of the page as it is now.
  const [ownEasy] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Easy read PDF' }).click(),
  ]);
  expect(ownEasy.suggestedFilename()).toBe('about-me-for-my-hospital-stay-easy-read.pdf');
  await expect(page.getByRole('link', { name: 'Large print PDF' })).toHaveAttribute(
    'href',
    /\/pdf\/large-print$/,
  );

  // A link for a week, shown once with its QR code.
  await page.getByLabel('The link works for').selectOption('7');
  await page.getByRole('button', { name: 'Create a link' }).click();
  const link = page.getByLabel('Link to this page');
  await expect(link).toHaveValue(/\/p\/[A-Za-z0-9_-]{43}$/);
  await expect(page.getByRole('img', { name: 'QR code of the link to this page' })).toBeVisible();
  const url = await link.inputValue();
  await expect(page.getByRole('list', { name: 'Links to this page' })).toContainText('works until');

  // Anyone with the link, signed out: the page alone, no bar.
  const guest = await device();
  await guest.page.goto(url);
  await expect(guest.page.getByRole('heading', { level: 1 })).toHaveText(
    'About me for my hospital stay',
  );
  const shared = guest.page.getByRole('article', { name: 'Aroha’s one-page profile' });
  await expect(shared).toContainText(tea);
  await expect(shared).not.toContainText('medication');
  await expectRenderedTea(guest.page, shared);
  await expect(guest.page.getByRole('navigation')).toHaveCount(0);
  expect(await seriousViolations(guest.page)).toEqual([]);

  // The same page as a PDF file, for whoever has the link.
  const [pdf] = await Promise.all([
    guest.page.waitForEvent('download'),
    guest.page.getByRole('link', { name: 'Download as PDF' }).click(),
  ]);
  expect(pdf.suggestedFilename()).toBe('about-me-for-my-hospital-stay.pdf');
  // Its words are the description's, set in their styles: no Markdown, no HTML.
  const lines = pdfLines(await readFile(await pdf.path()));
  expect(lines).toEqual(
    expect.arrayContaining([
      'I like my tea strong, with a little milk.',
      '•Use the big mug',
      '•My tea shop (https://tea.example/shop)',
      'click me',
    ]),
  );
  expect(lines.join('\n')).not.toMatch(/\*|_|\]\(|<img|<script/);
  // Easy read: a picture for each of its two items, short lines of 16 pt and up.
  const [easy] = await Promise.all([
    guest.page.waitForEvent('download'),
    guest.page.getByRole('link', { name: 'Easy read PDF' }).click(),
  ]);
  expect(easy.suggestedFilename()).toBe('about-me-for-my-hospital-stay-easy-read.pdf');
  const easyPdf = await readFile(await easy.path());
  const easyLines = pdfSizedLines(easyPdf);
  expect(easyLines.map((l) => l.text).join(' ')).toContain(
    'I like my tea strong, with a little milk.',
  );
  expect(easyLines.map((l) => l.text).join(' ')).not.toContain('medication');
  expect(Math.min(...easyLines.map((l) => l.size))).toBeGreaterThanOrEqual(16);
  expect(pdfPictures(easyPdf)).toHaveLength(2);
  // Large print: 18 pt and up.
  const [large] = await Promise.all([
    guest.page.waitForEvent('download'),
    guest.page.getByRole('link', { name: 'Large print PDF' }).click(),
  ]);
  expect(large.suggestedFilename()).toBe('about-me-for-my-hospital-stay-large-print.pdf');
  const largeLines = pdfSizedLines(await readFile(await large.path()));
  expect(largeLines.map((l) => l.text)).toContain('I like my tea strong, with a little milk.');
  expect(Math.min(...largeLines.map((l) => l.size))).toBeGreaterThanOrEqual(18);
  expect(await smallTargets(guest.page, 'main button, main a.button')).toBe('');

  // Live from the library: a change there is what the open link shows next.
  await sql`update preference set title = 'Tea, strong and milky' where id = ${seedId('preference:aroha:tea')}`;
  await expect(shared).toContainText('Tea, strong and milky', { timeout: 15_000 });

  // Stop sharing asks first; Cancel changes nothing.
  const links = page.getByRole('list', { name: 'Links to this page' });
  const stop = page.getByRole('button', { name: /^Stop sharing the link made / });
  await stop.click();
  const ask = page.getByRole('dialog', { name: 'Stop sharing this link?' });
  await expect(ask).toContainText('can no longer read it');
  await expect(ask.getByRole('button', { name: 'Cancel' })).toBeFocused();
  expect(await seriousViolations(page)).toEqual([]);
  await ask.getByRole('button', { name: 'Cancel' }).click();
  await expect(ask).toBeHidden();
  await expect(stop).toBeEnabled();
  await expect(links).toContainText('works until');
  const stillShared = await sql`select s.id from profile_share s
    join profile_page p on p.id = s.profile_page_id
    where p.person_id = ${arohaId} and s.revoked_at is null`;
  expect(stillShared).toHaveLength(1);
  await guest.page.reload();
  await expect(shared).toContainText('Tea, strong and milky');

  // Confirmed: the signed-out page, still open, says it is no longer shared and whom to ask.
  await stop.click();
  await ask.getByRole('button', { name: 'Stop sharing', exact: true }).click();
  await expect(ask).toBeHidden();
  await expect(links).toContainText('no longer shared');
  await expect(page.getByRole('status').filter({ hasText: 'is no longer shared.' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Links to this page' })).toBeFocused();
  // The stopped link is not left on screen: nothing to copy, scan or send on.
  await expect(page.getByLabel('Link to this page')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Copy the link' })).toHaveCount(0);
  await expect(page.getByRole('img', { name: 'QR code of the link to this page' })).toHaveCount(0);
  await expect(page.locator('main')).not.toContainText(url);
  await expect(guest.page.getByRole('heading', { level: 1 })).toHaveText(gone, {
    timeout: 15_000,
  });
  const goneMain = guest.page.locator('main');
  await expect(goneMain.locator('p')).toHaveText(goneHelp);
  await expect(goneMain).toHaveText(`${gone}${goneHelp}`);
  await expect(guest.page.getByRole('article')).toHaveCount(0);
  expect(await seriousViolations(guest.page)).toEqual([]);
  await guest.page.reload();
  await expect(guest.page.getByRole('heading', { level: 1 })).toHaveText(gone);
  await expect(goneMain).toHaveText(`${gone}${goneHelp}`);
  // Its PDFs, in every format, end with it.
  const sharedApi = url.replace('/p/', '/api/shared-profiles/');
  for (const file of ['pdf', 'pdf/easy-read', 'pdf/large-print']) {
    expect((await guest.page.request.get(`${sharedApi}/${file}`)).status()).toBe(410);
  }
  // Written to history.
  const events = await sql`select message from history_event
    where related_type = 'ProfilePage' and person_id = ${arohaId} order by created_at, id`;
  expect(events.map((e) => e.message)).toEqual([
    'Created the one-page profile “About me for my hospital stay”',
    'Changed the one-page profile “About me for my hospital stay”',
    'Shared the one-page profile “About me for my hospital stay” by a link for 7 days',
    'Stopped sharing the one-page profile “About me for my hospital stay” by link',
  ]);
});

test('an unknown link shows "This page is no longer shared", whom to ask, and nothing else, and asks no more', async ({
  device,
}) => {
  const guest = await device();
  const asked: string[] = [];
  guest.page.on('request', (r) => {
    if (new URL(r.url()).pathname.startsWith('/api/shared-profiles/')) asked.push(r.url());
  });
  const errors: string[] = [];
  guest.page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') errors.push(m.text());
  });
  // The page's own clock, run on by a minute: a page that kept looking every few seconds would ask a dozen times.
  await guest.page.clock.install();
  await guest.page.goto(`/p/${'A'.repeat(43)}`);
  await expect(guest.page.getByRole('heading', { level: 1 })).toHaveText(gone);
  await expect(guest.page.locator('main')).toHaveText(`${gone}${goneHelp}`);
  await guest.page.clock.runFor(60_000);
  // Coming back to the tab does not ask again either.
  await guest.page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
  await guest.page.clock.runFor(10_000);
  expect(asked).toHaveLength(1);
  // The one answer that it is gone (410) is all the console says.
  expect(errors).toEqual([expect.stringMatching(/status of 410/)]);
});
