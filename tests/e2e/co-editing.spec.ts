/**
 * Typing together: a Decision Maker and a Supporter in session type into one
 * description (and one note) at the same moment, in two tablet-sized windows.
 * Both keep every character, both screens end with the same text, and that
 * text is what Postgres holds (sync/shared-text.ts).
 */
import { seedId } from '../../api/seed.ts';
import { expect, startSupporting, test } from './fixtures.ts';

// Two browsers typing keystroke by keystroke, each waiting for the other's
// text: on a busy machine that is more than the default 30 s.
test.slow();

const aroha = seedId('person:aroha');
const food = seedId('category:aroha:food');

test('two people typing in one description at once both keep every character', async ({
  device,
  library,
  sql,
}) => {
  const { id } = await library.preference(aroha, {
    title: 'Morning routine',
    description: 'Wake me gently.',
    categoryIds: [food],
  });
  const { page: dm } = await device('aroha@example.com');
  const { page: riley } = await device('riley@example.com');
  await startSupporting(riley, aroha);
  const fields = [];
  for (const page of [dm, riley]) {
    await page.goto(`/people/${aroha}/preferences/${id}/edit`);
    const field = page.getByLabel('Description');
    await expect(field).toHaveValue('Wake me gently.');
    await expect(field).toHaveAttribute('data-shared-text', 'ready');
    fields.push(field);
  }
  const [dmField, rileyField] = fields as [(typeof fields)[0], (typeof fields)[0]];
  // Aroha types at the end while Riley types at the start, keystroke by keystroke.
  await dmField.focus();
  await dm.keyboard.press('Control+End');
  await rileyField.focus();
  await riley.keyboard.press('Control+Home');
  const mine = ' Tea first, then the news.';
  const theirs = 'Open the curtains. ';
  await Promise.all([
    dmField.pressSequentially(mine, { delay: 15 }),
    rileyField.pressSequentially(theirs, { delay: 15 }),
  ]);
  const merged = `${theirs}Wake me gently.${mine}`;
  // Every character arrives; how soon is the bench's to measure. Beside the
  // other worker's stack, a clean-clone run once had the other side's
  // keystrokes still arriving, in order, when 10 s were up.
  await expect(dmField).toHaveValue(merged, { timeout: 30_000 });
  await expect(rileyField).toHaveValue(merged, { timeout: 30_000 });
  await expect
    .poll(async () => (await sql`select description from preference where id = ${id}`)[0])
    .toEqual({ description: merged });
  // Saving the other fields does not undo or repeat the typing.
  await riley.getByLabel('Title', { exact: true }).fill('Morning routine, slowly');
  await riley.getByRole('button', { name: 'Save changes' }).click();
  await expect(riley.getByRole('status').filter({ hasText: /^Saved/ })).toBeVisible();
  await expect
    .poll(async () => (await sql`select title, description from preference where id = ${id}`)[0])
    .toEqual({ title: 'Morning routine, slowly', description: merged });
  // The view shows it on both sides.
  await dm.goto(`/people/${aroha}/preferences/${id}`);
  await expect(dm.getByText('Open the curtains. Wake me gently. Tea first')).toBeVisible();
});

test('a note’s body is typed together too', async ({ device, library, sql }) => {
  const { id: preferenceId } = await library.preference(aroha, {
    title: 'Walks',
    categoryIds: [food],
  });
  const { id } = await library.note(aroha, {
    preferenceId,
    title: 'Route',
    body: 'Along the beach.',
  });
  const { page: dm } = await device('aroha@example.com');
  const { page: riley } = await device('riley@example.com');
  await startSupporting(riley, aroha);
  const url = `/people/${aroha}/preferences/${preferenceId}/notes/${id}/edit`;
  await dm.goto(url);
  await riley.goto(url);
  const dmBody = dm.getByLabel('Note');
  const rileyBody = riley.getByLabel('Note');
  await expect(dmBody).toHaveAttribute('data-shared-text', 'ready');
  await expect(rileyBody).toHaveAttribute('data-shared-text', 'ready');
  await dmBody.focus();
  await dm.keyboard.press('Control+End');
  await dmBody.pressSequentially(' Back by the park.', { delay: 10 });
  // Riley sees it arrive while the page is open.
  await expect(rileyBody).toHaveValue('Along the beach. Back by the park.');
  await expect
    .poll(async () => (await sql`select body from note where id = ${id}`)[0])
    .toEqual({ body: 'Along the beach. Back by the park.' });
});

test('each sees who else is on the preference and where they type; a closed tab is gone at once', async ({
  device,
}) => {
  const tea = seedId('preference:aroha:tea');
  const { page: dm } = await device('aroha@example.com');
  const { page: riley } = await device('riley@example.com');
  await startSupporting(riley, aroha);
  await dm.goto(`/people/${aroha}/preferences/${tea}/edit`);
  await riley.goto(`/people/${aroha}/preferences/${tea}/edit`);
  const dmPeers = dm.getByRole('region', { name: 'Also here now' });
  // The first beat of each page's presence socket, after the page has loaded.
  await expect(dmPeers).toContainText('Riley Parata, looking', { timeout: 15_000 });
  await expect(riley.getByRole('region', { name: 'Also here now' })).toContainText(
    'Aroha Ngata, looking',
    { timeout: 15_000 },
  );
  // Riley goes into the description: Aroha sees where, by name and outline.
  await riley.getByLabel('Description').focus();
  await expect(dmPeers).toContainText('Riley Parata, typing the description');
  await expect(dm.locator('[data-presence="description"]')).toHaveAttribute(
    'data-peer',
    'Riley Parata',
  );
  // Announced politely to a screen reader on Aroha's side.
  await expect(
    dm.getByRole('status').filter({ hasText: 'Riley Parata opened this preference.' }),
  ).toBeAttached();
  await riley.close();
  await expect(dmPeers).toBeHidden({ timeout: 3_000 });
  await expect(dm.locator('[data-peer]')).toHaveCount(0);
});

test.describe(() => {
  // Offline, the page's requests and Zero's socket fail by design: the browser logs each one.
  test.use({
    allowedConsoleErrors: {
      offline:
        /ERR_INTERNET_DISCONNECTED|Failed to fetch|WebSocket|ERR_NETWORK_CHANGED|net::ERR_FAILED/,
    },
  });

  test('someone who goes to the library, goes offline or closes their tab leaves the other’s list at once', async ({
    device,
  }) => {
    const tea = seedId('preference:aroha:tea');
    const { page: dm } = await device('aroha@example.com');
    const { page: riley, context } = await device('riley@example.com');
    await startSupporting(riley, aroha);
    const url = `/people/${aroha}/preferences/${tea}`;
    await dm.goto(url);
    await riley.goto(url);
    const dmPeers = dm.getByRole('region', { name: 'Also here now' });
    const rileyPeers = riley.getByRole('region', { name: 'Also here now' });
    await expect(dmPeers).toContainText('Riley Parata, looking', { timeout: 15_000 });
    // Riley goes to the library inside the app: the same page, not a reload.
    const page = () => riley.evaluate(() => performance.timeOrigin);
    const before = await page();
    await riley.getByRole('link', { name: 'Library', exact: true }).first().click();
    await expect(riley).toHaveURL(new RegExp(`/people/${aroha}/preferences$`));
    expect(await page()).toBe(before);
    // Far sooner than a silent socket's timeout (PRESENCE_TIMEOUT_MS, 12 s): the page said so.
    await expect(dmPeers).toBeHidden({ timeout: 3_000 });
    await expect(
      dm.getByRole('status').filter({ hasText: 'Riley Parata left this preference.' }),
    ).toBeAttached();

    await riley.goBack();
    await expect(dmPeers).toContainText('Riley Parata, looking', { timeout: 15_000 });
    await expect(rileyPeers).toContainText('Aroha Ngata, looking');
    // Offline, Riley's page knows nobody there any more, and gives up its own
    // place (in Chromium's emulation its close still reaches the server; a
    // network lost outright is the server's timeout, tests/integration/presence.test.ts).
    await context.setOffline(true);
    await expect(rileyPeers).toBeHidden({ timeout: 3_000 });
    await expect(dmPeers).toBeHidden({ timeout: 3_000 });
    // It was Riley's tablet that went, not Aroha: nobody is announced as
    // having left (the status line says Riley is offline).
    const rileyHeard = riley.getByRole('status').filter({ hasText: 'left this preference' });
    await expect(riley.locator('.sync-status-line')).toContainText('Offline');
    await expect(rileyHeard).toHaveCount(0);
    // Back online, it says where it is again without waiting for a retry.
    await context.setOffline(false);
    await expect(dmPeers).toContainText('Riley Parata, looking', { timeout: 5_000 });
    await expect(rileyPeers).toContainText('Aroha Ngata, looking', { timeout: 5_000 });
    await expect(rileyHeard).toHaveCount(0);

    await riley.close();
    await expect(dmPeers).toBeHidden({ timeout: 3_000 });
  });
});

test('a General supporter sees no one on a Restricted preference, and is not seen there', async ({
  device,
}) => {
  const medication = seedId('preference:aroha:medication');
  const tea = seedId('preference:aroha:tea');
  const { page: dm } = await device('aroha@example.com');
  const { page: sam } = await device('sam@example.com');
  await startSupporting(sam, aroha);
  await dm.goto(`/people/${aroha}/preferences/${medication}`);
  await expect(dm.getByRole('heading', { level: 1 })).toBeVisible();
  // Sam cannot open it, and nobody appears on Aroha's screen.
  await sam.goto(`/people/${aroha}/preferences/${medication}`);
  await expect(sam.getByText(/could not find that preference/i)).toBeVisible();
  await dm.waitForTimeout(500);
  await expect(dm.getByRole('region', { name: 'Also here now' })).toHaveCount(0);
  // On a General one they see each other.
  await dm.goto(`/people/${aroha}/preferences/${tea}`);
  await sam.goto(`/people/${aroha}/preferences/${tea}`);
  await expect(dm.getByRole('region', { name: 'Also here now' })).toContainText('Sam Tane');
});
