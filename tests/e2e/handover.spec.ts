/**
 * The handover of a visit (sync/handover.ts, web/components/handover.tsx):
 * what changed since a supporter's last session shows on their page, at their
 * level; opening it marks it seen; a note left in a session shows at the top
 * of the next supporter's session.
 */
import type { Page } from '@playwright/test';
import { seedId } from '../../api/seed.ts';
import { expect, startSupporting, test } from './fixtures.ts';

const aroha = seedId('person:aroha');
const tea = seedId('preference:aroha:tea');
const medication = seedId('preference:aroha:medication');

/** Ends this tab's support session from the support header, as a supporter does. */
async function finishSession(page: Page) {
  await page.getByRole('link', { name: 'Finish session' }).click();
  await expect(page).toHaveURL(/\/supporting/);
}

test('a visit: what changed since the last one at the supporter’s level, seen once opened; a note left for the next supporter', async ({
  page,
  signIn,
  device,
}) => {
  test.setTimeout(120_000);
  const { personId: sam } = await signIn('sam@example.com');
  // Sam's last visit: a session that ends.
  await startSupporting(page, aroha);
  await finishSession(page);

  // Aroha changes a General preference and a Restricted one (the fixtures put the titles back).
  const dm = await device('aroha@example.com');
  for (const [id, title] of [
    [tea, 'Green tea, no milk'],
    [medication, 'My tablets, one at a time'],
  ] as const) {
    const res = await dm.page.request.put(`/api/people/${aroha}/preferences/${id}`, {
      data: { title },
    });
    expect(res.status()).toBe(200);
  }

  // Sam (General) supports Aroha alone: his page is hers, and says what changed.
  await page.goto(`/people/${sam}/supporting`);
  const since = page.getByRole('region', { name: 'Since your last visit' });
  const item = since.getByRole('button', { name: /Green tea, no milk/ });
  await expect(item).toBeVisible();
  await expect(since).not.toContainText('My tablets');
  await expect(since).not.toContainText('How I take my medication');
  await expect(item).toContainText('New');
  await expect(item).toHaveAttribute('aria-expanded', 'false');

  // Opening it shows the details and marks it seen: "New" goes, live.
  await item.click();
  await expect(item).toHaveAttribute('aria-expanded', 'true');
  const details = page.locator(`#${await item.getAttribute('aria-controls')}`);
  await expect(details).toBeVisible();
  await expect(details).toContainText('A preference');
  await expect(item).not.toContainText('New');
  await page.reload();
  await expect(since.getByRole('button', { name: /Green tea, no milk/ })).not.toContainText('New');

  // In his next session Sam leaves a note on Aroha's home.
  await startSupporting(page, aroha);
  await page.goto(`/people/${aroha}`);
  const notes = page.getByRole('region', { name: 'Notes for the next visit' });
  const field = notes.getByLabel('Leave a note for the next visit');
  // An empty note is refused in words.
  await notes.getByRole('button', { name: 'Leave note' }).click();
  await expect(notes.getByRole('alert')).toHaveText('Write the note first.');
  const text = 'Aroha had a restless night; she may want to sleep in.';
  await field.fill(text);
  await expect(notes).toContainText(`${text.length} of 500 characters`);
  await notes.getByRole('button', { name: 'Leave note' }).click();
  const list = notes.getByRole('list', { name: 'Notes for the next visit' });
  await expect(list).toContainText(text);
  await expect(list).toContainText('Sam');
  await expect(field).toHaveValue('');
  // Sam is not her Administrator: he may not change or delete it.
  await expect(notes.getByRole('button', { name: /^(Edit|Delete) the note/ })).toHaveCount(0);
  await finishSession(page);

  // Ana (Administrator) starts her session: the note is at the top of its first screen.
  const ana = await device('ana@example.com');
  await startSupporting(ana.page, aroha);
  const anaNotes = ana.page.getByRole('region', { name: 'Notes for the next visit' });
  await expect(anaNotes).toContainText(text);
  // Who left it, though Ana may not read Sam's own details.
  await expect(anaNotes).toContainText('Sam');
  const library = ana.page.getByRole('list', { name: 'Preferences' });
  await expect(library).toBeVisible();
  const notesBox = await anaNotes.boundingBox();
  const libraryBox = await library.boundingBox();
  expect(notesBox && libraryBox && notesBox.y < libraryBox.y).toBe(true);
  // Her Administrator may change it: the buttons name the note by who left it and when.
  const today = await ana.page.evaluate(() =>
    new Intl.DateTimeFormat('en-NZ', { day: 'numeric', month: 'long' }).format(Date.now()),
  );
  await expect(anaNotes.getByRole('button', { name: /note \d/ })).toHaveCount(0);
  await anaNotes.getByRole('button', { name: `Edit the note from Sam Tane, ${today}` }).click();
  const edit = anaNotes.getByLabel('Change the note');
  await edit.fill(`${text} Breakfast at nine.`);
  await anaNotes.getByRole('button', { name: 'Save note' }).click();
  await expect(anaNotes).toContainText('Breakfast at nine.');
  // And delete it, after saying so.
  await anaNotes.getByRole('button', { name: `Delete the note from Sam Tane, ${today}` }).click();
  const confirm = ana.page.getByRole('dialog', { name: 'Delete this note?' });
  await confirm.getByRole('button', { name: 'Delete note' }).click();
  await expect(confirm).toBeHidden();
  await expect(anaNotes).toHaveCount(0);
});

test('the person chooses how long notes last; a number out of range is refused in words', async ({
  page,
  signIn,
  sql,
}) => {
  await signIn('aroha@example.com');
  await page.goto(`/people/${aroha}`);
  const notes = page.getByRole('region', { name: 'Notes for the next visit' });
  const days = notes.getByLabel('Notes last (days)');
  await expect(days).toHaveValue('7');
  await days.fill('0');
  await notes.getByRole('button', { name: 'Save days' }).click();
  await expect(notes.getByRole('alert')).toHaveText('Choose from 1 to 30 days.');
  await expect(days).toBeFocused();
  await days.fill('3');
  await notes.getByRole('button', { name: 'Save days' }).click();
  await expect(notes.getByRole('status').filter({ hasText: /^Saved/ })).toBeVisible();
  await expect
    .poll(async () => (await sql`select handover_note_days from person where id = ${aroha}`)[0])
    .toEqual({ handover_note_days: 3 });
  // A note she leaves now lasts three days.
  const text = 'Back from my sister’s on Sunday.';
  await notes.getByLabel('Leave a note for the next visit').fill(text);
  await notes.getByRole('button', { name: 'Leave note' }).click();
  await expect(notes.getByRole('list', { name: 'Notes for the next visit' })).toContainText(text);
  await expect
    .poll(
      async () =>
        (
          await sql`select round(extract(epoch from expires_at - created_at) / 86400)::int as days
                    from handover_note where body = ${text}`
        )[0],
    )
    .toEqual({ days: 3 });
});
