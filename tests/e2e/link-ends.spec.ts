/**
 * Time-limited supporter access: the person sets when a
 * supporter's access ends, and it ends by itself then, live on every open
 * screen, with history.
 */
import { seedId } from '../../api/seed.ts';
import { seriousViolations, smallTargets } from './axe.ts';
import { expect, test } from './fixtures.ts';

const arohaId = seedId('person:aroha');
const tuiId = seedId('person:tui');
const samLink = seedId('link:sam->aroha');

/** The page's own wording of a time (its time zone, the app's format). */
function formatted(page: import('@playwright/test').Page, ms: number) {
  return page.evaluate(
    `new Intl.DateTimeFormat('en-NZ', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', hour: 'numeric', minute: '2-digit' }).format(${ms})`,
  ) as Promise<string>;
}

/** A `datetime-local` value `days` from now at 17:00 in the page's time zone, and its epoch ms. */
async function localFivePm(page: import('@playwright/test').Page, days: number) {
  return (await page.evaluate(`(() => {
    const d = new Date(); d.setDate(d.getDate() + ${days}); d.setHours(17, 0, 0, 0);
    const pad = (n) => String(n).padStart(2, '0');
    return { value: d.getFullYear() + '-' + pad(d.getMonth() + 1) + '-' + pad(d.getDate()) + 'T17:00', ms: d.getTime() };
  })()`)) as { value: string; ms: number };
}

test('the Decision Maker sets when a supporter’s access ends, sees it, and removes it; a time gone by is refused', async ({
  page,
  signIn,
  sql,
}) => {
  await signIn('aroha@example.com');
  await page.goto(`/people/${arohaId}/supporters/${samLink}/edit`);
  const ending = page.getByRole('group', { name: 'When access ends' });
  await expect(
    ending.getByRole('radio', { name: 'When they are removed from the Circle' }),
  ).toBeChecked();
  const setTime = ending.getByRole('radio', { name: 'At a set date and time' });
  await expect(setTime).toHaveAccessibleDescription(/ends by itself then, on every screen at once/);
  // Keyboard: the arrow key moves to the set time, and its field appears.
  await ending.getByRole('radio', { name: 'When they are removed from the Circle' }).focus();
  await page.keyboard.press('ArrowDown');
  await expect(setTime).toBeChecked();
  const field = page.getByLabel('Date and time access ends');
  await expect(field).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  expect(await smallTargets(page, 'button, input[type="datetime-local"]')).toBe('');

  // Yesterday: refused, said at the field, and nothing is stored.
  const yesterday = await localFivePm(page, -1);
  await field.fill(yesterday.value);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(field).toHaveAccessibleDescription('Choose a time that is still to come.');
  await expect(field).toBeFocused();
  expect(
    (await sql`select ends_at from supporter_link where id = ${samLink}`)[0]?.ends_at,
  ).toBeNull();

  const tomorrow = await localFivePm(page, 1);
  await field.fill(tomorrow.value);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(new RegExp(`/supporters/${samLink}$`));
  await expect(
    page.getByText(`Access ends on ${await formatted(page, tomorrow.ms)}`),
  ).toBeVisible();
  await expect
    .poll(async () =>
      (await sql`select ends_at from supporter_link where id = ${samLink}`)[0]?.ends_at?.getTime(),
    )
    .toBe(tomorrow.ms);
  await page.getByRole('link', { name: 'Back to the Circle of Support' }).click();
  await expect(
    page.getByRole('list', { name: 'Supporters' }).getByRole('link', { name: /Sam Tane/ }),
  ).toContainText('Until');
  await page.goto(`/people/${arohaId}/settings/history`);
  await expect(page.getByText('Set a time for Sam Tane’s access to end').first()).toBeVisible();

  // And back to no end.
  await page.goto(`/people/${arohaId}/supporters/${samLink}/edit`);
  await expect(page.getByLabel('Date and time access ends')).toHaveValue(tomorrow.value);
  await page.getByRole('radio', { name: 'When they are removed from the Circle' }).check();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(new RegExp(`/supporters/${samLink}$`));
  await expect(page.getByText(/Access ends on/)).toHaveCount(0);
  await expect
    .poll(
      async () => (await sql`select ends_at from supporter_link where id = ${samLink}`)[0]?.ends_at,
    )
    .toBeNull();
});

test('access ending at its time while the supporter’s screen is open removes the library there, live, and the person sees it in history', async ({
  page,
  signIn,
  device,
  circle,
  library,
}) => {
  const { personId: sam } = await signIn('sam@example.com');
  const linkId = await circle.link(sam, tuiId, 'General');
  await library.preference(tuiId, { title: 'Walks by the sea', access: 'General' });

  // Sam, in a support session with Tui, looking at her library.
  await page.goto(`/people/${tuiId}/supporters/start`);
  await expect(page).toHaveURL(new RegExp(`/people/${tuiId}/preferences$`));
  const list = page.getByRole('list', { name: 'Preferences' });
  await expect(list).toContainText('Walks by the sea');

  // Tui, on her own device, has her Circle open; she gives Sam's access an end a few seconds ahead.
  const tui = await device('tui@example.com');
  await tui.page.goto(`/people/${tuiId}/supporters`);
  const circleList = tui.page.getByRole('list', { name: 'Supporters' });
  await expect(circleList.getByRole('link', { name: /Sam Tane/ })).toBeVisible();
  const res = await tui.page.request.put(`/api/people/${tuiId}/supporters/${linkId}/end`, {
    data: { endsAt: new Date(Date.now() + 3_000).toISOString() },
  });
  expect(res.status()).toBe(200);
  await expect(circleList.getByRole('link', { name: /Sam Tane/ })).toContainText('Until');

  // It ends by itself: Sam's open screen empties and says so, without a reload.
  await expect(list).toHaveCount(0, { timeout: 15_000 });
  await expect(page.getByRole('alert')).toHaveText('Your support session has ended.');
  // Tui's open Circle loses him too.
  await expect(
    tui.page.getByText('Nobody is in this Circle of Support yet.', { exact: false }),
  ).toBeVisible();
  await tui.page.goto(`/people/${tuiId}/settings/history`);
  await expect(tui.page.getByText('Sam Tane’s access ended at its set time')).toBeVisible();
  // And Sam cannot open her library again.
  await page.goto(`/people/${tuiId}/preferences`);
  await expect(page).toHaveURL(new RegExp(`/people/${sam}/supporting`));
});

test('a change to who is an Administrator is shown to the Decision Maker at her next visit, once', async ({
  page,
  signIn,
  device,
}) => {
  await signIn('aroha@example.com');
  await page.goto(`/people/${arohaId}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Aroha/);
  const card = page.getByRole('region', {
    name: 'Changes to your Circle of Support since your last visit',
  });
  await expect(card).toHaveCount(0);

  // Ana, her Administrator, in a session on her own device, makes Sam an Administrator.
  const ana = await device('ana@example.com');
  await ana.page.goto(`/people/${arohaId}/supporters/start`);
  await expect(ana.page).toHaveURL(new RegExp(`/people/${arohaId}/preferences$`));
  const res = await ana.page.request.put(`/api/people/${arohaId}/supporters/${samLink}`, {
    data: { supportedId: arohaId, accessLevel: 'Administrator' },
  });
  expect(res.status()).toBe(200);

  // Aroha's next visit says so first, with who did it.
  await page.reload();
  await expect(card).toBeVisible();
  await expect(card.getByRole('listitem')).toContainText([
    'Ana changed Sam Tane’s access level from General to Administrator',
  ]);
  await expect(card.getByRole('link', { name: 'Review my Circle of Support' })).toHaveAttribute(
    'href',
    `/people/${arohaId}/supporters`,
  );
  expect(await seriousViolations(page)).toEqual([]);
  // Seen: the visit after that does not repeat it (the history it came from has synced:
  // "What changed" shows the same event).
  await page.reload();
  await expect(page.getByRole('region', { name: 'What changed' })).toContainText(
    'Ana changed Sam Tane’s access level from General to Administrator',
  );
  await expect(card).toHaveCount(0);
});

test('an invite can say when the access it gives ends: the recipient is told, and the link made ends then', async ({
  page,
  signIn,
  device,
  sql,
}) => {
  test.setTimeout(90_000);
  await signIn('tui@example.com');
  await page.goto(`/people/${tuiId}/supporters/invite`);
  const ending = page.getByRole('group', { name: 'When access ends' });
  await ending.getByRole('radio', { name: 'At a set date and time' }).check();
  const field = page.getByLabel('Date and time access ends');
  // A time gone by is refused at the field, and no invite is made.
  const yesterday = await localFivePm(page, -1);
  await field.fill(yesterday.value);
  await page.getByRole('button', { name: 'Create a link' }).click();
  await expect(field).toHaveAccessibleDescription('Choose a time that is still to come.');
  await expect(field).toBeFocused();
  expect((await sql`select 1 from invite where person_id = ${tuiId}`).length).toBe(0);
  expect(await seriousViolations(page)).toEqual([]);

  const week = await localFivePm(page, 7);
  await field.fill(week.value);
  await page.getByRole('button', { name: 'Create a link' }).click();
  const url = await page.getByRole('textbox', { name: 'Invite link' }).inputValue();
  const [made] = await sql<{ ends: Date }[]>`
    select access_ends_at as ends from invite where person_id = ${tuiId}`;
  expect(new Date(made?.ends ?? 0).getTime()).toBe(week.ms);

  // Riley opens it, is told when the access ends, and accepts.
  const { page: riley } = await device('riley@example.com');
  await riley.goto(url);
  await expect(
    riley.getByText(`The access it gives ends by itself on ${await formatted(riley, week.ms)}.`),
  ).toBeVisible();
  await riley.getByRole('button', { name: 'Accept Connection' }).click();
  const rileyId = seedId('person:riley');
  await expect
    .poll(async () => {
      const [link] = await sql<{ ends: Date | null }[]>`
        select ends_at as ends from supporter_link where supporter_id = ${rileyId} and supported_id = ${tuiId}`;
      return link ? new Date(link.ends ?? 0).getTime() : undefined;
    })
    .toBe(week.ms);
});
