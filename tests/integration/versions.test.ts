/**
 * Versions over REST: every GET of a single resource answers an ETag, and a
 * PUT or DELETE with a stale If-Match is refused with 412 and changes
 * nothing (api/versions.ts, api/change.ts changeResource). Without If-Match
 * the last writer wins, as before.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { seedId } from '../../api/seed.ts';
import { versionMessages } from '../../api/versions.ts';
import { type SignedIn, signIn } from '../harness/clients.ts';
import { sql, stack } from '../harness/db.ts';
import { call } from '../harness/rest.ts';

const aroha = seedId('person:aroha');
let dm: SignedIn;
const made: string[] = [];

beforeAll(async () => {
  dm = await signIn(stack.url, 'aroha@example.com');
});

afterAll(async () => {
  if (made.length) await sql`delete from preference where id in ${sql(made)}`;
});

async function newPreference(title: string): Promise<string> {
  const res = await call(dm, 'POST', `/api/people/${aroha}/preferences`, {
    title,
    feeling: 'like',
    access: 'General',
    categoryIds: [seedId('category:aroha:food')],
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  made.push(res.body.id);
  return res.body.id;
}

const path = (id: string) => `/api/people/${aroha}/preferences/${id}`;
const historyOf = async (id: string) =>
  Number((await sql`select count(*)::int n from history_event where related_id = ${id}`)[0]?.n);

describe('a preference over REST', () => {
  test('GET answers a strong ETag; If-None-Match with it answers 304', async () => {
    const id = await newPreference('Versions: porridge');
    const got = await call(dm, 'GET', path(id));
    expect(got.status).toBe(200);
    const etag = got.headers.get('etag');
    expect(etag).toMatch(/^"[\w-]+"$/);
    // The same representation, the same version.
    expect((await call(dm, 'GET', path(id))).headers.get('etag')).toBe(etag);
    const again = await call(dm, 'GET', path(id), undefined, {
      headers: { 'if-none-match': String(etag) },
    });
    expect(again.status).toBe(304);
  });

  test('a PUT with the current If-Match lands and answers the new version; the old one is then refused with 412 and nothing changes', async () => {
    const id = await newPreference('Versions: tea');
    const v1 = String((await call(dm, 'GET', path(id))).headers.get('etag'));
    const put = await call(
      dm,
      'PUT',
      path(id),
      { title: 'Versions: green tea' },
      {
        headers: { 'if-match': v1 },
      },
    );
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    const v2 = put.headers.get('etag');
    expect(v2).not.toBe(v1);
    expect((await call(dm, 'GET', path(id))).headers.get('etag')).toBe(v2);

    const events = await historyOf(id);
    const stale = await call(
      dm,
      'PUT',
      path(id),
      { title: 'Versions: black tea' },
      {
        headers: { 'if-match': v1 },
      },
    );
    expect(stale.status).toBe(412);
    expect(stale.body).toEqual({
      error: { code: 'precondition_failed', message: versionMessages.stale },
    });
    const [row] = await sql`select title from preference where id = ${id}`;
    expect(row?.title).toBe('Versions: green tea');
    expect(await historyOf(id)).toBe(events);
  });

  test('without If-Match the last writer wins, as before; "*" and a list holding the version match', async () => {
    const id = await newPreference('Versions: coffee');
    expect((await call(dm, 'PUT', path(id), { title: 'Versions: flat white' })).status).toBe(200);
    const star = await call(
      dm,
      'PUT',
      path(id),
      { title: 'Versions: long black' },
      {
        headers: { 'if-match': '*' },
      },
    );
    expect(star.status).toBe(200);
    const now = String(star.headers.get('etag'));
    const listed = await call(
      dm,
      'PUT',
      path(id),
      { title: 'Versions: mocha' },
      {
        headers: { 'if-match': `"old", ${now}` },
      },
    );
    expect(listed.status).toBe(200);
    // A weak version never matches (If-Match compares strongly).
    const weak = await call(
      dm,
      'PUT',
      path(id),
      { title: 'Versions: latte' },
      {
        headers: { 'if-match': `W/${listed.headers.get('etag')}` },
      },
    );
    expect(weak.status).toBe(412);
  });

  test('PATCH is PUT’s twin: the fields it names change, judged against the same version', async () => {
    const id = await newPreference('Versions: bread');
    const v1 = String((await call(dm, 'GET', path(id))).headers.get('etag'));
    const patched = await call(
      dm,
      'PATCH',
      path(id),
      { title: 'Versions: rewena' },
      {
        headers: { 'if-match': v1 },
      },
    );
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    expect(patched.body).toMatchObject({ title: 'Versions: rewena', feeling: 'like' });
    const stale = await call(
      dm,
      'PATCH',
      path(id),
      { title: 'Versions: toast' },
      {
        headers: { 'if-match': v1 },
      },
    );
    expect(stale.status).toBe(412);
  });

  test('an If-Match that is not a version is refused with 400, and nothing changes', async () => {
    const id = await newPreference('Versions: scones');
    const bad = await call(
      dm,
      'PUT',
      path(id),
      { title: 'Versions: muffins' },
      {
        headers: { 'if-match': 'not-quoted' },
      },
    );
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('invalid');
    const [row] = await sql`select title from preference where id = ${id}`;
    expect(row?.title).toBe('Versions: scones');
  });

  test('two writers with the same version at once: one lands, the other gets 412', async () => {
    const id = await newPreference('Versions: rice');
    const v1 = String((await call(dm, 'GET', path(id))).headers.get('etag'));
    // The row held by another transaction while both writes arrive, so that
    // both have read their version before either may write: only the lock
    // taken before that read keeps the second from passing.
    let writes: Promise<Awaited<ReturnType<typeof call>>[]> | undefined;
    await sql.begin(async (held) => {
      await held`select 1 from preference where id = ${id} for update`;
      writes = Promise.all(
        ['Versions: brown rice', 'Versions: white rice'].map((title) =>
          call(dm, 'PUT', path(id), { title }, { headers: { 'if-match': v1 } }),
        ),
      );
      await new Promise((resolve) => setTimeout(resolve, 500));
    });
    const [a, b] = await (writes as NonNullable<typeof writes>);
    expect([a?.status, b?.status].sort()).toEqual([200, 412]);
    const won = a?.status === 200 ? a : b;
    const [row] = await sql`select title from preference where id = ${id}`;
    expect(row?.title).toBe(won?.body.title);
  });

  test('a DELETE with a stale If-Match is refused and the preference stays; with the current one it goes', async () => {
    const id = await newPreference('Versions: pumpkin soup');
    const v1 = String((await call(dm, 'GET', path(id))).headers.get('etag'));
    await call(dm, 'PUT', path(id), { title: 'Versions: kumara soup' });
    const stale = await call(dm, 'DELETE', path(id), undefined, { headers: { 'if-match': v1 } });
    expect(stale.status).toBe(412);
    expect(await sql`select 1 from preference where id = ${id}`).toHaveLength(1);
    const v2 = String((await call(dm, 'GET', path(id))).headers.get('etag'));
    const gone = await call(dm, 'DELETE', path(id), undefined, { headers: { 'if-match': v2 } });
    expect(gone.status).toBe(204);
    expect(await sql`select 1 from preference where id = ${id}`).toHaveLength(0);
  });

  test('a preference the caller may not read is 404 before any version is judged', async () => {
    const sam = await signIn(stack.url, 'sam@example.com');
    const id = await newPreference('Versions: private');
    await sql`update preference set access = 'Restricted' where id = ${id}`;
    const res = await call(
      sam,
      'PUT',
      path(id),
      { title: 'x' },
      { headers: { 'if-match': '"x"' } },
    );
    expect(res.status).toBe(404);
  });
});

describe('a note and a category over REST', () => {
  test('each answers its version, and a stale one is refused with 412', async () => {
    const preferenceId = await newPreference('Versions: noted');
    const note = await call(dm, 'POST', `/api/people/${aroha}/notes`, {
      preferenceId,
      title: 'Versions: a note',
      body: 'First words',
    });
    expect(note.status, JSON.stringify(note.body)).toBe(201);
    const category = await call(dm, 'POST', `/api/people/${aroha}/preferences/categories`, {
      title: 'Versions: a category',
    });
    expect(category.status, JSON.stringify(category.body)).toBe(201);
    try {
      for (const [where, change] of [
        [`/api/people/${aroha}/notes/${note.body.id}`, { title: 'Versions: the note' }],
        [
          `/api/people/${aroha}/preferences/categories/${category.body.id}`,
          { title: 'Versions: renamed' },
        ],
      ] as const) {
        const got = await call(dm, 'GET', where);
        const v1 = String(got.headers.get('etag'));
        expect(v1).toMatch(/^"[\w-]+"$/);
        const put = await call(dm, 'PUT', where, change, { headers: { 'if-match': v1 } });
        expect(put.status, `${where}: ${JSON.stringify(put.body)}`).toBe(200);
        const stale = await call(dm, 'PUT', where, change, { headers: { 'if-match': v1 } });
        expect(stale.status, where).toBe(412);
      }
    } finally {
      await sql`delete from category where id = ${category.body.id}`;
    }
  });
});

describe('the other single resources over REST', () => {
  const samLink = seedId('link:sam->aroha');

  test('a person and a supporter link answer their version; a stale one is refused with 412 and nothing changes', async () => {
    const person = `/api/people/${aroha}`;
    const link = `/api/people/${aroha}/supporters/${samLink}`;
    const before = (await call(dm, 'GET', person)).body;
    try {
      for (const [where, first, second, read] of [
        [
          person,
          { bio: 'Versions: likes the sea' },
          { bio: 'Versions: likes the hills' },
          async () => (await sql`select bio from person_detail where person_id = ${aroha}`)[0]?.bio,
        ],
        [
          link,
          { supportedId: aroha, accessLevel: 'Restricted' },
          { supportedId: aroha, accessLevel: 'General' },
          async () =>
            (await sql`select access_level from supporter_link where id = ${samLink}`)[0]
              ?.access_level,
        ],
      ] as const) {
        const v1 = String((await call(dm, 'GET', where)).headers.get('etag'));
        expect(v1, where).toMatch(/^"[\w-]+"$/);
        const put = await call(dm, 'PUT', where, first, { headers: { 'if-match': v1 } });
        expect(put.status, `${where}: ${JSON.stringify(put.body)}`).toBe(200);
        expect(put.headers.get('etag')).toBe((await call(dm, 'GET', where)).headers.get('etag'));
        const stored = await read();
        const stale = await call(dm, 'PUT', where, second, { headers: { 'if-match': v1 } });
        expect(stale.status, where).toBe(412);
        expect(await read(), where).toBe(stored);
        // Put back as the seed has it, without a version.
        expect((await call(dm, 'PUT', where, second)).status, where).toBe(200);
      }
    } finally {
      await call(dm, 'PUT', person, {
        bio: before.bio ?? null,
        phone: before.personalInformation?.phone ?? null,
      });
    }
  });

  test('a link removed with a stale If-Match stays', async () => {
    const link = `/api/people/${aroha}/supporters/${samLink}`;
    const res = await call(dm, 'DELETE', link, undefined, { headers: { 'if-match': '"stale"' } });
    expect(res.status).toBe(412);
    expect(await sql`select 1 from supporter_link where id = ${samLink}`).toHaveLength(1);
  });
});
