/**
 * Edits that cross at the same moment (sync/conflict.ts): two people
 * save one field a few ms apart, each from the same stored value. The server
 * judges them one after the other (the row is locked before it is read), so
 * one is stored and the other is refused as `changed` with what is stored:
 * never both "Saved" with one silently lost. And a whole-value write of a
 * note's body at the same moment as typing into it leaves the plain text in
 * Postgres equal to what the shared text's rows make.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import * as Y from 'yjs';
import { seedId } from '../../api/seed.ts';
import { codeOf } from '../../sync/errors.ts';
import { mutators } from '../../sync/mutators.ts';
import { queries } from '../../sync/queries.ts';
import { docOf, encodeUpdate, TEXT, textOf } from '../../sync/shared-text-doc.ts';
import { eventually, type SignedIn, signIn } from '../harness/clients.ts';
import { sql, stack } from '../harness/db.ts';
import { client, serverResult } from '../harness/zero.ts';

const aroha = seedId('person:aroha');
const food = seedId('category:aroha:food');
const ROUNDS = 8;

let me: SignedIn;
const made: { preferences: string[]; categories: string[] } = { preferences: [], categories: [] };

beforeAll(async () => {
  me = await signIn(stack.url, 'aroha@example.com');
});

afterAll(async () => {
  for (const id of made.preferences) await sql`delete from preference where id = ${id}`;
  for (const id of made.categories) await sql`delete from category where id = ${id}`;
});

/** Two devices of one person: each its own Zero client (its own client group). */
function twoDevices() {
  return [client(me), client(me)] as const;
}

type Result = { type: 'success' } | { type: 'error'; error: { type: string; details?: unknown } };

/** One stored, one refused as crossed: never both. */
function oneWinsOneCrossed(results: readonly Result[]) {
  const outcomes = results
    .map((r) => (r.type === 'success' ? 'saved' : `refused:${codeOf(r.error.details)}`))
    .sort();
  expect(outcomes).toEqual(['refused:changed', 'saved']);
  return results.findIndex((r) => r.type === 'success');
}

async function preference(title: string) {
  const id = crypto.randomUUID();
  await sql`insert into preference (id, person_id, title, access, status, created_by, updated_by)
            values (${id}, ${aroha}, ${title}, 'General', 'Published', ${aroha}, ${aroha})`;
  await sql`insert into preference_category (preference_id, category_id, person_id)
            values (${id}, ${food}, ${aroha})`;
  made.preferences.push(id);
  return id;
}

describe('two saves of one field at the same moment', () => {
  test('a preference title: one is stored, the other is refused with what is stored', async () => {
    const id = await preference('Start');
    const devices = twoDevices();
    for (const z of devices) await z.run(queries.preference.byId({ personId: aroha, id }));
    for (let round = 0; round < ROUNDS; round++) {
      const start = `Start ${round}`;
      await sql`update preference set title = ${start} where id = ${id}`;
      const results = (await Promise.all(
        devices.map((z, i) =>
          serverResult(
            z,
            mutators.preference.update({
              id,
              title: `${i === 0 ? 'Left' : 'Right'} ${round}`,
              base: { title: start },
            }),
          ),
        ),
      )) as Result[];
      const winner = oneWinsOneCrossed(results);
      const [row] = await sql`select title from preference where id = ${id}`;
      expect(row?.title).toBe(`${winner === 0 ? 'Left' : 'Right'} ${round}`);
      const loser = results[1 - winner];
      if (loser?.type === 'error') {
        expect(loser.error.details).toMatchObject({ theirs: { title: row?.title } });
      }
    }
  });

  test('a category title and a note title: the same', async () => {
    const preferenceId = await preference('Art');
    const categoryId = crypto.randomUUID();
    await sql`insert into category (id, person_id, title, access, created_by)
              values (${categoryId}, ${aroha}, 'Crafts', 'General', ${aroha})`;
    made.categories.push(categoryId);
    const noteId = crypto.randomUUID();
    await sql`insert into note (id, person_id, preference_id, title, body, created_by)
              values (${noteId}, ${aroha}, ${preferenceId}, 'Paints', 'Watercolours.', ${aroha})`;
    const devices = twoDevices();
    for (const z of devices) {
      await z.run(queries.category.byId({ personId: aroha, id: categoryId }));
      await z.run(queries.note.byId({ personId: aroha, id: noteId }));
    }
    for (let round = 0; round < ROUNDS / 2; round++) {
      await sql`update category set title = ${`Crafts ${round}`} where id = ${categoryId}`;
      await sql`update note set title = ${`Paints ${round}`} where id = ${noteId}`;
      const categories = (await Promise.all(
        devices.map((z, i) =>
          serverResult(
            z,
            mutators.category.update({
              id: categoryId,
              title: `Crafts ${i} ${round}`,
              base: { title: `Crafts ${round}` },
            }),
          ),
        ),
      )) as Result[];
      oneWinsOneCrossed(categories);
      const notes = (await Promise.all(
        devices.map((z, i) =>
          serverResult(
            z,
            mutators.note.update({
              id: noteId,
              title: `Paints ${i} ${round}`,
              base: { title: `Paints ${round}` },
            }),
          ),
        ),
      )) as Result[];
      oneWinsOneCrossed(notes);
    }
  });
});

describe('a whole note body saved while someone types into it', () => {
  test('the plain text in Postgres is what the rows make, every round', async () => {
    const preferenceId = await preference('Garden');
    const noteId = crypto.randomUUID();
    await sql`insert into note (id, person_id, preference_id, title, body, created_by)
              values (${noteId}, ${aroha}, ${preferenceId}, 'Roses', 'Red ones.', ${aroha})`;
    const [typist, form] = twoDevices();
    const target = { personId: aroha, preferenceId, noteId };
    await typist.run(queries.text.updates(target), { type: 'complete' });
    await form.run(queries.note.byId({ personId: aroha, id: noteId }), { type: 'complete' });
    const rowsNow = async () =>
      (await sql`select data from text_update where note_id = ${noteId} order by created_at`).map(
        (r) => String(r.data),
      );
    for (let round = 0; round < ROUNDS; round++) {
      // The typist's document: what the rows make, plus a few characters at the end.
      const doc = docOf(await rowsNow());
      const before = Y.encodeStateVector(doc);
      const text = doc.getText(TEXT);
      text.insert(text.length, ` typed${round}`);
      const typed = Y.encodeStateAsUpdate(doc, before);
      doc.destroy();
      const [pushed, saved] = await Promise.all([
        serverResult(
          typist,
          mutators.text.push({
            id: crypto.randomUUID(),
            preferenceId,
            noteId,
            data: encodeUpdate(typed),
          }),
        ),
        serverResult(form, mutators.note.update({ id: noteId, body: `Whole ${round}.` })),
      ]);
      expect(pushed.type).toBe('success');
      expect(saved.type).toBe('success');
      const merged = docOf(await rowsNow());
      const [note] = await sql`select body from note where id = ${noteId}`;
      expect(note?.body, `round ${round}`).toBe(textOf(merged));
      merged.destroy();
    }
    // And the typist's client converges on it too.
    const [note] = await sql`select body from note where id = ${noteId}`;
    await eventually(
      'the typist sees the stored text',
      async () => {
        const row = await typist.run(queries.text.updates(target), { type: 'complete' });
        const updates = (row?.textUpdates ?? []).map((r) => r.data);
        const doc = docOf(updates);
        const text = textOf(doc);
        doc.destroy();
        return text;
      },
      (t) => t === note?.body,
    );
  });
});
