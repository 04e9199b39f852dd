/**
 * A person's account: onboarding with a role choice, walked by
 * keyboard alone for every role and landing where the spec says; the role
 * changed in personal details showing at once in another tab; the access
 * record's write flag deciding the edit controls.
 */
import { seedId } from '../../api/seed.ts';
import { seriousViolations } from './axe.ts';
import { expect, test } from './fixtures.ts';
import { press, tabTo, walkOnboarding } from './keyboard.ts';

const aroha = seedId('person:aroha');
const tea = seedId('preference:aroha:tea');

test.describe('onboarding, by keyboard alone', () => {
  test('for myself: step 1 of 7 … 7 of 7, Back keeps what was typed, then the empty library', async ({
    page,
    newAccount,
    signIn,
    sql,
  }) => {
    const { email } = await newAccount('onboard-dm');
    const { personId } = await signIn(email);
    await page.goto('/');
    await expect(page).toHaveURL(new RegExp(`/onboarding/${personId}$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Guest' })).toBeVisible();
    await walkOnboarding(page, 'For myself', 'Kiri');
    await expect(page).toHaveURL(new RegExp(`/onboarding/${personId}/decision-maker\\?step=7$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Thank you, Kiri' })).toBeVisible();
    // Back twice: the name typed is still there.
    await press(page, 'Back');
    await expect(page.getByRole('listitem')).toHaveText([
      'Your library belongs to you.',
      'You choose who sees each thing.',
      'You can change your mind at any time.',
    ]);
    await press(page, 'Back');
    await expect(page.getByLabel('What should we call you?')).toHaveValue('Kiri');
    // A reload keeps it too (this tab's session storage).
    await page.reload();
    await expect(page.getByLabel('What should we call you?')).toHaveValue('Kiri');
    expect(await seriousViolations(page), 'about you').toEqual([]);
    await press(page, 'Next');
    await press(page, 'Next');
    await press(page, 'Go to my preference library');
    await expect(page).toHaveURL(
      new RegExp(`/people/${personId}/preferences\\?isOnboarding=true$`),
    );
    await expect(page.getByRole('heading', { name: 'Nothing here yet' })).toBeVisible();
    const [row] = await sql`select p.type, p.known_as, u.wizard_completed_at
      from person p join app_user u on u.person_id = p.id where p.id = ${personId}`;
    expect(row?.type).toBe('DecisionMaker');
    expect(row?.known_as).toBe('Kiri');
    expect(row?.wizard_completed_at).toBeInstanceOf(Date);
    // Complete: the person area no longer sends them to onboarding.
    await page.goto(`/people/${personId}`);
    await expect(page).toHaveURL(new RegExp(`/people/${personId}$`));
  });

  test('to support someone: 7 steps, then "Create my profile" and the people they support', async ({
    page,
    newAccount,
    signIn,
    sql,
  }) => {
    const { email } = await newAccount('onboard-supporter');
    const { personId } = await signIn(email);
    await page.goto(`/onboarding/${personId}`);
    await walkOnboarding(page, 'To support someone');
    await expect(page.getByRole('listitem')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Go to my preference library' })).toHaveCount(0);
    await press(page, 'Create my profile');
    await expect(page).toHaveURL(
      new RegExp(`/people/${personId}/settings/details/edit\\?isOnboarding=true$`),
    );
    await expect(page.getByRole('heading', { level: 1, name: 'Create my profile' })).toBeVisible();
    await tabTo(page, page.getByLabel('About me'));
    await page.keyboard.type('I help my dad.');
    await press(page, 'Save changes');
    await expect(page).toHaveURL(new RegExp(`/people/${personId}/supporting`));
    const [row] = await sql`select p.type, d.bio from person p
      join person_detail d on d.person_id = p.id where p.id = ${personId}`;
    expect(row).toEqual({ type: 'Supporter', bio: 'I help my dad.' });
  });

  test('both roles: 8 steps, the statements of both, then the library', async ({
    page,
    newAccount,
    signIn,
    sql,
  }) => {
    const { email } = await newAccount('onboard-both');
    const { personId } = await signIn(email);
    await page.goto(`/onboarding/${personId}`);
    await walkOnboarding(page, 'Both');
    await expect(page).toHaveURL(
      new RegExp(`/onboarding/${personId}/supporter-and-decision-maker\\?step=8$`),
    );
    await press(page, 'Go to my preference library');
    await expect(page.getByRole('heading', { name: 'Nothing here yet' })).toBeVisible();
    const [row] = await sql`select type from person where id = ${personId}`;
    expect(row?.type).toBe('SupporterAndDecisionMaker');
  });

  test('one step count forward and back, whatever role is chosen on the way; the announcer names each step', async ({
    page,
    newAccount,
    signIn,
  }) => {
    const { email } = await newAccount('onboard-count');
    const { personId } = await signIn(email);
    await page.goto(`/onboarding/${personId}`);
    const count = page.getByText(/^Step \d/);
    const announcer = page.locator('[data-route-announcer]');
    const next = () => page.getByRole('button', { name: 'Next', exact: true }).click();
    const back = () => page.getByRole('button', { name: 'Back', exact: true }).click();
    /** The step shown: its count, its heading, and what the announcer said of it. */
    const at = async (step: string, heading: string | RegExp) => {
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expect(count).toHaveText(step);
      await expect(announcer).toHaveText(heading);
    };
    await expect(count).toHaveText('Step 1');
    await next();
    await at('Step 2', 'Your preference library');
    await next();
    await at('Step 3', 'Help from people you trust');
    await next();
    await at('Step 4', 'How will you use Preference Bank?');
    await page.getByRole('radio', { name: /^For myself/ }).check();
    await next();
    await at('Step 5 of 7', 'About you');
    // Back to the role step: it reads as it did, and choosing another role there changes nothing yet.
    await back();
    await at('Step 4', 'How will you use Preference Bank?');
    await page.getByRole('radio', { name: /^Both/ }).check();
    await expect(count).toHaveText('Step 4');
    await back();
    await at('Step 3', 'Help from people you trust');
    await next();
    await at('Step 4', 'How will you use Preference Bank?');
    await page.getByRole('radio', { name: /^Both/ }).check();
    await next();
    await at('Step 5 of 8', 'About you');
    await next();
    await at('Step 6 of 8', 'Supporting someone');
    await next();
    await at('Step 7 of 8', 'Three things to remember');
    await next();
    await at('Step 8 of 8', /^Thank you/);
    await back();
    await at('Step 7 of 8', 'Three things to remember');
    await back();
    await at('Step 6 of 8', 'Supporting someone');
  });

  test('the role must be chosen; a step that is not a number is the first; Cancel asks first', async ({
    page,
    newAccount,
    signIn,
    sql,
  }) => {
    const { email } = await newAccount('onboard-errors');
    const { personId } = await signIn(email);
    await page.goto(`/onboarding/${personId}?step=abc`);
    await expect(page.getByText('Step 1', { exact: true })).toBeVisible();
    await page.goto(`/onboarding/${personId}?step=4`);
    await press(page, 'Next');
    await expect(page.getByRole('alert').filter({ hasText: 'Please choose one.' })).toBeVisible();
    await expect(page.getByRole('radio', { name: /^For myself/ })).toBeFocused();
    await expect(page).toHaveURL(/step=4$/);
    // Another person's onboarding is one's own.
    await page.goto(`/onboarding/${aroha}`);
    await expect(page).toHaveURL(new RegExp(`/onboarding/${personId}$`));
    await press(page, 'Cancel');
    const dialog = page.getByRole('dialog', { name: 'Are you sure you want to cancel?' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'No, stay here' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Step 1', { exact: true })).toBeVisible();
    const [row] = await sql`select p.type, u.wizard_completed_at from person p
      join app_user u on u.person_id = p.id where p.id = ${personId}`;
    expect(row).toEqual({ type: 'SupporterAndDecisionMaker', wizard_completed_at: null });
    await press(page, 'Cancel');
    await dialog.getByRole('button', { name: 'Yes, leave' }).click();
    await expect(page).toHaveURL(/\/login/);
  });
});

test('a role changed in personal details shows at once in another tab: library, bottom bar', async ({
  page,
  context,
  signIn,
  sql,
}) => {
  await signIn('aroha@example.com');
  const other = await context.newPage();
  await other.goto(`/people/${aroha}/preferences`);
  await expect(other.getByRole('link', { name: /A cup of tea/ }).first()).toBeVisible();
  const nav = other.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Home' })).toBeVisible();

  await page.goto(`/people/${aroha}/settings/details`);
  await expect(page.getByRole('heading', { level: 1, name: 'Personal details' })).toBeVisible();
  await expect(page.getByText('For myself')).toBeVisible();
  await page.getByRole('link', { name: 'Change personal details' }).click();
  await page.getByRole('radio', { name: /^To support someone/ }).check();
  await expect(page.getByText(/your library is hidden\. Nothing is deleted/)).toBeVisible();
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page).toHaveURL(new RegExp(`/people/${aroha}/settings/details$`));
  await expect(page.getByText('To support someone')).toBeVisible();

  // The other tab follows without a reload.
  await expect(
    other.getByRole('heading', { name: 'Supporters have no library of their own' }),
  ).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Home' })).toHaveCount(0);
  await expect(nav.getByRole('link', { name: 'Menu' })).toBeVisible();

  // And back: nothing was deleted.
  await page.getByRole('link', { name: 'Change personal details' }).click();
  await page.getByRole('radio', { name: /^For myself/ }).check();
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(other.getByRole('link', { name: /A cup of tea/ }).first()).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Home' })).toBeVisible();
  const [row] = await sql`select type from person where id = ${aroha}`;
  expect(row?.type).toBe('DecisionMaker');
});

test('personal details: errors beside their fields, announced, focus on the first; nothing saved', async ({
  page,
  signIn,
  sql,
}) => {
  await signIn('aroha@example.com');
  await page.goto(`/people/${aroha}/settings/details/edit`);
  await page.getByLabel('First name').fill('');
  await page.getByLabel('Phone').fill('ring me');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByLabel('First name')).toBeFocused();
  await expect(page.getByText('Please enter your first name.')).toBeVisible();
  await expect(
    page.getByText(
      'A phone number may contain only digits, spaces, hyphens, plus signs and parentheses.',
    ),
  ).toBeVisible();
  await expect(page.getByLabel('First name')).toHaveAttribute('aria-invalid', 'true');
  const [row] = await sql`select first_name from person where id = ${aroha}`;
  expect(row?.first_name).toBe('Aroha');
  await page.getByLabel('First name').fill('Aroha');
  await page.getByLabel('Phone').fill('');
  await page.getByRole('radio', { name: 'They / them' }).check();
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('They / them')).toBeVisible();
});

test.describe('the write flag', () => {
  test('without it, edit controls are hidden and an edit route goes to the view', async ({
    page,
    signIn,
  }) => {
    await signIn('aroha@example.com');
    // The server's answer, read-only (as for a guest): the screens follow it.
    await page.route('**/api/people/*/access', async (route) => {
      const res = await route.fetch();
      const body = await res.json();
      await route.fulfill({
        response: res,
        json: { ...body, access: { ...body.access, write: false } },
      });
    });
    await page.goto(`/people/${aroha}/preferences/${tea}`);
    await expect(page.getByRole('heading', { level: 1, name: /A cup of tea/ })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Edit' })).toHaveCount(0);
    await page.goto(`/people/${aroha}/preferences/${tea}/edit`);
    await expect(page).toHaveURL(new RegExp(`/preferences/${tea}$`));
    await page.goto(`/people/${aroha}/preferences`);
    await expect(page.getByRole('heading', { level: 1, name: 'Library' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Add a preference' })).toHaveCount(0);
  });

  test('a real read-only caller, the guest of a Preference invite: no edit, delete or pin; the edit route goes to the view', async ({
    page,
    signIn,
    device,
  }) => {
    const dm = await device('aroha@example.com');
    const res = await dm.page.request.post(`/api/people/${aroha}/invites`, {
      data: { kind: 'Preference', targetId: tea },
    });
    expect(res.status()).toBe(201);
    const { url } = (await res.json()) as { url: string };
    await signIn('tui@example.com');
    await page.goto(url);
    await page.getByRole('button', { name: /tea/ }).click();
    await expect(page).toHaveURL(new RegExp(`/people/${aroha}/preferences/${tea}$`));
    await expect(page.getByRole('heading', { level: 1 })).toContainText('tea');
    await expect(page.getByRole('link', { name: 'Edit', exact: true })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Delete/ })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Add media' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: /Add a note/ })).toHaveCount(0);
    await page.goto(`/people/${aroha}/preferences/${tea}/edit`);
    await expect(page).toHaveURL(new RegExp(`/preferences/${tea}$`));
  });

  test('with it, they are there (the same page, the real answer)', async ({ page, signIn }) => {
    await signIn('aroha@example.com');
    await page.goto(`/people/${aroha}/preferences/${tea}`);
    await expect(page.getByRole('link', { name: 'Edit' })).toBeVisible();
  });
});
