/**
 * Passkeys end to end (spec §4 Sign-in and Passkey registration, §7, §8) with
 * Chromium's virtual authenticator over CDP. Each test has its own browser
 * context(s); the passkeys it makes go when it ends (fixtures.ts).
 *
 * The sign-in tests need <PasskeySignIn /> on /login; the offer test needs
 * <PasskeyOffer /> in the people layout.
 */
import type { APIRequestContext, CDPSession, Page } from '@playwright/test';
import { seriousViolations, smallTargets } from './axe.ts';
import { expect, failedRequest, test } from './fixtures.ts';

const NOT_FOUND =
  'We could not find this passkey. It may have been deleted: please delete it from your device as well, and sign in with your email.';
const ENTITY_MISMATCH =
  'This passkey does not match your account. Please try again or use your email to sign in.';
const COUNTER = 'This passkey could not be trusted. Please try again or use your email to sign in.';

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
  page: Page,
  options: { isUserVerified?: boolean } = {},
): Promise<Authenticator> {
  const cdp = await page.context().newCDPSession(page);
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

/** The signed-in user of a browser, from GET /api/session. */
async function sessionOf(request: APIRequestContext) {
  const res = await request.get('/api/session');
  const body = (await res.json()) as {
    user: { id: string; personId: string } | null;
  };
  return body.user;
}

function passkeysPage(personId: string) {
  return `/people/${personId}/settings/passkeys`;
}

async function addPasskeyOnSettings(page: Page, expectedCount: number) {
  await page.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Passkey added' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Passkeys' }).getByRole('listitem')).toHaveCount(
    expectedCount,
  );
}

test('register a passkey, sign in with it, and delete it behind a confirmation', async ({
  page,
  context,
  signIn,
  sql,
}) => {
  const { personId } = await signIn('tui@example.com');
  const authenticator = await addAuthenticator(page);

  await page.goto(passkeysPage(personId));
  await expect(page.getByRole('heading', { level: 1, name: 'Passkeys' })).toBeVisible();
  await expect(page.getByText('You have no passkeys yet.')).toBeVisible();

  await addPasskeyOnSettings(page, 1);
  const item = page.getByRole('list', { name: 'Passkeys' }).getByRole('listitem');
  expect(await seriousViolations(page), 'passkeys page').toEqual([]);
  expect(await smallTargets(page), 'passkeys page').toBe('');
  const today = new Intl.DateTimeFormat('en-NZ', { dateStyle: 'medium' }).format(new Date());
  await expect(item).toContainText(`Created ${today}`);
  await expect(item).toContainText('Not used yet');
  const [credential] = await credentialsOn(authenticator);
  expect(credential?.isResidentCredential).toBe(true);
  // The authenticator got the user's id as user handle (spec §5: 1 to 64 bytes).
  const me = await sessionOf(context.request);
  expect(Buffer.from(credential?.userHandle ?? '', 'base64').toString('utf8')).toBe(me?.id);

  // Sign out, then back in with the passkey.
  await page.goto('/logout');
  await expect(page).toHaveURL(/\/login/);
  expect(await sessionOf(context.request)).toBeNull();
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page).toHaveURL(new RegExp(`/people/${personId}`));
  await expect(page.getByRole('heading', { name: 'Kia ora, Tui' })).toBeVisible();
  expect((await sessionOf(context.request))?.personId).toBe(personId);

  await page.goto(passkeysPage(personId));
  await expect(item).toContainText('Last used');

  // Delete: Cancel first closes without acting.
  const deleteButton = item.getByRole('button', { name: /^Delete/ });
  await deleteButton.click();
  const dialog = page.getByRole('dialog', { name: 'Delete this passkey?' });
  await expect(dialog).toBeVisible();
  await expect(deleteButton).toBeDisabled();
  // Focus starts on the safe choice.
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  expect(await seriousViolations(page), 'confirmation dialog').toEqual([]);
  expect(await smallTargets(page), 'confirmation dialog').toBe('');
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
});

test('a cancelled passkey prompt is silent, when adding and when signing in', async ({
  page,
  context,
  signIn,
}) => {
  const { personId } = await signIn('sam@example.com');
  // The person does not verify: the authenticator refuses, as when a prompt is dismissed.
  const authenticator = await addAuthenticator(page, { isUserVerified: false });

  const calls = recordPasskeyCalls(page);
  await page.goto(passkeysPage(personId));
  await expect(page.getByText('You have no passkeys yet.')).toBeVisible();
  const add = page.getByRole('button', { name: 'Add a passkey' });
  await add.click();
  await expect.poll(() => calls.filter((c) => c.startsWith('init-registration'))).toHaveLength(1);
  await expect(add).toBeEnabled();
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(page.getByRole('status').filter({ hasText: 'Passkey added' })).toHaveCount(0);
  await expect(page.getByText('You have no passkeys yet.')).toBeVisible();
  expect(await credentialsOn(authenticator)).toHaveLength(0);

  await page.goto('/logout');
  await expect(page).toHaveURL(/\/login/);
  const withPasskey = page.getByRole('button', { name: 'Sign in with a passkey' });
  await withPasskey.click();
  await expect.poll(() => calls.filter((c) => c === 'init-auth')).toHaveLength(1);
  await expect(withPasskey).toBeEnabled();
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(page).toHaveURL(/\/login/);
  expect(await sessionOf(context.request)).toBeNull();
  // The prompt never produced a credential, so nothing was sent to be verified.
  expect(calls.filter((c) => c.startsWith('verify-'))).toEqual([]);
});

test('a prompt the browser gives up on says what happened and what to try', async ({
  page,
  signIn,
}) => {
  const { personId } = await signIn('sam@example.com');
  // Nobody ever touches this authenticator: the browser waits out the
  // prompt's time and refuses, as Firefox does on a device with no passkey
  // store. The prompt's minute is made two seconds here.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'usb',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: false,
    },
  });
  await page.route('**/api/authentication/passkeys/init-registration*', async (route) => {
    const response = await route.fetch();
    const options = (await response.json()) as Record<string, unknown>;
    await route.fulfill({ response, json: { ...options, timeout: 2_000 } });
  });
  await page.goto(passkeysPage(personId));
  await expect(page.getByText('You have no passkeys yet.')).toBeVisible();
  const add = page.getByRole('button', { name: 'Add a passkey' });
  await add.click();
  await expect(page.getByRole('alert')).toContainText(
    'No passkey was created: the browser stopped waiting.',
    { timeout: 15_000 },
  );
  await expect(page.getByRole('alert')).toContainText('keep signing in with your email');
  await expect(add).toBeEnabled();
  await expect(page.getByText('You have no passkeys yet.')).toBeVisible();
});

test.describe(() => {
  test.use({
    allowedConsoleErrors: {
      'a passkey the server does not know is answered 400': failedRequest(
        400,
        '/api/authentication/passkeys/verify-auth',
      ),
    },
  });

  test('a passkey deleted on the server gets the advice to delete it from the device', async ({
    page,
    context,
    signIn,
    app,
  }) => {
    const { personId } = await signIn('ana@example.com');
    const authenticator = await addAuthenticator(page);
    await page.goto(passkeysPage(personId));
    await addPasskeyOnSettings(page, 1);

    // Removed from the account (here through the API), still on the device.
    const list = await context.request.get(`/api/authentication/passkeys/${personId}`);
    const [passkey] = (await list.json()) as { id: string }[];
    expect(passkey).toBeDefined();
    const removed = await context.request.delete(
      `/api/authentication/passkeys/${personId}/${passkey?.id}`,
      { headers: { origin: app.url } },
    );
    expect(removed.status()).toBe(204);
    expect(await credentialsOn(authenticator)).toHaveLength(1);

    await page.goto('/logout');
    await expect(page).toHaveURL(/\/login/);
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await expect(page.getByRole('alert')).toHaveText(NOT_FOUND);
    await expect(page).toHaveURL(/\/login/);
    expect(await sessionOf(context.request)).toBeNull();
  });

  test("another user's passkey is never listed, deleted or accepted", async ({
    page,
    context,
    signIn,
    device,
    sql,
    app,
  }) => {
    const { personId: rileyPerson } = await signIn('riley@example.com');
    const { context: sam, page: samPage, personId: samPerson } = await device('sam@example.com');
    const authenticator = await addAuthenticator(page);
    await page.goto(passkeysPage(rileyPerson));
    await addPasskeyOnSettings(page, 1);
    const [rileyPasskey] = (await (
      await context.request.get(`/api/authentication/passkeys/${rileyPerson}`)
    ).json()) as { id: string }[];
    const rileyPasskeyId = rileyPasskey?.id ?? '';
    expect(rileyPasskeyId).not.toBe('');
    const samUser = await sessionOf(sam.request);
    const rileyUser = await sessionOf(context.request);

    // Sam is no administrator of Riley: no list, no delete.
    const api = '/api/authentication/passkeys';
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
    await samPage.goto(passkeysPage(samPerson));
    await expect(samPage.getByText('You have no passkeys yet.')).toBeVisible();
    // Another person's pages are closed without a support session: Sam is sent home.
    await samPage.goto(passkeysPage(rileyPerson));
    await expect(samPage).toHaveURL(new RegExp(`/people/${samPerson}/supporting`));

    // A credential whose user handle names another user is refused at sign-in.
    await sql`update private.passkey_credential set user_id = ${samUser?.id ?? ''}
      where id = ${rileyPasskeyId}`;
    await page.goto('/logout');
    await expect(page).toHaveURL(/\/login/);
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await expect(page.getByRole('alert')).toHaveText(ENTITY_MISMATCH);
    expect(await sessionOf(context.request)).toBeNull();
    expect(await credentialsOn(authenticator)).toHaveLength(1);
  });

  test('a signature counter that does not increase is refused', async ({
    page,
    context,
    signIn,
    sql,
  }) => {
    const { personId } = await signIn('ana@example.com');
    await addAuthenticator(page);
    await page.goto(passkeysPage(personId));
    await addPasskeyOnSettings(page, 1);

    // As if a clone of this authenticator had already been used: the stored counter is ahead.
    await sql`update private.passkey_credential set counter = 1000000
      where user_id = (select id from public.app_user where email = 'ana@example.com')`;
    await page.goto('/logout');
    await expect(page).toHaveURL(/\/login/);
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await expect(page.getByRole('alert')).toHaveText(COUNTER);
    expect(await sessionOf(context.request)).toBeNull();
    const [row] = await sql<{ counter: string; last_used_at: Date | null }[]>`
      select counter, last_used_at from private.passkey_credential
      where user_id = (select id from public.app_user where email = 'ana@example.com')`;
    expect(Number(row?.counter)).toBe(1000000);
    expect(row?.last_used_at).toBeNull();
  });
});

test('after an e-mail sign-in a passkey is offered; "Not now" dismisses it', async ({
  page,
  context,
  signIn,
}) => {
  const { personId } = await signIn('riley@example.com');
  await addAuthenticator(page);
  const offer = page.getByRole('region', { name: 'Sign in faster next time with a passkey' });

  await page.goto(`/people/${personId}`);
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

  // Offered once: moving to another page, or reloading, does not bring it back.
  await page.evaluate(() => sessionStorage.setItem('passkey.offer', '1'));
  await page.reload();
  await expect(offer).toBeVisible();
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Circle' })
    .click();
  await expect(page).toHaveURL(/\/supporting/);
  await expect(offer).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(offer).toHaveCount(0);

  await page.evaluate(() => sessionStorage.setItem('passkey.offer', '1'));
  await page.reload();
  await offer.getByRole('button', { name: 'Create a passkey' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Passkey created' })).toBeVisible();
  await expect(offer).toHaveCount(0);
  const list = await context.request.get(`/api/authentication/passkeys/${personId}`);
  expect(await list.json()).toHaveLength(1);
});

test('the cookie check says whether the browser sends cookies back', async ({ context }) => {
  const api = '/api/authentication/passkeys';
  const before = await context.request.get(`${api}/verify-cookie-compatible`);
  expect(await before.json()).toEqual({ cookieCompatible: false });
  const init = await context.request.get(`${api}/init-cookie-compatible`);
  const cookie = init.headers()['set-cookie'] ?? '';
  expect(cookie).toMatch(/HttpOnly/i);
  expect(cookie).toMatch(/SameSite=Lax/i);
  expect(cookie).toMatch(/Path=\/api\/authentication\/passkeys/);
  const after = await context.request.get(`${api}/verify-cookie-compatible`);
  expect(await after.json()).toEqual({ cookieCompatible: true });
});

test.describe(() => {
  test.use({
    allowedConsoleErrors: {
      'this test answers the passkey sign-in with 500': failedRequest(
        500,
        '/api/authentication/passkeys/init-auth',
      ),
      'this test answers the new passkey with 500': failedRequest(
        500,
        '/api/authentication/passkeys/verify-registration',
      ),
    },
  });

  test('the spec §8 failure texts: no WebAuthn, a failed sign-in, a failed creation', async ({
    device,
  }) => {
    // A browser without WebAuthn.
    const old = await device();
    await old.context.addInitScript(
      'Object.defineProperty(window, "PublicKeyCredential", { value: undefined })',
    );
    await old.page.goto('/login');
    await expect(old.page.getByText('WebAuthn is not supported in this browser')).toBeVisible();
    await expect(old.page.getByRole('button', { name: 'Sign in with a passkey' })).toHaveCount(0);

    // The server cannot start a passkey sign-in.
    const signingIn = (await device()).page;
    await addAuthenticator(signingIn);
    await signingIn.route('**/api/authentication/passkeys/init-auth', (route) =>
      route.fulfill({
        status: 500,
        json: { error: { code: 'internal', message: 'Sorry, something went wrong.' } },
      }),
    );
    await signingIn.goto('/login');
    await signingIn.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await expect(signingIn.getByRole('alert')).toHaveText(
      'Something went wrong signing in with your passkey.',
    );

    // The server cannot store a new passkey.
    const { page: creating, personId } = await device('riley@example.com');
    await addAuthenticator(creating);
    await creating.route('**/api/authentication/passkeys/verify-registration', (route) =>
      route.fulfill({
        status: 500,
        json: { error: { code: 'internal', message: 'Sorry, something went wrong.' } },
      }),
    );
    await creating.goto(passkeysPage(personId));
    await creating.getByRole('button', { name: 'Add a passkey' }).click();
    await expect(
      creating.getByText(
        'Something went wrong creating your passkey. Please try again or continue using your email.',
      ),
    ).toBeVisible();
  });
});
