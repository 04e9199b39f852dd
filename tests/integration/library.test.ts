/**
 * The library over REST (spec §7 Notes, Preferences and reviews, Categories)
 * and the rules the matrix does not cover: bad input (400, nothing changed),
 * unknown and other people's ids (404), history in the same transaction,
 * category deletion that never takes a preference, live updates between a
 * supporter in session and the Decision Maker.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { seedId } from '../../api/seed.ts';
import { LIMITS } from '../../sync/library-fields.ts';
import { mutators } from '../../sync/mutators.ts';
import { queries } from '../../sync/queries.ts';
import { eventually, type SignedIn, signIn } from '../harness/clients.ts';
import { sql, stack } from '../harness/db.ts';
import { call, raw, startSession } from '../harness/rest.ts';
import { type Client, client, serverResult } from '../harness/zero.ts';

const aroha = seedId('person:aroha');
const ana = seedId('person:ana');
const food = seedId('category:aroha:food');
const breakfast = seedId('category:aroha:breakfast');
const tea = seedId('preference:aroha:tea');
const unknownId = '00000000-0000-4000-8000-000000000000';

let dm: SignedIn;
let sam: SignedIn;
/** The tea's reviews and review fields as seeded: the review tests add to them, and they are put back. */
let teaReviews: { ids: string[]; fields: Record<string, unknown> } = { ids: [], fields: {} };

beforeAll(async () => {
  dm = await signIn(stack.url, 'aroha@example.com');
  sam = await signIn(stack.url, 'sam@example.com');
  const ids = await sql`select id from review where preference_id = ${tea}`;
  const [fields] = await sql`select review_schedule, review_at, reviewed_at, reviewed_by
                             from preference where id = ${tea}`;
  teaReviews = { ids: ids.map((r) => String(r.id)), fields: fields ?? {} };
});

afterAll(async () => {
  const added = (await sql`select id from review where preference_id = ${tea}`)
    .map((r) => String(r.id))
    .filter((id) => !teaReviews.ids.includes(id));
  if (added.length) await sql`delete from review where id in ${sql(added)}`;
  await sql`update preference set ${sql(teaReviews.fields)} where id = ${tea}`;
});

type Json = Record<string, unknown>;

/**
 * Waits until `z` has been told of the support session `id`: zero-cache
 * answers from its replica, which follows Postgres a moment later, and a
 * `complete` read answers from what the client holds by then.
 */
async function sessionReached(z: Client, id: string) {
  await eventually(
    `the support session ${id} to reach the client`,
    () => z.run(queries.supportSession.byId({ id }), { type: 'complete' }),
    (row) => row !== undefined,
  );
}

const prefs = `/api/people/${aroha}/preferences`;
const cats = `/api/people/${aroha}/preferences/categories`;
const notes = `/api/people/${aroha}/notes`;

async function countRows(table: 'preference' | 'category' | 'note' | 'history_event') {
  const [row] = await sql`select count(*)::int n from ${sql(table)}`;
  return Number(row?.n);
}

describe('preferences over REST', () => {
  test('create, read, list with filters, update, delete — each with its history event', async () => {
    const historyBefore = await countRows('history_event');
    const created = await call(dm, 'POST', prefs, {
      title: '  Walks on the beach  ',
      description: 'At *low* tide',
      feeling: 'love',
      access: 'General',
      reviewSchedule: 'OnceAMonth',
      categoryIds: [food],
    });
    expect(created.status).toBe(201);
    const id = String(created.body.id);
    expect(created.body).toMatchObject({
      title: 'Walks on the beach',
      feeling: 'love',
      access: 'General',
      reviewSchedule: 'OnceAMonth',
      status: 'Published',
      createdBy: aroha,
      reviewStatus: 'New',
    });
    expect(created.body.categories).toEqual([expect.objectContaining({ id: food })]);
    // A month ahead, give or take the calendar.
    const reviewAt = Date.parse(String(created.body.reviewAt));
    expect(reviewAt - Date.now()).toBeGreaterThan(27 * 86_400_000);
    expect(reviewAt - Date.now()).toBeLessThan(32 * 86_400_000);

    expect((await call(dm, 'GET', `${prefs}/${id}`)).body.title).toBe('Walks on the beach');
    const search = await call(dm, 'GET', `${prefs}?query=BEACH`);
    expect((search.body.preferences as Json[]).map((p) => p.id)).toEqual([id]);
    const inFood = await call(dm, 'GET', `${prefs}?categoryId=${food}&feeling=love`);
    expect((inFood.body.preferences as Json[]).map((p) => p.id)).toContain(id);
    expect((await call(dm, 'GET', `${prefs}?access=Nope`)).status).toBe(400);

    const updated = await call(dm, 'PUT', `${prefs}/${id}`, {
      title: 'Beach walks',
      access: 'Restricted',
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ title: 'Beach walks', access: 'Restricted' });

    expect((await call(dm, 'DELETE', `${prefs}/${id}`)).status).toBe(204);
    expect((await call(dm, 'GET', `${prefs}/${id}`)).status).toBe(404);

    const events = await sql`select type, related_type, message from history_event
                             where related_id = ${id} order by created_at`;
    expect(events.map((e) => e.type)).toEqual(['Create', 'Modify', 'Delete']);
    expect(events[1]?.message).toBe(
      'Changed the title from “Walks on the beach” to “Beach walks”, and its who can see it',
    );
    expect(await countRows('history_event')).toBe(historyBefore + 3);
  });

  test('bad input: 400 with a clear message, and nothing is written', async () => {
    const before = await countRows('preference');
    const history = await countRows('history_event');
    const cases: Array<[unknown, number, string | RegExp]> = [
      [{ title: 'No category', categoryIds: [] }, 400, 'Please select a category'],
      [{ title: '   ', categoryIds: [food] }, 400, 'Please enter a title.'],
      [
        { title: 'x'.repeat(LIMITS.preferenceTitle + 1), categoryIds: [food] },
        400,
        `A title can be at most ${LIMITS.preferenceTitle} characters.`,
      ],
      [
        {
          title: 'Long',
          description: 'x'.repeat(LIMITS.preferenceDescription + 1),
          categoryIds: [food],
        },
        400,
        /A description can be at most 10,000 characters/,
      ],
      [{ title: 'Bad feeling', feeling: 'ecstatic', categoryIds: [food] }, 400, /feeling/],
      [{ title: 'Bad access', access: 'Secret', categoryIds: [food] }, 400, /access/],
      [raw('not json'), 400, /Please check what you sent/],
      [[1, 2], 400, /Please check what you sent/],
      // Another person's category, and one that does not exist: not found, never revealed.
      [
        { title: 'Ana’s', categoryIds: [seedId('category:ana:work')] },
        404,
        'We could not find that.',
      ],
      [{ title: 'Ghost', categoryIds: [unknownId] }, 404, 'We could not find that.'],
    ];
    for (const [body, status, message] of cases) {
      const res = await call(dm, 'POST', prefs, body);
      expect(res.status, JSON.stringify(body).slice(0, 60)).toBe(status);
      expect((res.body.error as Json).message).toMatch(message);
    }
    expect(await countRows('preference')).toBe(before);
    expect(await countRows('history_event')).toBe(history);
  });

  test('unknown, malformed and other people’s ids', async () => {
    const anaPref = seedId('preference:ana:meetings');
    expect((await call(dm, 'GET', `${prefs}/${unknownId}`)).status).toBe(404);
    expect((await call(dm, 'GET', `${prefs}/${'x'.repeat(65)}`)).status).toBe(400);
    // Ana's preference through Aroha's path, and Ana's library itself: 404 / no rows.
    expect((await call(dm, 'GET', `${prefs}/${anaPref}`)).status).toBe(404);
    expect((await call(dm, 'PUT', `${prefs}/${anaPref}`, { title: 'Mine now' })).status).toBe(404);
    expect((await call(dm, 'DELETE', `${prefs}/${anaPref}`)).status).toBe(404);
    const anaList = await call(dm, 'GET', `/api/people/${ana}/preferences`);
    expect(anaList.status).toBe(200);
    expect(anaList.body.preferences).toEqual([]);
    const [row] = await sql`select title from preference where id = ${anaPref}`;
    expect(row?.title).not.toBe('Mine now');
    // Signed out.
    const out = await call(undefined, 'GET', prefs);
    expect(out.status).toBe(401);
    expect(out.body).toEqual({
      error: { code: 'unauthenticated', message: 'You must be logged in to view this page' },
    });
  });

  test('a review records who and when, and moves the next review by the schedule', async () => {
    const before = await sql`select count(*)::int n from review where preference_id = ${tea}`;
    const res = await call(dm, 'POST', `/api/people/${aroha}/reviews`, {
      preferenceId: tea,
      reviewSchedule: 'OnceAWeek',
    });
    expect(res.status).toBe(201);
    const next = Date.parse(String(res.body.nextReviewAt));
    expect(Math.abs(next - (Date.now() + 7 * 86_400_000))).toBeLessThan(60_000);
    const [pref] =
      await sql`select review_schedule, reviewed_by, review_at from preference where id = ${tea}`;
    expect(pref).toMatchObject({ review_schedule: 'OnceAWeek', reviewed_by: aroha });
    const after = await sql`select count(*)::int n from review where preference_id = ${tea}`;
    expect(after[0]?.n).toBe(Number(before[0]?.n) + 1);
    expect(
      (await call(dm, 'POST', `/api/people/${aroha}/reviews`, { preferenceId: unknownId })).status,
    ).toBe(404);
    expect(
      (
        await call(dm, 'POST', `/api/people/${aroha}/reviews`, {
          preferenceId: tea,
          reviewSchedule: 'Daily',
        })
      ).status,
    ).toBe(400);
    // Put the seeded schedule back.
    await call(dm, 'PUT', `${prefs}/${tea}`, { reviewSchedule: 'OnceAYear' });
  });

  test('a review is saved as one change: the edits, the picture and the review land together or not at all', async () => {
    const z = client(dm);
    const [seeded] = await sql`select title, description from preference where id = ${tea}`;
    const reviews = async () =>
      Number((await sql`select count(*)::int n from review where preference_id = ${tea}`)[0]?.n);
    const reviewsBefore = await reviews();
    const historyBefore = await countRows('history_event');
    // The picture is not one of this preference's: the whole save is refused,
    // the title edited in the same save included.
    const refused = await serverResult(
      z,
      mutators.preference.review({
        id: tea,
        reviewId: crypto.randomUUID(),
        reviewSchedule: 'OnceAMonth',
        changes: { title: 'Tea, reviewed', description: 'Strong' },
        heroMediaId: unknownId,
      }),
    );
    expect(refused.type).toBe('error');
    const [afterRefusal] = await sql`select title, description from preference where id = ${tea}`;
    expect(afterRefusal).toEqual(seeded);
    expect(await reviews()).toBe(reviewsBefore);
    expect(await countRows('history_event')).toBe(historyBefore);
    // Without the bad picture: the edit and the review, each with its history event.
    const saved = await serverResult(
      z,
      mutators.preference.review({
        id: tea,
        reviewId: crypto.randomUUID(),
        changes: { title: 'Tea, reviewed' },
      }),
    );
    expect(saved.type).toBe('success');
    const [afterSave] = await sql`select title from preference where id = ${tea}`;
    expect(afterSave?.title).toBe('Tea, reviewed');
    expect(await reviews()).toBe(reviewsBefore + 1);
    const events = await sql`select related_type, message from history_event
      where person_id = ${aroha} order by created_at desc limit 2`;
    expect(events.map((e) => e.related_type).sort()).toEqual(['Preference', 'Review']);
    await call(dm, 'PUT', `${prefs}/${tea}`, { title: seeded?.title, reviewSchedule: 'OnceAYear' });
  });
});

describe('rules for every caller', () => {
  test('a Supporter has no library of their own: REST and Zero both refuse, nothing is written', async () => {
    const sams = seedId('person:sam');
    const before = await countRows('preference');
    const rest = await call(sam, 'POST', `/api/people/${sams}/preferences`, {
      title: 'Mine',
      status: 'Draft',
    });
    expect(rest.status).toBe(403);
    expect(rest.body).toEqual({
      error: { code: 'forbidden', message: 'A Supporter has no library of their own.' },
    });
    const z = client(sam);
    const zero = await serverResult(
      z,
      mutators.category.create({ id: crypto.randomUUID(), personId: sams, title: 'Mine' }),
    );
    expect(zero.type).toBe('error');
    expect(await countRows('preference')).toBe(before);
    const [cats] = await sql`select count(*)::int n from category where person_id = ${sams}`;
    expect(cats?.n).toBe(0);
  });
});

describe('categories over REST', () => {
  test('list with parentId, includeCounts and hidden; create both ways; edit; own-parent refused', async () => {
    const top = await call(dm, 'GET', `${cats}?includeCounts=true`);
    expect(top.status).toBe(200);
    const list = top.body.categories as Json[];
    expect(list.every((c) => c.parentId === null)).toBe(true);
    expect(list.find((c) => c.id === food)).toMatchObject({ title: 'Food and drink' });
    expect(Number(list.find((c) => c.id === food)?.count)).toBeGreaterThan(0);
    const children = await call(dm, 'GET', `${cats}?parentId=${food}`);
    expect((children.body.categories as Json[]).map((c) => c.id)).toEqual([breakfast]);
    expect((await call(dm, 'GET', `${cats}?includeCounts=maybe`)).status).toBe(400);

    const made = await call(dm, 'POST', cats, { title: 'Music', access: 'General', hidden: true });
    expect(made.status).toBe(201);
    const musicId = String(made.body.id);
    const hidden = await call(dm, 'GET', `${cats}?hidden=true`);
    expect((hidden.body.categories as Json[]).map((c) => c.id)).toContain(musicId);
    const shown = await call(dm, 'GET', `${cats}?hidden=false`);
    expect((shown.body.categories as Json[]).map((c) => c.id)).not.toContain(musicId);

    const other = await call(dm, 'POST', '/api/preferences/categories', {
      personId: aroha,
      title: 'Jazz',
      parentId: musicId,
    });
    expect(other.status).toBe(201);
    const jazzId = String(other.body.id);
    expect(other.body.parentId).toBe(musicId);

    // A category cannot go inside itself, nor inside its own child.
    const loop = await call(dm, 'PUT', `${cats}/${musicId}`, { parentId: jazzId });
    expect(loop.status).toBe(400);
    expect((loop.body.error as Json).message).toBe('A category cannot be placed inside itself.');
    expect((await call(dm, 'PUT', `${cats}/${musicId}`, { title: '' })).status).toBe(400);
    expect(
      (await call(dm, 'PUT', `${cats}/${musicId}`, { title: 'Music and song' })).body.title,
    ).toBe('Music and song');

    await call(dm, 'DELETE', `${cats}/${jazzId}`);
    await call(dm, 'DELETE', `${cats}/${musicId}`);
  });

  test('deleting a category keeps its preferences and moves its sub-categories up', async () => {
    const parent = String((await call(dm, 'POST', cats, { title: 'Outdoors' })).body.id);
    const child = String(
      (await call(dm, 'POST', cats, { title: 'Gardening', parentId: parent })).body.id,
    );
    const pref = String(
      (await call(dm, 'POST', prefs, { title: 'Weeding on Sundays', categoryIds: [parent] })).body
        .id,
    );
    expect((await call(dm, 'DELETE', `${cats}/${parent}`)).status).toBe(204);
    expect((await call(dm, 'GET', `${prefs}/${pref}`)).status).toBe(200);
    expect((await call(dm, 'GET', `${cats}/${child}`)).body.parentId).toBeNull();
    const [event] =
      await sql`select message from history_event where related_id = ${parent} and type = 'Delete'`;
    expect(event?.message).toBe(
      'Deleted the category “Outdoors”; its preferences stay in the library',
    );
    await call(dm, 'DELETE', `${prefs}/${pref}`);
    await call(dm, 'DELETE', `${cats}/${child}`);
  });
});

describe('notes over REST', () => {
  test('create, read, update, delete; bounded; follow the preference', async () => {
    const made = await call(dm, 'POST', notes, {
      preferenceId: tea,
      title: ' Mug ',
      body: 'The **blue** one',
    });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ title: 'Mug', preferenceId: tea, createdBy: aroha });
    const id = String(made.body.id);
    expect((await call(dm, 'GET', `${notes}/${id}`)).body.body).toBe('The **blue** one');
    expect((await call(dm, 'PUT', `${notes}/${id}`, { body: 'The green one' })).body.body).toBe(
      'The green one',
    );
    expect(
      (
        await call(dm, 'POST', notes, {
          preferenceId: tea,
          title: 'Long',
          body: 'x'.repeat(LIMITS.noteBody + 1),
        })
      ).status,
    ).toBe(400);
    expect(
      (await call(dm, 'POST', notes, { preferenceId: tea, title: 'Empty', body: ' ' })).status,
    ).toBe(400);
    expect(
      (await call(dm, 'POST', notes, { preferenceId: unknownId, title: 'T', body: 'B' })).status,
    ).toBe(404);
    // Deleting the preference takes its notes with it.
    const pref = String(
      (await call(dm, 'POST', prefs, { title: 'Short-lived', categoryIds: [food] })).body.id,
    );
    const noteOnIt = String(
      (await call(dm, 'POST', notes, { preferenceId: pref, title: 'N', body: 'B' })).body.id,
    );
    await call(dm, 'DELETE', `${prefs}/${pref}`);
    expect((await call(dm, 'GET', `${notes}/${noteOnIt}`)).status).toBe(404);
    expect((await call(dm, 'DELETE', `${notes}/${id}`)).status).toBe(204);
    expect((await call(dm, 'GET', `${notes}/${id}`)).status).toBe(404);
  });
});

describe('category links carry their preference’s access and status', () => {
  test('set on every link, following each change, whoever writes (mutators, REST or SQL)', async () => {
    const linkOf = async (preferenceId: string) =>
      (
        await sql`select access, status from preference_category
                  where preference_id = ${preferenceId} and category_id = ${food}`
      )[0];
    const created = await call(dm, 'POST', prefs, {
      title: `Linked ${Date.now()}`,
      access: 'General',
      categoryIds: [food],
      status: 'Draft',
    });
    expect(created.status).toBe(201);
    const id = String(created.body.id);
    try {
      expect(await linkOf(id)).toEqual({ access: 'General', status: 'Draft' });
      expect((await call(dm, 'PUT', `${prefs}/${id}`, { status: 'Published' })).status).toBe(200);
      expect(await linkOf(id)).toEqual({ access: 'General', status: 'Published' });
      expect((await call(dm, 'PUT', `${prefs}/${id}`, { access: 'Restricted' })).status).toBe(200);
      expect(await linkOf(id)).toEqual({ access: 'Restricted', status: 'Published' });
      // Written straight to the database: the trigger keeps the copy right.
      await sql`update preference set access = 'General' where id = ${id}`;
      expect(await linkOf(id)).toEqual({ access: 'General', status: 'Published' });
      await sql`delete from preference_category where preference_id = ${id}`;
      await sql`insert into preference_category (preference_id, category_id, person_id)
                values (${id}, ${food}, ${aroha})`;
      expect(await linkOf(id)).toEqual({ access: 'General', status: 'Published' });
      // A link can never claim another access than its preference's.
      await sql`update preference_category set access = 'Restricted' where preference_id = ${id}`;
      expect(await linkOf(id)).toEqual({ access: 'General', status: 'Published' });
    } finally {
      await call(dm, 'DELETE', `${prefs}/${id}`);
    }
  });

  test('a General supporter’s category counts leave out Restricted and draft preferences, live', async () => {
    const session = await startSession(sam, aroha);
    const z = client(sam);
    const created = await call(dm, 'POST', prefs, {
      title: `Counted ${Date.now()}`,
      access: 'General',
      categoryIds: [food],
    });
    const id = String(created.body.id);
    const view = z.materialize(queries.category.supported({ personId: aroha, level: 'General' }));
    const foodLinks = () =>
      (
        view.data as
          | { categories: { id: string; preferenceCategories: { preferenceId: string }[] }[] }
          | undefined
      )?.categories
        .find((c) => c.id === food)
        ?.preferenceCategories.map((l) => l.preferenceId) ?? [];
    try {
      await sessionReached(z, session.id);
      await eventually('the new General preference to count', foodLinks, (ids) => ids.includes(id));
      expect((await call(dm, 'PUT', `${prefs}/${id}`, { access: 'Restricted' })).status).toBe(200);
      await eventually(
        'the Restricted preference to stop counting',
        foodLinks,
        (ids) => !ids.includes(id),
      );
      expect((await call(dm, 'PUT', `${prefs}/${id}`, { access: 'General' })).status).toBe(200);
      await eventually('it to count again', foodLinks, (ids) => ids.includes(id));
    } finally {
      view.destroy();
      await session.end();
      await call(dm, 'DELETE', `${prefs}/${id}`);
    }
  });
});

describe('category.forLibrary', () => {
  test('the owner gets every link, drafts’ too; anyone else only links to published preferences they may read', async () => {
    const draft = crypto.randomUUID();
    const restricted = seedId('preference:aroha:medication');
    const health = seedId('category:aroha:health');
    await sql`insert into preference (id, person_id, title, access, status, created_by, updated_by)
              values (${draft}, ${aroha}, 'A draft', 'General', 'Draft', ${aroha}, ${aroha})`;
    await sql`insert into preference_category (preference_id, category_id, person_id)
              values (${draft}, ${food}, ${aroha})`;
    const session = await startSession(sam, aroha);
    const dmZ = client(dm);
    const samZ = client(sam);
    const done = { type: 'complete' } as const;
    const linksOf = (
      cats: readonly { id: string; preferenceCategories: readonly { preferenceId: string }[] }[],
      id: string,
    ) => cats.find((c) => c.id === id)?.preferenceCategories.map((l) => l.preferenceId) ?? [];
    try {
      await sessionReached(dmZ, session.id);
      await sessionReached(samZ, session.id);
      const mine = await dmZ.run(queries.category.forLibrary({ personId: aroha }), done);
      expect(linksOf(mine, food)).toContain(draft);
      expect(linksOf(mine, health)).toContain(restricted);
      // category.list still counts published preferences only.
      const listed = await dmZ.run(queries.category.list({ personId: aroha }), done);
      expect(linksOf(listed, food)).not.toContain(draft);
      // Sam (General, in session): no drafts, no Restricted category or preference.
      const his = await samZ.run(queries.category.forLibrary({ personId: aroha }), done);
      expect(linksOf(his, food)).not.toContain(draft);
      expect(his.map((c) => c.id)).not.toContain(health);
      for (const c of his)
        expect(c.preferenceCategories.map((l) => l.preferenceId)).not.toContain(restricted);
      expect(his.map((c) => c.id)).toContain(food);
    } finally {
      await session.end();
      await sql`delete from preference where id = ${draft}`;
    }
  });
});

describe('a supporter’s library in one check (preference.supported, category.supported)', () => {
  test('exactly what the level reads, nothing for a level one does not hold, and gone live when the session ends', async () => {
    const riley = await signIn(stack.url, 'riley@example.com');
    const session = await startSession(riley, aroha);
    const z = client(riley);
    const done = { type: 'complete' } as const;
    try {
      await sessionReached(z, session.id);
      const all = await sql`select id, access from preference
                            where person_id = ${aroha} and status = 'Published' order by id`;
      // Riley's level is Restricted: General and Restricted items.
      const mine = await z.run(
        queries.preference.supported({ personId: aroha, level: 'Restricted' }),
        done,
      );
      expect(mine?.preferences.map((p) => p.id).sort()).toEqual(all.map((r) => r.id).sort());
      const cats = await z.run(
        queries.category.supported({ personId: aroha, level: 'Restricted' }),
        done,
      );
      expect(cats?.categories.map((c) => c.title)).toContain('Health and wellbeing');
      // Saying another level than one's own matches nothing, higher or lower.
      for (const level of ['General', 'Administrator'] as const) {
        expect(
          await z.run(queries.preference.supported({ personId: aroha, level }), done),
        ).toBeUndefined();
        expect(
          await z.run(queries.category.supported({ personId: aroha, level }), done),
        ).toBeUndefined();
      }
      // Sam (General) sees General items only, in his own session.
      const samSession = await startSession(sam, aroha);
      const samZ = client(sam);
      const samView = await samZ.run(
        queries.preference.supported({ personId: aroha, level: 'General' }),
        done,
      );
      expect(samView?.preferences.map((p) => p.id).sort()).toEqual(
        all
          .filter((r) => r.access === 'General')
          .map((r) => r.id)
          .sort(),
      );
      await samSession.end();
      // Ending Riley's session empties his open view, live.
      const view = z.materialize(
        queries.preference.supported({ personId: aroha, level: 'Restricted' }),
      );
      await eventually(
        'the open view to hold the library',
        () => view.data?.preferences.length ?? 0,
        (n) => n > 0,
      );
      await session.end();
      await eventually(
        'the library to leave the open view',
        () => view.data,
        (d) => d === undefined,
      );
      view.destroy();
    } finally {
      await session.end();
    }
  });
});

describe('bylines', () => {
  test('a preference’s author is shown only to someone who may see that person', async () => {
    const riley = seedId('person:riley');
    const id = crypto.randomUUID();
    await sql`insert into preference (id, person_id, title, access, status, created_by, updated_by)
              values (${id}, ${aroha}, 'Written by Riley', 'General', 'Published', ${riley}, ${riley})`;
    const session = await startSession(sam, aroha);
    const dmZ = client(dm);
    const samZ = client(sam);
    try {
      const done = { type: 'complete' } as const;
      await sessionReached(dmZ, session.id);
      await sessionReached(samZ, session.id);
      const forDm = await dmZ.run(queries.preference.byId({ personId: aroha, id }), done);
      expect(forDm?.creator?.firstName).toBe('Riley');
      // Sam may read the preference, but Riley is not linked to him: no personal details.
      const forSam = await samZ.run(queries.preference.byId({ personId: aroha, id }), done);
      expect(forSam?.title).toBe('Written by Riley');
      expect(forSam?.creator).toBeUndefined();
      expect(forSam?.updater).toBeUndefined();
      // The list takes authors from person.readable: Riley is not among Sam's people.
      const list = await samZ.run(queries.preference.list({ personId: aroha }), done);
      expect(list.find((p) => p.id === id)?.createdBy).toBe(riley);
      const samPeople = (await samZ.run(queries.person.readable(), done)).map((p) => p.id);
      expect(samPeople).toContain(aroha);
      expect(samPeople).toContain(sam.personId);
      expect(samPeople).not.toContain(riley);
      const dmPeople = (await dmZ.run(queries.person.readable(), done)).map((p) => p.id);
      expect(dmPeople).toEqual(expect.arrayContaining([aroha, riley, sam.personId]));
    } finally {
      await session.end();
      await sql`delete from preference where id = ${id}`;
    }
  });
});

describe('live: a supporter in session and the Decision Maker', () => {
  test('create, edit and delete by either side appear on the other’s open list', async () => {
    const session = await startSession(sam, aroha);
    const dmZ = client(dm);
    const samZ = client(sam);
    const dmList = dmZ.materialize(queries.preference.list({ personId: aroha }));
    const samList = samZ.materialize(queries.preference.list({ personId: aroha }));
    const titles = (v: { data: readonly { title: string }[] }) => v.data.map((p) => p.title);
    try {
      await eventually(
        'Sam to see the General items',
        () => titles(samList),
        (t) => t.length > 0,
      );

      // Sam creates: Aroha sees it.
      const id = crypto.randomUUID();
      const created = await serverResult(
        samZ,
        mutators.preference.create({
          id,
          personId: aroha,
          title: 'Sam’s idea',
          categoryIds: [food],
        }),
      );
      expect(created.type).toBe('success');
      await eventually(
        'Aroha to see Sam’s new preference',
        () => titles(dmList),
        (t) => t.includes('Sam’s idea'),
      );
      const [row] = await sql`select created_by from preference where id = ${id}`;
      expect(row?.created_by).toBe(sam.personId);

      // Aroha edits it: Sam sees the change.
      await serverResult(dmZ, mutators.preference.update({ id, title: 'Our idea' }));
      await eventually(
        'Sam to see the new title',
        () => titles(samList),
        (t) => t.includes('Our idea'),
      );

      // Sam deletes it: gone from Aroha's list.
      const deleted = await serverResult(samZ, mutators.preference.delete({ id }));
      expect(deleted.type).toBe('success');
      await eventually(
        'the preference to leave Aroha’s list',
        () => titles(dmList),
        (t) => !t.includes('Our idea'),
      );

      // A General supporter cannot make a Restricted preference: refused, nothing made.
      const refused = crypto.randomUUID();
      const result = await serverResult(
        samZ,
        mutators.preference.create({
          id: refused,
          personId: aroha,
          title: 'Secret',
          access: 'Restricted',
          categoryIds: [food],
        }),
      );
      expect(result.type).toBe('error');
      expect(await sql`select id from preference where id = ${refused}`).toEqual([]);
    } finally {
      dmList.destroy();
      samList.destroy();
      await session.end();
    }
  });
});
