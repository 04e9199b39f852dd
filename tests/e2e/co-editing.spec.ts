/**
 * Typing together: a Decision Maker and a Supporter in session type into one
 * description (and one note) at the same moment, in two tablet-sized windows.
 * Both keep every character, both screens end with the same text, and that
 * text is what Postgres holds (sync/shared-text.ts).
 */
import { seedId } from '../../api/seed.ts';
import { expect, startSupporting, test } from './fixtures.ts';

const aroha = seedId('person:aroha');
const food = seedId('category:aroha:food');

test('two people typing in one description at once both keep every character', async ({
  device,
  library,
  sql,
}) => {
  const { id } = await library.preference(aroha, {
    title: 'Morning routine',
    description: 'Wake me gently.',
    categoryIds: [food],
  });
  const { page: dm } = await device('aroha@example.com');
  const { page: riley } = await device('riley@example.com');
  await startSupporting(riley, aroha);
  const fields = [];
  for (const page of [dm, riley]) {
    await page.goto(`/people/${aroha}/preferences/${id}/edit`);
    const field = page.getByLabel('Description');
    await expect(field).toHaveValue('Wake me gently.');
    await expect(field).toHaveAttribute('data-shared-text', 'ready');
    fields.push(field);
  }
  const [dmField, rileyField] = fields as [(typeof fields)[0], (typeof fields)[0]];
  // Aroha types at the end while Riley types at the start, keystroke by keystroke.
  await dmField.focus();
  await dm.keyboard.press('Control+End');
  await rileyField.focus();
  await riley.keyboard.press('Control+Home');
  const mine = ' Tea first, then the news.';
  const theirs = 'Open the curtains. ';
  await Promise.all([
    dmField.pressSequentially(mine, { delay: 15 }),
    rileyField.pressSequentially(theirs, { delay: 15 }),
  ]);
  const merged = `${theirs}Wake me gently.${mine}`;
  await expect(dmField).toHaveValue(merged);
  await expect(rileyField).toHaveValue(merged);
  await expect
    .poll(async () => (await sql`select description from preference where id = ${id}`)[0])
    .toEqual({ description: merged });
  // Saving the other fields does not undo or repeat the typing.
  await riley.getByLabel('Title', { exact: true }).fill('Morning routine, slowly');
  await riley.getByRole('button', { name: 'Save changes' }).click();
  await expect(riley.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();
  await expect
    .poll(async () => (await sql`select title, description from preference where id = ${id}`)[0])
    .toEqual({ title: 'Morning routine, slowly', description: merged });
  // The view shows it on both sides.
  await dm.goto(`/people/${aroha}/preferences/${id}`);
  await expect(dm.getByText('Open the curtains. Wake me gently. Tea first')).toBeVisible();
});

test('a note’s body is typed together too', async ({ device, library, sql }) => {
  const { id: preferenceId } = await library.preference(aroha, {
    title: 'Walks',
    categoryIds: [food],
  });
  const { id } = await library.note(aroha, {
    preferenceId,
    title: 'Route',
    body: 'Along the beach.',
  });
  const { page: dm } = await device('aroha@example.com');
  const { page: riley } = await device('riley@example.com');
  await startSupporting(riley, aroha);
  const url = `/people/${aroha}/preferences/${preferenceId}/notes/${id}/edit`;
  await dm.goto(url);
  await riley.goto(url);
  const dmBody = dm.getByLabel('Note');
  const rileyBody = riley.getByLabel('Note');
  await expect(dmBody).toHaveAttribute('data-shared-text', 'ready');
  await expect(rileyBody).toHaveAttribute('data-shared-text', 'ready');
  await dmBody.focus();
  await dm.keyboard.press('Control+End');
  await dmBody.pressSequentially(' Back by the park.', { delay: 10 });
  // Riley sees it arrive while the page is open.
  await expect(rileyBody).toHaveValue('Along the beach. Back by the park.');
  await expect
    .poll(async () => (await sql`select body from note where id = ${id}`)[0])
    .toEqual({ body: 'Along the beach. Back by the park.' });
});
