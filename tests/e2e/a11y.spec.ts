import { seriousViolations, smallTargets } from './axe.ts';
import { expect, test } from './fixtures.ts';

test('sign-in and landing pages have no serious or critical accessibility violations', async ({
  page,
}) => {
  for (const path of ['/login', '/landing']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await seriousViolations(page), path).toEqual([]);
  }
});

test('library list, view and edit pages have no serious or critical accessibility violations', async ({
  page,
  signIn,
}) => {
  const { personId } = await signIn('aroha@example.com');
  await page.goto(`/people/${personId}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await seriousViolations(page), 'home').toEqual([]);

  await page.goto(`/people/${personId}/preferences`);
  await expect(page.getByRole('list', { name: 'Preferences' })).toBeVisible();
  expect(await seriousViolations(page), 'list').toEqual([]);

  await page.getByRole('list', { name: 'Preferences' }).getByRole('link').first().click();
  await expect(page.getByRole('link', { name: 'Edit' })).toBeVisible();
  expect(await seriousViolations(page), 'view').toEqual([]);

  await page.getByRole('link', { name: 'Edit' }).click();
  await expect(page.getByLabel('Title')).toBeVisible();
  expect(await seriousViolations(page), 'edit').toEqual([]);
});

test('touch targets of links and buttons are at least 44 px', async ({ page, signIn }) => {
  const { personId } = await signIn('aroha@example.com');
  await page.goto(`/people/${personId}/preferences`);
  await expect(page.getByRole('list', { name: 'Preferences' })).toBeVisible();
  expect(await smallTargets(page)).toBe('');
});

/**
 * Each choice of a radio group is one target of at least 44 px (its label
 * holds the radio, the title and the description), and the radio's name is
 * its title alone, with the description apart.
 */
async function choicesAreTargets(page: import('@playwright/test').Page, where: string) {
  const choices = page.locator('.choice');
  await expect(choices.first(), where).toBeVisible();
  const sizes = await choices.evaluateAll((els) =>
    els.map((el) => {
      const r = el.getBoundingClientRect();
      const radio = el.querySelector('input[type="radio"]');
      const title = el.querySelector('.choice-title')?.textContent ?? '';
      return {
        ok: r.height >= 44 && r.width >= 44 && radio !== null,
        text: `${title} ${Math.round(r.width)}x${Math.round(r.height)}`,
      };
    }),
  );
  expect(
    sizes.filter((s) => !s.ok).map((s) => s.text),
    where,
  ).toEqual([]);
  expect(sizes.length, where).toBeGreaterThan(1);
}

test('every radio group: each choice one 44 px target, its title and description apart', async ({
  page,
  signIn,
  newAccount,
}) => {
  test.setTimeout(90_000);
  const { personId: aroha } = await signIn('aroha@example.com');
  // The personal details form (pronouns).
  await page.goto(`/people/${aroha}/settings/details/edit`);
  await choicesAreTargets(page, 'personal details');
  expect(await seriousViolations(page), 'personal details').toEqual([]);
  // The history filter.
  await page.goto(`/people/${aroha}/settings/history`);
  await choicesAreTargets(page, 'history filter');
  await expect(page.getByRole('radio', { name: 'Changes', exact: true })).toBeChecked();
  // The check-in survey: the statement is the heading; the answers large.
  await page.goto(`/survey/${aroha}/decision-maker?step=2`);
  await expect(page.getByText('Sentence 1 of 3', { exact: true })).toBeVisible();
  await choicesAreTargets(page, 'survey');
  const yes = page.getByRole('radio', { name: 'Yes', exact: true });
  expect((await yes.locator('xpath=ancestor::label').boundingBox())?.height).toBeGreaterThanOrEqual(
    60,
  );
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Please choose one.' })).toBeVisible();
  expect(await seriousViolations(page), 'survey').toEqual([]);
  // Onboarding's role step: title and description apart.
  const { email } = await newAccount('choices');
  const { personId } = await signIn(email);
  await page.goto(`/onboarding/${personId}?step=4`);
  await choicesAreTargets(page, 'onboarding role');
  const mine = page.getByRole('radio', { name: 'For myself', exact: true });
  await expect(mine).toBeVisible();
  await expect(mine).toHaveAccessibleDescription(/.+/);
  expect(await seriousViolations(page), 'onboarding role').toEqual([]);
});
