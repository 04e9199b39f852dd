/**
 * Media over REST against the real development store (S3 protocol, checking
 * signatures as a real store does): a signed upload, the settled
 * confirmation, signed reads, the hero picture and a category's photo, who
 * may read and change them, bad input (400, nothing written), the sweep of
 * uploads never confirmed, and that no file can become a page.
 */
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DEV_BUCKET, DEV_CREDENTIALS } from '../../api/dev/object-store.ts';
import { s3MediaStore } from '../../api/media/store.ts';
import { sweepMedia, UNSETTLED_MEDIA_MS, UNUSED_PHOTO_MS } from '../../api/media/sweep.ts';
import { seedId } from '../../api/seed.ts';
import { MEDIA_LIMITS, mediaRuleMessages, oneFileLimit } from '../../sync/media.ts';
import { bytesInWords, fileLimitMessages } from '../../sync/plan-limits.ts';
import { registerAndSignIn, type SignedIn, signIn } from '../harness/clients.ts';
import { db, sql, stack } from '../harness/db.ts';
import { call, endSessions, startSession } from '../harness/rest.ts';

const s3Settings = {
  endpoint: stack.mediaEndpoint,
  region: 'us-east-1',
  bucket: DEV_BUCKET,
  ...DEV_CREDENTIALS,
  forcePathStyle: true,
};
const store = s3MediaStore(s3Settings);

const aroha = seedId('person:aroha');
const tui = seedId('person:tui');
const tea = seedId('preference:aroha:tea'); // General
const coffee = seedId('preference:aroha:coffee');
const medication = seedId('preference:aroha:medication'); // Restricted
const health = seedId('category:aroha:health'); // Restricted
const anaPreference = seedId('preference:ana:meetings'); // another library
const unknownId = '00000000-0000-4000-8000-000000000000';

/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
/** A page that runs script, as long as the PNG (so a URL signed for the PNG's length takes it). */
const PAGE = Buffer.from(
  '<html><script>alert(document.cookie)</script></html>'.padEnd(PNG.length, ' '),
);

let dm: SignedIn;
let sam: SignedIn; // General
let riley: SignedIn; // Restricted

type Json = Record<string, unknown>;

const media = `/api/people/${aroha}/media`;
/** Where the browser's PUT lands (never read): apart from the key a file is read from. */
const uploadKey = (id: unknown) => `uploads/people/${aroha}/media/${id}`;

/** Signs, PUTs `bytes` and confirms: the settled item's JSON. */
async function upload(
  who: SignedIn,
  announce: Json,
  bytes: Buffer = PNG,
  person = aroha,
): Promise<Json> {
  const signed = await call(who, 'POST', `/api/people/${person}/media/signed`, {
    name: 'photo.png',
    contentType: 'image/png',
    contentLength: bytes.length,
    ...announce,
  });
  expect(signed.status, JSON.stringify(signed.body)).toBe(201);
  const put = await fetch(String(signed.body.url), {
    method: 'PUT',
    headers: signed.body.headers as Record<string, string>,
    body: new Uint8Array(bytes),
  });
  expect(put.status).toBe(200);
  const settled = await call(who, 'POST', `/api/people/${person}/media/upload-settled`, {
    id: signed.body.id,
  });
  expect(settled.status, JSON.stringify(settled.body)).toBe(200);
  return settled.body;
}

async function mediaCount() {
  const [row] = await sql`select count(*)::int n from media`;
  return Number(row?.n);
}

/** The media of Aroha's and Tui's libraries before this file: what it adds goes after it. */
let mediaBefore: string[] = [];

beforeAll(async () => {
  dm = await signIn(stack.url, 'aroha@example.com');
  sam = await signIn(stack.url, 'sam@example.com');
  riley = await signIn(stack.url, 'riley@example.com');
  mediaBefore = (await sql`select id from media where person_id in (${aroha}, ${tui})`).map((r) =>
    String(r.id),
  );
});

afterAll(async () => {
  await sql`update preference set hero_media_id = null where person_id = ${aroha}`;
  await sql`update category set photo_id = null where person_id = ${aroha}`;
  // Their files are queued for removal with the rows.
  const now = await sql`select id from media where person_id in (${aroha}, ${tui})`;
  const added = now.map((r) => String(r.id)).filter((id) => !mediaBefore.includes(id));
  if (added.length) await sql`delete from media where id in ${sql(added)}`;
});

describe('upload: a signed URL, then the settled confirmation', () => {
  test('the Decision Maker adds a picture to a preference and reads it back through a signed URL', async () => {
    const historyBefore = await sql`select count(*)::int n from history_event`;
    const item = await upload(dm, { preferenceId: tea, name: 'My teapot.png' });
    expect(item).toMatchObject({
      personId: aroha,
      preferenceId: tea,
      createdById: aroha,
      name: 'My teapot.png',
      contentType: 'image/png',
      type: 'image',
      contentLength: PNG.length,
    });
    expect(item.settledAt).toEqual(expect.any(String));

    const got = await call(dm, 'GET', `${media}/${item.id}`);
    expect(got.status).toBe(200);
    expect(got.body.id).toBe(item.id);

    const signed = await call(dm, 'GET', `${media}/${item.id}/signed`);
    expect(signed.status).toBe(200);
    const bytes = Buffer.from(await (await fetch(String(signed.body.url))).arrayBuffer());
    expect(bytes.equals(PNG)).toBe(true);

    const redirect = await call(dm, 'GET', `${media}/${item.id}/signed/redirect`);
    expect(redirect.status).toBe(302);
    expect(redirect.headers.get('location')).toContain(`/media/people/${aroha}/media/${item.id}`);
    expect(redirect.headers.get('cache-control')).toMatch(/^private/);

    const events = await sql`select type, related_type, message from history_event
                             where related_id = ${String(item.id)}`;
    const [teaTitle] = await sql`select title from preference where id = ${tea}`;
    expect(events).toEqual([
      {
        type: 'Create',
        related_type: 'Media',
        // Other files rename the seeded tea for a while: its title as it is now.
        message: `Added “My teapot.png” to “${teaTitle?.title}”`,
      },
    ]);
    const [after] = await sql`select count(*)::int n from history_event`;
    expect(Number(after?.n)).toBe(Number(historyBefore[0]?.n) + 1);
  });

  test('confirming before the file arrived: 409, and the item stays unseen until it does', async () => {
    const signed = await call(dm, 'POST', `${media}/signed`, {
      name: 'late.png',
      contentType: 'image/png',
      contentLength: PNG.length,
      preferenceId: tea,
    });
    expect(signed.status).toBe(201);
    const early = await call(dm, 'POST', `${media}/upload-settled`, { id: signed.body.id });
    expect(early.status).toBe(409);
    expect(early.body.error).toEqual({
      code: 'not_arrived',
      message: mediaRuleMessages.notArrived,
    });
    expect((await call(dm, 'GET', `${media}/${signed.body.id}`)).status).toBe(404);

    await fetch(String(signed.body.url), {
      method: 'PUT',
      headers: { 'Content-Type': 'image/png' },
      body: new Uint8Array(PNG),
    });
    const settled = await call(dm, 'POST', `${media}/upload-settled`, { id: signed.body.id });
    expect(settled.status).toBe(200);
    expect((await call(dm, 'GET', `${media}/${signed.body.id}`)).status).toBe(200);
    // Confirmed once only.
    expect((await call(dm, 'POST', `${media}/upload-settled`, { id: signed.body.id })).status).toBe(
      404,
    );
  });

  test('a file other than the one announced is refused, and both the file and the record go', async () => {
    const before = await mediaCount();
    const signed = await call(dm, 'POST', `${media}/signed`, {
      name: 'swap.png',
      contentType: 'image/png',
      contentLength: 10,
      preferenceId: tea,
    });
    expect(signed.status).toBe(201);
    expect(await mediaCount()).toBe(before + 1);
    // The store holds the browser to the signed type and length.
    const put = await fetch(String(signed.body.url), {
      method: 'PUT',
      headers: { 'Content-Type': 'image/png' },
      body: new Uint8Array(PNG),
    });
    expect(put.status).toBe(403);
    // Should one arrive all the same (a store that does not), the API checks it.
    const key = uploadKey(signed.body.id);
    await new S3Client({ ...s3Settings, credentials: DEV_CREDENTIALS }).send(
      new PutObjectCommand({ Bucket: DEV_BUCKET, Key: key, Body: PNG, ContentType: 'image/png' }),
    );
    const settled = await call(dm, 'POST', `${media}/upload-settled`, { id: signed.body.id });
    expect(settled.status).toBe(400);
    expect(settled.body.error).toEqual({ code: 'invalid', message: mediaRuleMessages.differs });
    expect(await mediaCount()).toBe(before);
    expect(await store.head(key)).toBeUndefined();
    expect(await store.head(`people/${aroha}/media/${signed.body.id}`)).toBeUndefined();
  });

  test('bad input: a clear 400, 401 or 404, and nothing is written', async () => {
    const before = await mediaCount();
    const announce = (extra: Json) => ({
      name: 'x.png',
      contentType: 'image/png',
      contentLength: 100,
      ...extra,
    });
    const cases: Array<[SignedIn | undefined, string, unknown, number, string | RegExp]> = [
      [
        dm,
        `${media}/signed`,
        announce({ contentType: 'application/x-msdownload' }),
        400,
        mediaRuleMessages.badType,
      ],
      [
        dm,
        `${media}/signed`,
        announce({ contentType: 'text/html' }),
        400,
        mediaRuleMessages.badType,
      ],
      [
        dm,
        `${media}/signed`,
        announce({ contentType: 'video/mp4', contentLength: MEDIA_LIMITS.uploadBytes + 1 }),
        400,
        mediaRuleMessages.tooBig,
      ],
      // The Free plan's limit on one file, the one its subscription page shows.
      [
        dm,
        `${media}/signed`,
        announce({ contentType: 'video/mp4', contentLength: 100 * 1024 ** 2 + 1 }),
        400,
        fileLimitMessages.tooBig('100 MB'),
      ],
      [dm, `${media}/signed`, announce({ contentLength: 0 }), 400, mediaRuleMessages.empty],
      [
        dm,
        `${media}/signed`,
        announce({ purpose: 'photo', contentType: 'audio/mpeg' }),
        400,
        mediaRuleMessages.notImage,
      ],
      [
        dm,
        `${media}/signed`,
        announce({ name: 'n'.repeat(MEDIA_LIMITS.name + 1) }),
        400,
        mediaRuleMessages.nameTooLong,
      ],
      [dm, `${media}/signed`, announce({ contentLength: 'lots' }), 400, /contentLength/],
      [dm, `${media}/signed`, 'not json', 400, /Please check what you sent/],
      [
        dm,
        `${media}/signed`,
        announce({ preferenceId: unknownId }),
        404,
        'We could not find that.',
      ],
      [
        dm,
        `${media}/signed`,
        announce({ preferenceId: anaPreference }),
        404,
        'We could not find that.',
      ],
      [dm, `/api/people/${tui}/media/signed`, announce({}), 404, 'We could not find that.'],
      [
        dm,
        `/api/people/${'x'.repeat(65)}/media/signed`,
        announce({}),
        400,
        'That is not a valid id.',
      ],
      [undefined, `${media}/signed`, announce({}), 401, 'You must be logged in to view this page'],
      // Sam has no session with Aroha now.
      [sam, `${media}/signed`, announce({ preferenceId: tea }), 404, 'We could not find that.'],
      [dm, `${media}/upload-settled`, { id: unknownId }, 404, 'We could not find that.'],
      [dm, `${media}/upload-settled`, {}, 400, /id/],
    ];
    for (const [who, path, body, status, message] of cases) {
      const res = await call(who, 'POST', path, body);
      expect(res.status, `${path} ${JSON.stringify(body)}`).toBe(status);
      expect(res.body.error).toEqual(
        expect.objectContaining({
          message: typeof message === 'string' ? message : expect.stringMatching(message),
        }),
      );
    }
    expect(await mediaCount()).toBe(before);
    for (const path of [
      `${media}/${unknownId}`,
      `${media}/${unknownId}/signed`,
      `${media}/${unknownId}/signed/redirect`,
    ]) {
      expect((await call(dm, 'GET', path)).status).toBe(404);
    }
    expect((await call(dm, 'GET', `${media}/${'x'.repeat(65)}`)).status).toBe(400);
    expect((await call(undefined, 'GET', `${media}/${unknownId}`)).status).toBe(401);
  });
});

describe('one file’s limit is the plan’s, the figure its subscription page shows', () => {
  test('Premium: a file of more than 100 MB is announced; one of more than 1 GB is refused', async () => {
    const ana = await signIn(stack.url, 'ana@example.com');
    const anaId = seedId('person:ana');
    const announce = (contentLength: number) =>
      call(ana, 'POST', `/api/people/${anaId}/media/signed`, {
        name: 'visit.mp4',
        contentType: 'video/mp4',
        contentLength,
        preferenceId: anaPreference,
      });
    const fits = await announce(100 * 1024 ** 2 + 1);
    expect(fits.status).toBe(201);
    await sql`delete from media where id = ${String(fits.body.id)}`;
    const tooBig = await announce(1024 ** 3 + 1);
    expect(tooBig.status).toBe(400);
    expect(tooBig.body.error?.message).toBe(fileLimitMessages.tooBig('1 GB'));
  });

  test('the limit the screens are given (GET …/media/storage) is the one announcing enforces', async () => {
    const ana = await signIn(stack.url, 'ana@example.com');
    const plans = [
      { who: dm, personId: aroha, preferenceId: tea, bytes: 100 * 1024 ** 2 },
      { who: ana, personId: seedId('person:ana'), preferenceId: anaPreference, bytes: 1024 ** 3 },
    ];
    for (const { who, personId, preferenceId, bytes } of plans) {
      const storage = await call(who, 'GET', `/api/people/${personId}/media/storage`);
      expect(storage.status).toBe(200);
      expect(storage.body.fileLimit, personId).toBe(bytes);
      const announce = (contentLength: number) =>
        call(who, 'POST', `/api/people/${personId}/media/signed`, {
          name: 'visit.mp4',
          contentType: 'video/mp4',
          contentLength,
          preferenceId,
        });
      const fits = await announce(bytes);
      expect(fits.status).toBe(201);
      await sql`delete from media where id = ${String(fits.body.id)}`;
      const over = await announce(bytes + 1);
      expect(over.status).toBe(400);
      expect(over.body.error?.message).toBe(fileLimitMessages.tooBig(bytesInWords(bytes)));
    }
  });

  test('a plan without a limit on one file: the most one upload can carry', () => {
    expect(oneFileLimit(null)).toBe(MEDIA_LIMITS.uploadBytes);
    expect(oneFileLimit(MEDIA_LIMITS.uploadBytes * 2)).toBe(MEDIA_LIMITS.uploadBytes);
    expect(oneFileLimit(100)).toBe(100);
  });
});

describe('media cannot become a page', () => {
  const announce = (extra: Json) =>
    call(dm, 'POST', `${media}/signed`, {
      name: 'x.png',
      contentType: 'image/png',
      contentLength: PNG.length,
      preferenceId: tea,
      ...extra,
    });

  /** What a reader's signed URL serves: status, headers and bytes. */
  async function served(id: unknown) {
    const signed = await call(dm, 'GET', `${media}/${id}/signed`);
    expect(signed.status).toBe(200);
    const res = await fetch(String(signed.body.url));
    return { res, bytes: Buffer.from(await res.arrayBuffer()) };
  }

  test('an SVG, a page or any type outside the allow-list is refused when announced, and nothing is recorded', async () => {
    const before = await mediaCount();
    const picture =
      'We cannot use this kind of picture. Please choose a JPEG, PNG, GIF, WebP or AVIF file.';
    const sound =
      'We cannot use this kind of sound. Please choose an MP3, M4A, AAC, OGG, WAV, WebM or FLAC file.';
    const cases: Array<[string, string]> = [
      ['image/svg+xml', picture],
      ['IMAGE/SVG+XML; charset=utf-8', picture],
      ['image/x-icon', picture],
      ['text/html', mediaRuleMessages.badType],
      ['application/xhtml+xml', mediaRuleMessages.badType],
      ['text/xml', mediaRuleMessages.badType],
      ['audio/midi', sound],
    ];
    for (const [contentType, message] of cases) {
      const res = await announce({ contentType });
      expect(res.status, contentType).toBe(400);
      expect(res.body.error).toEqual({ code: 'invalid', message });
    }
    const photo = await announce({
      contentType: 'image/svg+xml',
      purpose: 'photo',
      preferenceId: null,
    });
    expect(photo.status).toBe(400);
    expect(photo.body.error).toEqual({ code: 'invalid', message: picture });
    expect(await mediaCount()).toBe(before);
  });

  test('the content type is signed: the store refuses a PUT of another type, and one with a changed signature or none', async () => {
    const signed = await announce({});
    expect(signed.status).toBe(201);
    const url = String(signed.body.url);
    expect(new URL(url).searchParams.get('X-Amz-SignedHeaders')).toContain('content-type');
    const key = uploadKey(signed.body.id);
    const put = (to: string, type: string) =>
      fetch(to, { method: 'PUT', headers: { 'Content-Type': type }, body: new Uint8Array(PAGE) });
    const html = await put(url, 'text/html');
    expect(html.status).toBe(403);
    expect(await html.text()).toContain('SignatureDoesNotMatch');
    const sig = new URL(url).searchParams.get('X-Amz-Signature') ?? '';
    const tampered = url.replace(sig, `${sig.slice(0, -1)}${sig.endsWith('0') ? '1' : '0'}`);
    expect((await put(tampered, 'image/png')).status).toBe(403);
    // Another key with the same signature, and no signature at all.
    expect((await put(url.replace(String(signed.body.id), unknownId), 'image/png')).status).toBe(
      403,
    );
    expect((await put(url.split('?')[0] ?? '', 'image/png')).status).toBe(403);
    expect(await store.head(key)).toBeUndefined();
    // Nothing arrived: the upload is still waiting.
    const settled = await call(dm, 'POST', `${media}/upload-settled`, { id: signed.body.id });
    expect(settled.status).toBe(409);
  });

  test('a page announced as a picture is refused when it has arrived: the file and the record go', async () => {
    const before = await mediaCount();
    const signed = await announce({ name: 'innocent.png' });
    const put = await fetch(String(signed.body.url), {
      method: 'PUT',
      headers: signed.body.headers as Record<string, string>,
      body: new Uint8Array(PAGE),
    });
    expect(put.status).toBe(200);
    const settled = await call(dm, 'POST', `${media}/upload-settled`, { id: signed.body.id });
    expect(settled.status).toBe(400);
    expect(settled.body.error).toEqual({
      code: 'invalid',
      message: mediaRuleMessages.notWhatItSays,
    });
    expect(await mediaCount()).toBe(before);
    expect(await store.head(uploadKey(signed.body.id))).toBeUndefined();
    expect(await store.head(`people/${aroha}/media/${signed.body.id}`)).toBeUndefined();
    expect((await call(dm, 'GET', `${media}/${signed.body.id}/signed`)).status).toBe(404);
  });

  test('a sound announced as a picture is refused too (another kind than announced)', async () => {
    const signed = await announce({});
    const sound = Buffer.concat([Buffer.from('ID3'), Buffer.alloc(PNG.length - 3)]);
    await fetch(String(signed.body.url), {
      method: 'PUT',
      headers: signed.body.headers as Record<string, string>,
      body: new Uint8Array(sound),
    });
    const settled = await call(dm, 'POST', `${media}/upload-settled`, { id: signed.body.id });
    expect(settled.status).toBe(400);
    expect(settled.body.error).toEqual({
      code: 'invalid',
      message: mediaRuleMessages.notWhatItSays,
    });
  });

  test('served with its sniffed type, nosniff, an inline Content-Disposition and a sandboxing CSP', async () => {
    // Announced as a JPEG, but the bytes are a PNG: kept and served as a PNG.
    const item = await upload(dm, {
      preferenceId: tea,
      name: 'My "tea/party" at Nan’s.jpg',
      contentType: 'image/jpeg',
    });
    expect(item.contentType).toBe('image/png');
    expect(item.type).toBe('image');
    const { res, bytes } = await served(item.id);
    expect(res.status).toBe(200);
    expect(bytes.equals(PNG)).toBe(true);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-disposition')).toBe(
      `inline; filename="My teaparty at Nan_s.jpg"; filename*=UTF-8''My%20teaparty%20at%20Nan%E2%80%99s.jpg`,
    );
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp.split(';').map((d) => d.trim())).toEqual(
      expect.arrayContaining(['sandbox', "default-src 'none'"]),
    );
    // The redirect an <img> follows leads to the same.
    const redirect = await call(dm, 'GET', `${media}/${item.id}/signed/redirect`);
    const followed = await fetch(String(redirect.headers.get('location')));
    expect(followed.headers.get('content-type')).toBe('image/png');
    expect(followed.headers.get('x-content-type-options')).toBe('nosniff');
    expect(followed.headers.get('content-security-policy')).toContain('sandbox');
    // The stored object says so too, whoever reads it.
    expect(await store.head(`people/${aroha}/media/${item.id}`)).toEqual({
      contentType: 'image/png',
      contentLength: PNG.length,
    });
    // The served type is signed: a reader cannot ask for another.
    const signed = await call(dm, 'GET', `${media}/${item.id}/signed`);
    const asPage = String(signed.body.url).replace(
      'response-content-type=image%2Fpng',
      'response-content-type=text%2Fhtml',
    );
    expect(asPage).not.toBe(signed.body.url);
    expect((await fetch(asPage)).status).toBe(403);
    // Unsigned, nothing is read: the bucket is private.
    expect((await fetch(String(signed.body.url).split('?')[0] ?? '')).status).toBe(403);
  });

  test('after settling, the upload URL changes nothing that is served; what it writes is swept', async () => {
    const signed = await announce({ name: 'kept.png' });
    const url = String(signed.body.url);
    const headers = signed.body.headers as Record<string, string>;
    expect((await fetch(url, { method: 'PUT', headers, body: new Uint8Array(PNG) })).status).toBe(
      200,
    );
    const settled = await call(dm, 'POST', `${media}/upload-settled`, { id: signed.body.id });
    expect(settled.status).toBe(200);
    const written = uploadKey(signed.body.id);
    expect(await store.head(written)).toBeUndefined();

    // Within the URL's 15 minutes: a page as text/html is refused outright...
    const asHtml = await fetch(url, {
      method: 'PUT',
      headers: { 'Content-Type': 'text/html' },
      body: new Uint8Array(PAGE),
    });
    expect(asHtml.status).toBe(403);
    // ...and one sent as the signed type lands where nobody reads it.
    const again = await fetch(url, { method: 'PUT', headers, body: new Uint8Array(PAGE) });
    expect(again.status).toBe(200);
    const { res, bytes } = await served(signed.body.id);
    expect(bytes.equals(PNG)).toBe(true);
    expect(res.headers.get('content-type')).toBe('image/png');
    // Confirmed once only: it cannot be settled again.
    expect((await call(dm, 'POST', `${media}/upload-settled`, { id: signed.body.id })).status).toBe(
      404,
    );

    await sweepMedia(db, store);
    expect(await store.head(written)).toBeDefined();
    await sweepMedia(db, store, Date.now() + UNSETTLED_MEDIA_MS + 60_000);
    expect(await store.head(written)).toBeUndefined();
    expect((await served(signed.body.id)).bytes.equals(PNG)).toBe(true);
  });
});

describe('who may read and change media', () => {
  test('a supporter in session reads and adds media of the preferences their level reaches, and no others', async () => {
    const general = await upload(dm, { preferenceId: tea });
    const restricted = await upload(dm, { preferenceId: medication });
    const paths = (item: Json) => [
      `${media}/${item.id}`,
      `${media}/${item.id}/signed`,
      `${media}/${item.id}/signed/redirect`,
    ];
    try {
      // No session: nothing.
      for (const p of [...paths(general), ...paths(restricted)])
        expect((await call(sam, 'GET', p)).status).toBe(404);
      await startSession(sam, aroha);
      await startSession(riley, aroha);
      for (const p of paths(general)) expect((await call(sam, 'GET', p)).status).toBeLessThan(400);
      for (const p of paths(restricted)) expect((await call(sam, 'GET', p)).status).toBe(404);
      for (const p of [...paths(general), ...paths(restricted)]) {
        expect((await call(riley, 'GET', p)).status).toBeLessThan(400);
      }
      // Adding: Sam to a General preference, not to a Restricted one.
      const added = await upload(sam, { preferenceId: coffee });
      expect(added.createdById).toBe(seedId('person:sam'));
      const refused = await call(sam, 'POST', `${media}/signed`, {
        name: 'x.png',
        contentType: 'image/png',
        contentLength: 5,
        preferenceId: medication,
      });
      expect(refused.status).toBe(404);
      // Deleting: not what Sam may not see.
      expect((await call(sam, 'DELETE', `${media}/${restricted.id}`)).status).toBe(404);
      expect((await call(sam, 'DELETE', `${media}/${added.id}`)).status).toBe(204);
    } finally {
      await endSessions();
    }
    // Session over: nothing again.
    for (const p of paths(general)) expect((await call(sam, 'GET', p)).status).toBe(404);
  });

  test('an Administrator in session reads everything; a guest reads what the invite names; anyone else nothing', async () => {
    const general = await upload(dm, { preferenceId: tea });
    const restricted = await upload(dm, { preferenceId: medication });
    const read = (who: SignedIn, item: Json) =>
      call(who, 'GET', `${media}/${item.id}/signed/redirect`).then((r) => r.status);
    const ana = await signIn(stack.url, 'ana@example.com');
    const tuiUser = await signIn(stack.url, 'tui@example.com');
    // A guest: a new account holding an accepted Preference invite for the tea.
    const guest = await registerAndSignIn(stack.url, 'media.guest');
    const invite = crypto.randomUUID();
    await sql`insert into invite (id, person_id, kind, target_id, expires_at, accepted_at, accepted_by, created_by)
              values (${invite}, ${aroha}, 'Preference', ${tea}, now() + interval '1 day', now(), ${guest.personId}, ${aroha})`;
    try {
      expect(await read(ana, general)).toBe(404);
      await startSession(ana, aroha);
      expect(await read(ana, general)).toBe(302);
      expect(await read(ana, restricted)).toBe(302);
      expect(await read(guest, general)).toBe(302);
      expect(await read(guest, restricted)).toBe(404);
      // Read-only: a guest adds nothing.
      const refused = await call(guest, 'POST', `${media}/signed`, {
        name: 'x.png',
        contentType: 'image/png',
        contentLength: 5,
        preferenceId: tea,
      });
      expect(refused.status).toBe(404);
      expect(await read(tuiUser, general)).toBe(404);
      expect(await read(tuiUser, restricted)).toBe(404);
    } finally {
      await endSessions();
      await sql`delete from invite where id = ${invite}`;
    }
  });

  test('deleting removes the record, the stored file and a pin on it', async () => {
    const item = await upload(dm, { preferenceId: tea });
    const key = `people/${aroha}/media/${item.id}`;
    expect(await store.head(key)).toEqual({ contentType: 'image/png', contentLength: PNG.length });
    const pinned = await call(dm, 'PUT', `/api/people/${aroha}/preferences/${tea}/hero`, {
      heroMediaId: item.id,
    });
    expect(pinned.body.heroMediaId).toBe(item.id);
    expect((await call(dm, 'DELETE', `${media}/${item.id}`)).status).toBe(204);
    expect((await call(dm, 'GET', `${media}/${item.id}`)).status).toBe(404);
    expect(await store.head(key)).toBeUndefined();
    const [pref] = await sql`select hero_media_id from preference where id = ${tea}`;
    expect(pref?.hero_media_id).toBeNull();
    const [event] =
      await sql`select type from history_event where related_id = ${String(item.id)} and type = 'Delete'`;
    expect(event).toBeDefined();
  });
});

describe('the pinned hero picture', () => {
  const hero = `/api/people/${aroha}/preferences/${tea}/hero`;

  test('pin an image of the preference, pin it again (nothing changes), unpin', async () => {
    const item = await upload(dm, { preferenceId: tea });
    const pinned = await call(dm, 'PUT', hero, { heroMediaId: item.id });
    expect(pinned.status).toBe(200);
    expect(pinned.body.heroMediaId).toBe(item.id);
    const events = async () =>
      Number(
        (await sql`select count(*)::int n from history_event where related_id = ${tea}`)[0]?.n,
      );
    const before = await events();
    expect((await call(dm, 'PUT', hero, { heroMediaId: item.id })).status).toBe(200);
    expect(await events()).toBe(before);
    const unpinned = await call(dm, 'PUT', hero, { heroMediaId: null });
    expect(unpinned.body.heroMediaId).toBeNull();
    expect(await events()).toBe(before + 1);
  });

  test('only a confirmed image of this very preference can be pinned', async () => {
    const sound = await upload(
      dm,
      { preferenceId: tea, name: 'kettle.mp3', contentType: 'audio/mpeg' },
      Buffer.from('ID3 not really'),
    );
    const elsewhere = await upload(dm, { preferenceId: coffee });
    const photo = await upload(dm, { purpose: 'photo' });
    const cases: Array<[unknown, number, string]> = [
      [{ heroMediaId: sound.id }, 400, mediaRuleMessages.onlyImagesPinned],
      [{ heroMediaId: elsewhere.id }, 404, 'We could not find that.'],
      [{ heroMediaId: photo.id }, 404, 'We could not find that.'],
      [{ heroMediaId: unknownId }, 404, 'We could not find that.'],
      [{}, 400, 'Please check what you sent. (heroMediaId)'],
    ];
    for (const [body, status, message] of cases) {
      const res = await call(dm, 'PUT', hero, body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(res.body.error).toEqual(expect.objectContaining({ message }));
    }
    const [pref] = await sql`select hero_media_id from preference where id = ${tea}`;
    expect(pref?.hero_media_id).toBeNull();
    expect(
      (
        await call(dm, 'PUT', `/api/people/${aroha}/preferences/${anaPreference}/hero`, {
          heroMediaId: null,
        })
      ).status,
    ).toBe(404);
  });
});

describe('the spoken description', () => {
  const spoken = `/api/people/${aroha}/preferences/${tea}/spoken`;

  test('a sound of the preference plays in place of the words; deleting it goes back to them', async () => {
    const sound = await upload(
      dm,
      { preferenceId: tea, name: 'about-tea.mp3', contentType: 'audio/mpeg' },
      Buffer.from('ID3 not really'),
    );
    const set = await call(dm, 'PUT', spoken, { spokenMediaId: sound.id });
    expect(set.status).toBe(200);
    expect(set.body.spokenMediaId).toBe(sound.id);
    const [event] = await sql`select message, created_by from history_event
      where related_id = ${tea} order by created_at desc, id desc limit 1`;
    expect(event?.message).toMatch(/^Recorded a spoken description of /);
    // Read through the library like any field: a supporter in session sees which sound it is.
    expect(
      (await call(dm, 'GET', `/api/people/${aroha}/preferences/${tea}`)).body.spokenMediaId,
    ).toBe(sound.id);
    // The sound goes: the preference goes back to its words.
    expect((await call(dm, 'DELETE', `${media}/${sound.id}`)).status).toBe(204);
    const [pref] = await sql`select spoken_media_id from preference where id = ${tea}`;
    expect(pref?.spoken_media_id).toBeNull();
  });

  test('only a confirmed sound of this very preference can be chosen', async () => {
    const picture = await upload(dm, { preferenceId: tea });
    const elsewhere = await upload(
      dm,
      { preferenceId: coffee, name: 'coffee.mp3', contentType: 'audio/mpeg' },
      Buffer.from('ID3 not really'),
    );
    const cases: Array<[unknown, number, string]> = [
      [{ spokenMediaId: picture.id }, 400, mediaRuleMessages.onlySoundsSpoken],
      [{ spokenMediaId: elsewhere.id }, 404, 'We could not find that.'],
      [{ spokenMediaId: unknownId }, 404, 'We could not find that.'],
      [{}, 400, 'Please check what you sent. (spokenMediaId)'],
    ];
    for (const [body, status, message] of cases) {
      const res = await call(dm, 'PUT', spoken, body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(res.body.error).toEqual(expect.objectContaining({ message }));
    }
    const [pref] = await sql`select spoken_media_id from preference where id = ${tea}`;
    expect(pref?.spoken_media_id).toBeNull();
  });
});

describe("a category's photo", () => {
  const cats = `/api/people/${aroha}/preferences/categories`;

  test('a new category with a photo; the photo is read by whoever may read the category', async () => {
    const photo = await upload(dm, { purpose: 'photo', name: 'garden.png' });
    const created = await call(dm, 'POST', cats, { title: 'Garden', photoId: photo.id });
    expect(created.status).toBe(201);
    expect(created.body.photoId).toBe(photo.id);
    // Before anyone shows it, a supporter in session cannot read a photo; now Sam can (General).
    const restrictedPhoto = await upload(dm, { purpose: 'photo', name: 'clinic.png' });
    try {
      await startSession(sam, aroha);
      await startSession(riley, aroha);
      expect((await call(sam, 'GET', `${media}/${restrictedPhoto.id}`)).status).toBe(404);
      const put = await call(dm, 'PUT', `${cats}/${health}`, { photoId: restrictedPhoto.id });
      expect(put.status).toBe(200);
      expect(put.body.photoId).toBe(restrictedPhoto.id);
      expect((await call(sam, 'GET', `${media}/${photo.id}/signed/redirect`)).status).toBe(302);
      expect(
        (await call(sam, 'GET', `${media}/${restrictedPhoto.id}/signed/redirect`)).status,
      ).toBe(404);
      expect(
        (await call(riley, 'GET', `${media}/${restrictedPhoto.id}/signed/redirect`)).status,
      ).toBe(302);
    } finally {
      await endSessions();
    }
    await call(dm, 'DELETE', `${cats}/${created.body.id}`);
  });

  test('a photo shows on one category only, must be a confirmed picture of this library, and can be removed', async () => {
    const photo = await upload(dm, { purpose: 'photo' });
    const first = await call(dm, 'POST', cats, { title: 'First', photoId: photo.id });
    expect(first.status).toBe(201);
    const before = Number((await sql`select count(*)::int n from category`)[0]?.n);
    const prefPicture = await upload(dm, { preferenceId: tea });
    const unsettled = await call(dm, 'POST', `${media}/signed`, {
      name: 'x.png',
      contentType: 'image/png',
      contentLength: 5,
      purpose: 'photo',
    });
    const tuiPhoto = await upload(
      await signIn(stack.url, 'tui@example.com'),
      { purpose: 'photo' },
      PNG,
      tui,
    );
    const cases: Array<[unknown, number, string]> = [
      [{ title: 'Second', photoId: photo.id }, 400, mediaRuleMessages.photoInUse],
      [{ title: 'Second', photoId: prefPicture.id }, 400, mediaRuleMessages.photoInUse],
      [{ title: 'Second', photoId: unsettled.body.id }, 404, 'We could not find that.'],
      [{ title: 'Second', photoId: tuiPhoto.id }, 404, 'We could not find that.'],
    ];
    for (const [body, status, message] of cases) {
      const res = await call(dm, 'POST', cats, body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(res.body.error).toEqual(expect.objectContaining({ message }));
    }
    expect(Number((await sql`select count(*)::int n from category`)[0]?.n)).toBe(before);
    // The same category may keep its own photo; null removes it.
    expect((await call(dm, 'PUT', `${cats}/${first.body.id}`, { photoId: photo.id })).status).toBe(
      200,
    );
    const removed = await call(dm, 'PUT', `${cats}/${first.body.id}`, { photoId: null });
    expect(removed.body.photoId).toBeNull();
    await call(dm, 'DELETE', `${cats}/${first.body.id}`);
  });
});

describe('what nobody can reach is swept', () => {
  test('uploads never confirmed, after an hour: the file and the record', async () => {
    const signed = await call(dm, 'POST', `${media}/signed`, {
      name: 'abandoned.png',
      contentType: 'image/png',
      contentLength: PNG.length,
      preferenceId: tea,
    });
    const put = await fetch(String(signed.body.url), {
      method: 'PUT',
      headers: signed.body.headers as Record<string, string>,
      body: new Uint8Array(PNG),
    });
    expect(put.status).toBe(200);
    const settledBefore = await upload(dm, { preferenceId: tea });
    const key = uploadKey(signed.body.id);
    // Not yet an hour.
    await sweepMedia(db, store);
    expect(await store.head(key)).toBeDefined();
    await sweepMedia(db, store, Date.now() + UNSETTLED_MEDIA_MS + 60_000);
    expect(await store.head(key)).toBeUndefined();
    const rows =
      await sql`select id from media where id in ${sql([String(signed.body.id), String(settledBefore.id)])}`;
    expect(rows.map((r) => r.id)).toEqual([settledBefore.id]);
  });

  test('photos no category shows, after a day; photos in use and pictures of preferences stay', async () => {
    const unused = await upload(dm, { purpose: 'photo', name: 'never-saved.png' });
    const used = await upload(dm, { purpose: 'photo', name: 'kept.png' });
    const category = await call(dm, 'POST', `/api/people/${aroha}/preferences/categories`, {
      title: 'Kept photo',
      photoId: used.id,
    });
    expect(category.status).toBe(201);
    const picture = await upload(dm, { preferenceId: tea });
    await sweepMedia(db, store, Date.now() + UNSETTLED_MEDIA_MS + 60_000);
    expect(await store.head(`people/${aroha}/media/${unused.id}`)).toBeDefined();
    await sweepMedia(db, store, Date.now() + UNUSED_PHOTO_MS + 60_000);
    expect(await store.head(`people/${aroha}/media/${unused.id}`)).toBeUndefined();
    expect(await store.head(`people/${aroha}/media/${used.id}`)).toBeDefined();
    const ids = [String(unused.id), String(used.id), String(picture.id)];
    const rows = await sql`select id from media where id in ${sql(ids)} order by id`;
    expect(rows.map((r) => r.id).sort()).toEqual([String(used.id), String(picture.id)].sort());
    await call(dm, 'DELETE', `/api/people/${aroha}/preferences/categories/${category.body.id}`);
  });
});
