/**
 * Organisations (spec §2 /organisations, §6): a member
 * reaches the list and the organisation from the menu, with its type,
 * status, dates and members; someone else opening its address sees "Access
 * Denied", the same as for an organisation that does not exist, until they
 * are made a member, which the open page shows at once.
 */
import { seedId } from '../../api/seed.ts';
import { seriousViolations } from './axe.ts';
import { expect, test } from './fixtures.ts';
import { E2E_PLATFORM_URL } from './links.ts';

const kowhai = seedId('organisation:kowhai');
const DENIED = "You don't have permission to view this organisation.";

test('a member opens Organisation details from the menu: the list, then the organisation with its members', async ({
  page,
  signIn,
}) => {
  const { personId } = await signIn('sam@example.com');
  await page.goto(`/people/${personId}/preferences`);
  // Sam is a Supporter: his menu is a page.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Menu' }).click();
  await page
    .getByRole('navigation', { name: 'Menu' })
    .getByRole('link', { name: 'Organisation details' })
    .click();
  await expect(page).toHaveURL(new RegExp(`/people/${personId}/organisations$`));
  await expect(page).toHaveTitle('Organisations – Preference Bank');
  await expect(page.getByRole('heading', { level: 1, name: 'Organisations' })).toBeVisible();
  const list = page.getByRole('list', { name: 'Your organisations' });
  await expect(list.getByRole('link')).toHaveText([
    /Kōwhai Support Services\s*Provider\s*Approved/,
  ]);
  expect(await seriousViolations(page), 'organisation list').toEqual([]);

  await list.getByRole('link', { name: /Kōwhai Support Services/ }).click();
  await expect(page).toHaveURL(new RegExp(`/people/${personId}/organisations/${kowhai}$`));
  await expect(
    page.getByRole('heading', { level: 1, name: 'Kōwhai Support Services' }),
  ).toBeVisible();
  await expect(page).toHaveTitle('Kōwhai Support Services – Organisation – Preference Bank');
  const about = page.getByRole('article');
  await expect(about.getByRole('term')).toHaveText(['Type', 'Status', 'Created', 'Last updated']);
  // The demo data was made on 1 November 2026 (api/seed.ts), shown as en-NZ dates.
  await expect(about.getByRole('definition')).toHaveText([
    'Provider',
    'Approved',
    '1 November 2026',
    '1 November 2026',
  ]);
  const members = page.getByRole('list', { name: 'Members' });
  await expect(members.getByRole('listitem')).toHaveText([
    /^Ana Walker\s*Manager$/,
    /^Sam Tane \(you\)\s*Support worker$/,
  ]);
  // Whom he supports himself (his own supporter links): names only.
  await expect(page.getByRole('list', { name: 'People you support' })).toHaveText('Aroha Ngata');
  // No logo in the demo data: no image.
  await expect(about.getByRole('img')).toHaveCount(0);
  expect(await seriousViolations(page), 'organisation').toEqual([]);
  await page.getByRole('link', { name: 'All organisations' }).click();
  await expect(page).toHaveURL(new RegExp(`/people/${personId}/organisations$`));
});

test('someone else sees “Access Denied”, as for an organisation that does not exist, until made a member', async ({
  page,
  signIn,
  sql,
}) => {
  const { personId } = await signIn('aroha@example.com');
  // Not in her menu: she belongs to no organisation.
  await page.goto(`/people/${personId}/preferences`);
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('button', { name: 'Menu' })
    .click();
  const drawer = page.getByRole('dialog', { name: 'Menu' });
  await expect(drawer.getByRole('link', { name: 'Logout' })).toBeVisible();
  await expect(drawer.getByRole('link', { name: /organisation/i })).toHaveCount(0);
  await page.keyboard.press('Escape');

  await page.goto(`/people/${personId}/organisations`);
  await expect(page.getByText('You are not part of any organisation.')).toBeVisible();

  for (const id of [crypto.randomUUID(), kowhai]) {
    await page.goto(`/people/${personId}/organisations/${id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Access Denied' })).toBeVisible();
    await expect(page.getByText(DENIED)).toBeVisible();
    await expect(page.getByText('Kōwhai Support Services')).toHaveCount(0);
  }
  expect(await seriousViolations(page), 'access denied').toEqual([]);

  // Made a member (by the platform, outside the app): the open page shows it, live.
  await sql`insert into organisation_member (organisation_id, person_id, role)
            values (${kowhai}, ${personId}, 'Volunteer')`;
  await expect(
    page.getByRole('heading', { level: 1, name: 'Kōwhai Support Services' }),
  ).toBeVisible();
  await expect(page.getByRole('list', { name: 'Members' })).toContainText('Aroha Ngata (you)');
});

test('a platform user: Manage organisations lists every organisation, and Platform Dashboard opens outside the app', async ({
  page,
  signIn,
  sql,
}) => {
  // Tui, made a platform user (by the platform, outside the app); the fixture puts him back.
  await sql`update person set type = 'Platform' where id = ${seedId('person:tui')}`;
  const { personId } = await signIn('tui@example.com');
  await page.goto(`/people/${personId}/settings`);
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('button', { name: 'Menu' })
    .click();
  const drawer = page.getByRole('dialog', { name: 'Menu' });
  const dashboard = drawer.getByRole('link', { name: 'Platform Dashboard (opens in a new tab)' });
  await expect(dashboard).toHaveAttribute('href', E2E_PLATFORM_URL);
  await expect(dashboard).toHaveAttribute('target', '_blank');
  await expect(dashboard).toHaveAttribute('rel', 'noopener noreferrer');
  expect(await seriousViolations(page), 'platform menu').toEqual([]);
  // Not a member of any organisation, he reads them all.
  await drawer.getByRole('link', { name: 'Manage organisations' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Manage organisations');
  await expect(
    page.getByRole('list', { name: 'All organisations' }).getByRole('link'),
  ).toContainText([/Kōwhai Support Services/]);
});

test('a platform user approves an organisation, edits its name, type and logo, and suspends it; its staff see each change live', async ({
  page,
  signIn,
  sql,
  device,
}) => {
  test.setTimeout(90_000);
  const harakeke = crypto.randomUUID();
  await sql`insert into organisation (id, name, type, status)
    values (${harakeke}, 'Harakeke Homecare', 'provider', 'pending_approval')`;
  await sql`insert into organisation_member (organisation_id, person_id, role)
    values (${harakeke}, ${seedId('person:sam')}, 'Support worker')`;
  // Sam, on its staff, has the organisation open.
  const { page: staff, personId: sam } = await device('sam@example.com');
  await staff.goto(`/people/${sam}/organisations/${harakeke}`);
  const staffStatus = staff.getByRole('definition').nth(1);
  await expect(staffStatus).toHaveText('Pending approval');

  await sql`update person set type = 'Platform' where id = ${seedId('person:tui')}`;
  const { personId } = await signIn('tui@example.com');
  await page.goto(`/people/${personId}/organisations`);
  await expect(page.getByText('1 organisation waits for you to approve it.')).toBeVisible();
  await page
    .getByRole('list', { name: 'All organisations' })
    .getByRole('link', { name: /Harakeke Homecare/ })
    .click();
  const manage = page.getByRole('region', { name: 'Manage this organisation' });
  await manage.getByRole('button', { name: 'Approve' }).click();
  await expect(manage.getByRole('status')).toHaveText('Harakeke Homecare is approved.');
  await expect(manage.getByRole('button', { name: 'Approve' })).toHaveCount(0);
  await expect(staffStatus).toHaveText('Approved');

  const edit = manage.getByRole('form', { name: 'Edit details' });
  await edit.getByLabel('Name').fill('Harakeke Care');
  await edit.getByRole('radio', { name: 'Platform' }).check();
  await edit.getByLabel('Logo').setInputFiles({
    name: 'logo.png',
    mimeType: 'image/png',
    buffer: Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    ),
  });
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(manage.getByRole('status')).toHaveText('Saved.');
  await expect(staff.getByRole('heading', { level: 1 })).toHaveText('Harakeke Care');
  await expect(staff.getByRole('definition').first()).toHaveText('Platform');
  const logo = staff.getByRole('img', { name: 'Logo of Harakeke Care' });
  await expect(logo).toBeVisible();
  await expect
    .poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBe(1);

  // Suspending asks first; Cancel changes nothing.
  await manage.getByRole('button', { name: 'Suspend' }).click();
  const ask = page.getByRole('dialog', { name: 'Suspend Harakeke Care?' });
  await ask.getByRole('button', { name: 'Cancel' }).click();
  await expect(staffStatus).toHaveText('Approved');
  await manage.getByRole('button', { name: 'Suspend' }).click();
  await ask.getByRole('button', { name: 'Suspend' }).click();
  await expect(staffStatus).toHaveText('Suspended');
  await expect(manage.getByRole('button', { name: 'Approve' })).toBeVisible();
  expect(await seriousViolations(page), 'the managing page').toEqual([]);

  // Each change is in the platform user's own history.
  const [events] = await sql`select count(*)::int as n from history_event
    where related_id = ${harakeke} and person_id = ${personId}`;
  expect(events?.n).toBe(5);
});

test('no Platform Dashboard for anyone but a platform user', async ({ page, signIn }) => {
  const { personId } = await signIn('aroha@example.com');
  await page.goto(`/people/${personId}/settings`);
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('button', { name: 'Menu' })
    .click();
  const drawer = page.getByRole('dialog', { name: 'Menu' });
  await expect(drawer.getByRole('link', { name: 'Logout' })).toBeVisible();
  await expect(drawer.getByRole('link', { name: /Platform Dashboard/ })).toHaveCount(0);
});
