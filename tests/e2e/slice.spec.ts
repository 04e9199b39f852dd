import type { Page } from '@playwright/test';
import { seedId } from '../../api/seed.ts';
import { mailedLink } from '../harness/magic-link.ts';
import { expect, test } from './fixtures.ts';

test('signed out, the people area sends you to sign in', async ({ page }) => {
  await page.goto('/people/someone/preferences');
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByRole('alert')).toHaveText('You must be logged in to view this page');
});

test('the demo Decision Maker signs in and sees her preference titles', async ({
  page,
  sql,
  app,
}) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/login/);
  await page.getByLabel('Email').fill('aroha@example.com');
  await page.getByRole('button', { name: 'Send me a sign-in link' }).click();
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  // The link from the dev mailbox, opened in another tab of the same browser.
  const challengeId = new URL(page.url()).pathname.split('/').at(-2) ?? '';
  const link = await page.context().newPage();
  await link.goto(await mailedLink(app.url, 'aroha@example.com', challengeId));
  await expect(link.getByRole('status')).toHaveText(
    'You are signed in on the device where you asked for this link.',
  );
  await expect(page.getByRole('heading', { name: 'Kia ora, Aroha' })).toBeVisible();
  await page.getByRole('link', { name: 'Library', exact: true }).click();
  const list = page.getByRole('list', { name: 'Preferences' });
  // Every one of her published preferences, as the database counts them.
  const [row] = await sql`select count(*)::int n from preference
                          where person_id = ${seedId('person:aroha')} and status = 'Published'`;
  expect(Number(row?.n)).toBeGreaterThanOrEqual(14);
  await expect(list.getByRole('listitem')).toHaveCount(Number(row?.n));
  await expect(list).toContainText('Porridge on cold mornings');
  await expect(list).toContainText('How I take my medication');
});

/** From the library to the edit form of the preference titled `name`; its Title field. */
async function openEditor(page: Page, personId: string, name: string) {
  await page.goto(`/people/${personId}/preferences`);
  await page.getByRole('link', { name }).click();
  await page.getByRole('link', { name: 'Edit' }).click();
  const title = page.getByLabel('Title');
  await expect(title).toHaveValue(name);
  return title;
}

test('a title changed in one browser appears in another without reload', async ({ device }) => {
  const { page: editor, personId } = await device('aroha@example.com');
  const { page: viewer } = await device('aroha@example.com');

  await viewer.goto(`/people/${personId}/preferences`);
  const list = viewer.getByRole('list', { name: 'Preferences' });
  await expect(list).toContainText('Radio in the morning');
  // Marks this document: a reload would lose it.
  await viewer.evaluate(() => {
    document.body.dataset.sameDocument = 'yes';
  });

  const title = await openEditor(editor, personId, 'Radio in the morning');
  await title.fill('Radio National in the morning');
  await editor.getByRole('button', { name: 'Save changes' }).click();
  await expect(editor.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();

  await expect(list).toContainText('Radio National in the morning');
  await expect(list).not.toContainText(/^Radio in the morning$/);
  expect(await viewer.evaluate(() => document.body.dataset.sameDocument)).toBe('yes');
});

test('a save sends its change before the form draws anything', async ({ device }) => {
  const { page: editor, personId } = await device('aroha@example.com');
  // What the form showed at the moment each push frame left the page. A
  // string: tsx's keepNames would inject a helper the page lacks.
  await editor.addInitScript(`(() => {
    const Base = window.WebSocket;
    window.__atPush = [];
    window.WebSocket = class extends Base {
      send(data) {
        if (typeof data === 'string' && data.startsWith('["push"')) {
          const button = document.querySelector('form button[type=submit]');
          window.__atPush.push({ disabled: button ? button.disabled : null, text: document.body.innerText });
        }
        return super.send(data);
      }
    };
  })()`);
  const title = await openEditor(editor, personId, 'Porridge on cold mornings');
  await title.fill('Porridge on frosty mornings');
  const before = Number(await editor.evaluate('window.__atPush.length'));
  await editor.getByRole('button', { name: 'Save changes' }).click();
  await expect(editor.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();
  const pushes = (await editor.evaluate('window.__atPush')) as {
    disabled: boolean | null;
    text: string;
  }[];
  const first = pushes[before];
  // The push left while the form was still as it was before the click: the
  // button not yet disabled for saving, no "Saving" said yet.
  expect(first?.disabled).toBe(false);
  expect(first?.text).not.toMatch(/Saving/);
});

test('keyboard only: the edit form is reachable and labelled, with visible focus', async ({
  page,
  signIn,
}) => {
  const { personId } = await signIn('aroha@example.com');
  await page.goto(`/people/${personId}/preferences`);
  await expect(page.getByRole('list', { name: 'Preferences' })).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
  const first = page.getByRole('list', { name: 'Preferences' }).getByRole('link').first();
  await first.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/preferences\/[0-9a-f-]+$/);
  const edit = page.getByRole('link', { name: 'Edit' });
  await edit.focus();
  const outline = await edit.evaluate((el) => getComputedStyle(el).outlineStyle);
  expect(outline).not.toBe('none');
});
