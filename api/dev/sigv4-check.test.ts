/**
 * The development store's signature check against what the AWS SDK really
 * signs: presigned URLs from the media store, and the API's own calls as the
 * SDK sends them (captured by a local server). Changed, expired or unsigned
 * requests are refused, as a real S3 store refuses them.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { s3MediaStore } from '../media/store.ts';
import { type ArrivedRequest, signatureChecker } from './sigv4-check.ts';

const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
const region = 'us-east-1';
const check = signatureChecker({ credentials, region });
const later = (ms: number) =>
  signatureChecker({ credentials, region, now: () => new Date(Date.now() + ms) });

let server: http.Server;
let endpoint: string;
const arrived: ArrivedRequest[] = [];

beforeAll(async () => {
  // Answers every call as S3 would for an empty success, and keeps what arrived.
  server = http.createServer((req, res) => {
    arrived.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers });
    req.resume();
    res.writeHead(200, {
      'content-type': 'application/xml',
      'content-length': '0',
      etag: '"e"',
    });
    res.end();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  endpoint = `http://localhost:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((r) => server.close(r));
});

const store = () =>
  s3MediaStore({ endpoint, region, bucket: 'media', ...credentials, forcePathStyle: true });

/** A presigned URL as the browser sends it, with these headers. */
function asSent(url: string, method: string, headers: Record<string, string>): ArrivedRequest {
  const u = new URL(url);
  return { method, url: `${u.pathname}${u.search}`, headers: { host: u.host, ...headers } };
}

const refusedWith = (code: string) => expect.objectContaining({ ok: false, code });

describe('a presigned upload URL', () => {
  test('is accepted with exactly the type and length it was signed for', async () => {
    const url = await store().signUpload('uploads/a/b', 'image/png', 68);
    expect(new URL(url).searchParams.get('X-Amz-SignedHeaders')).toBe(
      'content-length;content-type;host',
    );
    const ok = asSent(url, 'PUT', { 'content-type': 'image/png', 'content-length': '68' });
    expect(await check(ok)).toEqual({ ok: true });
  });

  test('another type, another length, no type: refused', async () => {
    const url = await store().signUpload('uploads/a/b', 'image/png', 68);
    for (const headers of [
      { 'content-type': 'text/html', 'content-length': '68' },
      { 'content-type': 'image/png', 'content-length': '69' },
      { 'content-length': '68' },
    ]) {
      expect(await check(asSent(url, 'PUT', headers))).toEqual(
        refusedWith('SignatureDoesNotMatch'),
      );
    }
  });

  test('a changed key, signature, life or method: refused', async () => {
    const url = await store().signUpload('uploads/a/b', 'image/png', 68);
    const headers = { 'content-type': 'image/png', 'content-length': '68' };
    const tampered = [
      url.replace('/uploads/a/b', '/uploads/a/c'),
      url.replace(
        /X-Amz-Signature=([0-9a-f])/,
        (_m, c: string) => `X-Amz-Signature=${c === '0' ? '1' : '0'}`,
      ),
      url.replace('X-Amz-Expires=900', 'X-Amz-Expires=901'),
    ];
    for (const u of tampered) {
      expect(await check(asSent(u, 'PUT', headers))).toEqual(refusedWith('SignatureDoesNotMatch'));
    }
    expect(await check(asSent(url, 'POST', headers))).toEqual(refusedWith('SignatureDoesNotMatch'));
  });

  test('expired after its 15 minutes; signed with other credentials: refused', async () => {
    const url = await store().signUpload('uploads/a/b', 'image/png', 68);
    const headers = { 'content-type': 'image/png', 'content-length': '68' };
    expect(await later(14 * 60_000)(asSent(url, 'PUT', headers))).toEqual({ ok: true });
    expect(await later(16 * 60_000)(asSent(url, 'PUT', headers))).toEqual(
      refusedWith('AccessDenied'),
    );
    const forged = await s3MediaStore({
      endpoint,
      region,
      bucket: 'media',
      accessKeyId: 'S3RVER',
      secretAccessKey: 'guessed',
      forcePathStyle: true,
    }).signUpload('uploads/a/b', 'image/png', 68);
    expect(await check(asSent(forged, 'PUT', headers))).toEqual(
      refusedWith('SignatureDoesNotMatch'),
    );
    const stranger = await s3MediaStore({
      endpoint,
      region,
      bucket: 'media',
      accessKeyId: 'SOMEONE',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
    }).signUpload('uploads/a/b', 'image/png', 68);
    expect(await check(asSent(stranger, 'PUT', headers))).toEqual(
      refusedWith('InvalidAccessKeyId'),
    );
  });
});

describe('a presigned read URL', () => {
  test('accepted as signed; its served type cannot be changed; unsigned reads refused', async () => {
    const url = await store().signDownload('people/a/media/b', 600, {
      contentType: 'image/png',
      contentDisposition: 'inline; filename="a.png"',
    });
    expect(await check(asSent(url, 'GET', {}))).toEqual({ ok: true });
    const html = url.replace(
      'response-content-type=image%2Fpng',
      'response-content-type=text%2Fhtml',
    );
    expect(html).not.toBe(url);
    expect(await check(asSent(html, 'GET', {}))).toEqual(refusedWith('SignatureDoesNotMatch'));
    const u = new URL(url);
    expect(await check(asSent(`${u.origin}${u.pathname}`, 'GET', {}))).toEqual(
      refusedWith('AccessDenied'),
    );
  });
});

describe("the API's own calls (Authorization header)", () => {
  test('HEAD, ranged GET, copy, list and delete as the SDK sends them are accepted', async () => {
    arrived.length = 0;
    const s = store();
    await s.head('uploads/a/b');
    await s.readStart('uploads/a/b', 16).catch(() => undefined);
    await s
      .copy(
        'uploads/a/b',
        'people/a/media/b',
        {
          contentType: 'image/png',
          contentDisposition: 'inline; filename="b.png"',
        },
        '"e"',
      )
      .catch(() => undefined);
    await s.list('uploads/').catch(() => undefined);
    await s.remove('uploads/a/b');
    // (The SDK may retry a call this server answers with an empty body.)
    expect(new Set(arrived.map((r) => r.method))).toEqual(
      new Set(['HEAD', 'GET', 'PUT', 'DELETE']),
    );
    expect(arrived.some((r) => r.headers['x-amz-copy-source'])).toBe(true);
    expect(arrived.some((r) => r.headers.range)).toBe(true);
    expect(arrived.some((r) => r.url.includes('list-type=2'))).toBe(true);
    for (const req of arrived)
      expect(await check(req), `${req.method} ${req.url}`).toEqual({ ok: true });
  });

  test('a changed path, header or time: refused', async () => {
    arrived.length = 0;
    await store().head('people/a/media/b');
    const [req] = arrived;
    if (!req) throw new Error('no request arrived');
    expect(await check({ ...req, url: req.url.replace('/b', '/c') })).toEqual(
      refusedWith('SignatureDoesNotMatch'),
    );
    expect(
      await check({
        ...req,
        headers: { ...req.headers, 'x-amz-content-sha256': 'UNSIGNED-PAYLOAD' },
      }),
    ).toEqual(refusedWith('SignatureDoesNotMatch'));
    expect(await later(20 * 60_000)(req)).toEqual(refusedWith('RequestTimeTooSkewed'));
  });
});
