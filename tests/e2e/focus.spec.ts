/**
 * Where focus goes (issue 13, WCAG 2.4.3 and 4.1.3): after moving to another
 * page, to its heading, and the page is announced; a delete's dialog starts on
 * its safe choice.
 */
import { seedId } from '../../api/seed.ts';
import { expect, test } from './fixtures.ts';

const aroha = seedId('person:aroha');
const food = seedId('category:aroha:food');

test('after a move to another page, focus is on its heading and the page is announced', async ({
  page,
  signIn,
  library,
}) => {
  await library.preference(aroha, { title: 'Sunday lunch', categoryIds: [food] });
  await signIn('aroha@example.com');
  await page.goto(`/people/${aroha}/preferences`);
  await page.getByRole('link', { name: /Sunday lunch/ }).click();
  const heading = page.getByRole('heading', { level: 1, name: 'Sunday lunch' });
  await expect(heading).toBeFocused();
  await expect(page.locator('[data-route-announcer]')).toHaveText('Sunday lunch');
  // Back by the bottom bar: the library's heading, announced.
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Library' })
    .click();
  const libraryHeading = page.getByRole('heading', { level: 1 });
  await expect(libraryHeading).toBeFocused();
  await expect(page.locator('[data-route-announcer]')).toHaveText(
    (await libraryHeading.textContent()) ?? '',
  );
});

test('a delete dialog starts on Cancel, not on the destructive button', async ({
  page,
  signIn,
  library,
}) => {
  const { id } = await library.preference(aroha, { title: 'Board games', categoryIds: [food] });
  await signIn('aroha@example.com');
  await page.goto(`/people/${aroha}/preferences/${id}`);
  await page
    .getByRole('button', { name: /^Delete/ })
    .first()
    .click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: 'Board games' })).toBeVisible();
});

test('radio buttons and checkboxes are 24 px, inside targets of at least 44 px', async ({
  page,
  signIn,
  library,
}) => {
  const { id } = await library.preference(aroha, { title: 'Swimming', categoryIds: [food] });
  await signIn('aroha@example.com');
  await page.goto(`/people/${aroha}/preferences/${id}/edit`);
  await expect(page.getByRole('radio').first()).toBeVisible();
  const sizes = await page.$$eval('input[type="radio"], input[type="checkbox"]', (inputs) =>
    inputs.map((input) => {
      const box = input.getBoundingClientRect();
      const label = (input as HTMLInputElement).labels?.[0] ?? input;
      const target = label.getBoundingClientRect();
      return { w: box.width, h: box.height, target: target.height };
    }),
  );
  expect(sizes.length).toBeGreaterThan(5);
  for (const s of sizes) {
    expect(s.w).toBeGreaterThanOrEqual(24);
    expect(s.h).toBeGreaterThanOrEqual(24);
    expect(s.target).toBeGreaterThanOrEqual(44);
  }
});

test('on the long edit page Save stays in reach, above the bottom bar', async ({
  page,
  signIn,
  library,
}) => {
  await page.setViewportSize({ width: 1024, height: 768 });
  const { id } = await library.preference(aroha, { title: 'Reading', categoryIds: [food] });
  await signIn('aroha@example.com');
  await page.goto(`/people/${aroha}/preferences/${id}/edit`);
  const save = page.getByRole('button', { name: 'Save changes' });
  await expect(save).toBeVisible();
  for (const at of ['top', 'middle']) {
    if (at === 'middle') await page.mouse.wheel(0, 900);
    const hit = await save.evaluate((el) => {
      const r = el.getBoundingClientRect();
      const top = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
      return { inView: r.top >= 0 && r.bottom <= window.innerHeight, onTop: el.contains(top) };
    });
    expect(hit, `Save at the ${at} of the page`).toEqual({ inView: true, onTop: true });
  }
});

test.describe(() => {
  // Zero logs the server's refusal; the refusal is the point here.
  test.use({
    allowedConsoleErrors: { crossed: /app error on server .*Someone else changed this/ },
  });

  test('a refusal above the form takes focus, so it is seen and heard', async ({
    device,
    library,
  }) => {
    const { id: preferenceId } = await library.preference(aroha, {
      title: 'Art',
      categoryIds: [food],
    });
    const { id } = await library.note(aroha, {
      preferenceId,
      title: 'Paints',
      body: 'Watercolours.',
    });
    const url = `/people/${aroha}/preferences/${preferenceId}/notes/${id}/edit`;
    const { page: one } = await device('aroha@example.com');
    const { page: two } = await device('aroha@example.com');
    for (const p of [one, two]) {
      await p.goto(url);
      await expect(p.getByLabel('Title')).toHaveValue('Paints');
    }
    await one.getByLabel('Title').fill('Paints and brushes');
    await one.getByRole('button', { name: /Save/ }).click();
    await expect(one).not.toHaveURL(/\/edit$/);
    await two.getByLabel('Title').fill('Oil paints');
    await two.getByRole('button', { name: /Save/ }).click();
    const alert = two.getByRole('alert').filter({ hasText: 'Someone else changed this' });
    await expect(alert).toContainText('Saved now: Title: “Paints and brushes”');
    await expect(alert).toBeFocused();
  });
});
