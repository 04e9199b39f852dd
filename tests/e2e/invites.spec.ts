import type { APIRequestContext } from '@playwright/test';
import { seedId } from '../../api/seed.ts';
import { readMailbox } from '../harness/magic-link.ts';
import { seriousViolations, smallTargets } from './axe.ts';
import { expect, failedRequest, freshEmail, test } from './fixtures.ts';

const tui = seedId('person:tui');

/** A Supporter invite link to Tui's Circle, made over REST by a browser signed in as Tui. */
async function inviteLink(request: APIRequestContext) {
  const res = await request.post(`/api/people/${tui}/invites`, {
    data: { kind: 'Supporter', accessLevel: 'General' },
  });
  expect(res.status()).toBe(201);
  return (await res.json()) as { id: string; url: string };
}

const expiryFormat = new Intl.DateTimeFormat('en-NZ', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});

test.describe(() => {
  test.use({
    allowedConsoleErrors: {
      'an invite opened again after it was accepted is answered 410': failedRequest(
        410,
        '/api/invites/',
      ),
    },
  });

  test('invite by link → register → accept → levels set by the Decision Maker apply live → finish', async ({
    page,
    signIn,
    device,
    library,
    sql,
    app,
  }) => {
    test.setTimeout(90_000);
    const { context: newcomer, page: guest } = await device();
    // Tui creates a link (and a QR code) for a General Supporter.
    await signIn('tui@example.com');
    await page.goto(`/people/${tui}/supporters/invite`);
    await expect(page.getByRole('heading', { level: 1, name: 'Invite someone' })).toBeVisible();
    const levels = page.getByRole('group', { name: 'What may they see and change?' });
    await expect(levels.getByRole('radio', { name: 'General' })).toBeChecked();
    await expect(levels.getByRole('radio', { name: 'Restricted' })).toHaveAccessibleDescription(
      'Sees and edits all preferences, even those marked Restricted.',
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

    // Signed in, the guest lands on the invite or on onboarding; from onboarding,
    // the test opens the invite again.
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
    const links = await sql`select l.access_level, u.email from supporter_link l
                            join app_user u on u.person_id = l.supporter_id
                            where l.supported_id = ${tui}`;
    expect(links).toEqual([{ access_level: 'General', email }]);

    // The link worked once: opening it again says so.
    await guest.goto(url);
    await expect(guest.getByRole('alert')).toHaveText(
      'Someone has already said yes to this invite. Each invite link works once.',
    );
    // And Tui's list of open invites emptied by itself.
    await expect(page.getByText('No invites are waiting for an answer.')).toBeVisible();

    // Tui has a General and a Restricted preference.
    await library.preference(tui, { title: 'Tui walks the dog' });
    await library.preference(tui, { title: 'Tui takes pills at eight', access: 'Restricted' });

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
    const wiremusList = guest.getByRole('list', { name: 'Preferences' });
    await expect(wiremusList.getByRole('listitem')).toHaveCount(2);

    // Tui lowers the level: the Restricted item leaves Wiremu's open screen within 1 s.
    await setLevel('General');
    await expect(wiremusList).not.toContainText('Tui takes pills at eight', { timeout: 1000 });
    await expect(wiremusList.getByRole('listitem')).toHaveText(['Tui walks the dog']);

    // Finishing the session: the library is gone.
    await guest.getByRole('link', { name: 'Finish session' }).click();
    await expect(guest).toHaveURL(/\/supporting/);
    await guest.goto(`/people/${tui}/preferences`);
    await expect(guest).toHaveURL(/\/supporting/);
  });
});

test.describe(() => {
  test.use({
    allowedConsoleErrors: {
      'an expired invite is answered 410': failedRequest(410, '/api/invites/'),
      'a tampered invite is answered 404': failedRequest(404, '/api/invites/'),
    },
  });

  test('an expired link and a tampered link show their messages', async ({ page, signIn, sql }) => {
    await signIn('tui@example.com');
    const { id, url } = await inviteLink(page.request);
    await sql`update invite set expires_at = now() - interval '1 second' where id = ${id}`;
    await page.goto(url);
    await expect(page.getByRole('alert')).toHaveText(
      'This invite has expired. Ask the person who invited you for a new one.',
    );
    await expect(page.getByRole('button', { name: 'Accept Connection' })).toHaveCount(0);
    await page.goto(`${url.slice(0, -3)}abc`);
    await expect(page.getByRole('alert')).toHaveText(
      'We could not find this invite. Check that the link is complete, or ask the person who invited you for a new one.',
    );
  });
});

test.describe(() => {
  test.use({
    allowedConsoleErrors: {
      'an invite to her own address is answered 400': failedRequest(
        400,
        `/api/people/${tui}/invites`,
      ),
      'accepting her own invite is answered 400': failedRequest(400, '/api/invites/'),
    },
  });

  test('inviting yourself is refused with "You cannot be set as your own supporter"', async ({
    page,
    signIn,
    sql,
  }) => {
    await signIn('tui@example.com');
    // By e-mail, to her own address.
    await page.goto(`/people/${tui}/supporters/invite`);
    await page.getByLabel('Email').fill('tui@example.com');
    await page.getByRole('button', { name: 'Send invite' }).click();
    const dialog = page.getByRole('dialog', { name: 'You cannot be set as your own supporter' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'OK' }).click();
    await expect(dialog).toBeHidden();

    // Or by opening her own link and accepting it.
    const { url } = await inviteLink(page.request);
    await page.goto(url);
    await page.getByRole('button', { name: 'Accept Connection' }).click();
    const again = page.getByRole('dialog', { name: 'You cannot be set as your own supporter' });
    await expect(again).toBeVisible();
    await expect(again).toContainText('This invite came from you.');
    await page.keyboard.press('Escape');
    await expect(again).toBeHidden();
    await expect(page.getByRole('button', { name: 'Accept Connection' })).toBeEnabled();
    expect(await sql`select 1 from supporter_link where supported_id = ${tui}`).toHaveLength(0);
  });
});

test.describe(() => {
  test.use({
    allowedConsoleErrors: {
      'accepting an invite meant for another account is answered 409': failedRequest(
        409,
        '/api/invites/',
      ),
    },
  });

  test('accepting an invite meant for another account is refused: "We are not yet able to combine accounts."', async ({
    context,
    signIn,
    device,
    sql,
  }) => {
    await signIn('tui@example.com');
    // Tui invites Ana's address; Riley, signed in on another device, opens the link.
    const res = await context.request.post(`/api/people/${tui}/invites`, {
      data: { kind: 'Supporter', accessLevel: 'General', email: 'ana@example.com' },
    });
    expect(res.status()).toBe(201);
    const { url } = (await res.json()) as { url: string };
    const { page } = await device('riley@example.com');
    await page.goto(url);
    await page.getByRole('button', { name: 'Accept Connection' }).click();
    await expect(page.getByRole('alert')).toContainText('We are not yet able to combine accounts.');
    expect(await sql`select 1 from supporter_link where supported_id = ${tui}`).toHaveLength(0);
  });
});

test.describe(() => {
  test.use({
    allowedConsoleErrors: {
      'a declined invite is answered 410': failedRequest(410, '/api/invites/'),
    },
  });

  test('a recipient may decline without signing in', async ({ context, signIn, device }) => {
    await signIn('tui@example.com');
    const { url } = await inviteLink(context.request);
    const { page } = await device();
    await page.goto(url);
    await page.getByRole('button', { name: 'Decline' }).click();
    await expect(page.getByRole('status')).toHaveText(
      'You declined the invite. Nothing was shared and nobody was connected.',
    );
    await page.reload();
    await expect(page.getByRole('alert')).toHaveText(
      'This invite was declined. Ask the person who invited you for a new one.',
    );
  });
});

test('the invite pages have no serious or critical accessibility violations', async ({
  page,
  signIn,
  device,
}) => {
  await signIn('tui@example.com');
  const { url } = await inviteLink(page.request);
  const { page: view } = await device();
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
  expect(
    await smallTargets(page, 'main a, main button, main input:not([type="radio"]), main select'),
  ).toBe('');
});
