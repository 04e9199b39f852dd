/**
 * No write may touch another person's rows. The attacks an
 * outside test found, replayed against the real stack: a create with the id
 * of someone else's preference, a supporter's create over a Restricted
 * preference, a category change that removes links its author cannot see, a
 * category link across two people's libraries, and a review with a taken id.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { seedId } from '../../api/seed.ts';
import { mutators } from '../../sync/mutators.ts';
import { queries } from '../../sync/queries.ts';
import { eventually, registerAndSignIn, type SignedIn, signIn } from '../harness/clients.ts';
import { sql, stack } from '../harness/db.ts';
import { call, startSession } from '../harness/rest.ts';
import { type Client, client, serverResult } from '../harness/zero.ts';

const aroha = seedId('person:aroha');
const medication = seedId('preference:aroha:medication'); // Restricted
const tea = seedId('preference:aroha:tea'); // General
const food = seedId('category:aroha:food'); // General
const health = seedId('category:aroha:health'); // Restricted

async function linksOf(preferenceId: string) {
  const rows = await sql<{ category_id: string; person_id: string }[]>`
    select category_id, person_id from preference_category
    where preference_id = ${preferenceId} order by category_id`;
  return rows.map((r) => `${r.category_id}:${r.person_id}`);
}

async function rowOf(id: string) {
  return (await sql`select * from preference where id = ${id}`)[0];
}

let attacker: SignedIn;
let friend: SignedIn;
let sam: SignedIn;
let teaLinksBefore: string[] = [];

beforeAll(async () => {
  attacker = await registerAndSignIn(stack.url, 'attacker');
  friend = await registerAndSignIn(stack.url, 'friend');
  sam = await signIn(stack.url, 'sam@example.com');
  teaLinksBefore = await linksOf(tea);
});

afterAll(async () => {
  await sql`delete from preference_category where preference_id = ${tea}`;
  for (const link of teaLinksBefore) {
    const [categoryId, personId] = link.split(':');
    await sql`insert into preference_category (preference_id, category_id, person_id)
              values (${tea}, ${categoryId ?? ''}, ${personId ?? ''}) on conflict do nothing`;
  }
});

describe("an outsider's create with the id of Aroha's Restricted preference", () => {
  test('is refused; her preference, its links and what a guest can read stay as they were', async () => {
    const z = client(attacker);
    const ownCategory = crypto.randomUUID();
    const made = await serverResult(
      z,
      mutators.category.create({ id: ownCategory, personId: attacker.personId, title: 'Mine' }),
    );
    expect(made.type).toBe('success');
    const before = { row: await rowOf(medication), links: await linksOf(medication) };

    const result = await serverResult(
      z,
      mutators.preference.create({
        id: medication,
        personId: attacker.personId,
        title: 'Taken over',
        categoryIds: [ownCategory],
      }),
    );
    expect(result.type).toBe('error');
    if (result.type === 'error') expect(result.error.message).not.toMatch(/query|insert|params/i);
    expect({ row: await rowOf(medication), links: await linksOf(medication) }).toEqual(before);

    // The attacker shares their category with a friend (an accepted invite)...
    const invite = crypto.randomUUID();
    await sql`insert into invite (id, person_id, kind, target_id, expires_at, accepted_at, accepted_by, created_by)
              values (${invite}, ${attacker.personId}, 'PreferenceCategory', ${ownCategory},
                      now() + interval '1 day', now(), ${friend.personId}, ${attacker.personId})`;
    try {
      // ...who reads nothing of Aroha's, over REST or Zero.
      const res = await call(friend, 'GET', `/api/people/${aroha}/preferences/${medication}`);
      expect(res.status).toBe(404);
      const seen = await client(friend).run(
        queries.preference.byId({ personId: aroha, id: medication }),
        { type: 'complete' },
      );
      expect(seen).toBeUndefined();
    } finally {
      await sql`delete from invite where id = ${invite}`;
    }
  });

  test("the database refuses a link between one person's preference and another's category", async () => {
    const theirs = crypto.randomUUID();
    await sql`insert into category (id, person_id, title, access, created_by)
              values (${theirs}, ${attacker.personId}, 'Theirs', 'General', ${attacker.personId})`;
    try {
      for (const personId of [attacker.personId, aroha]) {
        await expect(
          sql`insert into preference_category (preference_id, category_id, person_id)
              values (${medication}, ${theirs}, ${personId})`,
        ).rejects.toThrow();
      }
      // A link whose person is not the preference's owner is refused too.
      await expect(
        sql`insert into preference_category (preference_id, category_id, person_id)
            values (${tea}, ${health}, ${attacker.personId})`,
      ).rejects.toThrow();
      expect(await linksOf(medication)).not.toContain(`${theirs}:${attacker.personId}`);
    } finally {
      await sql`delete from category where id = ${theirs}`;
    }
  });

  test("a preference cannot be put in another person's category", async () => {
    const z = client(attacker);
    const theirs = crypto.randomUUID();
    await serverResult(
      z,
      mutators.category.create({ id: theirs, personId: attacker.personId, title: 'Theirs too' }),
    );
    const aroha_ = await signIn(stack.url, 'aroha@example.com');
    const za = client(aroha_);
    const id = crypto.randomUUID();
    const result = await serverResult(
      za,
      mutators.preference.create({ id, personId: aroha, title: 'Mixed', categoryIds: [theirs] }),
    );
    expect(result.type).toBe('error');
    expect(await rowOf(id)).toBeUndefined();
    const put = await call(aroha_, 'PUT', `/api/people/${aroha}/preferences/${tea}`, {
      categoryIds: [food, theirs],
    });
    expect(put.status).toBe(404);
    expect(await linksOf(tea)).toEqual(teaLinksBefore);
  });
});

describe('a General supporter in session', () => {
  let z: Client;
  beforeAll(async () => {
    await startSession(sam, aroha);
    z = client(sam);
    await eventually(
      "Sam's client to see his session",
      () => z.run(queries.preference.byId({ personId: aroha, id: tea }), { type: 'complete' }),
      (row) => row !== undefined,
    );
  });

  test("sending preference.create with a Restricted preference's id changes nothing", async () => {
    const before = { row: await rowOf(medication), links: await linksOf(medication) };
    const result = await serverResult(
      z,
      mutators.preference.create({
        id: medication,
        personId: aroha,
        title: 'Over it',
        categoryIds: [food],
      }),
    );
    expect(result.type).toBe('error');
    expect({ row: await rowOf(medication), links: await linksOf(medication) }).toEqual(before);
  });

  test('changing categories keeps the Restricted links he cannot see (REST and Zero)', async () => {
    // Tea is in a General category and, for this test, the Restricted "health" too.
    await sql`insert into preference_category (preference_id, category_id, person_id)
              values (${tea}, ${health}, ${aroha}) on conflict do nothing`;
    const hidden = `${health}:${aroha}`;
    expect(await linksOf(tea)).toContain(hidden);

    const put = await call(sam, 'PUT', `/api/people/${aroha}/preferences/${tea}`, {
      categoryIds: [food],
    });
    expect(put.status).toBe(200);
    expect(await linksOf(tea)).toEqual([`${food}:${aroha}`, hidden].sort());

    const result = await serverResult(
      z,
      mutators.preference.update({ id: tea, categoryIds: [food] }),
    );
    expect(result.type).toBe('success');
    expect(await linksOf(tea)).toEqual([`${food}:${aroha}`, hidden].sort());
  });

  test('a review whose id is taken is refused and the preference is not touched', async () => {
    const reviewId = crypto.randomUUID();
    await sql`insert into review (id, person_id, preference_id, reviewed_by, reviewed_at, review_schedule)
              values (${reviewId}, ${aroha}, ${medication}, ${aroha}, now(), 'Never')`;
    try {
      const before = await rowOf(tea);
      const result = await serverResult(z, mutators.preference.review({ id: tea, reviewId }));
      expect(result.type).toBe('error');
      expect(await rowOf(tea)).toEqual(before);
      const [r] = await sql`select preference_id from review where id = ${reviewId}`;
      expect(r?.preference_id).toBe(medication);
    } finally {
      await sql`delete from review where id = ${reviewId}`;
    }
  });
});

describe('a create sent again by the outbox after a reload (replayed)', () => {
  test('by its author, in the same place, changes nothing; by anyone else, or unmarked, it is a taken id', async () => {
    const mine = client(attacker);
    const other = client(friend);
    const category = crypto.randomUUID();
    const args = { id: category, personId: attacker.personId, title: 'Made once' };
    expect((await serverResult(mine, mutators.category.create(args))).type).toBe('success');
    const before = (await sql`select * from category where id = ${category}`)[0];
    const events = async () =>
      (await sql`select count(*)::int as n from history_event where related_id = ${category}`)[0]
        ?.n;
    const made = await events();
    expect(made).toBe(1);

    const again = await serverResult(
      mine,
      mutators.category.create({ ...args, title: 'Made twice?', replayed: true }),
    );
    expect(again.type).toBe('success');
    expect((await sql`select * from category where id = ${category}`)[0]).toEqual(before);
    expect(await events()).toBe(made);

    const unmarked = await serverResult(mine, mutators.category.create(args));
    expect(unmarked).toMatchObject({ type: 'error', error: { details: { code: 'conflict' } } });
    const someoneElse = await serverResult(
      other,
      mutators.category.create({ ...args, personId: friend.personId, replayed: true }),
    );
    expect(someoneElse).toMatchObject({ type: 'error', error: { details: { code: 'conflict' } } });
    expect((await sql`select * from category where id = ${category}`)[0]).toEqual(before);
  });
});
