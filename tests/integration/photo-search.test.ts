/**
 * Photo search against the real stack (Postgres, zero-cache, the API and its
 * development media store): the bundled catalogue found by its words, its
 * previews, who may search, a chosen photo copied into the person's store by
 * the one upload path (settled, PNG, its attribution kept, a Create in the
 * history), and a failing provider answering 502 with nothing stored. The
 * Unsplash provider runs in an API in this process, over the same database
 * and store, against a local stand-in of Unsplash (never the real service).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { TWEMOJI_ATTRIBUTION } from '../../api/photo-search/catalogue-provider.ts';
import { photoSearchApiMessages } from '../../api/routes/photo-search.ts';
import { seedId } from '../../api/seed.ts';
import { type SignedIn, signIn } from '../harness/clients.ts';
import { mediaStore, sql, stack } from '../harness/db.ts';
import { type InProcessApi, inProcessApi } from '../harness/in-process.ts';
import { call, endSessions, type Reply, startSession } from '../harness/rest.ts';
import { STAND_IN_KEY, type UnsplashStandIn, unsplashStandIn } from '../stand-ins/unsplash.ts';

const store = mediaStore;

const aroha = seedId('person:aroha');
const tea = seedId('preference:aroha:tea'); // General
const medication = seedId('preference:aroha:medication'); // Restricted
const search = `/api/people/${aroha}/photo-search`;
const fromSearch = `/api/people/${aroha}/media/from-search`;

let dm: SignedIn;
let sam: SignedIn; // General supporter of Aroha
let tui: SignedIn; // no connection to Aroha
/** Media this file made, removed at the end. */
const made: string[] = [];

type Json = Record<string, unknown>;

const searchFor = (who: SignedIn | undefined, query: string, extra = '') =>
  call(who, 'GET', `${search}?query=${encodeURIComponent(query)}${extra}`);

const ids = (answer: Reply) => (answer.body.results as Array<{ id: string }>).map((r) => r.id);

async function mediaCount() {
  const [row] = await sql`select count(*)::int n from media`;
  return Number(row?.n);
}

async function uploads() {
  return (await store.list(`uploads/people/${aroha}/`)).length;
}

beforeAll(async () => {
  dm = await signIn(stack.url, 'aroha@example.com');
  sam = await signIn(stack.url, 'sam@example.com');
  tui = await signIn(stack.url, 'tui@example.com');
});

afterAll(async () => {
  for (const id of made) {
    const [row] = await sql`delete from media where id = ${id} returning storage_key`;
    if (row) await store.remove(String(row.storage_key));
  }
});

describe('searching the bundled catalogue', () => {
  test('finds things by title and keyword, any case, the best match first', async () => {
    const found = await searchFor(dm, 'Tea');
    expect(found.status, JSON.stringify(found.body)).toBe(200);
    expect(found.body).toMatchObject({ provider: 'catalogue', query: 'Tea', page: 1 });
    expect(ids(found)[0]).toBe('cup-of-tea');
    expect(ids(found)).toEqual(expect.arrayContaining(['teapot', 'hot-drink']));
    expect((found.body.results as Json[])[0]).toMatchObject({
      title: 'Cup of tea',
      attribution: TWEMOJI_ATTRIBUTION,
      licence: 'CC BY 4.0',
      previewUrl: expect.stringMatching(/^\/api\/photo-search\/catalogue\/cup-of-tea\/preview/),
    });
    expect(ids(await searchFor(dm, 'togs'))).toContain('swimsuit');
    expect(ids(await searchFor(dm, 'jandals'))).toContain('jandals');
    expect(ids(await searchFor(dm, 'nana'))).toContain('grandmother');
  });

  test('pages of 12, with More while there are more', async () => {
    // Every title starting with S: more than two pages.
    const first = await searchFor(dm, 's');
    expect(first.body).toMatchObject({ page: 1, perPage: 12, hasMore: true });
    expect(first.body.total).toBeGreaterThan(24);
    expect(ids(first)).toHaveLength(12);
    const second = await searchFor(dm, 's', '&page=2');
    expect(second.body).toMatchObject({ page: 2, hasMore: true });
    expect(ids(second)).toHaveLength(12);
    expect(ids(second).some((id) => ids(first).includes(id))).toBe(false);
    const few = await searchFor(dm, 'teapot');
    expect(few.body.hasMore).toBe(false);
  });

  test('a query nothing matches is an ordinary empty answer', async () => {
    const none = await searchFor(dm, 'xylophone quartz');
    expect(none.status).toBe(200);
    expect(none.body).toMatchObject({ total: 0, results: [], hasMore: false });
  });

  test('previews are small PNGs of this API, cached for good', async () => {
    const found = await searchFor(dm, 'teapot');
    const previewUrl = String((found.body.results as Json[])[0]?.previewUrl);
    const res = await fetch(`${stack.url}${previewUrl}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.subarray(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);
    const missing = await fetch(`${stack.url}/api/photo-search/catalogue/no-such-thing/preview`);
    expect(missing.status).toBe(404);
  });

  test('bad input: a clear 400', async () => {
    for (const [extra, message] of [
      ['?query=', photoSearchApiMessages.noQuery],
      ['?query=%20%20', photoSearchApiMessages.noQuery],
      [`?query=${'a'.repeat(101)}`, photoSearchApiMessages.queryTooLong],
      ['?query=tea&page=0', photoSearchApiMessages.badPage],
      ['?query=tea&page=x', photoSearchApiMessages.badPage],
      ['?query=tea&provider=flickr', photoSearchApiMessages.noProvider],
      // No key is set on the stack: Unsplash is not there to ask.
      ['?query=tea&provider=unsplash', photoSearchApiMessages.noProvider],
    ] as const) {
      const res = await call(dm, 'GET', `${search}${extra}`);
      expect(res.status, extra).toBe(400);
      expect(res.body.error).toEqual({ code: 'invalid', message });
    }
  });
});

describe('who may search', () => {
  beforeEach(async () => {
    await endSessions();
  });

  test('nobody signed in: 401; a stranger and a supporter outside a session: refused', async () => {
    expect((await searchFor(undefined, 'tea')).status).toBe(401);
    const stranger = await searchFor(tui, 'tea');
    expect(stranger.status).toBe(404);
    expect(stranger.body.results).toBeUndefined();
    const outside = await searchFor(sam, 'tea');
    expect(outside.status).toBe(404);
    expect(outside.body.results).toBeUndefined();
  });

  test('a General supporter in a session may (they may add to the library)', async () => {
    await startSession(sam, aroha);
    const found = await searchFor(sam, 'tea');
    expect(found.status).toBe(200);
    expect(ids(found)[0]).toBe('cup-of-tea');
    // And adds a picture to a General preference, made by them.
    const added = await call(sam, 'POST', fromSearch, {
      provider: 'catalogue',
      photoId: 'teapot',
      purpose: 'preference',
      preferenceId: tea,
    });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    made.push(String(added.body.id));
    expect(added.body).toMatchObject({
      createdById: sam.personId,
      attribution: TWEMOJI_ATTRIBUTION,
    });
    // Not to a Restricted one, which they cannot see: refused, nothing stored.
    const before = await mediaCount();
    const restricted = await call(sam, 'POST', fromSearch, {
      provider: 'catalogue',
      photoId: 'teapot',
      purpose: 'preference',
      preferenceId: medication,
    });
    expect(restricted.status).toBe(404);
    expect(await mediaCount()).toBe(before);
  });
});

describe('choosing a photo: copied into the person’s store', () => {
  test('a category photo: settled, a PNG in the store, its attribution kept, a Create in the history', async () => {
    const before = await mediaCount();
    const res = await call(dm, 'POST', fromSearch, {
      provider: 'catalogue',
      photoId: 'cup-of-tea',
      purpose: 'photo',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const id = String(res.body.id);
    made.push(id);
    expect(res.body).toMatchObject({
      personId: aroha,
      preferenceId: null,
      createdById: aroha,
      name: 'Cup of tea.png',
      contentType: 'image/png',
      type: 'image',
      attribution: TWEMOJI_ATTRIBUTION,
      settledAt: expect.any(String),
    });
    expect(await mediaCount()).toBe(before + 1);

    const [row] =
      await sql`select content_type, content_length, storage_key, settled_at, attribution
                            from media where id = ${id}`;
    expect(row).toMatchObject({
      content_type: 'image/png',
      attribution: TWEMOJI_ATTRIBUTION,
      storage_key: `people/${aroha}/media/${id}`,
    });
    expect(row?.settled_at).not.toBeNull();
    // The object is where it is read from, as a PNG of the recorded size; nothing is left to upload.
    const stored = await store.head(`people/${aroha}/media/${id}`);
    expect(stored).toEqual({
      contentType: 'image/png',
      contentLength: Number(row?.content_length),
    });
    expect(await store.head(`uploads/people/${aroha}/media/${id}`)).toBeUndefined();
    const bytes = await store.read(`people/${aroha}/media/${id}`);
    expect([...(bytes ?? new Uint8Array()).subarray(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);

    const events = await sql`select type, related_type, message, created_by from history_event
                             where related_id = ${id}`;
    expect(events).toEqual([
      {
        type: 'Create',
        related_type: 'Media',
        message: 'Uploaded the photo “Cup of tea.png”',
        created_by: aroha,
      },
    ]);
    // The owner reads it back like any media item.
    const got = await call(dm, 'GET', `/api/people/${aroha}/media/${id}`);
    expect(got.status).toBe(200);
    expect(got.body.attribution).toBe(TWEMOJI_ATTRIBUTION);
  });

  test('a preference’s picture belongs to that preference', async () => {
    const res = await call(dm, 'POST', fromSearch, {
      provider: 'catalogue',
      photoId: 'teapot',
      purpose: 'preference',
      preferenceId: tea,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    made.push(String(res.body.id));
    expect(res.body).toMatchObject({ preferenceId: tea, contentType: 'image/png' });
  });

  test('refused: not signed in, a stranger, a supporter outside a session, bad input; nothing stored', async () => {
    await endSessions();
    const before = await mediaCount();
    const pending = await uploads();
    const body = { provider: 'catalogue', photoId: 'teapot', purpose: 'photo' };
    expect((await call(undefined, 'POST', fromSearch, body)).status).toBe(401);
    expect((await call(tui, 'POST', fromSearch, body)).status).toBe(404);
    expect((await call(sam, 'POST', fromSearch, body)).status).toBe(404);
    const cases: Array<[Json, number, string]> = [
      [{ ...body, photoId: 'no-such-thing' }, 404, photoSearchApiMessages.notFound],
      [{ ...body, photoId: '../etc/passwd' }, 400, photoSearchApiMessages.badPhoto],
      [{ ...body, provider: 'unsplash' }, 400, photoSearchApiMessages.noProvider],
      [{ ...body, purpose: 'preference' }, 400, photoSearchApiMessages.noPreference],
    ];
    for (const [input, status, message] of cases) {
      const res = await call(dm, 'POST', fromSearch, input);
      expect(res.status, JSON.stringify(input)).toBe(status);
      expect((res.body.error as Json).message).toBe(message);
    }
    expect(await mediaCount()).toBe(before);
    expect(await uploads()).toBe(pending);
  });
});

describe('Unsplash, when a key is set (a stand-in of its API)', () => {
  let standIn: UnsplashStandIn;
  let api: InProcessApi;

  /** A request to the API in this process. */
  const local = (who: SignedIn | undefined, method: string, path: string, body?: unknown) =>
    call(who, method, path, body, { app: api.app });

  beforeAll(async () => {
    standIn = await unsplashStandIn();
    api = inProcessApi(
      stack.databaseUrl,
      { UNSPLASH_ACCESS_KEY: STAND_IN_KEY, UNSPLASH_API_URL: standIn.url },
      { media: store },
    );
  });

  afterAll(async () => {
    await api.close();
    await standIn.close();
  });

  beforeEach(() => {
    standIn.failWith = undefined;
    standIn.downloads.length = 0;
  });

  test('searches go to Unsplash, attributed to the photographer', async () => {
    const found = await local(dm, 'GET', `${search}?query=tea`);
    expect(found.status, JSON.stringify(found.body)).toBe(200);
    expect(found.body).toMatchObject({ provider: 'unsplash', total: 3 });
    expect((found.body.results as Json[])[0]).toMatchObject({
      id: 'Tea1abc',
      attribution: 'Photo by Mere Tane on Unsplash',
      licence: 'Unsplash License',
    });
    // The catalogue stays at hand by name.
    const catalogue = await local(dm, 'GET', `${search}?query=tea&provider=catalogue`);
    expect(catalogue.body.provider).toBe('catalogue');
  });

  test('a chosen photo: the download is reported, the JPEG stored with "Photo by … on Unsplash"', async () => {
    const res = await local(dm, 'POST', fromSearch, {
      provider: 'unsplash',
      photoId: 'Tea2def',
      purpose: 'preference',
      preferenceId: tea,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const id = String(res.body.id);
    made.push(id);
    expect(res.body).toMatchObject({
      contentType: 'image/jpeg',
      attribution: 'Photo by John Smith on Unsplash',
      preferenceId: tea,
    });
    expect(standIn.downloads).toEqual(['Tea2def']);
    expect(await store.head(`people/${aroha}/media/${id}`)).toMatchObject({
      contentType: 'image/jpeg',
    });
    const [row] = await sql`select attribution from media where id = ${id}`;
    expect(row?.attribution).toBe('Photo by John Smith on Unsplash');
  });

  test('the provider failing: 502 "Sorry, something went wrong.", and nothing is stored', async () => {
    standIn.failWith = 500;
    const failed = { code: 'provider_failed', message: 'Sorry, something went wrong.' };
    const found = await local(dm, 'GET', `${search}?query=tea`);
    expect(found.status).toBe(502);
    expect(found.body.error).toEqual(failed);

    const before = await mediaCount();
    const pending = await uploads();
    const chosen = await local(dm, 'POST', fromSearch, {
      provider: 'unsplash',
      photoId: 'Tea1abc',
      purpose: 'photo',
    });
    expect(chosen.status).toBe(502);
    expect(chosen.body.error).toEqual(failed);
    expect(await mediaCount()).toBe(before);
    expect(await uploads()).toBe(pending);
    expect(standIn.downloads).toEqual([]);
  });

  test('a stranger is refused before Unsplash is asked', async () => {
    const asked = standIn.requests.length;
    expect((await local(tui, 'GET', `${search}?query=tea`)).status).toBe(404);
    const body = { provider: 'unsplash', photoId: 'Tea1abc', purpose: 'photo' };
    expect((await local(tui, 'POST', fromSearch, body)).status).toBe(404);
    expect(standIn.requests.length).toBe(asked);
  });
});
