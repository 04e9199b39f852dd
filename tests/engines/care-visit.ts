/**
 * The care visit, step by step, for an engine under test (engine.ts), with
 * Chromium (the e2e fixtures' `device`) as the other person's tablet. Each
 * step asserts what the person sees; firefox.spec.ts and webkit.spec.ts run
 * the same steps, and their fixtures check that no page logged an error.
 */
import { expect } from '@playwright/test';
import type postgres from 'postgres';
import { seedId } from '../../api/seed.ts';
import type { Devices } from '../e2e/fixtures.ts';
import { startSupporting } from '../e2e/fixtures.ts';
import { mailedLink } from '../harness/magic-link.ts';
import {
  described,
  type EngineTab,
  expectCount,
  expectText,
  expectUrl,
  until,
  x,
} from './engine.ts';
import type { EngineNetwork } from './network.ts';

export const aroha = seedId('person:aroha');
export const sam = seedId('person:sam');
const tea = seedId('preference:aroha:tea');
const food = seedId('category:aroha:food');

/** The engine's side of a test: tabs in one browser profile, and its network. */
export type Engine = {
  /** A new tab; the first sets the profile's sign-in when `email` is given. */
  open: (email?: string) => Promise<EngineTab>;
  net: EngineNetwork;
};

export type Ctx = {
  engine: Engine;
  device: Devices;
  sql: postgres.Sql;
  baseUrl: string;
  library: {
    preference: (
      personId: string,
      p: { title: string; description?: string; categoryIds?: string[] },
    ) => Promise<{ id: string; title: string }>;
  };
};

const statusLine = '//*[contains(@class, "sync-status-line")]';
const sayingSaved = '//*[@role="status" and starts-with(normalize-space(), "Saved")]';

/** The sign-in page: asks for a link and returns its challenge (from the page's address). */
async function askOnSignInPage(tab: EngineTab, email: string) {
  await tab.goto('/login');
  await tab.fill(x.field('Email'), email);
  await tab.click(x.button('Send me a sign-in link'));
  await expectText(tab, x.h1(), 'Check your email');
  await expectText(tab, '//*[@role="status"]', 'Waiting for you to open the link');
  return new URL(await tab.url()).pathname.split('/').at(-2) ?? '';
}

export async function signInSameBrowser({ engine, baseUrl }: Ctx) {
  const tab = await engine.open();
  const challengeId = await askOnSignInPage(tab, 'tui@example.com');
  // The mail opened in another tab of the same browser: one step, no code.
  const mail = await tab.newTab();
  await mail.goto((await mailedLink(baseUrl, 'tui@example.com', challengeId)).replace(baseUrl, ''));
  await expectText(
    mail,
    '//*[@role="status"]',
    'You are signed in on the device where you asked for this link.',
  );
  await expectCount(
    mail,
    x.field('Enter the code shown on the screen where you asked to sign in'),
    0,
  );
  // The tab that asked signs in by itself.
  await expectText(tab, x.h1(), 'Kia ora, Tui');
}

export async function signInWithCode({ engine, device, baseUrl }: Ctx) {
  // Chromium asks; the engine opens the mailed link, as a phone would, and is asked for the code.
  const { page } = await device();
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel('Email').fill('tui@example.com');
  await page.getByRole('button', { name: 'Send me a sign-in link' }).click();
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  const challengeId = new URL(page.url()).pathname.split('/').at(-2) ?? '';
  const region = page.getByRole('region', { name: 'Your sign-in code' });
  const code = ((await region.getByText(/^\d{3} \d{3}$/).textContent()) ?? '').replace(' ', '');
  expect(code).toMatch(/^\d{6}$/);

  const phone = await engine.open();
  await phone.goto(
    (await mailedLink(baseUrl, 'tui@example.com', challengeId)).replace(baseUrl, ''),
  );
  const asked = x.heading('Did you ask to sign in?');
  await expectText(phone, asked, 'Did you ask to sign in?');
  const field = x.field('Enter the code shown on the screen where you asked to sign in');
  await phone.fill(field, `${code.slice(0, 3)} ${code.slice(3)}`);
  await phone.click(x.button('Sign in on that device'));
  await expectText(
    phone,
    '//*[@role="status"]',
    'You are signed in on the device where you asked for this link.',
  );
  await expect(page.getByRole('heading', { name: 'Kia ora, Tui' })).toBeVisible();
  // The phone itself is not signed in.
  await phone.goto('/');
  await expectUrl(phone, /\/login/);
}

export async function libraryAndPreference({ engine, sql }: Ctx) {
  const tab = await engine.open('aroha@example.com');
  const [row] = await sql<{ n: number }[]>`select count(*)::int n from preference
    where person_id = ${aroha} and status = 'Published'`;
  await tab.goto(`/people/${aroha}/preferences`);
  await expectText(tab, x.h1(), 'Library');
  await expectCount(tab, '//ul[@aria-label="Preferences"]/li', row?.n ?? -1);
  await expectText(tab, statusLine, /All changes saved/);
  await tab.click(x.linkTo('A cup of tea with milk, no sugar'));
  await expectUrl(tab, new RegExp(`/preferences/${tea}$`));
  await expectText(tab, x.h1(), 'A cup of tea with milk, no sugar');
  await expectText(tab, x.link('The blue mug'), 'The blue mug');
  await expectText(tab, '//article[contains(@class, "preference-view")]', /blue mug/);
}

export async function editSeenLiveBothWays({ engine, device, library }: Ctx) {
  const { id } = await library.preference(aroha, {
    title: 'Garden visit',
    description: 'In the afternoon.',
    categoryIds: [food],
  });
  const view = `/people/${aroha}/preferences/${id}`;
  // Sam, in a support session on Chromium, has the preference open.
  const { page: samPage } = await device('sam@example.com');
  await startSupporting(samPage, aroha);
  await samPage.goto(view);
  await expect(samPage.getByRole('heading', { level: 1 })).toHaveText('Garden visit');

  // Aroha edits in the engine: Sam's open screen follows.
  const tab = await engine.open('aroha@example.com');
  await tab.goto(`${view}/edit`);
  await expectText(tab, x.field('Title'), 'Garden visit');
  await tab.fill(x.field('Title'), 'Garden visit, roses');
  await tab.click(x.button('Save changes'));
  await expectText(tab, sayingSaved, /^Saved/);
  await expect(samPage.getByRole('heading', { level: 1 })).toHaveText('Garden visit, roses');

  // The other way: Aroha's engine has the preference open; Sam edits on Chromium.
  await tab.goto(view);
  await expectText(tab, x.h1(), 'Garden visit, roses');
  await samPage.goto(`${view}/edit`);
  await samPage.getByLabel('Title', { exact: true }).fill('Garden visit, roses and tea');
  await samPage.getByRole('button', { name: 'Save changes' }).click();
  await expect(samPage.getByRole('status').filter({ hasText: /^Saved/ })).toBeVisible();
  await expectText(tab, x.h1(), 'Garden visit, roses and tea');
}

/**
 * Sam's people page has loaded (the next navigation must not cut its own
 * short). Past one Zero connect timeout and its retry: WebKitGTK sometimes
 * holds a fresh page's first IndexedDB read that long (ADR 039).
 */
async function settledOnSupporting(tab: EngineTab) {
  await described(
    tab,
    until(
      `"Start a support session" on Sam's people page in ${tab.engine}`,
      async () => tab.query({ op: 'body' }).then((t) => t.includes('Start a support session')),
      30_000,
    ),
  );
}

export async function supportSession({ engine, device, sql }: Ctx) {
  const [row] = await sql<{ n: number }[]>`select count(*)::int n from preference
    where person_id = ${aroha} and status = 'Published' and access = 'General'`;
  const general = row?.n ?? -1;
  const items = '//ul[@aria-label="Preferences"]/li';
  const tab = await engine.open('sam@example.com');

  // Without a session Aroha's library is closed to Sam: he lands on his people.
  await tab.goto(`/people/${aroha}/preferences`);
  await expectUrl(tab, new RegExp(`/people/${sam}/supporting`));
  await settledOnSupporting(tab);

  // Started: exactly what his level allows; finished by him: gone. From here
  // on he moves by the app's own links, as a person does: a full page load in
  // WebKit while the last page sits in its back/forward cache can wait on that
  // page's IndexedDB (ADR 039).
  const start = x.link('Start a support session');
  await tab.click(start);
  await expectUrl(tab, new RegExp(`/people/${aroha}/preferences$`));
  await expectCount(tab, '//*[@aria-label="You are supporting Aroha"]', 1);
  await expectCount(tab, items, general);
  await expectCount(tab, `${items}[contains(., "How I take my medication")]`, 0);
  await tab.click(x.link('Finish session'));
  await expectUrl(tab, new RegExp(`/people/${sam}/supporting`));
  await settledOnSupporting(tab);
  await expectCount(tab, '//*[@aria-label="You are supporting Aroha"]', 0);
  await expectCount(tab, items, 0);

  // Started again, and ended from Aroha's tablet: the rows leave Sam's open screen live.
  await tab.click(start);
  await expectUrl(tab, new RegExp(`/people/${aroha}/preferences$`));
  await expectCount(tab, items, general);
  const [session] = await sql<{ id: string }[]>`select id from support_session
    where supporter_id = ${sam} and person_id = ${aroha} and ended_at is null`;
  const id = session?.id;
  expect(id).toMatch(/^[0-9a-f-]{36}$/);
  const dm = await device('aroha@example.com');
  const res = await dm.page.request.delete(`/api/people/${aroha}/support/${id}`);
  expect(res.status()).toBe(204);
  await expectCount(tab, items, 0, 5_000);
  await expectText(tab, '//*[@role="alert"]', 'Your support session has ended.');
}

export async function coEditing({ engine, device, library, sql }: Ctx) {
  const { id } = await library.preference(aroha, {
    title: 'Morning routine',
    description: 'Wake me gently.',
    categoryIds: [food],
  });
  const edit = `/people/${aroha}/preferences/${id}/edit`;
  const { page: samPage } = await device('sam@example.com');
  await startSupporting(samPage, aroha);
  await samPage.goto(edit);
  const samField = samPage.getByLabel('Description');
  await expect(samField).toHaveAttribute('data-shared-text', 'ready');

  const tab = await engine.open('aroha@example.com');
  await tab.goto(edit);
  const field = x.field('Description');
  await until('the shared description to be ready in the engine', async () =>
    tab.query({ op: 'attr', xpath: field, name: 'data-shared-text' }).then((v) => v === 'ready'),
  );
  await expectText(tab, field, 'Wake me gently.');

  // Aroha types at the end in the engine while Sam types at the start in Chromium.
  await samField.focus();
  await samPage.keyboard.press('Control+Home');
  const mine = ' Tea first, then the news.';
  const theirs = 'Open the curtains. ';
  await Promise.all([
    tab.typeAt(field, 'end', mine),
    samField.pressSequentially(theirs, { delay: 15 }),
  ]);
  const merged = `${theirs}Wake me gently.${mine}`;
  await expectText(tab, field, merged);
  await expect(samField).toHaveValue(merged);
  await expect
    .poll(async () => (await sql`select description from preference where id = ${id}`)[0])
    .toEqual({ description: merged });
}

export async function offlineEdits({ engine, device, library, sql }: Ctx) {
  const { id } = await library.preference(aroha, {
    title: 'Bath time',
    description: 'Warm water.',
    categoryIds: [food],
  });
  const edit = `/people/${aroha}/preferences/${id}/edit`;
  // Aroha has it open on Chromium, online throughout.
  const { page: dm } = await device('aroha@example.com');
  await dm.goto(`/people/${aroha}/preferences/${id}`);
  await expect(dm.getByRole('heading', { level: 1 })).toHaveText('Bath time');

  // Sam's tablet is the engine, in a support session.
  const tab = await engine.open('sam@example.com');
  await tab.goto(`/people/${aroha}/supporters/start`);
  await expectUrl(tab, new RegExp(`/people/${aroha}/preferences$`));
  // The session's library has loaded before he moves on (its start must not be cut short).
  await expectCount(tab, x.linkTo('Bath time'), 1);
  await tab.click(x.linkTo('Bath time'));
  await expectText(tab, x.h1(), 'Bath time');
  // Aroha's presence comes in above the controls: clicked before it, under
  // load, WebDriver's click landed where Edit had been.
  await described(
    tab,
    until(`Aroha's presence on the preference in ${tab.engine}`, async () =>
      tab.query({ op: 'body' }).then((t) => t.includes('Also here now')),
    ),
  );
  await tab.click(x.link('Edit'));
  await expectUrl(tab, new RegExp(`${edit}$`));
  await expectText(tab, x.field('Title'), 'Bath time');
  await expectText(tab, statusLine, /All changes saved/);

  // The Wi-Fi drops: the page is not told; Zero's heartbeat finds it out.
  engine.net.cut();
  await expectText(tab, statusLine, /Offline$/, 12_000);

  await tab.fill(x.field('Title'), 'Bath time, slowly');
  await tab.click(x.button('Save changes'));
  await until('"Saved on this device."', async () =>
    tab.query({ op: 'body' }).then((t) => t.includes('Saved on this device.')),
  );
  await expectText(tab, statusLine, /Offline\. 1 change waiting/);
  await tab.typeAt(x.field('Description'), 'end', ' Lavender soap.');
  await expectText(tab, statusLine, /Offline\. 2 changes waiting/);
  // Nothing has reached Postgres or Aroha.
  expect((await sql`select title from preference where id = ${id}`)[0]).toEqual({
    title: 'Bath time',
  });

  // Back on the Wi-Fi: both changes are sent, and Aroha sees them live.
  engine.net.restore();
  await expectText(tab, statusLine, /All changes saved/, 30_000);
  await expect
    .poll(async () => (await sql`select title, description from preference where id = ${id}`)[0])
    .toEqual({ title: 'Bath time, slowly', description: 'Warm water. Lavender soap.' });
  await expect(dm.getByRole('heading', { level: 1 })).toHaveText('Bath time, slowly');
}

/** The passkeys page, with no authenticator: what the engine shows, returned for the test to pin. */
export async function passkeysPage({ engine }: Ctx) {
  const tab = await engine.open('aroha@example.com');
  await tab.goto(`/people/${aroha}/settings/passkeys`);
  await expectText(tab, x.h1(), 'Passkeys');
  await expectText(
    tab,
    '//p[normalize-space()="You have no passkeys yet."]',
    'You have no passkeys yet.',
  );
  return {
    unsupported: (await tab.query({ op: 'body' })).includes(
      'WebAuthn is not supported in this browser',
    ),
    addButton: await tab.query({ op: 'count', xpath: x.button('Add a passkey') }),
  };
}
