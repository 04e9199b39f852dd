import type postgres from 'postgres';
import { seedId } from '../../api/seed.ts';
import { expect, startSupporting, test } from './fixtures.ts';

const aroha = seedId('person:aroha');
const tui = seedId('person:tui');

/** How many of Aroha's preferences are published, and how many of those are General. */
async function counts(sql: postgres.Sql) {
  const [row] = await sql`select count(*) filter (where access = 'General')::int general,
                                 count(*)::int total
                          from preference where person_id = ${aroha} and status = 'Published'`;
  return { general: row?.general ?? 0, total: row?.total ?? 0 };
}

test('a Supporter starts a session, sees exactly what their level allows, and loses it on finishing', async ({
  page,
  signIn,
  sql,
}) => {
  const { personId: sam } = await signIn('sam@example.com');
  const { general } = await counts(sql);

  // Without a session the Decision Maker's pages are closed.
  await page.goto(`/people/${aroha}/preferences`);
  await expect(page).toHaveURL(new RegExp(`/people/${sam}/supporting`));

  await page.goto(`/people/${aroha}/supporters/start`);
  const loader = page.locator('.support-start');
  await expect(loader).toBeVisible();
  await expect(loader).toHaveCSS('background-color', 'rgb(78, 66, 133)'); // lavender #4e4285
  await expect(page).toHaveURL(new RegExp(`/people/${aroha}/preferences$`));
  const stored = await page.evaluate(`sessionStorage.getItem('support.${aroha}')`);
  expect(stored).toMatch(/^[0-9a-f-]{36}$/);
  // The link's level too: the library is asked for at it without waiting.
  expect(await page.evaluate(`sessionStorage.getItem('supportLevel.${aroha}')`)).toBe('General');

  await expect(page.getByRole('region', { name: 'You are supporting Aroha' })).toBeVisible();
  const list = page.getByRole('list', { name: 'Preferences' });
  await expect(list.getByRole('listitem')).toHaveCount(general);
  await expect(list).not.toContainText('How I take my medication');

  await page.getByRole('link', { name: 'Finish session' }).click();
  await expect(page).toHaveURL(new RegExp(`/people/${sam}/supporting`));
  expect(await page.evaluate(`sessionStorage.getItem('support.${aroha}')`)).toBeNull();
  expect(await page.evaluate(`sessionStorage.getItem('supportLevel.${aroha}')`)).toBeNull();
  await page.goto(`/people/${aroha}/preferences`);
  await expect(page).toHaveURL(new RegExp(`/people/${sam}/supporting`));
});

test('a Restricted supporter sees Restricted items too; the session ending elsewhere empties the open screen', async ({
  page,
  signIn,
  device,
  sql,
}) => {
  await signIn('riley@example.com');
  const { total } = await counts(sql);
  await page.goto(`/people/${aroha}/supporters/start`);
  await expect(page).toHaveURL(new RegExp(`/people/${aroha}/preferences$`));
  const list = page.getByRole('list', { name: 'Preferences' });
  await expect(list.getByRole('listitem')).toHaveCount(total);
  await expect(list).toContainText('How I take my medication');

  // Aroha ends the session from her own device.
  const id = String(await page.evaluate(`sessionStorage.getItem('support.${aroha}')`));
  const dm = await device('aroha@example.com');
  const res = await dm.page.request.delete(`/api/people/${aroha}/support/${id}`);
  expect(res.status()).toBe(204);
  await expect(list).toHaveCount(0, { timeout: 5000 });
  await expect(page.getByRole('alert')).toHaveText('Your support session has ended.');
  // Where to go, not a new library's empty state.
  await expect(
    page.getByRole('heading', { name: 'This library opens in a support session' }),
  ).toBeVisible();
  await expect(page.getByText('Start your preference library')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Create your first preference' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Go to the people I support' })).toBeVisible();
  await page.getByRole('button', { name: 'Back to the people I support' }).click();
  await expect(page).toHaveURL(/\/supporting/);
});

test('a Supporter has no home of their own: / and their home go to the people they support', async ({
  page,
  signIn,
}) => {
  const { personId: sam } = await signIn('sam@example.com');
  await page.goto(`/people/${sam}`);
  await expect(page).toHaveURL(new RegExp(`/people/${sam}/supporting`));
  await page.goto(`/people/${aroha}`);
  await expect(page).toHaveURL(new RegExp(`/people/${sam}/supporting`));
});

test('guests: a Preference invite shows what it names, keeps the menu, has no Circle item; a Profile invite hides the bar', async ({
  page,
  signIn,
  device,
}) => {
  const tea = seedId('preference:aroha:tea');
  const dm = await device('aroha@example.com');
  const invite = async (body: Record<string, string>) => {
    const res = await dm.page.request.post(`/api/people/${aroha}/invites`, { data: body });
    expect(res.status()).toBe(201);
    return ((await res.json()) as { url: string }).url;
  };
  await signIn('tui@example.com');

  await page.goto(await invite({ kind: 'Preference', targetId: tea }));
  // For a Preference invite the accept button is named by the preference.
  await page.getByRole('button', { name: /tea/ }).click();
  await expect(page).toHaveURL(new RegExp(`/people/${aroha}/preferences/${tea}$`));
  await expect(page.getByRole('heading', { level: 1 })).toContainText('tea');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Library' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Circle' })).toHaveCount(0);
  // The guest keeps the menu: their own things and Logout, nothing of Aroha's.
  await nav.getByRole('button', { name: 'Menu' }).click();
  const menu = page.getByRole('dialog', { name: 'Menu' });
  await expect(menu.getByRole('link', { name: 'Logout' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Personal details' })).toHaveAttribute(
    'href',
    new RegExp(`/people/${tui}/settings/details$`),
  );
  await expect(menu.getByRole('link', { name: /History|Subscription/ })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await page.goto(`/people/${aroha}/preferences`);
  await expect(page.getByRole('list', { name: 'Preferences' }).getByRole('listitem')).toHaveCount(
    1,
  );

  await page.goto(await invite({ kind: 'Profile' }));
  await page.getByRole('button', { name: 'View Profile' }).click();
  await expect(page).toHaveURL(new RegExp(`/people/${aroha}$`));
  await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
});

test('a session survives every bar item; one’s own pages say it is still open; logging out ends it, and history says so', async ({
  page,
  signIn,
  sql,
}) => {
  test.setTimeout(90_000);
  // Sam: a Supporter (the Menu is his own page); General on Aroha.
  const { personId: sam } = await signIn('sam@example.com');
  await startSupporting(page, aroha);
  const header = page.getByRole('region', { name: 'You are supporting Aroha' });
  const bar = page.getByRole('navigation', { name: 'Main' });
  for (const [item, path] of [
    ['Circle', `/people/${aroha}/supporters$`],
    ['Home', `/people/${aroha}$`],
    ['Library', `/people/${aroha}/preferences$`],
  ] as const) {
    await bar.getByRole('link', { name: item, exact: true }).click();
    await expect(page, item).toHaveURL(new RegExp(path));
    await expect(header, item).toBeVisible();
  }
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // The Menu is Sam's own page: the session goes on, says so, and one tap goes back.
  await bar.getByRole('link', { name: 'Menu' }).click();
  await expect(page).toHaveURL(new RegExp(`/people/${sam}/settings/menu$`));
  const open = page.getByRole('region', { name: 'Your support session with Aroha is still open.' });
  await expect(open).toBeVisible();
  await open.getByRole('link', { name: 'Back to Aroha' }).click();
  await expect(page).toHaveURL(new RegExp(`/people/${aroha}/preferences$`));
  await expect(header).toBeVisible();

  const [session] = await sql`select s.id from support_session s
    join supporter_link l on l.id = s.supporter_link_id
    where l.supporter_id = ${sam} and l.supported_id = ${aroha} and s.ended_at is null`;
  expect(session).toBeDefined();
  await bar.getByRole('link', { name: 'Menu' }).click();
  await page.getByRole('link', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login/);
  const [ended] = await sql`select ended_reason from support_session where id = ${session?.id}`;
  expect(ended?.ended_reason).toBe('signed out');
  const [event] = await sql`select message from history_event
    where related_id = ${session?.id} and type = 'SessionFinish'`;
  expect(event?.message).toBe('Sam signed out, which finished a support session');
});
