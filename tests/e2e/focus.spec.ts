/**
 * Where focus goes (WCAG 2.4.3 and 4.1.3): after moving to another
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

test('a delete dialog starts on Cancel, not on the destructive button, and gives focus back when closed', async ({
  page,
  signIn,
  library,
}) => {
  const { id } = await library.preference(aroha, { title: 'Board games', categoryIds: [food] });
  await signIn('aroha@example.com');
  await page.goto(`/people/${aroha}/preferences/${id}`);
  const trigger = page.getByRole('button', { name: /^Delete/ }).first();
  await trigger.click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: 'Board games' })).toBeVisible();
  // Closed without acting, focus is back where it was: on the button that opened it.
  await expect(trigger).toBeFocused();
  // Escape too.
  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(trigger).toBeFocused();
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

test('a refusal above the form takes focus, so it is seen and heard', async ({ page }) => {
  await page.goto('/register');
  await page.getByLabel('First name').fill('Mere');
  await page.getByLabel('Last name').fill('Tahi');
  await page.getByLabel('Email').fill('mere.focus@example.org');
  // Without accepting the terms: refused, in an alert above the form.
  await page.getByRole('button', { name: 'Register' }).click();
  const alert = page.getByRole('alert');
  await expect(alert).toContainText(/terms/i);
  await expect(alert).toBeFocused();
});

test.describe(() => {
  // Zero logs the server's refusal; the refusal is the point here.
  test.use({
    allowedConsoleErrors: { crossed: /app error on server .*Someone else changed this/ },
  });

  test('a note’s title changed by someone else meanwhile: both values, focus on the choice', async ({
    device,
    library,
    sql,
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
    const choice = two.getByRole('region', {
      name: 'Someone else changed this while you were editing',
    });
    await expect(choice.getByRole('heading')).toBeFocused();
    await expect(choice).toContainText('Yours: Oil paints');
    await expect(choice).toContainText('Saved now: Paints and brushes');
    expect((await sql`select title from note where id = ${id}`)[0]).toEqual({
      title: 'Paints and brushes',
    });
    // Keep the saved one: the form shows it, nothing is written.
    await choice.getByRole('button', { name: 'Keep the saved one' }).click();
    await expect(two.getByLabel('Title')).toHaveValue('Paints and brushes');
    await expect(choice).toBeHidden();
    // Changed again and saved: no crossing now.
    await two.getByLabel('Title').fill('Paints, brushes and paper');
    await two.getByRole('button', { name: /Save/ }).click();
    await expect(two).not.toHaveURL(/\/edit$/);
    await expect
      .poll(async () => (await sql`select title from note where id = ${id}`)[0])
      .toEqual({ title: 'Paints, brushes and paper' });
  });

  test('a category changed by someone else meanwhile: both values by name, and keep mine', async ({
    device,
    sql,
  }) => {
    const daily = seedId('category:aroha:daily');
    const url = `/people/${aroha}/preferences/categories/${daily}/edit`;
    const { page: one } = await device('aroha@example.com');
    const { page: two } = await device('aroha@example.com');
    for (const p of [one, two]) {
      await p.goto(url);
      await expect(p.getByLabel('Name', { exact: true })).toHaveValue('Daily routine');
    }
    await one.getByLabel('Name', { exact: true }).fill('Every day');
    await one.getByLabel('Inside another category').selectOption({ label: 'Food and drink' });
    await one.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(one).not.toHaveURL(/\/edit$/);
    await two.getByLabel('Name', { exact: true }).fill('My days');
    await two.getByLabel('Inside another category').selectOption({ label: 'People and places' });
    await two.getByRole('button', { name: 'Save', exact: true }).click();
    const choice = two.getByRole('region', {
      name: 'Someone else changed this while you were editing',
    });
    await expect(choice.getByRole('heading')).toBeFocused();
    await expect(choice).toContainText('Yours: My days');
    await expect(choice).toContainText('Saved now: Every day');
    // A category is named, never shown as an id.
    await expect(choice).toContainText('Yours: People and places');
    await expect(choice).toContainText('Saved now: Food and drink');
    expect((await sql`select title from category where id = ${daily}`)[0]).toEqual({
      title: 'Every day',
    });
    await choice.getByRole('button', { name: 'Keep mine' }).click();
    await expect(two).not.toHaveURL(/\/edit$/);
    await expect
      .poll(
        async () =>
          (
            await sql`select c.title, p.title as parent from category c
                      left join category p on p.id = c.parent_id where c.id = ${daily}`
          )[0],
      )
      .toEqual({ title: 'My days', parent: 'People and places' });
  });
});
