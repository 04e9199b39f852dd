/**
 * Keyboard-only helpers: reaching a control with Tab alone, as someone who
 * cannot use a pointer does, and the onboarding wizard walked that way.
 */
import { expect, type Locator, type Page } from '@playwright/test';

/** Presses Tab until `target` has focus (at most `max` times); fails if it never does. */
export async function tabTo(page: Page, target: Locator, max = 30) {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}

/** Tabs to the button or link named `name` and presses Enter. */
export async function press(page: Page, name: string | RegExp) {
  const target = page
    .getByRole('button', { name, exact: typeof name === 'string' })
    .or(page.getByRole('link', { name, exact: typeof name === 'string' }));
  await tabTo(page, target.first());
  await page.keyboard.press('Enter');
}

export type Role = 'For myself' | 'To support someone' | 'Both';

/**
 * Walks the onboarding wizard by keyboard from its first step to its last,
 * choosing `role`; leaves the thank-you step open. Each step's heading takes
 * focus, so Tab starts from it.
 */
export async function walkOnboarding(page: Page, role: Role, knownAs?: string) {
  const total = role === 'Both' ? 8 : 7;
  // No total until the role is chosen: 7 or 8 steps depends on it.
  await expect(page.getByText('Step 1', { exact: true })).toBeVisible();
  await press(page, 'Next');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Your preference library' }),
  ).toBeFocused();
  await press(page, 'Next');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Help from people you trust' }),
  ).toBeFocused();
  await press(page, 'Next');
  await expect(
    page.getByRole('heading', { level: 1, name: 'How will you use Preference Bank?' }),
  ).toBeFocused();
  // The first radio of the group, then arrows (a radio group is one Tab stop).
  await expect(page.getByText('Step 4', { exact: true })).toBeVisible();
  await tabTo(page, page.getByRole('radio', { name: /^For myself/ }));
  const downs = { 'For myself': 0, 'To support someone': 1, Both: 2 }[role];
  if (downs === 0) await page.keyboard.press('Space');
  for (let i = 0; i < downs; i++) await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('radio', { name: new RegExp(`^${role}`) })).toBeChecked();
  await press(page, 'Next');
  await expect(page.getByText(`Step 5 of ${total}`)).toBeVisible();
  if (role !== 'To support someone') {
    await expect(page.getByRole('heading', { level: 1, name: 'About you' })).toBeFocused();
    if (knownAs !== undefined) {
      await tabTo(page, page.getByLabel('What should we call you?'));
      await page.keyboard.press('ControlOrMeta+A');
      await page.keyboard.type(knownAs);
    }
    await press(page, 'Next');
  }
  if (role !== 'For myself') {
    await expect(page.getByRole('heading', { level: 1, name: 'Supporting someone' })).toBeFocused();
    await press(page, 'Next');
  }
  await expect(
    page.getByRole('heading', { level: 1, name: 'Three things to remember' }),
  ).toBeFocused();
  await press(page, 'Next');
  await expect(page.getByText(`Step ${total} of ${total}`)).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: /^Thank you/ })).toBeFocused();
}
