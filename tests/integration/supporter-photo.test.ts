/**
 * A Supporter's own photo against the real stack and development store: a
 * Supporter keeps no library, yet uploads a picture of themselves and shows
 * it as their person photo (an upload, or a photo search's copy), counted
 * against the default plan's storage; the person they support reads it
 * through the Circle's photo route, and the Supporter reads that person's
 * photo through the media route; no one else reads either. Nothing else of a
 * library opens to a Supporter: no media of a preference, no preference, no
 * category.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { libraryRuleMessages } from '../../sync/library-rules.ts';
import { storageLimitMessages } from '../../sync/plan-limits.ts';
import { registerAndSignIn, type SignedIn } from '../harness/clients.ts';
import { mediaStore, sql, stack } from '../harness/db.ts';
import { call, startSession } from '../harness/rest.ts';

const store = mediaStore;

/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

type Json = Record<string, unknown>;

/** Announces a PNG in `library` as `who`; the answer. */
const announce = (who: SignedIn, library: string, extra: Json = { purpose: 'photo' }) =>
  call(who, 'POST', `/api/people/${library}/media/signed`, {
    name: 'me.png',
    contentType: 'image/png',
    contentLength: PNG.length,
    ...extra,
  });

/** Uploads a PNG as `who`'s own photo (announce, PUT, confirm) and returns its media id. */
async function uploadPhoto(who: SignedIn): Promise<string> {
  const signed = await announce(who, who.personId);
  expect(signed.status, JSON.stringify(signed.body)).toBe(201);
  const put = await fetch(String(signed.body.url), {
    method: 'PUT',
    headers: signed.body.headers as Record<string, string>,
    body: new Uint8Array(PNG),
  });
  expect(put.status).toBe(200);
  const settled = await call(who, 'POST', `/api/people/${who.personId}/media/upload-settled`, {
    id: signed.body.id,
  });
  expect(settled.status, JSON.stringify(settled.body)).toBe(200);
  return String(signed.body.id);
}

async function usage(personId: string): Promise<number> {
  const [row] =
    await sql`select bytes::text b from private.media_usage where person_id = ${personId}`;
  return Number(row?.b ?? 0);
}

/** A GET that answers with a redirect: its status and where to. */
async function redirectOf(who: SignedIn | undefined, path: string) {
  const res = await call(who, 'GET', path);
  return { status: res.status, location: res.headers.get('location') };
}

let dm: SignedIn; // a Decision Maker
let supporter: SignedIn; // a Supporter of dm
let stranger: SignedIn; // linked to no one
let other: SignedIn; // a Decision Maker with a Supporter of their own, not linked to dm
let admin: SignedIn; // dm's Administrator, not linked to the supporter
let linkId: string;
let otherLinkId: string;
const people: string[] = [];

beforeAll(async () => {
  const sign = (prefix: string) => registerAndSignIn(stack.url, prefix);
  [dm, supporter, stranger, other, admin] = await Promise.all([
    sign('sp-dm'),
    sign('sp-supporter'),
    sign('sp-stranger'),
    sign('sp-other'),
    sign('sp-admin'),
  ]);
  people.push(dm.personId, supporter.personId, stranger.personId, other.personId, admin.personId);
  for (const [who, type] of [
    [dm, 'DecisionMaker'],
    [supporter, 'Supporter'],
    [other, 'DecisionMaker'],
  ] as const) {
    expect((await call(who, 'PUT', `/api/people/${who.personId}`, { type })).status).toBe(200);
  }
  linkId = crypto.randomUUID();
  otherLinkId = crypto.randomUUID();
  await sql`insert into supporter_link (id, supporter_id, supported_id, access_level, created_by, updated_by)
    values (${linkId}, ${supporter.personId}, ${dm.personId}, 'General', ${dm.personId}, ${dm.personId}),
           (${crypto.randomUUID()}, ${admin.personId}, ${dm.personId}, 'Administrator', ${dm.personId}, ${dm.personId}),
           (${otherLinkId}, ${stranger.personId}, ${other.personId}, 'General', ${other.personId}, ${other.personId})`;
});

afterAll(async () => {
  // The people and everything theirs (links, media, history), and their files.
  await sql`update person set photo_id = null where id = any(${people})`;
  const media = await sql`delete from media where person_id = any(${people}) returning storage_key`;
  await Promise.all(media.map((m) => store.remove(String(m.storage_key)).catch(() => {})));
  await sql`delete from supporter_link where supporter_id = any(${people}) or supported_id = any(${people})`;
});

describe('a Supporter’s own photo', () => {
  test('a Supporter uploads a picture of themselves and sets it as their photo', async () => {
    expect(await usage(supporter.personId)).toBe(0);
    const photoId = await uploadPhoto(supporter);
    // Counted as any person's storage.
    expect(await usage(supporter.personId)).toBe(PNG.length);
    const set = await call(supporter, 'PUT', `/api/people/${supporter.personId}`, { photoId });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    const [row] = await sql`select photo_id from person where id = ${supporter.personId}`;
    expect(row?.photo_id).toBe(photoId);
    const [media] =
      await sql`select preference_id, type, settled_at from media where id = ${photoId}`;
    expect(media).toMatchObject({ preference_id: null, type: 'image' });
    expect(media?.settled_at).not.toBeNull();
    // They read it themselves (the personal details page shows it).
    const own = await redirectOf(
      supporter,
      `/api/people/${supporter.personId}/media/${photoId}/signed/redirect?size=thumb`,
    );
    expect(own.status).toBe(302);
  });

  test('a photo from the photo search is theirs to show as well', async () => {
    const copied = await call(
      supporter,
      'POST',
      `/api/people/${supporter.personId}/media/from-search`,
      {
        provider: 'catalogue',
        photoId: 'teapot',
        purpose: 'photo',
      },
    );
    expect(copied.status, JSON.stringify(copied.body)).toBe(201);
    const found = await call(
      supporter,
      'GET',
      `/api/people/${supporter.personId}/photo-search?query=tea`,
    );
    expect(found.status).toBe(200);
    // A preference's picture is still no Supporter's to add.
    const asPicture = await call(
      supporter,
      'POST',
      `/api/people/${supporter.personId}/media/from-search`,
      {
        provider: 'catalogue',
        photoId: 'teapot',
        purpose: 'preference',
        preferenceId: crypto.randomUUID(),
      },
    );
    expect([403, 404]).toContain(asPicture.status);
  });

  test('the storage limit of the default plan holds for a Supporter', async () => {
    const [plan] = await sql`select content_length_total_limit::text l from plan where is_default`;
    const limit = Number(plan?.l);
    const before = await usage(supporter.personId);
    await sql`update private.media_usage set bytes = ${limit} where person_id = ${supporter.personId}`;
    try {
      const full = await announce(supporter, supporter.personId);
      expect(full.status).toBe(409);
      expect((full.body.error as Json).message).toMatch(
        new RegExp(`^${storageLimitMessages.full}`),
      );
    } finally {
      await sql`update private.media_usage set bytes = ${before} where person_id = ${supporter.personId}`;
    }
  });
});

describe('the supported person sees it; no one else does', () => {
  test('the Circle’s photo route redirects the supported person to the store', async () => {
    const [row] = await sql`select photo_id from person where id = ${supporter.personId}`;
    const photoId = String(row?.photo_id);
    const path = `/api/people/${dm.personId}/supporters/${linkId}/photo/${photoId}/signed/redirect`;
    const ok = await redirectOf(dm, path);
    expect([302, 303]).toContain(ok.status);
    const img = await fetch(String(ok.location));
    expect(img.status).toBe(200);
    expect(img.headers.get('content-type')).toMatch(/^image\//);
    // The supporter reads their own photo in that Circle too, and so does
    // the person's Administrator in a support session, who manages the Circle.
    expect((await redirectOf(supporter, path)).status).toBe(302);
    const session = await startSession(admin, dm.personId);
    try {
      expect((await redirectOf(admin, path)).status).toBe(302);
    } finally {
      await session.end();
    }
    // Outside a session the Administrator reads only their own link: not this one.
    expect([403, 404]).toContain((await redirectOf(admin, path)).status);

    // Signed out, a stranger, someone with a Circle of their own: not found or refused.
    expect((await redirectOf(undefined, path)).status).toBe(401);
    expect([403, 404]).toContain((await redirectOf(stranger, path)).status);
    expect([403, 404]).toContain((await redirectOf(other, path)).status);
    expect([403, 404]).toContain(
      (await redirectOf(other, path.replace(dm.personId, other.personId))).status,
    );
    // Nor through the media route, in the Supporter's own area.
    const direct = `/api/people/${supporter.personId}/media/${photoId}/signed/redirect`;
    expect([403, 404]).toContain((await redirectOf(stranger, direct)).status);
    expect([403, 404]).toContain((await redirectOf(other, direct)).status);
    // Only the photo shown now: another picture of theirs is not served by this route.
    const unshown = await uploadPhoto(supporter);
    expect((await redirectOf(dm, path.replace(photoId, unshown))).status).toBe(404);
    expect((await redirectOf(dm, direct.replace(photoId, unshown))).status).toBe(404);
  });

  test('the Supporter reads the supported person’s photo; a stranger does not', async () => {
    const photoId = await uploadPhoto(dm);
    expect((await call(dm, 'PUT', `/api/people/${dm.personId}`, { photoId })).status).toBe(200);
    const path = `/api/people/${dm.personId}/media/${photoId}/signed/redirect?size=thumb`;
    const ok = await redirectOf(supporter, path);
    expect(ok.status).toBe(302);
    expect((await fetch(String(ok.location))).status).toBe(200);
    expect([403, 404]).toContain((await redirectOf(stranger, path)).status);
  });

  test('a photo the link no longer shows is served to no one', async () => {
    const [row] = await sql`select photo_id from person where id = ${supporter.personId}`;
    const photoId = String(row?.photo_id);
    const path = `/api/people/${dm.personId}/supporters/${linkId}/photo/${photoId}/signed/redirect`;
    await sql`delete from supporter_link where id = ${linkId}`;
    try {
      expect([403, 404]).toContain((await redirectOf(dm, path)).status);
    } finally {
      await sql`insert into supporter_link (id, supporter_id, supported_id, access_level, created_by, updated_by)
        values (${linkId}, ${supporter.personId}, ${dm.personId}, 'General', ${dm.personId}, ${dm.personId})`;
    }
  });
});

describe('nothing else of a library opens to a Supporter', () => {
  test('no media of a preference, no preference, no category', async () => {
    // Not a photo: a preference's picture in their own area, with or without a preference.
    const noPurpose = await announce(supporter, supporter.personId, {});
    expect(noPurpose.status).toBe(403);
    expect((noPurpose.body.error as Json).message).toBe(libraryRuleMessages.noOwnLibrary);
    const [pref] =
      await sql`insert into preference (id, person_id, title, status, access, created_by, updated_by)
      values (gen_random_uuid()::text, ${dm.personId}, 'Tea', 'Published', 'General', ${dm.personId}, ${dm.personId})
      returning id`;
    const onPreference = await announce(supporter, supporter.personId, {
      preferenceId: pref?.id,
    });
    expect([403, 404]).toContain(onPreference.status);
    // A photo that names a preference is no photo.
    const photoOnPreference = await announce(supporter, supporter.personId, {
      purpose: 'photo',
      preferenceId: pref?.id,
    });
    expect(photoOnPreference.status).toBe(400);
    // In the supported person's library, outside a session: nothing, photos included.
    for (const extra of [{ preferenceId: pref?.id }, { purpose: 'photo' }]) {
      expect((await announce(supporter, dm.personId, extra)).status).toBe(404);
    }
    // Preferences and categories of their own.
    const preference = await call(
      supporter,
      'POST',
      `/api/people/${supporter.personId}/preferences`,
      {
        // A draft needs no category: refused for who asks, not for what.
        title: 'Tea',
        status: 'Draft',
      },
    );
    expect(preference.status).toBe(403);
    const category = await call(
      supporter,
      'POST',
      `/api/people/${supporter.personId}/preferences/categories`,
      { title: 'Drinks', access: 'General' },
    );
    expect(category.status).toBe(403);
    const counts = await sql`select
      (select count(*)::int from preference where person_id = ${supporter.personId}) prefs,
      (select count(*)::int from category where person_id = ${supporter.personId}) cats,
      (select count(*)::int from media where person_id = ${supporter.personId} and preference_id is not null) pictures`;
    expect(counts[0]).toEqual({ prefs: 0, cats: 0, pictures: 0 });
    // Their photo goes on no category either (a Supporter has none to change).
    await sql`delete from preference where id = ${String(pref?.id)}`;
  });
});
