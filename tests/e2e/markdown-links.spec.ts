import type { Locator, Page } from '@playwright/test';
import { seedId } from '../../api/seed.ts';
import { seriousViolations } from './axe.ts';
import { expect, test } from './fixtures.ts';

/**
 * A link in a description or a note cannot send a person to another site
 * unawares. Checked in Chromium, which resolves each address itself: a link
 * that leaves our origin must open in a new tab, cut off from the page
 * (`noopener noreferrer`), with a visible marker and words that say so; a link
 * on our site stays an ordinary link.
 */

const OFF_SITE = 'evil.example';
const NEW_TAB = '(opens another website in a new tab)';

/** Every link in `scope`, as the browser resolves it. */
async function resolvedLinks(scope: Locator) {
  return scope.locator('a').evaluateAll((as) =>
    (as as HTMLAnchorElement[]).map((a) => ({
      text: a.textContent ?? '',
      origin: new URL(a.href).origin,
      target: a.getAttribute('target'),
      rel: a.getAttribute('rel'),
      marker: a.querySelector('svg[aria-hidden="true"]') !== null,
    })),
  );
}

/** No link in `scope` leaves the page's origin without opening apart and saying so. */
async function expectNoUnmarkedExit(page: Page, scope: Locator) {
  const here = new URL(page.url()).origin;
  const found = await resolvedLinks(scope);
  expect(found.length).toBeGreaterThan(0);
  for (const link of found) {
    if (link.origin === here) continue;
    expect(link, `${link.text} leaves the site`).toMatchObject({
      target: '_blank',
      rel: 'noopener noreferrer',
      marker: true,
    });
  }
}

async function expectMarkedExternal(link: Locator, path: string) {
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  await expect(link).toHaveAttribute('title', `Goes to ${OFF_SITE}, in a new tab`);
  // Chromium's own resolution of the address: another host.
  expect(await link.evaluate((a) => (a as HTMLAnchorElement).href)).toMatch(
    new RegExp(`^https?://${OFF_SITE.replace('.', '\\.')}${path}$`),
  );
  // The marker is drawn, at a readable size, in the link's colour.
  const icon = link.locator('svg.markdown-external-icon');
  await expect(icon).toBeVisible();
  const box = await icon.boundingBox();
  expect(box?.width).toBeGreaterThanOrEqual(10);
  expect(await icon.evaluate((s) => getComputedStyle(s).color)).toBe(
    await link.evaluate((a) => getComputedStyle(a).color),
  );
}

test('links to another site are marked and open apart; links on this site do not', async ({
  page,
  context,
  signIn,
  library,
  app,
}) => {
  const { personId } = await signIn('aroha@example.com');
  const list = `/people/${personId}/preferences`;
  const title = `Links ${Date.now()}`;
  const { id } = await library.preference(personId, {
    title,
    categoryIds: [seedId('category:aroha:food')],
    description: [
      `See [my library](${list}).`,
      '',
      `Also [x](//${OFF_SITE}/a) and [y](/\\${OFF_SITE}/b) and [z](/\\/${OFF_SITE}/c).`,
    ].join('\n'),
  });
  const { id: noteId } = await library.note(personId, {
    preferenceId: id,
    title: 'Where to look',
    body: `Look at [w](//${OFF_SITE}/n).`,
  });

  // Nothing may reach the other host from this test: the browser's request is
  // answered here, and what it carried is kept.
  const offSite: { url: string; referer: string | undefined }[] = [];
  await context.route(`**://${OFF_SITE}/**`, async (route) => {
    offSite.push({ url: route.request().url(), referer: route.request().headers().referer });
    await route.fulfill({ contentType: 'text/html', body: '<title>Elsewhere</title>' });
  });

  await page.goto(`${app.url}${list}/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  const description = page.locator('.preference-description');

  // Protocol-relative, written plainly and with an escaped slash: another site.
  const x = description.getByRole('link', { name: `x ${NEW_TAB}`, exact: true });
  const z = description.getByRole('link', { name: `z ${NEW_TAB}`, exact: true });
  await expectMarkedExternal(x, '/a');
  await expectMarkedExternal(z, '/c');

  // A backslash after the slash: the renderer percent-encodes it, so Chromium
  // keeps it on this site, and it is an ordinary link here.
  const y = description.getByRole('link', { name: 'y', exact: true });
  expect(await y.evaluate((a) => (a as HTMLAnchorElement).href)).toBe(
    `${app.url}/%5C${OFF_SITE}/b`,
  );
  await expect(y).not.toHaveAttribute('target', /./);

  // The same-site link stays a plain link in this tab, with no marker.
  const mine = description.getByRole('link', { name: 'my library', exact: true });
  await expect(mine).toHaveAttribute('href', list);
  await expect(mine).not.toHaveAttribute('target', /./);
  await expect(mine).not.toHaveAttribute('rel', /./);
  await expect(mine.locator('svg')).toHaveCount(0);

  await expectNoUnmarkedExit(page, description);
  expect(await seriousViolations(page), 'view').toEqual([]);

  // Focus stays visible on a marked link reached with the keyboard.
  await x.focus();
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Tab');
  await expect(x).toBeFocused();
  expect(await x.evaluate((a) => getComputedStyle(a).outlineStyle)).toBe('solid');

  // Opening it: a new tab that cannot reach back to us and was not told where it came from.
  const [popup] = await Promise.all([page.waitForEvent('popup'), x.click()]);
  await popup.waitForLoadState();
  expect(new URL(popup.url()).host).toBe(OFF_SITE);
  expect(await popup.evaluate(() => window.opener)).toBeNull();
  expect(offSite).toEqual([{ url: `http://${OFF_SITE}/a`, referer: undefined }]);
  await popup.close();
  await expect(page).toHaveURL(`${app.url}${list}/${id}`);

  // The same-site link opens in this tab.
  await mine.click();
  await expect(page).toHaveURL(`${app.url}${list}`);

  // Notes are rendered the same way.
  await page.goto(`${app.url}${list}/${id}/notes/${noteId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Where to look' })).toBeVisible();
  const body = page.locator('.note-body');
  await expectMarkedExternal(body.getByRole('link', { name: `w ${NEW_TAB}`, exact: true }), '/n');
  await expectNoUnmarkedExit(page, body);
  expect(await seriousViolations(page), 'note view').toEqual([]);
});
