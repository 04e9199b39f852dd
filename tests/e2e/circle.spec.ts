import type { Page } from '@playwright/test';
import postgres from 'postgres';
import { seedId } from '../../api/seed.ts';
import { seriousViolations } from './axe.ts';
import { expect, signInContext, test } from './fixtures.ts';

const arohaId = seedId('person:aroha');
const tuiId = seedId('person:tui');
const samLink = seedId('link:sam->aroha');
const rileyLink = seedId('link:riley->aroha');

/** Links and buttons smaller than 44 × 44 px. */
async function smallTargets(page: Page): Promise<string> {
  return page.evaluate(`
    [...document.querySelectorAll('a, button, input')]
      .filter((el) => !el.classList.contains('skip-link'))
      .map((el) => ({ text: el.textContent.trim() || el.getAttribute('aria-label') || el.id, r: el.getBoundingClientRect() }))
      .filter(({ r }) => r.width > 0 && (r.height < 44 || r.width < 44))
      .map(({ text, r }) => text + ' ' + Math.round(r.width) + 'x' + Math.round(r.height))
      .join(', ')
  `);
}

function db(url: string) {
  return postgres(url, { max: 1, onnotice: () => {} });
}

/** Throwaway supporters of Tui (people with no account): removed with `cleanup`. */
async function tuiSupporters(sql: postgres.Sql, n: number) {
  const people: string[] = [];
  const links: string[] = [];
  for (let i = 0; i < n; i++) {
    const person = crypto.randomUUID();
    const link = crypto.randomUUID();
    await sql`insert into person (id, type, first_name, last_name, known_as)
              values (${person}, 'Supporter', ${`Helper${i + 1}`}, 'Test', ${`Helper${i + 1}`})`;
    await sql`insert into supporter_link (id, supporter_id, supported_id, access_level, created_by)
              values (${link}, ${person}, ${tuiId}, 'General', ${tuiId})`;
    people.push(person);
    links.push(link);
  }
  return {
    people,
    links,
    cleanup: () => sql`delete from person where id in ${sql(people)}`,
  };
}

test('the Decision Maker views her Circle, changes a level, sees it, and restores it', async ({
  browser,
  app,
}) => {
  const context = await browser.newContext();
  const sql = db(app.databaseUrl);
  try {
    await signInContext(context, app.url, 'aroha@example.com');
    const page = await context.newPage();
    await page.goto(`${app.url}/people/${arohaId}/supporters`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('My Circle of Support');
    const list = page.getByRole('list', { name: 'Supporters' });
    await expect(list.getByRole('listitem')).toHaveCount(3);
    await expect(list.getByRole('link', { name: /Sam Tane/ })).toContainText('General');
    await expect(list.getByRole('link', { name: /Riley Parata/ })).toContainText('Restricted');
    await expect(list.getByRole('link', { name: /Ana Walker/ })).toContainText('Administrator');
    await expect(page.getByRole('link', { name: 'Invite someone' })).toHaveAttribute(
      'href',
      `/people/${arohaId}/supporters/invite`,
    );
    // Three of three spots on the free plan.
    await expect(page.getByText('Your Circle of Support is full!')).toBeVisible();

    await list.getByRole('link', { name: /Sam Tane/ }).click();
    await expect(page).toHaveURL(new RegExp(`/supporters/${samLink}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sam Tane');
    await expect(page.getByText('Access: General')).toBeVisible();
    await expect(page.getByText('In the Circle since 1 November 2026')).toBeVisible();

    await page.getByRole('link', { name: 'Edit' }).click();
    const group = page.getByRole('group', { name: 'Access level' });
    await expect(group.getByRole('radio')).toHaveCount(3);
    await expect(group.getByRole('radio', { name: 'General' })).toBeChecked();
    // Each level is explained by a sentence tied to its radio button.
    await expect(group.getByRole('radio', { name: 'Restricted' })).toHaveAccessibleDescription(
      /restricted \(private\) preferences/,
    );
    // Keyboard: arrow keys move through the group.
    await group.getByRole('radio', { name: 'General' }).focus();
    await page.keyboard.press('ArrowDown');
    await expect(group.getByRole('radio', { name: 'Restricted' })).toBeChecked();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page).toHaveURL(new RegExp(`/supporters/${samLink}$`));
    await expect(page.getByText('Access: Restricted')).toBeVisible();
    await expect
      .poll(
        async () => (await sql`select access_level from supporter_link where id = ${samLink}`)[0],
      )
      .toEqual({ access_level: 'Restricted' });

    await page.getByRole('link', { name: 'Edit' }).click();
    await page.getByRole('radio', { name: 'General' }).check();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Access: General')).toBeVisible();
    await page.getByRole('link', { name: 'Back to the Circle of Support' }).click();
    await expect(
      page.getByRole('list', { name: 'Supporters' }).getByRole('link', { name: /Sam Tane/ }),
    ).toContainText('General');
  } finally {
    await sql`update supporter_link set access_level = 'General' where id = ${samLink}`;
    await sql.end();
    await context.close();
  }
});

test('a Supporter who supports one person lands on that person, and can still reach the list', async ({
  browser,
  app,
}) => {
  const context = await browser.newContext();
  try {
    const { personId } = await signInContext(context, app.url, 'sam@example.com');
    const page = await context.newPage();
    await page.goto(`${app.url}/`);
    await expect(page).toHaveURL(new RegExp(`/people/${personId}/supporting/${samLink}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Aroha Ngata');
    await expect(page.getByText('Your access: General')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Start a support session' })).toHaveAttribute(
      'href',
      `/people/${arohaId}/supporters/start`,
    );
    await page.getByRole('link', { name: 'All the people I support' }).click();
    await expect(page).toHaveURL(/\/supporting\?all=1$/);
    const list = page.getByRole('list', { name: 'People I support' });
    await expect(list.getByRole('link', { name: /Aroha Ngata/ })).toBeVisible();
    // No redirect back: the list stays.
    await page.waitForTimeout(300);
    await expect(page).toHaveURL(/\/supporting\?all=1$/);
  } finally {
    await context.close();
  }
});

test('a Supporter creates a profile on someone’s behalf: warning, form, and they are its Administrator', async ({
  browser,
  app,
}) => {
  const context = await browser.newContext();
  const sql = db(app.databaseUrl);
  const { personId } = await signInContext(context, app.url, 'riley@example.com');
  try {
    const page = await context.newPage();
    await page.goto(`${app.url}/people/${personId}/supporting/create`);
    await expect(page.getByRole('heading', { name: 'Before you create a profile' })).toBeVisible();
    await expect(page.getByText(/already have a profile/)).toBeVisible();
    await expect(page.getByText(/create their own profile, with your support/)).toBeVisible();
    // Cancel leaves without creating anything.
    await page.getByRole('link', { name: 'Cancel' }).click();
    await expect(page).toHaveURL(/\/supporting\?all=1$/);

    await page.goto(`${app.url}/people/${personId}/supporting/create`);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('heading', { name: 'Create a profile for someone' })).toBeFocused();
    // Required fields are checked before anything is sent.
    await page.getByRole('button', { name: 'Create profile' }).click();
    await expect(page.getByRole('alert')).toHaveText('Please enter your first name.');
    await page.getByLabel('First name').fill('Mere');
    await page.getByLabel('Last name').fill('Kingi');
    await expect(page.getByLabel('Known as (optional)')).toBeVisible();
    await page.getByRole('button', { name: 'Create profile' }).click();

    await expect(page).toHaveURL(new RegExp(`/people/${personId}/supporting/[0-9a-f-]{36}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Mere Kingi');
    await expect(page.getByText('Your access: Administrator')).toBeVisible();
    const [row] = await sql`select p.type, l.access_level from person p
                            join supporter_link l on l.supported_id = p.id
                            where p.first_name = 'Mere' and p.last_name = 'Kingi' and l.supporter_id = ${personId}`;
    expect(row).toEqual({ type: 'DecisionMaker', access_level: 'Administrator' });
  } finally {
    await sql`delete from person where first_name = 'Mere' and last_name = 'Kingi' and created_by = ${personId}`;
    await sql.end();
    await context.close();
  }
});

test('the plan limit: one spot left at 2 connections, full at 3, each with an Upgrade alert', async ({
  browser,
  app,
}) => {
  const context = await browser.newContext();
  const sql = db(app.databaseUrl);
  const helpers = await tuiSupporters(sql, 2);
  try {
    await signInContext(context, app.url, 'tui@example.com');
    const page = await context.newPage();
    await page.goto(`${app.url}/people/${tuiId}/supporters`);
    await expect(page.getByRole('list', { name: 'Supporters' }).getByRole('listitem')).toHaveCount(
      2,
    );
    await expect(page.getByText('You only have one spot left')).toBeVisible();
    await expect(page.getByText('Your Circle of Support is full!')).toHaveCount(0);
    await page.getByRole('button', { name: 'Upgrade' }).click();
    await expect(page.getByRole('alert')).toHaveText(
      'To upgrade your plan, please contact your provider.',
    );

    // A third connection arrives while the page is open.
    const third = await tuiSupporters(sql, 1);
    helpers.people.push(...third.people);
    await expect(page.getByRole('list', { name: 'Supporters' }).getByRole('listitem')).toHaveCount(
      3,
    );
    await expect(page.getByText('Your Circle of Support is full!')).toBeVisible();
    await expect(page.getByText('You only have one spot left')).toHaveCount(0);
    await page.getByRole('button', { name: 'Upgrade' }).click();
    await expect(page.getByRole('alert')).toHaveText(
      'To upgrade your plan, please contact your provider.',
    );
  } finally {
    await helpers.cleanup();
    await sql.end();
    await context.close();
  }
});

test('removing a supporter asks first: Cancel does nothing, Remove removes', async ({
  browser,
  app,
}) => {
  const context = await browser.newContext();
  const sql = db(app.databaseUrl);
  const helpers = await tuiSupporters(sql, 1);
  const link = helpers.links[0] ?? '';
  try {
    await signInContext(context, app.url, 'tui@example.com');
    const page = await context.newPage();
    await page.goto(`${app.url}/people/${tuiId}/supporters/${link}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Helper1 Test');
    const remove = page.getByRole('button', { name: 'Remove from my Circle' });
    await remove.click();
    const dialog = page.getByRole('dialog', {
      name: 'Remove Helper1 Test from the Circle of Support?',
    });
    await expect(dialog).toBeVisible();
    await expect(remove).toBeDisabled();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(remove).toBeEnabled();
    expect(await sql`select 1 from supporter_link where id = ${link}`).toHaveLength(1);

    await remove.click();
    await dialog.getByRole('button', { name: 'Remove', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/people/${tuiId}/supporters$`));
    await expect(page.getByText(/Nobody is in this Circle of Support yet/)).toBeVisible();
    await expect
      .poll(async () => (await sql`select 1 from supporter_link where id = ${link}`).length)
      .toBe(0);
  } finally {
    await helpers.cleanup();
    await sql.end();
    await context.close();
  }
});

test('a Supporter removes a connection from their side and goes back to the people they support', async ({
  browser,
  app,
}) => {
  const context = await browser.newContext();
  const sql = db(app.databaseUrl);
  const { personId } = await signInContext(context, app.url, 'riley@example.com');
  const link = crypto.randomUUID();
  await sql`insert into supporter_link (id, supporter_id, supported_id, access_level, created_by)
            values (${link}, ${personId}, ${tuiId}, 'General', ${tuiId})`;
  try {
    const page = await context.newPage();
    await page.goto(`${app.url}/people/${personId}/supporting?all=1`);
    await expect(
      page.getByRole('list', { name: 'People I support' }).getByRole('listitem'),
    ).toHaveCount(2);
    await page.getByRole('link', { name: /Tui Brown/ }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Tui Brown');
    await page.getByRole('button', { name: 'Remove this connection' }).click();
    await page
      .getByRole('dialog', { name: 'Remove your connection with Tui Brown?' })
      .getByRole('button', { name: 'Remove', exact: true })
      .click();
    // Back to /supporting, which now has one person: Riley lands on Aroha.
    await expect(page).toHaveURL(new RegExp(`/people/${personId}/supporting/${rileyLink}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Aroha Ngata');
    expect(await sql`select 1 from supporter_link where id = ${link}`).toHaveLength(0);
  } finally {
    await sql`delete from supporter_link where id = ${link}`;
    await sql.end();
    await context.close();
  }
});

test('the Circle pages have no serious or critical accessibility violations and 44 px targets', async ({
  browser,
  app,
}) => {
  const dm = await browser.newContext();
  const supporter = await browser.newContext();
  try {
    await signInContext(dm, app.url, 'aroha@example.com');
    const page = await dm.newPage();
    await page.goto(`${app.url}/people/${arohaId}/supporters`);
    await expect(page.getByRole('list', { name: 'Supporters' }).getByRole('listitem')).toHaveCount(
      3,
    );
    await page.getByRole('button', { name: 'Upgrade' }).click();
    await expect(page.getByRole('alert')).toBeVisible();
    expect(await seriousViolations(page), '/supporters').toEqual([]);
    expect(await smallTargets(page), '/supporters').toBe('');

    await page.goto(`${app.url}/people/${arohaId}/supporters/${rileyLink}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Riley Parata');
    expect(await seriousViolations(page), '/supporters/{id}').toEqual([]);
    await page.getByRole('button', { name: 'Remove from my Circle' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    expect(await seriousViolations(page), 'remove dialog').toEqual([]);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    await page.goto(`${app.url}/people/${arohaId}/supporters/${rileyLink}/edit`);
    await expect(page.getByRole('group', { name: 'Access level' })).toBeVisible();
    expect(await seriousViolations(page), '/supporters/{id}/edit').toEqual([]);

    const { personId } = await signInContext(supporter, app.url, 'sam@example.com');
    const sp = await supporter.newPage();
    await sp.goto(`${app.url}/people/${personId}/supporting/${samLink}`);
    await expect(sp.getByRole('heading', { level: 1 })).toHaveText('Aroha Ngata');
    expect(await seriousViolations(sp), '/supporting/{id}').toEqual([]);
    expect(await smallTargets(sp), '/supporting/{id}').toBe('');
    const start = sp.getByRole('link', { name: 'Start a support session' });
    await start.focus();
    expect(await start.evaluate((el) => getComputedStyle(el).outlineStyle)).not.toBe('none');
  } finally {
    await dm.close();
    await supporter.close();
  }
});
