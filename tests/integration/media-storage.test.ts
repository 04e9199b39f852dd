/**
 * Media storage against the real stack and development store: the usage
 * figure kept by the database with every confirmation and deletion (cascades
 * included), the plan's storage limit held at announcing and again at
 * confirming (also when two confirmations race for the last bytes), a
 * picture's display copy and tile, a description changed over REST, and a
 * deleted item's files leaving the store.
 */
import { createHash } from 'node:crypto';
import zlib from 'node:zlib';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { SignatureV4 } from '@smithy/signature-v4';
import sharp from 'sharp';
import { beforeAll, describe, expect, test } from 'vitest';
import { DEV_BUCKET, DEV_CREDENTIALS } from '../../api/dev/object-store.ts';
import { Sha256 } from '../../api/dev/sigv4-check.ts';
import { removeQueued } from '../../api/media/sweep.ts';
import { seedId } from '../../api/seed.ts';
import { SWEEP_LOCKS } from '../../api/sweeps.ts';
import { storageLimitMessages } from '../../sync/plan-limits.ts';
import { registerAndSignIn, type SignedIn, signIn } from '../harness/clients.ts';
import { db, mediaStore, sql, stack, withoutApiSweep } from '../harness/db.ts';
import { call } from '../harness/rest.ts';

const store = mediaStore;
const GB3 = 3 * 1024 ** 3;

const aroha = seedId('person:aroha');
const tea = seedId('preference:aroha:tea');

/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

type Json = Record<string, unknown>;

/** Announces `bytes` as a photo of `who`'s library and PUTs them; the announcement. */
async function announceAndPut(who: SignedIn, bytes: Buffer = PNG, type = 'image/png') {
  const signed = await call(who, 'POST', `/api/people/${who.personId}/media/signed`, {
    name: 'photo.png',
    contentType: type,
    contentLength: bytes.length,
    purpose: 'photo',
  });
  if (signed.status !== 201) return signed;
  const put = await fetch(String(signed.body.url), {
    method: 'PUT',
    headers: signed.body.headers as Record<string, string>,
    body: new Uint8Array(bytes),
  });
  expect(put.status).toBe(200);
  return signed;
}

const settle = (who: SignedIn, id: unknown) =>
  call(who, 'POST', `/api/people/${who.personId}/media/upload-settled`, { id });

async function usage(personId: string): Promise<number> {
  const [row] =
    await sql`select bytes::text b from private.media_usage where person_id = ${personId}`;
  return Number(row?.b ?? 0);
}

/** Sets the usage figure as if `bytes` of media were already kept. */
async function pretendUsed(personId: string, bytes: number) {
  await sql`insert into private.media_usage (person_id, bytes) values (${personId}, ${bytes})
            on conflict (person_id) do update set bytes = excluded.bytes`;
}

async function exists(key: string) {
  return (await store.head(key)) !== undefined;
}

let dm: SignedIn;

beforeAll(async () => {
  dm = await signIn(stack.url, 'aroha@example.com');
});

describe('the usage figure', () => {
  test('grows with each confirmed upload, not with announcements, and shrinks with deletion', async () => {
    const who = await registerAndSignIn(stack.url, 'usage');
    expect(await usage(who.personId)).toBe(0);
    const signed = await announceAndPut(who);
    expect(await usage(who.personId)).toBe(0);
    expect((await settle(who, signed.body.id)).status).toBe(200);
    expect(await usage(who.personId)).toBe(PNG.length);
    const second = await announceAndPut(who);
    expect((await settle(who, second.body.id)).status).toBe(200);
    expect(await usage(who.personId)).toBe(2 * PNG.length);

    const del = await call(who, 'DELETE', `/api/people/${who.personId}/media/${signed.body.id}`);
    expect(del.status).toBe(204);
    expect(await usage(who.personId)).toBe(PNG.length);
  });

  test('a preference deleted with its media frees their bytes and, after the sweep, their files', async () => {
    const before = await usage(aroha);
    const [pref] =
      await sql`insert into preference (id, person_id, title, status, access, created_by, updated_by)
      values (gen_random_uuid()::text, ${aroha}, ${`Cascade ${Date.now()}`}, 'Draft', 'General', ${aroha}, ${aroha})
      returning id`;
    const signed = await call(dm, 'POST', `/api/people/${aroha}/media/signed`, {
      name: 'cascade.png',
      contentType: 'image/png',
      contentLength: PNG.length,
      preferenceId: pref?.id,
    });
    expect(signed.status).toBe(201);
    await fetch(String(signed.body.url), {
      method: 'PUT',
      headers: signed.body.headers as Record<string, string>,
      body: new Uint8Array(PNG),
    });
    expect((await settle(dm, signed.body.id)).status).toBe(200);
    const [row] =
      await sql`select storage_key, thumb_key from media where id = ${String(signed.body.id)}`;
    expect(await usage(aroha)).toBe(before + PNG.length);
    expect(await exists(String(row?.storage_key))).toBe(true);
    expect(await exists(String(row?.thumb_key))).toBe(true);

    // The API's own media sweep works the same queue: it must not take these
    // files between their queueing and this test's count.
    await withoutApiSweep(SWEEP_LOCKS.media, async () => {
      await sql`delete from preference where id = ${String(pref?.id)}`;
      expect(await usage(aroha)).toBe(before);
      const queued =
        await sql`select key from private.media_removal where key = ${String(row?.storage_key)}`;
      expect(queued).toHaveLength(1);
      expect(await removeQueued(db, store)).toBeGreaterThanOrEqual(2);
    });
    expect(await exists(String(row?.storage_key))).toBe(false);
    expect(await exists(String(row?.thumb_key))).toBe(false);
  });
});

describe('the storage limit (free plan: 3 GB)', () => {
  test('an upload that fits exactly is kept; one byte more is refused before anything is stored', async () => {
    const who = await registerAndSignIn(stack.url, 'limit');
    await pretendUsed(who.personId, GB3 - PNG.length);
    const fits = await announceAndPut(who);
    expect(fits.status).toBe(201);
    expect((await settle(who, fits.body.id)).status).toBe(200);
    expect(await usage(who.personId)).toBe(GB3);
    const storage = `/api/people/${who.personId}/media/storage`;
    expect((await call(who, 'GET', storage)).body).toEqual({
      used: GB3,
      limit: GB3,
      percent: 100,
      message: 'Your library is full!',
      fileLimit: 100 * 1024 ** 2,
    });
    await pretendUsed(who.personId, Math.ceil(GB3 * 0.9));
    expect((await call(who, 'GET', storage)).body).toMatchObject({
      percent: 90,
      message: 'Your library is nearly full!',
    });
    await pretendUsed(who.personId, Math.floor(GB3 * 0.9) - 1);
    expect((await call(who, 'GET', storage)).body).toMatchObject({ message: null });
    // Someone who cannot add to this library learns nothing of it.
    expect((await call(dm, 'GET', storage)).status).toBe(404);
    await pretendUsed(who.personId, GB3);

    const [{ n: before } = { n: 0 }] =
      await sql`select count(*)::int n from media where person_id = ${who.personId}`;
    const refused = await call(who, 'POST', `/api/people/${who.personId}/media/signed`, {
      name: 'one-too-many.png',
      contentType: 'image/png',
      contentLength: 1,
      purpose: 'photo',
    });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatchObject({ code: 'library_full' });
    expect(String((refused.body.error as Json).message)).toMatch(/^Your library is full!/);
    expect(refused.body.url).toBeUndefined();
    const [{ n: after } = { n: 0 }] =
      await sql`select count(*)::int n from media where person_id = ${who.personId}`;
    expect(after).toBe(before);
    expect(await usage(who.personId)).toBe(GB3);
  });

  test('uploads under way count: two announcements cannot both take the last space', async () => {
    const who = await registerAndSignIn(stack.url, 'pending');
    await pretendUsed(who.personId, GB3 - PNG.length);
    expect((await announceAndPut(who)).status).toBe(201);
    const second = await call(who, 'POST', `/api/people/${who.personId}/media/signed`, {
      name: 'second.png',
      contentType: 'image/png',
      contentLength: PNG.length,
      purpose: 'photo',
    });
    expect(second.status).toBe(409);
  });

  test('the confirmation checks again: filled meanwhile, the upload is refused and nothing is kept', async () => {
    const who = await registerAndSignIn(stack.url, 'settle');
    const signed = await announceAndPut(who);
    expect(signed.status).toBe(201);
    await pretendUsed(who.personId, GB3 - PNG.length + 1);
    const refused = await settle(who, signed.body.id);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatchObject({ code: 'library_full' });
    expect(await sql`select id from media where id = ${String(signed.body.id)}`).toHaveLength(0);
    const key = `people/${who.personId}/media/${signed.body.id}`;
    expect(await exists(key)).toBe(false);
    expect(await exists(`uploads/${key}`)).toBe(false);
    expect(await exists(`${key}/thumb.webp`)).toBe(false);
    expect(await usage(who.personId)).toBe(GB3 - PNG.length + 1);
  });

  test('confirmations racing for the last space: exactly one is kept, round after round', async () => {
    // Six uploads under way, room for one; all six confirmed at once, 4 rounds.
    for (let round = 0; round < 4; round++) {
      const who = await registerAndSignIn(stack.url, `race${round}`);
      const announced = [];
      for (let i = 0; i < 6; i++) announced.push(await announceAndPut(who));
      await pretendUsed(who.personId, GB3 - PNG.length);
      const results = await Promise.all(announced.map((a) => settle(who, a.body.id)));
      expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409, 409]);
      expect(await usage(who.personId)).toBe(GB3);
      const kept =
        await sql`select id from media where person_id = ${who.personId} and settled_at is not null`;
      expect(kept).toHaveLength(1);
    }
  });

  test('the nearly-full and full prompts are the spec’s words', () => {
    expect(storageLimitMessages.full).toBe('Your library is full!');
    expect(storageLimitMessages.nearlyFull).toBe('Your library is nearly full!');
  });
});

describe('a picture’s copies', () => {
  test('a large photo gets a display copy and a tile, upright by its EXIF orientation; the original is kept', async () => {
    const who = await registerAndSignIn(stack.url, 'variants');
    // 3000×2000, stored turned (EXIF orientation 6: shown 2000 wide, 3000 high).
    const photo = await sharp({
      create: {
        width: 3000,
        height: 2000,
        channels: 3,
        background: '#6a8',
        noise: { type: 'gaussian', mean: 128, sigma: 40 },
      },
    })
      .jpeg({ quality: 90 })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const signed = await announceAndPut(who, photo, 'image/jpeg');
    expect(signed.status).toBe(201);
    const settled = await settle(who, signed.body.id);
    expect(settled.status).toBe(200);
    expect(settled.body).toMatchObject({ width: 2000, height: 3000 });

    const path = `/api/people/${who.personId}/media/${signed.body.id}/signed`;
    const sizes: Record<string, { type: string | null; bytes: Buffer }> = {};
    for (const size of ['', '?size=display', '?size=thumb']) {
      const res = await call(who, 'GET', `${path}${size}`);
      expect(res.status).toBe(200);
      const got = await fetch(String(res.body.url));
      expect(got.status).toBe(200);
      sizes[size] = {
        type: got.headers.get('content-type'),
        bytes: Buffer.from(await got.arrayBuffer()),
      };
    }
    expect(sizes['']?.type).toBe('image/jpeg');
    expect(sizes['']?.bytes.equals(photo)).toBe(true);
    expect(sizes['?size=display']?.type).toBe('image/webp');
    expect(sizes['?size=thumb']?.type).toBe('image/webp');
    const display = await sharp(sizes['?size=display']?.bytes).metadata();
    const thumb = await sharp(sizes['?size=thumb']?.bytes).metadata();
    expect([display.width, display.height]).toEqual([1067, 1600]);
    expect(Math.max(thumb.width ?? 0, thumb.height ?? 0)).toBe(400);
    expect(thumb.height).toBeGreaterThan(thumb.width ?? 0);
    expect(sizes['?size=thumb']?.bytes.length).toBeLessThan(photo.length / 10);

    // The redirect for an <img> asks for a size the same way.
    const redirect = await call(who, 'GET', `${path}/redirect?size=thumb`);
    expect(redirect.status).toBe(302);
    expect(redirect.headers.get('location')).toContain('thumb.webp');
  });

  test('a small picture is its own display copy; a tile is still made', async () => {
    const who = await registerAndSignIn(stack.url, 'small');
    const signed = await announceAndPut(who);
    const settled = await settle(who, signed.body.id);
    expect(settled.body).toMatchObject({ width: 1, height: 1 });
    const [row] =
      await sql`select display_key, thumb_key from media where id = ${String(signed.body.id)}`;
    expect(row?.display_key).toBeNull();
    expect(row?.thumb_key).toMatch(/thumb\.webp$/);
    const display = await call(
      who,
      'GET',
      `/api/people/${who.personId}/media/${signed.body.id}/signed?size=display`,
    );
    expect(String(display.body.url)).not.toContain('display.webp');
  });

  test('bytes that begin like a picture but are none are refused, and nothing is kept', async () => {
    const who = await registerAndSignIn(stack.url, 'broken');
    // A PNG signature and header, then garbage: file-type says PNG, no decoder can read it.
    const broken = Buffer.concat([PNG.subarray(0, 33), Buffer.alloc(200, 7)]);
    const signed = await announceAndPut(who, broken);
    const refused = await settle(who, signed.body.id);
    expect(refused.status).toBe(400);
    expect(await sql`select id from media where id = ${String(signed.body.id)}`).toHaveLength(0);
    expect(await usage(who.personId)).toBe(0);
  });
});

describe('a description over REST', () => {
  test('PUT …/media/{id} changes it with a history event; too long is refused and changes nothing', async () => {
    const who = await registerAndSignIn(stack.url, 'describe');
    const signed = await announceAndPut(who);
    await settle(who, signed.body.id);
    const path = `/api/people/${who.personId}/media/${signed.body.id}`;
    const put = await call(who, 'PUT', path, { description: '  A red teapot on the bench  ' });
    expect(put.status).toBe(200);
    expect(put.body.description).toBe('A red teapot on the bench');
    const events =
      await sql`select type, message from history_event where related_id = ${String(signed.body.id)} order by created_at`;
    expect(events.at(-1)).toMatchObject({
      type: 'Modify',
      message: 'Changed the description of “photo.png”',
    });

    const long = await call(who, 'PUT', path, { description: 'x'.repeat(1001) });
    expect(long.status).toBe(400);
    const [row] = await sql`select description from media where id = ${String(signed.body.id)}`;
    expect(row?.description).toBe('A red teapot on the bench');

    // Another library's item, or a supporter without write access: not found / refused.
    const other = await call(dm, 'PUT', path.replace(who.personId, aroha), { description: 'x' });
    expect(other.status).toBe(404);
    const stranger = await call(dm, 'PUT', path, { description: 'mine now' });
    expect([403, 404]).toContain(stranger.status);
    const [still] = await sql`select description from media where id = ${String(signed.body.id)}`;
    expect(still?.description).toBe('A red teapot on the bench');
    expect(tea).toBeTruthy();
  });
});

describe('a supporter’s photo and media-source tokens', () => {
  test('the Circle shows a supporter’s current photo to whoever may read the link, and nothing else', async () => {
    // Ana (Administrator of Aroha) has a library of her own to keep her photo in.
    const ana = await signIn(stack.url, 'ana@example.com');
    const tui = await signIn(stack.url, 'tui@example.com');
    const signed = await announceAndPut(ana);
    expect((await settle(ana, signed.body.id)).status).toBe(200);
    const photoId = String(signed.body.id);
    const link = seedId('link:ana->aroha');
    await sql`update person set photo_id = ${photoId} where id = ${ana.personId}`;
    try {
      const path = `/api/people/${aroha}/supporters/${link}/photo/${photoId}/signed/redirect`;
      const ok = await call(dm, 'GET', path);
      expect(ok.status).toBe(302);
      // A tile, unless asked otherwise.
      expect(ok.headers.get('location')).toContain('thumb.webp');
      const img = await fetch(String(ok.headers.get('location')));
      expect(img.headers.get('content-type')).toBe('image/webp');
      // Another photo id, another person's Circle, a stranger: not found.
      expect((await call(dm, 'GET', path.replace(photoId, tea))).status).toBe(404);
      expect((await call(tui, 'GET', path.replace(aroha, tui.personId))).status).toBe(404);
      expect([403, 404]).toContain((await call(tui, 'GET', path)).status);
    } finally {
      // Ana's library as it was: no photo (its files are queued for removal with the row).
      await sql`update person set photo_id = null where id = ${ana.personId}`;
      await sql`delete from media where id = ${photoId}`;
    }
  });

  test('a media-source token reads one item without the cookie, while the session lasts and access holds', async () => {
    const who = await registerAndSignIn(stack.url, 'source');
    const signed = await announceAndPut(who);
    await settle(who, signed.body.id);
    const id = String(signed.body.id);
    const issued = await call(who, 'GET', `/api/media-source/${id}/token`);
    expect(issued.status).toBe(200);
    expect(issued.headers.get('cache-control')).toBe('no-store');
    const url = `${stack.url}${issued.body.url}`;
    const read = await fetch(url, { redirect: 'manual' });
    expect(read.status).toBe(302);
    const bytes = Buffer.from(
      await (await fetch(String(read.headers.get('location')))).arrayBuffer(),
    );
    expect(bytes.equals(PNG)).toBe(true);

    // For another item, tampered, or from someone who may not read it: refused.
    const other = await announceAndPut(who);
    await settle(who, other.body.id);
    expect(
      (await fetch(url.replace(id, String(other.body.id)), { redirect: 'manual' })).status,
    ).toBe(401);
    expect((await fetch(`${url.slice(0, -2)}xx`, { redirect: 'manual' })).status).toBe(401);
    expect((await call(dm, 'GET', `/api/media-source/${id}/token`)).status).toBe(404);

    // Signed out: the token ends with the session.
    await sql`update private.session set revoked_at = now() where user_id = ${who.userId}`;
    expect((await fetch(url, { redirect: 'manual' })).status).toBe(401);
  });
});

describe('the development store holds uploads to their checksums, as S3 does', () => {
  const key = () => `uploads/checksum-test/${crypto.randomUUID()}`;
  const client = (checksums: 'WHEN_SUPPORTED' | 'WHEN_REQUIRED') =>
    new S3Client({
      region: 'us-east-1',
      endpoint: stack.mediaEndpoint,
      forcePathStyle: true,
      credentials: DEV_CREDENTIALS,
      requestChecksumCalculation: checksums,
    });

  test('a presigned PUT carrying the SDK’s default checksum (of an empty body) is refused with BadDigest; ours is taken', async () => {
    // What the SDK signs by default: a CRC32 computed before there was a body.
    const k1 = key();
    const defaultUrl = await getSignedUrl(
      client('WHEN_SUPPORTED'),
      new PutObjectCommand({ Bucket: DEV_BUCKET, Key: k1, ContentType: 'image/png' }),
      { expiresIn: 60 },
    );
    expect(defaultUrl).toMatch(/x-amz-checksum-crc32=/);
    const refused = await fetch(defaultUrl, {
      method: 'PUT',
      headers: { 'content-type': 'image/png' },
      body: new Uint8Array(PNG),
    });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain('<Code>BadDigest</Code>');
    expect(await exists(k1)).toBe(false);

    // The right checksum of the right body: stored.
    const k2 = key();
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(PNG));
    const rightUrl = await getSignedUrl(
      client('WHEN_REQUIRED'),
      new PutObjectCommand({
        Bucket: DEV_BUCKET,
        Key: k2,
        ContentType: 'image/png',
        ChecksumCRC32: crc.toString('base64'),
      }),
      { expiresIn: 60 },
    );
    const taken = await fetch(rightUrl, {
      method: 'PUT',
      headers: { 'content-type': 'image/png' },
      body: new Uint8Array(PNG),
    });
    expect(taken.status).toBe(200);
    expect(await exists(k2)).toBe(true);
    await store.remove(k2);

    // The upload URL the API hands out carries no checksum: the browser's body is what counts.
    const who = await registerAndSignIn(stack.url, 'checksum');
    const signed = await call(who, 'POST', `/api/people/${who.personId}/media/signed`, {
      name: 'photo.png',
      contentType: 'image/png',
      contentLength: PNG.length,
      purpose: 'photo',
    });
    expect(String(signed.body.url)).not.toMatch(/x-amz-checksum/i);
  });

  test('a header-signed PUT whose body is not the one signed is refused (XAmzContentSHA256Mismatch)', async () => {
    const signer = new SignatureV4({
      credentials: DEV_CREDENTIALS,
      region: 'us-east-1',
      service: 's3',
      sha256: Sha256,
    });
    const k = key();
    const url = new URL(`${stack.mediaEndpoint}/${DEV_BUCKET}/${k}`);
    const signedBody = Buffer.from('the body that was signed');
    const request = await signer.sign({
      method: 'PUT',
      protocol: 'http:',
      hostname: url.hostname,
      port: Number(url.port),
      path: url.pathname,
      headers: {
        host: url.host,
        'content-type': 'text/plain',
        'x-amz-content-sha256': createHash('sha256').update(signedBody).digest('hex'),
      },
      body: signedBody,
    });
    const send = (body: Buffer) =>
      fetch(url, { method: 'PUT', headers: request.headers, body: new Uint8Array(body) });
    const tampered = await send(Buffer.from('another body, same len!!'));
    expect(tampered.status).toBe(400);
    expect(await tampered.text()).toContain('XAmzContentSHA256Mismatch');
    expect(await exists(k)).toBe(false);
    expect((await send(signedBody)).status).toBe(200);
    expect(await exists(k)).toBe(true);
    await store.remove(k);
  });
});
