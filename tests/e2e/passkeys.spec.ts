/**
 * Passkeys end to end (spec §4 Sign-in and Passkey registration, §7, §8) with
 * Chromium's virtual authenticator over CDP. Each test has its own browser
 * context(s) and its own demo users, and removes the passkeys it made.
 *
 * The sign-in tests need <PasskeySignIn /> on /login; the offer test needs
 * <PasskeyOffer /> in the people layout.
 */
import type { BrowserContext, CDPSession, Page } from '@playwright/test';
import postgres from 'postgres';
import { seriousViolations } from './axe.ts';
import { expect, signInContext, test } from './fixtures.ts';

const NOT_FOUND =
  'We could not find this passkey. It may have been deleted: please delete it from your device as well, and sign in with your email.';
const ENTITY_MISMATCH =
  'This passkey does not match your account. Please try again or use your email to sign in.';
const COUNTER = 'This passkey could not be trusted. Please try again or use your email to sign in.';

/** Buttons and links smaller than 44 x 44 px. */
function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate(`
    [...document.querySelectorAll('a, button, input')]
      .filter((el) => !el.classList.contains('skip-link'))
      .map((el) => ({ text: el.textContent.trim(), r: el.getBoundingClientRect() }))
      .filter(({ r }) => r.width > 0 && (r.height < 44 || r.width < 44))
      .map(({ text, r }) => text + ' ' + Math.round(r.width) + 'x' + Math.round(r.height))
  `);
}

/** Paths of the passkey API calls a page makes. */
function recordPasskeyCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (r) => {
    const path = new URL(r.url()).pathname;
    if (path.startsWith('/api/authentication/passkeys/')) {
      calls.push(path.slice('/api/authentication/passkeys/'.length));
    }
  });
  return calls;
}

type Authenticator = { cdp: CDPSession; authenticatorId: string };

async function addAuthenticator(
  context: BrowserContext,
  page: Page,
  options: { isUserVerified?: boolean } = {},
): Promise<Authenticator> {
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: options.isUserVerified ?? true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, authenticatorId };
}

async function credentialsOn({ cdp, authenticatorId }: Authenticator) {
  const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
  return credentials;
}

/** The signed-in user of a context, from GET /api/session. */
async function sessionOf(context: BrowserContext, baseUrl: string) {
  const res = await context.request.get(`${baseUrl}/api/session`);
  const body = (await res.json()) as {
    user: { id: string; personId: string } | null;
  };
  return body.user;
}

/** Direct database access, for what no screen does (tampering, checking history). */
function database(url: string) {
  return postgres(url, { max: 1, onnotice: () => {} });
}

async function removePasskeysOf(sql: postgres.Sql, emails: string[]) {
  await sql`
    delete from private.passkey_credential
    where user_id in (select id from public.app_user where email in ${sql(emails)})`;
}

function passkeysPage(baseUrl: string, personId: string) {
  return `${baseUrl}/people/${personId}/settings/passkeys`;
}

async function addPasskeyOnSettings(page: Page, expectedCount: number) {
  await page.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Passkey added' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Passkeys' }).getByRole('listitem')).toHaveCount(
    expectedCount,
  );
}

test('register a passkey, sign in with it, and delete it behind a confirmation', async ({
  browser,
  app,
}) => {
  const sql = database(app.databaseUrl);
  const context = await browser.newContext();
  try {
    await removePasskeysOf(sql, ['tui@example.com']);
    const { personId } = await signInContext(context, app.url, 'tui@example.com');
    const page = await context.newPage();
    const authenticator = await addAuthenticator(context, page);

    await page.goto(passkeysPage(app.url, personId));
    await expect(page.getByRole('heading', { level: 1, name: 'Passkeys' })).toBeVisible();
    await expect(page.getByText('You have no passkeys yet.')).toBeVisible();

    await addPasskeyOnSettings(page, 1);
    const item = page.getByRole('list', { name: 'Passkeys' }).getByRole('listitem');
    expect(await seriousViolations(page), 'passkeys page').toEqual([]);
    expect(await smallTargets(page), 'passkeys page').toEqual([]);
    const today = new Intl.DateTimeFormat('en-NZ', { dateStyle: 'medium' }).format(new Date());
    await expect(item).toContainText(`Created ${today}`);
    await expect(item).toContainText('Not used yet');
    const [credential] = await credentialsOn(authenticator);
    expect(credential?.isResidentCredential).toBe(true);
    // The authenticator got the user's id as user handle (spec §5: 1 to 64 bytes).
    const me = await sessionOf(context, app.url);
    expect(Buffer.from(credential?.userHandle ?? '', 'base64').toString('utf8')).toBe(me?.id);

    // Sign out, then back in with the passkey.
    await page.goto(`${app.url}/logout`);
    await expect(page).toHaveURL(/\/login/);
    expect(await sessionOf(context, app.url)).toBeNull();
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await expect(page).toHaveURL(new RegExp(`/people/${personId}`));
    await expect(page.getByRole('heading', { name: 'Kia ora, Tui' })).toBeVisible();
    expect((await sessionOf(context, app.url))?.personId).toBe(personId);

    await page.goto(passkeysPage(app.url, personId));
    await expect(item).toContainText('Last used');

    // Delete: Cancel first closes without acting.
    const deleteButton = item.getByRole('button', { name: /^Delete/ });
    await deleteButton.click();
    const dialog = page.getByRole('dialog', { name: 'Delete this passkey?' });
    await expect(dialog).toBeVisible();
    await expect(deleteButton).toBeDisabled();
    await expect(dialog.getByRole('button', { name: 'Delete passkey' })).toBeFocused();
    expect(await seriousViolations(page), 'confirmation dialog').toEqual([]);
    expect(await smallTargets(page), 'confirmation dialog').toEqual([]);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(item).toHaveCount(1);
    await expect(deleteButton).toBeEnabled();

    // Keyboard: Escape also closes without acting.
    await deleteButton.focus();
    await page.keyboard.press('Enter');
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(item).toHaveCount(1);

    await deleteButton.click();
    await dialog.getByRole('button', { name: 'Delete passkey' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('status').filter({ hasText: 'Passkey deleted' })).toBeVisible();
    await expect(page.getByText('You have no passkeys yet.')).toBeVisible();
    await expect(item).toHaveCount(0);

    // Both changes are in the person's history.
    const history = await sql<{ type: string; message: string }[]>`
      select type, message from public.history_event
      where person_id = ${personId} and related_type = 'Passkey'
      order by created_at, type`;
    expect(history.map((h) => `${h.type}: ${h.message}`)).toEqual([
      'Create: Added a passkey',
      'Delete: Deleted a passkey',
    ]);
    const signIns = await sql<{ message: string }[]>`
      select message from public.history_event
      where person_id = ${personId} and type = 'SignIn' and message = 'Signed in with a passkey'`;
    expect(signIns).toHaveLength(1);
  } finally {
    await removePasskeysOf(sql, ['tui@example.com']).catch(() => {});
    await context.close();
    await sql.end();
  }
});

test('a cancelled passkey prompt is silent, when adding and when signing in', async ({
  browser,
  app,
}) => {
  const sql = database(app.databaseUrl);
  const context = await browser.newContext();
  try {
    await removePasskeysOf(sql, ['sam@example.com']);
    const { personId } = await signInContext(context, app.url, 'sam@example.com');
    const page = await context.newPage();
    // The person does not verify: the authenticator refuses, as when a prompt is dismissed.
    const authenticator = await addAuthenticator(context, page, { isUserVerified: false });

    const calls = recordPasskeyCalls(page);
    await page.goto(passkeysPage(app.url, personId));
    await expect(page.getByText('You have no passkeys yet.')).toBeVisible();
    const add = page.getByRole('button', { name: 'Add a passkey' });
    await add.click();
    await expect.poll(() => calls.filter((c) => c.startsWith('init-registration'))).toHaveLength(1);
    await expect(add).toBeEnabled();
    await expect(page.getByRole('alert')).toHaveCount(0);
    await expect(page.getByRole('status').filter({ hasText: 'Passkey added' })).toHaveCount(0);
    await expect(page.getByText('You have no passkeys yet.')).toBeVisible();
    expect(await credentialsOn(authenticator)).toHaveLength(0);

    await page.goto(`${app.url}/logout`);
    await expect(page).toHaveURL(/\/login/);
    const signIn = page.getByRole('button', { name: 'Sign in with a passkey' });
    await signIn.click();
    await expect.poll(() => calls.filter((c) => c === 'init-auth')).toHaveLength(1);
    await expect(signIn).toBeEnabled();
    await expect(page.getByRole('alert')).toHaveCount(0);
    await expect(page).toHaveURL(/\/login/);
    expect(await sessionOf(context, app.url)).toBeNull();
    // The prompt never produced a credential, so nothing was sent to be verified.
    expect(calls.filter((c) => c.startsWith('verify-'))).toEqual([]);
  } finally {
    await removePasskeysOf(sql, ['sam@example.com']).catch(() => {});
    await context.close();
    await sql.end();
  }
});

test('a passkey deleted on the server gets the advice to delete it from the device', async ({
  browser,
  app,
}) => {
  const sql = database(app.databaseUrl);
  const context = await browser.newContext();
  try {
    await removePasskeysOf(sql, ['ana@example.com']);
    const { personId } = await signInContext(context, app.url, 'ana@example.com');
    const page = await context.newPage();
    const authenticator = await addAuthenticator(context, page);
    await page.goto(passkeysPage(app.url, personId));
    await addPasskeyOnSettings(page, 1);

    // Removed from the account (here through the API), still on the device.
    const list = await context.request.get(`${app.url}/api/authentication/passkeys/${personId}`);
    const [passkey] = (await list.json()) as { id: string }[];
    expect(passkey).toBeDefined();
    const removed = await context.request.delete(
      `${app.url}/api/authentication/passkeys/${personId}/${passkey?.id}`,
      { headers: { origin: app.url } },
    );
    expect(removed.status()).toBe(204);
    expect(await credentialsOn(authenticator)).toHaveLength(1);

    await page.goto(`${app.url}/logout`);
    await expect(page).toHaveURL(/\/login/);
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await expect(page.getByRole('alert')).toHaveText(NOT_FOUND);
    await expect(page).toHaveURL(/\/login/);
    expect(await sessionOf(context, app.url)).toBeNull();
  } finally {
    await removePasskeysOf(sql, ['ana@example.com']).catch(() => {});
    await context.close();
    await sql.end();
  }
});

test("another user's passkey is never listed, deleted or accepted", async ({ browser, app }) => {
  const sql = database(app.databaseUrl);
  const riley = await browser.newContext();
  const sam = await browser.newContext();
  const users = ['riley@example.com', 'sam@example.com'];
  try {
    await removePasskeysOf(sql, users);
    const { personId: rileyPerson } = await signInContext(riley, app.url, 'riley@example.com');
    const { personId: samPerson } = await signInContext(sam, app.url, 'sam@example.com');
    const page = await riley.newPage();
    const authenticator = await addAuthenticator(riley, page);
    await page.goto(passkeysPage(app.url, rileyPerson));
    await addPasskeyOnSettings(page, 1);
    const [rileyPasskey] = (await (
      await riley.request.get(`${app.url}/api/authentication/passkeys/${rileyPerson}`)
    ).json()) as { id: string }[];
    const rileyPasskeyId = rileyPasskey?.id ?? '';
    expect(rileyPasskeyId).not.toBe('');
    const samUser = await sessionOf(sam, app.url);
    const rileyUser = await sessionOf(riley, app.url);

    // Sam is no administrator of Riley: no list, no delete.
    const api = `${app.url}/api/authentication/passkeys`;
    const listed = await sam.request.get(`${api}/${rileyPerson}`);
    expect(listed.status()).toBe(403);
    expect((await listed.json()).error.code).toBe('forbidden');
    const viaRiley = await sam.request.delete(`${api}/${rileyPerson}/${rileyPasskeyId}`, {
      headers: { origin: app.url },
    });
    expect(viaRiley.status()).toBe(403);
    // Nor through his own person.
    const viaSam = await sam.request.delete(`${api}/${samPerson}/${rileyPasskeyId}`, {
      headers: { origin: app.url },
    });
    expect(viaSam.status()).toBe(404);
    expect(await (await sam.request.get(`${api}/${samPerson}`)).json()).toEqual([]);
    // Nor register a passkey for Riley's user.
    const foreign = await sam.request.get(
      `${api}/init-registration?userId=${encodeURIComponent(rileyUser?.id ?? '')}`,
    );
    expect(foreign.status()).toBe(403);
    const tooLong = await sam.request.get(`${api}/init-registration?userId=${'x'.repeat(65)}`);
    expect(tooLong.status()).toBe(400);
    expect((await tooLong.json()).error.code).toBe('ERROR_INVALID_USER_ID_LENGTH');

    // Riley's page still lists it, and Sam's page lists nothing.
    const samPage = await sam.newPage();
    await samPage.goto(passkeysPage(app.url, samPerson));
    await expect(samPage.getByText('You have no passkeys yet.')).toBeVisible();
    // Another person's pages are closed without a support session: Sam is sent home.
    await samPage.goto(passkeysPage(app.url, rileyPerson));
    await expect(samPage).toHaveURL(new RegExp(`/people/${samPerson}/supporting`));

    // A credential whose user handle names another user is refused at sign-in.
    await sql`update private.passkey_credential set user_id = ${samUser?.id ?? ''}
      where id = ${rileyPasskeyId}`;
    await page.goto(`${app.url}/logout`);
    await expect(page).toHaveURL(/\/login/);
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await expect(page.getByRole('alert')).toHaveText(ENTITY_MISMATCH);
    expect(await sessionOf(riley, app.url)).toBeNull();
    expect(await credentialsOn(authenticator)).toHaveLength(1);
  } finally {
    await removePasskeysOf(sql, users).catch(() => {});
    await riley.close();
    await sam.close();
    await sql.end();
  }
});

test('a signature counter that does not increase is refused', async ({ browser, app }) => {
  const sql = database(app.databaseUrl);
  const context = await browser.newContext();
  try {
    await removePasskeysOf(sql, ['ana@example.com']);
    const { personId } = await signInContext(context, app.url, 'ana@example.com');
    const page = await context.newPage();
    await addAuthenticator(context, page);
    await page.goto(passkeysPage(app.url, personId));
    await addPasskeyOnSettings(page, 1);

    // As if a clone of this authenticator had already been used: the stored counter is ahead.
    await sql`update private.passkey_credential set counter = 1000000
      where user_id = (select id from public.app_user where email = 'ana@example.com')`;
    await page.goto(`${app.url}/logout`);
    await expect(page).toHaveURL(/\/login/);
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await expect(page.getByRole('alert')).toHaveText(COUNTER);
    expect(await sessionOf(context, app.url)).toBeNull();
    const [row] = await sql<{ counter: string; last_used_at: Date | null }[]>`
      select counter, last_used_at from private.passkey_credential
      where user_id = (select id from public.app_user where email = 'ana@example.com')`;
    expect(Number(row?.counter)).toBe(1000000);
    expect(row?.last_used_at).toBeNull();
  } finally {
    await removePasskeysOf(sql, ['ana@example.com']).catch(() => {});
    await context.close();
    await sql.end();
  }
});

test('after an e-mail sign-in a passkey is offered; "Not now" dismisses it', async ({
  browser,
  app,
}) => {
  const sql = database(app.databaseUrl);
  const context = await browser.newContext();
  try {
    await removePasskeysOf(sql, ['riley@example.com']);
    const { personId } = await signInContext(context, app.url, 'riley@example.com');
    const page = await context.newPage();
    await addAuthenticator(context, page);
    const offer = page.getByRole('region', { name: 'Sign in faster next time with a passkey' });

    await page.goto(`${app.url}/people/${personId}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(offer).toHaveCount(0);

    await page.evaluate(() => sessionStorage.setItem('passkey.offer', '1'));
    await page.reload();
    await expect(offer).toBeVisible();
    await offer.getByRole('button', { name: 'Not now' }).click();
    await expect(offer).toHaveCount(0);
    expect(await page.evaluate(() => sessionStorage.getItem('passkey.offer'))).toBeNull();
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(offer).toHaveCount(0);

    await page.evaluate(() => sessionStorage.setItem('passkey.offer', '1'));
    await page.reload();
    await offer.getByRole('button', { name: 'Create a passkey' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Passkey created' })).toBeVisible();
    await expect(offer).toHaveCount(0);
    const list = await context.request.get(`${app.url}/api/authentication/passkeys/${personId}`);
    expect(await list.json()).toHaveLength(1);
  } finally {
    await removePasskeysOf(sql, ['riley@example.com']).catch(() => {});
    await context.close();
    await sql.end();
  }
});

test('the cookie check says whether the browser sends cookies back', async ({ browser, app }) => {
  const context = await browser.newContext();
  try {
    const api = `${app.url}/api/authentication/passkeys`;
    const before = await context.request.get(`${api}/verify-cookie-compatible`);
    expect(await before.json()).toEqual({ cookieCompatible: false });
    const init = await context.request.get(`${api}/init-cookie-compatible`);
    const cookie = init.headers()['set-cookie'] ?? '';
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Path=\/api\/authentication\/passkeys/);
    const after = await context.request.get(`${api}/verify-cookie-compatible`);
    expect(await after.json()).toEqual({ cookieCompatible: true });
  } finally {
    await context.close();
  }
});

test('the spec §8 failure texts: no WebAuthn, a failed sign-in, a failed creation', async ({
  browser,
  app,
}) => {
  // A browser without WebAuthn.
  const old = await browser.newContext();
  try {
    await old.addInitScript(
      'Object.defineProperty(window, "PublicKeyCredential", { value: undefined })',
    );
    const page = await old.newPage();
    await page.goto(`${app.url}/login`);
    await expect(page.getByText('WebAuthn is not supported in this browser')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign in with a passkey' })).toHaveCount(0);
  } finally {
    await old.close();
  }

  // The server cannot start a passkey sign-in.
  const signInContextA = await browser.newContext();
  try {
    const page = await signInContextA.newPage();
    await addAuthenticator(signInContextA, page);
    await page.route('**/api/authentication/passkeys/init-auth', (route) =>
      route.fulfill({
        status: 500,
        json: { error: { code: 'internal', message: 'Sorry, something went wrong.' } },
      }),
    );
    await page.goto(`${app.url}/login`);
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await expect(page.getByRole('alert')).toHaveText(
      'Something went wrong signing in with your passkey.',
    );
  } finally {
    await signInContextA.close();
  }

  // The server cannot store a new passkey.
  const creating = await browser.newContext();
  try {
    const { personId } = await signInContext(creating, app.url, 'riley@example.com');
    const page = await creating.newPage();
    await addAuthenticator(creating, page);
    await page.route('**/api/authentication/passkeys/verify-registration', (route) =>
      route.fulfill({
        status: 500,
        json: { error: { code: 'internal', message: 'Sorry, something went wrong.' } },
      }),
    );
    await page.goto(passkeysPage(app.url, personId));
    await page.getByRole('button', { name: 'Add a passkey' }).click();
    await expect(
      page.getByText(
        'Something went wrong creating your passkey. Please try again or continue using your email.',
      ),
    ).toBeVisible();
  } finally {
    await creating.close();
  }
});
