/**
 * Who sees which navigation entry (spec §2 "Navigation and empty states",
 * §6), as a matrix over person types and access levels, read
 * from the real screens: the bottom bar, then the menu (the drawer for
 * administrators and Decision Makers, the Menu page for a Supporter). The
 * expectations are written out by hand from the spec, not computed by the
 * code under test. Every entry shown leads to a page that exists.
 */
import { seedId } from '../../api/seed.ts';
import { expect, startSupporting, test } from './fixtures.ts';

const aroha = seedId('person:aroha');
const help = 'Get help (opens in a new tab)';
const feedback = 'Give feedback (opens in a new tab)';

type Cell = {
  name: string;
  email: string;
  /** Whose area: their own, or Aroha's in a support session. */
  area: 'own' | 'aroha';
  bar: string[];
  menu: { kind: 'drawer' | 'page'; entries: string[] };
};

const cells: Cell[] = [
  {
    name: 'a Decision Maker in her own area',
    email: 'aroha@example.com',
    area: 'own',
    bar: ['Home', 'Library', 'Circle', 'Menu'],
    menu: {
      kind: 'drawer',
      entries: [
        'Personal details',
        'Manage subscription',
        'My app history',
        'Manage passkeys',
        'My data',
        help,
        'How are you?',
        feedback,
        'Logout',
      ],
    },
  },
  {
    // Sam is on the staff of one organisation (the demo's Kōwhai Support Services).
    name: 'a Supporter in their own area',
    email: 'sam@example.com',
    area: 'own',
    bar: ['Library', 'Circle', 'Menu'],
    menu: {
      kind: 'page',
      entries: [
        'Personal details',
        'Organisation details',
        'My data',
        'Supporter check-in',
        feedback,
        'Logout',
      ],
    },
  },
  {
    // His Menu page is his own area (/people/{sam}/settings/menu), not
    // Aroha's: there he acts for no one, so his organisation is offered.
    name: 'a Supporter, General, in a session',
    email: 'sam@example.com',
    area: 'aroha',
    bar: ['Home', 'Library', 'Circle', 'Menu'],
    menu: {
      kind: 'page',
      entries: [
        'Personal details',
        'Organisation details',
        'My data',
        'Supporter check-in',
        feedback,
        'Logout',
      ],
    },
  },
  {
    name: 'a Supporter, Restricted, in a session',
    email: 'riley@example.com',
    area: 'aroha',
    bar: ['Home', 'Library', 'Circle', 'Menu'],
    menu: {
      kind: 'page',
      entries: ['Personal details', 'My data', 'Supporter check-in', feedback, 'Logout'],
    },
  },
  {
    // Ana is on the staff of one organisation, as Sam is.
    name: 'both roles, in her own area',
    email: 'ana@example.com',
    area: 'own',
    bar: ['Home', 'Library', 'Circle', 'Menu'],
    menu: {
      kind: 'drawer',
      entries: [
        'Personal details',
        'Manage subscription',
        'My app history',
        'Organisation details',
        'Manage passkeys',
        'My data',
        help,
        'How are you?',
        feedback,
        'Logout',
      ],
    },
  },
  {
    // Acting for someone else: no passkeys (hers), no help, no subscription,
    // no organisations (hers); the person's details and history, which she
    // administers.
    name: 'an Administrator in a session',
    email: 'ana@example.com',
    area: 'aroha',
    bar: ['Home', 'Library', 'Circle', 'Menu'],
    menu: {
      kind: 'drawer',
      entries: ['Personal details', 'My app history', 'Supporter check-in', feedback, 'Logout'],
    },
  },
];

for (const cell of cells) {
  test(`navigation for ${cell.name}`, async ({ page, signIn }) => {
    const { personId: me } = await signIn(cell.email);
    const personId = cell.area === 'own' ? me : aroha;
    if (cell.area === 'aroha') await startSupporting(page, aroha);
    await page.goto(`/people/${personId}/preferences`);
    const bar = page.getByRole('navigation', { name: 'Main' });
    await expect(bar.getByRole('link').or(bar.getByRole('button'))).toHaveText(cell.bar);

    let menu: ReturnType<typeof page.getByRole>;
    if (cell.menu.kind === 'drawer') {
      await bar.getByRole('button', { name: 'Menu' }).click();
      menu = page.getByRole('dialog', { name: 'Menu' });
    } else {
      await expect(bar.getByRole('button', { name: 'Menu' })).toHaveCount(0);
      await bar.getByRole('link', { name: 'Menu' }).click();
      await expect(page).toHaveURL(new RegExp(`/people/${me}/settings/menu$`));
      menu = page.getByRole('navigation', { name: 'Menu' });
    }
    await expect(menu.getByRole('link')).toHaveText(cell.menu.entries);

    // The entries lead where they say (the external ones aside): the drawer
    // manages the area it opens in; the Supporter's Menu page is their own.
    const area = cell.menu.kind === 'page' ? me : personId;
    const inApp = await menu
      .getByRole('link')
      .evaluateAll((as) =>
        as
          .filter((a) => a.getAttribute('target') !== '_blank')
          .map((a) => a.getAttribute('href') ?? ''),
      );
    const history = inApp.find((h) => h.endsWith('/settings/history'));
    if (cell.menu.entries.includes('My app history')) {
      expect(history).toBe(`/people/${area}/settings/history`);
    }
    const subscription = inApp.find((h) => h.endsWith('/settings/subscription'));
    expect(subscription).toBe(
      cell.menu.entries.includes('Manage subscription')
        ? `/people/${area}/settings/subscription`
        : undefined,
    );
    const details = inApp.find((h) => h.endsWith('/settings/details'));
    expect(details).toBe(`/people/${area}/settings/details`);
    expect(inApp.some((h) => h.startsWith(`/survey/${me}/`))).toBe(true);
    // One's own organisations, whichever area the menu opens in.
    if (cell.menu.entries.includes('Organisation details')) {
      expect(inApp).toContain(`/people/${me}/organisations`);
    }
  });
}

test('navigation for both roles, General, in a session: the drawer, one’s own details, and Logout signs out', async ({
  page,
  signIn,
  newAccount,
  circle,
  sql,
}) => {
  // A new account is of both roles; its wizard done, Aroha's Circle takes it at General.
  const { email } = await newAccount('menu-both-general');
  await sql`update app_user set wizard_completed_at = now() where email = ${email}`;
  const { personId: me } = await signIn(email);
  await circle.link(me, aroha, 'General');
  await startSupporting(page, aroha);
  await page.goto(`/people/${aroha}/preferences`);
  const bar = page.getByRole('navigation', { name: 'Main' });
  await expect(bar.getByRole('link').or(bar.getByRole('button'))).toHaveText([
    'Home',
    'Library',
    'Circle',
    'Menu',
  ]);
  await bar.getByRole('button', { name: 'Menu' }).click();
  const menu = page.getByRole('dialog', { name: 'Menu' });
  await expect(menu.getByRole('link')).toHaveText([
    'Personal details',
    'Supporter check-in',
    feedback,
    'Logout',
  ]);
  // Not Aroha's details, which a General supporter does not manage: her own.
  await expect(menu.getByRole('link', { name: 'Personal details' })).toHaveAttribute(
    'href',
    `/people/${me}/settings/details`,
  );
  await menu.getByRole('link', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login/);
});
