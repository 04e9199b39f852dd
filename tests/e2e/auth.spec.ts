import type { APIRequestContext, Page } from '@playwright/test';
import { askForLink, mailedLink, readMailbox } from '../harness/magic-link.ts';
import { seriousViolations } from './axe.ts';
import { expect, failedRequest, freshEmail, test } from './fixtures.ts';
import { walkOnboarding } from './keyboard.ts';

/**
 * Asks for a link with a browser context's `request`: that browser is the one
 * that asked (it keeps the cookie), so it opens the link in one step.
 */
async function askForLinkIn(request: APIRequestContext, baseUrl: string, email: string) {
  const res = await request.post(`${baseUrl}/api/authentication/email/track/authenticate`, {
    data: { email, challengeType: 'EMAIL_MAGIC_LINK' },
  });
  const { challengeId } = (await res.json()) as { challengeId: string };
  return { challengeId, link: await mailedLink(baseUrl, email, challengeId) };
}

/** Asks for a link on the sign-in page, as a person does; returns the challenge it waits for. */
async function askOnSignInPage(page: Page, baseUrl: string, email: string) {
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send me a sign-in link' }).click();
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  await expect(page.getByRole('status')).toHaveText('Waiting for you to open the link');
  return new URL(page.url()).pathname.split('/').at(-2) ?? '';
}

/** The code the asking page shows, without its space. */
async function shownCode(page: Page) {
  const region = page.getByRole('region', { name: 'Your sign-in code' });
  await expect(region).toContainText(
    'If you open the link on another device, it will ask for this code.',
  );
  const text = (await region.getByText(/^\d{3} \d{3}$/).textContent()) ?? '';
  return text.replace(' ', '');
}

test('register, open the mailed link, land on onboarding, then the empty library', async ({
  page,
  app,
}) => {
  const email = freshEmail('mere');
  await page.goto('/register');
  await page.getByLabel('First name').fill('Mere');
  await page.getByLabel('Last name').fill('Kingi');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Phone (optional)').fill('+64 (21) 555-0100');
  await page.getByLabel('I accept the terms of service').check();
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  await expect(page.getByText(`We sent a sign-in link to ${email}`)).toBeVisible();

  const [mail] = await readMailbox(app.url, email);
  expect(mail?.subject).toBe('Your sign-in link for Preference Bank');
  const link = mail?.links[0] ?? '';
  const other = await page.context().newPage();
  await other.goto(link);
  await expect(other.getByRole('status')).toHaveText(
    'You are signed in on the device where you asked for this link.',
  );

  await expect(page.getByRole('heading', { name: 'Welcome, Mere' })).toBeVisible();
  await expect(page).toHaveURL(/\/onboarding\/[0-9a-f-]+$/);
  await walkOnboarding(page, 'For myself');
  await page.getByRole('button', { name: 'Go to my preference library' }).click();
  await expect(page.getByRole('heading', { name: 'Nothing here yet' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Create your first preference' })).toBeVisible();
});

test.describe(() => {
  test.use({
    allowedConsoleErrors: {
      'registering an address that has an account is answered 409': failedRequest(
        409,
        '/api/users',
      ),
    },
  });

  test('registration refuses bad input inline and keeps what was typed', async ({ page }) => {
    await page.goto('/register?registerEmail=someone%40example.org');
    await expect(page.getByLabel('Email')).toHaveValue('someone@example.org');
    await page.getByLabel('First name').fill('  Ana  ');
    await page.getByLabel('Last name').fill('Walker');
    await page.getByLabel('First name').blur();
    await expect(page.getByLabel('First name')).toHaveValue('Ana');
    await page.getByRole('button', { name: 'Register' }).click();
    await expect(page.getByRole('alert')).toHaveText('Please accept the terms of service.');
    await page.getByLabel('I accept the terms of service').check();
    await page.getByLabel('Phone (optional)').fill('021.555');
    await page.getByRole('button', { name: 'Register' }).click();
    await expect(page.getByRole('alert')).toHaveText(
      'A phone number may contain only digits, spaces, hyphens, plus signs and parentheses.',
    );
    await page.getByLabel('Phone (optional)').fill('');
    await page.getByLabel('Email').fill('aroha@example.com');
    await page.getByRole('button', { name: 'Register' }).click();
    await expect(page.getByRole('alert')).toHaveText(
      'There is already an account for this e-mail address. Please sign in instead.',
    );
    await expect(page.getByLabel('Last name')).toHaveValue('Walker');
  });
});

test.describe(() => {
  test.use({
    allowedConsoleErrors: {
      'the wrong code is answered 400': failedRequest(
        400,
        '/api/authentication/email/verify/email-magic-link/finalize',
      ),
    },
  });

  test('the link opened on another device asks for the code shown where the sign-in was asked', async ({
    page,
    device,
    app,
  }) => {
    const { page: phone } = await device();
    const challengeId = await askOnSignInPage(page, app.url, 'tui@example.com');
    const code = await shownCode(page);
    expect(code).toMatch(/^\d{6}$/);

    await phone.goto(await mailedLink(app.url, 'tui@example.com', challengeId));
    await expect(phone.getByRole('heading', { name: 'Did you ask to sign in?' })).toBeFocused();
    // When and from what browser, so the person can tell whether it was them.
    const year = String(new Date().getFullYear());
    await expect(phone.getByText(/^Someone asked to sign in to your account on /)).toContainText(
      year,
    );
    await expect(phone.getByText(/^Someone asked to sign in to your account on /)).toContainText(
      'using Chrome on Linux.',
    );
    const field = phone.getByLabel('Enter the code shown on the screen where you asked to sign in');
    await expect(field).toHaveAttribute('inputmode', 'numeric');
    await expect(field).toHaveAttribute('autocomplete', 'one-time-code');
    expect(await seriousViolations(phone), 'code question').toEqual([]);
    expect(await seriousViolations(page), 'code shown').toEqual([]);
    for (const control of [
      field,
      phone.getByRole('button', { name: 'Sign in on that device' }),
      phone.getByRole('button', { name: 'I did not ask for this' }),
    ]) {
      expect((await control.boundingBox())?.height).toBeGreaterThanOrEqual(44);
    }

    // Not signed in yet, on either device.
    await expect(page.getByRole('status')).toHaveText('Waiting for you to open the link');

    // A wrong code is refused and may be tried again.
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    await field.fill(wrong);
    await phone.getByRole('button', { name: 'Sign in on that device' }).click();
    await expect(phone.getByRole('alert')).toHaveText(
      'That code is not right. Please check the code on the screen where you asked to sign in. You can try 4 more times.',
    );
    await expect(field).toHaveAttribute('aria-invalid', 'true');

    await field.fill(`${code.slice(0, 3)} ${code.slice(3)}`);
    await field.press('Enter');
    await expect(phone.getByRole('status')).toHaveText(
      'You are signed in on the device where you asked for this link.',
    );

    await expect(page.getByRole('heading', { name: 'Kia ora, Tui' })).toBeVisible();
    await phone.goto(`${app.url}/`);
    await expect(phone).toHaveURL(/\/login/);
  });
});

test.describe(() => {
  test.use({
    allowedConsoleErrors: {
      'once the sign-in is stopped, the asking page is answered 410': failedRequest(
        410,
        '/api/authentication/email/track/complete',
      ),
    },
  });

  test('"I did not ask for this" stops the sign-in, and the asking page says so', async ({
    page,
    device,
    newAccount,
    app,
  }) => {
    const { email } = await newAccount('notme');
    const challengeId = await askOnSignInPage(page, app.url, email);
    const { page: mailPage } = await device();
    await mailPage.goto(await mailedLink(app.url, email, challengeId));
    await mailPage.getByRole('button', { name: 'I did not ask for this' }).click();
    await expect(mailPage.getByRole('status')).toHaveText(
      'Thank you. Nobody has been signed in, and this link no longer works. You can ignore the e-mail.',
    );
    await expect(page.getByRole('alert')).toHaveText(
      'This sign-in was stopped: the person who opened the link said they did not ask for it. If it was you, please ask for a new link.',
    );
    await expect(page.getByRole('region', { name: 'Your sign-in code' })).toBeHidden();
    expect((await page.request.get(`${app.url}/api/session`).then((r) => r.json())).user).toBe(
      null,
    );
  });
});

test('the link opened in the browser that asked signs in with one click, no code', async ({
  page,
  newAccount,
  app,
}) => {
  const { email } = await newAccount('same');
  const challengeId = await askOnSignInPage(page, app.url, email);
  const tab = await page.context().newPage();
  await tab.goto(await mailedLink(app.url, email, challengeId));
  await expect(tab.getByRole('status')).toHaveText(
    'You are signed in on the device where you asked for this link.',
  );
  await expect(
    tab.getByLabel('Enter the code shown on the screen where you asked to sign in'),
  ).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1, name: /^Welcome, / })).toBeVisible();
});

test.describe(() => {
  test.use({
    allowedConsoleErrors: {
      'a used or expired link is answered 410': failedRequest(
        410,
        '/api/authentication/email/verify/email-magic-link/finalize',
      ),
      'a tampered link is answered 400': failedRequest(
        400,
        '/api/authentication/email/verify/email-magic-link/finalize',
      ),
      'the tab that asked for the expired link is answered 410': failedRequest(
        410,
        '/api/authentication/email/track/complete',
      ),
    },
  });

  test('reused, tampered and expired links are refused with clear messages', async ({
    page,
    newAccount,
    sql,
    app,
  }) => {
    const { email } = await newAccount('links');

    // Asked by this browser, so opening the link needs no code.
    const first = await askForLinkIn(page.context().request, app.url, email);
    await page.goto(first.link);
    await expect(page.getByRole('status')).toHaveText(
      'You are signed in on the device where you asked for this link.',
    );
    await page.goto(first.link);
    await expect(page.getByRole('alert')).toHaveText(
      'This sign-in link has already been used. Please ask for a new one.',
    );

    const second = await askForLink(app.url, email);
    await page.goto(`${second.link.slice(0, -3)}abc`);
    await expect(page.getByRole('alert')).toHaveText(
      'This sign-in link is not valid. Please ask for a new one.',
    );

    await sql`update private.magic_link_challenge set expires_at = now() - interval '1 second' where id = ${second.challengeId}`;
    await page.goto(second.link);
    await expect(page.getByRole('alert')).toHaveText(
      'This sign-in link has expired (links last 15 minutes). Please ask for a new one.',
    );
    // The tab that asked says so too, and offers a new link.
    await page.goto(
      `${app.url}/login/challenge/email/validate/${encodeURIComponent(email)}/${second.challengeId}/${second.token}`,
    );
    await expect(page.getByRole('alert')).toHaveText(
      'This sign-in link has expired (links last 15 minutes). Please ask for a new one.',
    );
    await expect(page.getByRole('link', { name: 'Send a new link' })).toBeVisible();
  });
});

test('an unknown e-mail opens the register dialog and counts attempts', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Email').fill('nobody@example.com');
  await page.getByRole('button', { name: 'Send me a sign-in link' }).click();
  const dialog = page.getByRole('dialog', {
    name: "We don't have an account for nobody@example.com",
  });
  await expect(dialog).toBeVisible();
  await expect(page).toHaveURL(/register=1/);
  await expect(page).toHaveURL(/registerEmail=nobody%40example.com/);
  await expect(page).toHaveURL(/attempt=1/);

  await dialog.getByRole('button', { name: 'Try a different e-mail' }).click();
  await expect(dialog).toBeHidden();
  await page.getByLabel('Email').fill('nobody.else@example.com');
  await page.getByRole('button', { name: 'Send me a sign-in link' }).click();
  const again = page.getByRole('dialog', {
    name: "We don't have an account for nobody.else@example.com",
  });
  await expect(again).toBeVisible();
  await expect(page).toHaveURL(/attempt=2/);

  await again.getByRole('link', { name: 'Register' }).click();
  await expect(page).toHaveURL(/\/register/);
  await expect(page.getByLabel('Email')).toHaveValue('nobody.else@example.com');
});

test.describe(() => {
  test.use({
    allowedConsoleErrors: {
      'asking once more than the limit allows is answered 429': failedRequest(
        429,
        '/api/authentication/email/track/authenticate',
      ),
    },
  });

  test('too many links for one address: a clear message, no more mail', async ({
    page,
    newAccount,
    app,
  }) => {
    const { email } = await newAccount('limit');
    for (let i = 0; i < 50; i++) await askForLink(app.url, email); // the harness's limit per address
    await page.goto('/login');
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send me a sign-in link' }).click();
    await expect(page.getByRole('alert')).toHaveText(
      'Too many sign-in e-mails have been sent to this address. Please wait 15 minutes and try again.',
    );
    expect((await readMailbox(app.url, email)).length).toBe(50);
  });
});

test('no challenge in the answer: "Could not create authentication challenge"', async ({
  page,
}) => {
  // The server never answers like this for a known address; the browser must still cope.
  await page.route('**/api/authentication/email/track/authenticate', (route) =>
    route.fulfill({ json: { message: 'Check your email', challengeId: null, token: null } }),
  );
  await page.goto('/login');
  await page.getByLabel('Email').fill('aroha@example.com');
  await page.getByRole('button', { name: 'Send me a sign-in link' }).click();
  await expect(page.getByRole('alert')).toHaveText('Could not create authentication challenge');
});

test('entry routes: / , /landing, /login, /login/analogue-karate, /authenticated', async ({
  page,
  signIn,
}) => {
  await page.goto('/login/analogue-karate');
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/authenticated');
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/landing');
  await expect(page.getByRole('heading', { name: 'Preference Bank' })).toBeVisible();

  const { personId } = await signIn('ana@example.com');
  for (const path of ['/', '/login', '/landing', '/authenticated']) {
    await page.goto(path);
    await expect(page).toHaveURL(new RegExp(`/people/${personId}$`));
  }
});

test('logout revokes the session and leaves no readable data in the browser', async ({
  page,
  context,
  signIn,
  app,
}) => {
  const { personId } = await signIn('riley@example.com');
  await page.goto(`/people/${personId}/preferences`);
  await expect(page.getByRole('heading', { name: 'Library', exact: true })).toBeVisible();
  await page.evaluate(() => {
    localStorage.setItem('left-behind', 'x');
    sessionStorage.setItem('left-behind', 'x');
  });
  const before: string[] = await page.evaluate(
    `indexedDB.databases().then((d) => d.map((x) => x.name))`,
  );
  expect(before.length).toBeGreaterThan(0); // Zero's local store

  // A Supporter's Logout is in their menu.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Menu' }).click();
  await page.getByRole('link', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  const left = await page.evaluate(`(async () => ({
    local: localStorage.length,
    session: sessionStorage.length,
    idb: (await indexedDB.databases()).map((d) => d.name),
    // The offline shell's precache holds the app's own files only, and stays.
    caches: (await caches.keys()).filter((k) => !k.startsWith('workbox-precache')).length,
    cached: (await Promise.all((await caches.keys()).map(async (k) =>
      (await (await caches.open(k)).keys()).map((r) => new URL(r.url).pathname)))).flat(),
  }))()`);
  const { cached, ...rest } = left as Record<string, unknown> & { cached: string[] };
  const appFile =
    /^\/(assets\/[\w.-]+|index\.html|sw\.js|workbox-[\w-]+\.js|manifest\.webmanifest|icon[\w.-]*|zod-jitless\.js)$/;
  expect(cached.filter((p) => !appFile.test(p))).toEqual([]);
  expect(rest).toEqual({ local: 0, session: 0, idb: [], caches: 0 });

  const res = await context.request.get(`${app.url}/api/session`);
  expect((await res.json()).user).toBeNull();
  await page.goto(`/people/${personId}/preferences`);
  await expect(page.getByRole('alert')).toHaveText('You must be logged in to view this page');
});

test('a Supporter lands on the people they support', async ({ page, signIn }) => {
  const { personId } = await signIn('sam@example.com');
  await page.goto('/');
  // Sam supports exactly one person, so the list opens straight onto her.
  await expect(page).toHaveURL(new RegExp(`/people/${personId}/supporting/[0-9a-f-]+$`));
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Aroha');
  await expect(page.getByRole('link', { name: /Start a support session/ })).toBeVisible();
});

test('the dev mailbox page shows the mail and its link', async ({ page, newAccount, app }) => {
  const { email } = await newAccount('mailbox');
  const { link } = await askForLink(app.url, email);
  await page.goto(`/dev/mailbox?to=${encodeURIComponent(email)}`);
  const mail = page.getByRole('article', { name: 'Your sign-in link for Preference Bank' });
  await expect(mail).toBeVisible();
  await expect(mail.getByRole('link', { name: link })).toHaveAttribute('href', link);
});
