/**
 * My data in the browser: a copy of a library with a
 * picture, made in the background with its progress on the page, downloaded
 * and compared with the database byte for byte; nobody else's copy; and an
 * account set to be deleted after asking what happens to the person it alone
 * looks after, the banner on every page meanwhile, then kept.
 */
import { strFromU8, unzipSync } from 'fflate';
import { seedId } from '../../api/seed.ts';
import { seriousViolations, smallTargets } from './axe.ts';
import { expect, startSupporting, test } from './fixtures.ts';

const aroha = seedId('person:aroha');
const tea = seedId('preference:aroha:tea');

/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

type Row = Record<string, unknown>;

test('a copy of my library with its picture: made with progress, downloaded, the same as the database', async ({
  page,
  signIn,
  sql,
}) => {
  test.setTimeout(90_000);
  await signIn('aroha@example.com');
  // A picture of tea, uploaded the way the app does (signed URL, PUT, settled).
  const signed = await page.request.post(`/api/people/${aroha}/media/signed`, {
    data: {
      name: 'my mug.png',
      contentType: 'image/png',
      contentLength: PNG.length,
      purpose: 'preference',
      preferenceId: tea,
    },
  });
  expect(signed.status()).toBe(201);
  const upload = (await signed.json()) as {
    id: string;
    url: string;
    headers: Record<string, string>;
  };
  expect(
    (await page.request.put(upload.url, { data: PNG, headers: upload.headers })).status(),
  ).toBe(200);
  const settled = await page.request.post(`/api/people/${aroha}/media/upload-settled`, {
    data: { id: upload.id },
  });
  expect(settled.ok()).toBe(true);

  // Menu, then My data.
  await page.goto(`/people/${aroha}/settings`);
  await page
    .getByRole('navigation', { name: 'Settings' })
    .getByRole('link', { name: 'My data' })
    .click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('My data');
  await expect(page).toHaveTitle(/^My data – /);
  expect(await seriousViolations(page)).toEqual([]);
  expect(await smallTargets(page, 'main a.button, main button')).toBe('');

  await page.getByRole('button', { name: 'Make a copy of my data' }).click();
  // Made in the background: the page follows it to the end.
  const download = page.getByRole('link', { name: /^Download my data \(\d+(\.\d)? (KB|MB)\)$/ });
  await expect(download).toBeVisible({ timeout: 30_000 });
  await expect(download).toBeFocused();
  await expect(page.getByText(/^You can download it until /)).toBeVisible();
  const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
  expect(file.suggestedFilename()).toMatch(/^preference-bank-aroha-\d{4}-\d{2}-\d{2}\.zip$/);
  const path = await file.path();
  const { readFile } = await import('node:fs/promises');
  const files = unzipSync(new Uint8Array(await readFile(path)));
  const data = JSON.parse(strFromU8(files['data.json'] ?? new Uint8Array())) as {
    person: Row;
    preferences: Array<Row & { categoryIds: string[] }>;
    categories: Row[];
    notes: Row[];
    media: Row[];
    circle: { supporters: Row[] };
  };

  // The JSON is what the database holds for her.
  expect(data.person.id).toBe(aroha);
  const prefs = await sql<{ id: string; title: string; access: string }[]>`
    select id, title, access::text from preference where person_id = ${aroha} order by title, id`;
  expect(data.preferences.map((p) => ({ id: p.id, title: p.title, access: p.access }))).toEqual(
    prefs,
  );
  const links = await sql<{ preference_id: string; category_id: string }[]>`
    select preference_id, category_id from preference_category where person_id = ${aroha}`;
  for (const p of data.preferences) {
    expect(new Set(p.categoryIds)).toEqual(
      new Set(links.filter((l) => l.preference_id === p.id).map((l) => l.category_id)),
    );
  }
  const cats = await sql<
    { id: string }[]
  >`select id from category where person_id = ${aroha} order by title, id`;
  expect(data.categories.map((c) => c.id)).toEqual(cats.map((c) => c.id));
  const notes = await sql<
    { id: string }[]
  >`select id from note where person_id = ${aroha} order by created_at, id`;
  expect(data.notes.map((n) => n.id)).toEqual(notes.map((n) => n.id));
  const supporters = await sql<{ id: string }[]>`
    select id from supporter_link where supported_id = ${aroha} order by created_at`;
  expect(new Set(data.circle.supporters.map((s) => s.id))).toEqual(
    new Set(supporters.map((s) => s.id)),
  );
  const media = await sql<{ id: string }[]>`
    select id from media where person_id = ${aroha} and settled_at is not null order by created_at, id`;
  expect(data.media.map((m) => m.id)).toEqual(media.map((m) => m.id));
  // The picture, byte for byte, where the JSON says; and on the page to read.
  const picture = data.media.find((m) => m.id === upload.id);
  expect(picture?.file).toBe(`media/${upload.id}-my-mug.png`);
  expect(Buffer.from(files[String(picture?.file)] ?? new Uint8Array()).equals(PNG)).toBe(true);
  const html = strFromU8(files['index.html'] ?? new Uint8Array());
  expect(html).toContain(`src="media/${upload.id}-my-mug.png"`);
  expect(html).toContain('Everything Preference Bank keeps about');

  // Written to her history.
  await expect
    .poll(
      async () =>
        (
          await sql`select 1 from history_event where person_id = ${aroha}
          and message = 'Made a copy of everything kept about them to download'`
        ).length,
    )
    .toBe(1);

  // Nobody else's copy: Sam's is refused to her.
  const sam = seedId('person:sam');
  expect((await page.request.post(`/api/people/${sam}/exports`)).status()).toBe(403);
});

test('an Administrator in session is not offered My data, and its page for another person says so', async ({
  page,
  signIn,
}) => {
  await signIn('ana@example.com');
  await startSupporting(page, aroha);
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('button', { name: 'Menu' })
    .click();
  const drawer = page.getByRole('dialog', { name: 'Menu' });
  await expect(drawer.getByRole('link', { name: 'Logout' })).toBeVisible();
  await expect(drawer.getByRole('link', { name: 'My data' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await page.goto(`/people/${aroha}/settings/data`);
  await expect(page.getByRole('alert')).toHaveText('You can only see your own data here.');
  await expect(page.getByRole('button', { name: 'Make a copy of my data' })).toHaveCount(0);
});

test('delete my account: asked first about the person only I look after, a grace period, then kept', async ({
  page,
  signIn,
  newAccount,
  sql,
}) => {
  test.setTimeout(90_000);
  const { email } = await newAccount('leaving');
  await sql`update app_user set wizard_completed_at = now() where email = ${email}`;
  const { personId: me } = await signIn(email);
  // Mere has no sign-in of her own, and only me as her Administrator.
  const mere = crypto.randomUUID();
  await sql`insert into person (id, type, first_name, last_name, known_as, full_name, created_by, updated_by)
    values (${mere}, 'DecisionMaker', 'Mere', 'Tipene', 'Mere', 'Mere Tipene', ${me}, ${me})`;
  await sql`insert into supporter_link (id, supporter_id, supported_id, access_level, created_by, updated_by)
    values (${crypto.randomUUID()}, ${me}, ${mere}, 'Administrator', ${me}, ${me})`;

  await page.goto(`/people/${me}/settings/data`);
  await page.getByRole('link', { name: 'Delete my account…' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Delete my account');
  await expect(page.getByRole('heading', { name: 'What will be deleted' })).toBeVisible();
  await expect(page.getByText('no preferences', { exact: true })).toBeVisible();
  await expect(page.getByText('no pictures, sounds or files', { exact: true })).toBeVisible();
  await expect(
    page.getByText('You will stop supporting 1 person.', { exact: false }),
  ).toBeVisible();

  // Nothing can be asked until Mere is decided.
  const decision = page.getByRole('group', { name: 'What should we do with Mere’s library?' });
  await expect(decision).toBeVisible();
  await expect(page.getByRole('button', { name: 'Delete my account' })).toHaveCount(0);
  await expect(
    page.getByText('Please choose what happens to each person above first.'),
  ).toBeVisible();
  await decision
    .getByLabel('Keep it: I will first ask someone else to be Mere’s Administrator')
    .check();
  await expect(page.getByRole('link', { name: 'Go to Mere’s Circle of Support' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Delete my account' })).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);
  expect(await smallTargets(page, 'main a.button, main button, main label')).toBe('');

  await decision.getByLabel('Delete Mere’s library too').check();
  await page.getByRole('button', { name: 'Delete my account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await dialog.getByRole('button', { name: 'Yes, delete my account' }).click();

  // Back on My data: when, and the way back.
  await expect(page).toHaveURL(new RegExp(`/people/${me}/settings/data$`));
  await expect(
    page.getByText(/^Your account will be deleted on \d{1,2} \w+ \d{4}\.$/),
  ).toBeVisible();
  const [asked] = await sql<{ days: number; also: string[] }[]>`
    select round(extract(epoch from due_at - requested_at) / 86400)::int as days, also_delete as also
    from private.account_deletion where person_id = ${me}`;
  expect(asked).toEqual({ days: 14, also: [mere] });

  // Her history tells her what she did in her own words.
  await page.goto(`/people/${me}/settings/history`);
  await expect(
    page.getByText(/^You asked for your account to be deleted on \d{1,2} \w+ \d{4}$/),
  ).toBeVisible();

  // Every other page says so, with "Keep my account": one action, which keeps it there and then.
  await page.goto(`/people/${me}/settings`);
  const banner = page.getByRole('region', { name: 'Delete my account' });
  await expect(banner).toContainText(/Your account will be deleted on /);
  await expect(banner.getByRole('link')).toHaveCount(0);
  expect(await smallTargets(page, 'main .deletion-banner button')).toBe('');
  await banner.getByRole('button', { name: 'Keep my account' }).click();
  await expect(
    banner.getByRole('status').filter({ hasText: 'Your account will not be deleted.' }),
  ).toBeFocused();
  await expect(page).toHaveURL(new RegExp(`/people/${me}/settings$`));
  await expect(banner.getByRole('button')).toHaveCount(0);
  expect((await sql`select 1 from private.account_deletion where person_id = ${me}`).length).toBe(
    0,
  );
  await page.goto(`/people/${me}/settings/history`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Delete my account' })).toHaveCount(0);

  // On My data, the same action is its own button (no banner there).
  expect(
    (
      await page.request.post(`/api/people/${me}/account-deletion`, {
        data: { alsoDelete: [mere] },
      })
    ).status(),
  ).toBe(200);
  await page.goto(`/people/${me}/settings/data`);
  // My data's own section says when; the banner of the other pages is not there.
  const section = page.getByRole('region', { name: 'Delete my account' });
  await expect(section).toContainText(/Your account will be deleted on /);
  await expect(page.locator('.deletion-banner')).toHaveCount(0);
  await section.getByRole('button', { name: 'Keep my account' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Your account will not be deleted.' }),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Delete my account…' })).toBeVisible();
  expect((await sql`select 1 from private.account_deletion where person_id = ${me}`).length).toBe(
    0,
  );

  const events = await sql<{ message: string }[]>`
    select message from history_event where person_id = ${me} order by created_at, id`;
  expect(events.map((e) => e.message)).toEqual(
    expect.arrayContaining([
      expect.stringMatching(/^Asked for their account to be deleted on /),
      'Kept their account: it will not be deleted',
    ]),
  );
  const mereEvents = await sql<{ message: string }[]>`
    select message from history_event where person_id = ${mere} order by created_at, id`;
  // Asked and kept twice: from the banner, then from My data.
  const askedThenKept = [
    expect.stringMatching(/asked for this library to be deleted with their account on /),
    expect.stringMatching(/kept their account: this library will not be deleted$/),
  ];
  expect(mereEvents.map((e) => e.message)).toEqual([...askedThenKept, ...askedThenKept]);
});
