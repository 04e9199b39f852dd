import type { BrowserContext } from '@playwright/test';
import postgres from 'postgres';
import { seedId } from '../../api/seed.ts';
import { readMailbox } from '../harness/magic-link.ts';
import { seriousViolations } from './axe.ts';
import { expect, signInContext, test } from './fixtures.ts';

const tui = seedId('person:tui');
const walkId = crypto.randomUUID();
const pillsId = crypto.randomUUID();

let n = 0;
const freshEmail = (tag: string) => `${tag}.${Date.now()}.${n++}@example.org`;

/** Tui is the Decision Maker with no connections; other tests rely on that. */
async function restoreTui(databaseUrl: string) {
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  try {
    await sql`delete from supporter_link where supported_id = ${tui} or supporter_id = ${tui}`;
    await sql`delete from invite where person_id = ${tui}`;
  } finally {
    await sql.end();
  }
}

async function withSql<T>(databaseUrl: string, run: (sql: postgres.Sql) => Promise<T>) {
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  try {
    return await run(sql);
  } finally {
    await sql.end();
  }
}

/** A Supporter invite link made by the signed-in context over REST. */
async function inviteLink(context: BrowserContext, baseUrl: string, personId: string) {
  const res = await context.request.post(`${baseUrl}/api/people/${personId}/invites`, {
    data: { kind: 'Supporter', accessLevel: 'General' },
  });
  expect(res.status()).toBe(201);
  const body = (await res.json()) as { id: string; url: string };
  return body;
}

const expiryFormat = new Intl.DateTimeFormat('en-NZ', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});

test.afterAll(async () => {
  const url = process.env.E2E_DATABASE_URL;
  if (url) await restoreTui(url);
});

test('invite by link → register → accept → levels set by the Decision Maker apply live → finish', async ({
  browser,
  page,
  context,
  app,
}) => {
  test.setTimeout(90_000);
  const newcomer = await browser.newContext();
  try {
    // Tui creates a link (and a QR code) for a General Supporter.
    await signInContext(context, app.url, 'tui@example.com');
    await page.goto(`/people/${tui}/supporters/invite`);
    await expect(page.getByRole('heading', { level: 1, name: 'Invite someone' })).toBeVisible();
    const levels = page.getByRole('group', { name: 'What may they see and change?' });
    await expect(levels.getByRole('radio', { name: 'General' })).toBeChecked();
    await expect(levels.getByRole('radio', { name: 'Restricted' })).toHaveAccessibleDescription(
      'Sees and edits all preferences, including those marked Restricted.',
    );
    await page.getByRole('button', { name: 'Create a link' }).click();
    const linkBox = page.getByRole('textbox', { name: 'Invite link' });
    await expect(linkBox).toHaveValue(new RegExp(`^${app.url}/invite/[0-9a-f-]{36}/[\\w-]{43}$`));
    const url = await linkBox.inputValue();
    await expect(page.getByRole('img', { name: 'QR code for the invite link' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Copy link' })).toBeVisible();
    const expiry = expiryFormat.format(new Date(Date.now() + 14 * 86_400_000));
    await expect(page.getByText(`Expires on ${expiry}.`, { exact: true })).toBeVisible();
    // The open invite is listed, live.
    await expect(
      page.getByRole('list', { name: 'Invites waiting for an answer' }).getByRole('listitem'),
    ).toHaveCount(1);

    // Someone new opens it on their own device.
    const guest = await newcomer.newPage();
    await guest.goto(url);
    await expect(
      guest.getByRole('heading', { level: 1, name: 'You have an invite' }),
    ).toBeVisible();
    await expect(
      guest.getByText(
        'Tui Brown invites you to join Tui Brown’s Circle of Support as a Supporter with General access.',
      ),
    ).toBeVisible();
    await expect(guest.getByText(`This invite expires on ${expiry}.`)).toBeVisible();
    await guest.getByRole('button', { name: 'Accept Connection' }).click();

    // Not signed in: the join page remembers the invite and offers both ways in.
    await expect(guest).toHaveURL(/\/join$/);
    await expect(
      guest.getByRole('heading', { level: 1, name: 'Accept your invite' }),
    ).toBeVisible();
    const [, , inviteId, token] = new URL(url).pathname.split('/');
    const pending = await guest.evaluate(`sessionStorage.getItem('invite.pending')`);
    expect(JSON.parse(String(pending))).toEqual({ id: inviteId, token });
    await expect(guest.getByRole('link', { name: 'I have an account' })).toHaveAttribute(
      'href',
      `/login?inviteId=${inviteId}`,
    );
    await guest.getByRole('link', { name: "I'm new here" }).click();
    await expect(guest).toHaveURL(new RegExp(`/register\\?inviteId=${inviteId}$`));

    const email = freshEmail('invited');
    await guest.getByLabel('First name').fill('Wiremu');
    await guest.getByLabel('Last name').fill('Hohepa');
    await guest.getByLabel('Email').fill(email);
    await guest.getByLabel('I accept the terms of service').check();
    await guest.getByRole('button', { name: 'Register' }).click();
    await expect(guest.getByRole('heading', { name: 'Check your email' })).toBeVisible();

    const [mail] = await readMailbox(app.url, email);
    const signInLink = mail?.links.find((l) => l.includes('/login/link/')) ?? '';
    expect(signInLink).toContain(`inviteId=${inviteId}`);
    const phone = await newcomer.newPage();
    await phone.goto(signInLink);
    await expect(phone.getByRole('status')).toHaveText(
      'You are signed in on the device where you asked for this link.',
    );
    await phone.close();

    // Signed in. Until the sign-in page returns to `invite.pending` by itself (the
    // validate route's snippet), the test goes back to the invite.
    await expect(guest).toHaveURL(/\/(onboarding|invite)\//);
    if (!guest.url().includes('/invite/')) await guest.goto(url);
    await expect(guest.getByText('You are signed in as Wiremu.')).toBeVisible();
    await guest.getByRole('button', { name: 'Accept Connection' }).click();

    // A short welcome that ends on the connection.
    await expect(guest).toHaveURL(/\/invite-onboarding\/[0-9a-f-]+$/);
    await expect(guest.getByRole('heading', { level: 1, name: 'Welcome, Wiremu' })).toBeVisible();
    await expect(guest.getByText('Step 1 of 3')).toBeVisible();
    await guest.getByRole('link', { name: 'Next' }).click();
    await expect(
      guest.getByRole('heading', { level: 1, name: 'How supporting works' }),
    ).toBeFocused();
    await guest.getByRole('link', { name: 'Next' }).click();
    await expect(guest).toHaveURL(/step=3/);
    await expect(
      guest.getByRole('list', { name: 'Your connection' }).getByRole('listitem'),
    ).toHaveText(['You are now a Supporter of Tui Brown, with General access.']);
    expect(await guest.evaluate(`sessionStorage.getItem('invite.pending')`)).toBeNull();
    await guest.getByRole('button', { name: 'Go to the people I support' }).click();
    await expect(guest).toHaveURL(/\/people\/[0-9a-f-]+\/supporting/);

    // Now Tui's Supporter, at the level the invite gave.
    const links = await withSql(
      app.databaseUrl,
      (sql) => sql`select l.access_level, u.email from supporter_link l
                   join app_user u on u.person_id = l.supporter_id
                   where l.supported_id = ${tui}`,
    );
    expect(links).toEqual([{ access_level: 'General', email }]);

    // The link worked once: opening it again says so.
    await guest.goto(url);
    await expect(guest.getByRole('alert')).toHaveText(
      'This invite has already been accepted. Each invite link works once.',
    );
    // And Tui's list of open invites emptied by itself.
    await expect(page.getByText('No invites are waiting for an answer.')).toBeVisible();

    // Tui has a General and a Restricted preference (the library screens are issue 5's).
    await withSql(
      app.databaseUrl,
      (
        sql,
      ) => sql`insert into preference (id, person_id, title, access, status, created_by, updated_by)
                   values (${walkId}, ${tui}, 'Tui walks the dog', 'General', 'Published', ${tui}, ${tui}),
                          (${pillsId}, ${tui}, 'Tui takes pills at eight', 'Restricted', 'Published', ${tui}, ${tui})`,
    );

    // Tui raises Wiremu to Restricted.
    const setLevel = async (level: 'General' | 'Restricted') => {
      await page.goto(`/people/${tui}/supporters`);
      await page.getByRole('list', { name: 'Supporters' }).getByRole('link').first().click();
      await page.getByRole('link', { name: 'Edit' }).click();
      await page.getByRole('radio', { name: level }).check();
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(page).toHaveURL(/\/supporters\/[0-9a-f-]+$/);
      await expect(page.getByText(`Access: ${level}`)).toBeVisible();
    };
    await setLevel('Restricted');

    // Wiremu starts a session and sees exactly what Restricted allows.
    await guest.goto(`/people/${tui}/supporters/start`);
    await expect(guest).toHaveURL(new RegExp(`/people/${tui}/preferences$`));
    const library = guest.getByRole('list', { name: 'Preferences' });
    await expect(library.getByRole('listitem')).toHaveCount(2);

    // Tui lowers the level: the Restricted item leaves Wiremu's open screen within 1 s.
    await setLevel('General');
    await expect(library).not.toContainText('Tui takes pills at eight', { timeout: 1000 });
    await expect(library.getByRole('listitem')).toHaveText(['Tui walks the dog']);

    // Finishing the session: the library is gone.
    await guest.getByRole('link', { name: 'Finish session' }).click();
    await expect(guest).toHaveURL(/\/supporting/);
    await guest.goto(`/people/${tui}/preferences`);
    await expect(guest).toHaveURL(/\/supporting/);
  } finally {
    await newcomer.close();
    await withSql(
      app.databaseUrl,
      (sql) => sql`delete from preference where id in (${walkId}, ${pillsId})`,
    );
    await restoreTui(app.databaseUrl);
  }
});

test('an expired link and a tampered link show their messages', async ({ page, context, app }) => {
  await signInContext(context, app.url, 'tui@example.com');
  const { id, url } = await inviteLink(context, app.url, tui);
  try {
    await withSql(
      app.databaseUrl,
      (sql) => sql`update invite set expires_at = now() - interval '1 second' where id = ${id}`,
    );
    await page.goto(url);
    await expect(page.getByRole('alert')).toHaveText(
      'This invite has expired. Ask the person who invited you for a new one.',
    );
    await expect(page.getByRole('button', { name: 'Accept Connection' })).toHaveCount(0);
    await page.goto(`${url.slice(0, -3)}abc`);
    await expect(page.getByRole('alert')).toHaveText(
      'We could not find this invite. Check that the link is complete, or ask the person who invited you for a new one.',
    );
  } finally {
    await restoreTui(app.databaseUrl);
  }
});

test('inviting yourself is refused with "You cannot be set as your own supporter"', async ({
  page,
  context,
  app,
}) => {
  await signInContext(context, app.url, 'tui@example.com');
  try {
    // By e-mail, to her own address.
    await page.goto(`/people/${tui}/supporters/invite`);
    await page.getByLabel('Email').fill('tui@example.com');
    await page.getByRole('button', { name: 'Send invite' }).click();
    const dialog = page.getByRole('dialog', { name: 'You cannot be set as your own supporter' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'OK' }).click();
    await expect(dialog).toBeHidden();

    // Or by opening her own link and accepting it.
    const { url } = await inviteLink(context, app.url, tui);
    await page.goto(url);
    await page.getByRole('button', { name: 'Accept Connection' }).click();
    const again = page.getByRole('dialog', { name: 'You cannot be set as your own supporter' });
    await expect(again).toBeVisible();
    await expect(again).toContainText('This invite came from you.');
    await page.keyboard.press('Escape');
    await expect(again).toBeHidden();
    await expect(page.getByRole('button', { name: 'Accept Connection' })).toBeEnabled();
    expect(
      await withSql(
        app.databaseUrl,
        (sql) => sql`select 1 from supporter_link where supported_id = ${tui}`,
      ),
    ).toHaveLength(0);
  } finally {
    await restoreTui(app.databaseUrl);
  }
});

test('accepting an invite meant for another account is refused: "We are not yet able to combine accounts."', async ({
  browser,
  context,
  app,
}) => {
  await signInContext(context, app.url, 'tui@example.com');
  // Tui invites Ana's address; Riley, signed in on another device, opens the link.
  const res = await context.request.post(`${app.url}/api/people/${tui}/invites`, {
    data: { kind: 'Supporter', accessLevel: 'General', email: 'ana@example.com' },
  });
  expect(res.status()).toBe(201);
  const { url } = (await res.json()) as { url: string };
  const riley = await browser.newContext();
  try {
    await signInContext(riley, app.url, 'riley@example.com');
    const page = await riley.newPage();
    await page.goto(url);
    await page.getByRole('button', { name: 'Accept Connection' }).click();
    await expect(page.getByRole('alert')).toContainText('We are not yet able to combine accounts.');
    expect(
      await withSql(
        app.databaseUrl,
        (sql) => sql`select 1 from supporter_link where supported_id = ${tui}`,
      ),
    ).toHaveLength(0);
  } finally {
    await riley.close();
    await restoreTui(app.databaseUrl);
  }
});

test('a recipient may decline without signing in', async ({ browser, context, app }) => {
  await signInContext(context, app.url, 'tui@example.com');
  const { url } = await inviteLink(context, app.url, tui);
  const other = await browser.newContext();
  try {
    const page = await other.newPage();
    await page.goto(url);
    await page.getByRole('button', { name: 'Decline' }).click();
    await expect(page.getByRole('status')).toHaveText(
      'You declined the invite. Nothing was shared and nobody was connected.',
    );
    await page.reload();
    await expect(page.getByRole('alert')).toHaveText(
      'This invite was declined. Ask the person who invited you for a new one.',
    );
  } finally {
    await other.close();
    await restoreTui(app.databaseUrl);
  }
});

test('the invite pages have no serious or critical accessibility violations', async ({
  browser,
  page,
  context,
  app,
}) => {
  await signInContext(context, app.url, 'tui@example.com');
  const { url } = await inviteLink(context, app.url, tui);
  const other = await browser.newContext();
  try {
    const view = await other.newPage();
    await view.goto(url);
    await expect(view.getByRole('button', { name: 'Accept Connection' })).toBeVisible();
    expect(await seriousViolations(view), 'invite view').toEqual([]);
    await view.goto(`${url}/join`);
    await expect(view.getByRole('link', { name: "I'm new here" })).toBeVisible();
    expect(await seriousViolations(view), 'join').toEqual([]);

    await page.goto(`/people/${tui}/supporters/invite`);
    await expect(page.getByRole('button', { name: 'Create a link' })).toBeVisible();
    expect(await seriousViolations(page), 'invite someone').toEqual([]);
    await page.getByRole('button', { name: 'Create a link' }).click();
    await expect(page.getByRole('img', { name: 'QR code for the invite link' })).toBeVisible();
    expect(await seriousViolations(page), 'invite link').toEqual([]);
    const small: string = await page.evaluate(`
      [...document.querySelectorAll('main a, main button, main input, main select')]
        .filter((el) => el.type !== 'radio')
        .map((el) => ({ text: (el.textContent || el.getAttribute('aria-label') || '').trim(), r: el.getBoundingClientRect() }))
        .filter(({ r }) => r.width > 0 && (r.height < 44 || r.width < 44))
        .map(({ text, r }) => text + ' ' + Math.round(r.width) + 'x' + Math.round(r.height))
        .join(', ')
    `);
    expect(small).toBe('');
  } finally {
    await other.close();
    await restoreTui(app.databaseUrl);
  }
});
