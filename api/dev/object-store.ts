/**
 * The development media store: an S3-compatible server (s3rver) in this
 * process, with its files under DATA_DIR/s3, for `npm start` without S3
 * settings and for the tests. It speaks the S3 protocol the production store
 * speaks (presigned PUT/GET, HEAD, ranged GET, COPY, LIST, DELETE).
 *
 * s3rver itself checks no signature (STACK-NOTES.md), so it sits behind a
 * front that does what a real store does and what ADR 011 relies on: every
 * request must carry a valid SigV4 signature of our credentials (a presigned
 * URL or the API's own calls), so a PUT with another Content-Type or length
 * than signed, a tampered or expired URL, or an unsigned read is refused with
 * 403 before s3rver sees it. Every response also carries the headers a
 * production bucket's proxy or CDN must add (MEDIA_RESPONSE_HEADERS).
 */

import { createHash } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { Readable } from 'node:stream';
import zlib from 'node:zlib';
import S3rver from 's3rver';
import { MEDIA_RESPONSE_HEADERS } from '../media/store.ts';
import { StackError } from '../startup-errors.ts';
import { portIsFree } from './ports.ts';
import { type SignatureCheck, signatureChecker } from './sigv4-check.ts';

export const DEV_BUCKET = 'media';
/** The development store's fixed credentials (s3rver's defaults). */
export const DEV_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } as const;
export const DEV_REGION = 'us-east-1';

/** Browsers PUT uploads and GET images from the app's origin. */
function corsFor(origin: string) {
  return `<CORSConfiguration><CORSRule><AllowedOrigin>${origin}</AllowedOrigin><AllowedMethod>PUT</AllowedMethod><AllowedMethod>GET</AllowedMethod><AllowedMethod>HEAD</AllowedMethod><AllowedHeader>*</AllowedHeader><MaxAgeSeconds>3600</MaxAgeSeconds></CORSRule></CORSConfiguration>`;
}

export type DevObjectStore = { endpoint: string; bucket: string; stop: () => Promise<void> };

/** Adds MEDIA_RESPONSE_HEADERS to whatever `res` ends up sending (s3rver's errors included). */
function withMediaHeaders(res: http.ServerResponse) {
  const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => http.ServerResponse;
  res.writeHead = ((...args: unknown[]) => {
    for (const [name, value] of Object.entries(MEDIA_RESPONSE_HEADERS)) {
      res.setHeader(name, value);
    }
    return writeHead(...args);
  }) as typeof res.writeHead;
}

/** S3's refusal: 403 with its XML error; readable by the app's page (CORS) so it can say so. */
function refusal(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  check: Exclude<SignatureCheck, { ok: true }>,
  origin: string,
) {
  if (req.headers.origin === origin) {
    res.setHeader('Access-Control-Allow-Origin', origin);
    res.setHeader('Vary', 'Origin');
  }
  res.writeHead(403, { 'Content-Type': 'application/xml' });
  res.end(
    `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${check.code}</Code><Message>${check.message}</Message></Error>`,
  );
}

/** A checksum a request claims for its body: the algorithm and the value as sent. */
type BodyChecksum = {
  algorithm: 'sha256-hex' | 'crc32' | 'crc32c' | 'sha1' | 'sha256';
  value: string;
  name: string;
};

const CHECKSUM_HEADERS = ['crc32', 'crc32c', 'sha1', 'sha256'] as const;

/**
 * The checksums S3 verifies against a body: `x-amz-content-sha256` when it is
 * a hash (not UNSIGNED-PAYLOAD or streaming), and `x-amz-checksum-*`, as a
 * header or, in a presigned URL, in the query.
 */
export function bodyChecksums(req: {
  url?: string | undefined;
  headers: http.IncomingHttpHeaders;
}) {
  const found: BodyChecksum[] = [];
  const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);
  const content = one(req.headers['x-amz-content-sha256']);
  if (content && /^[0-9a-f]{64}$/.test(content)) {
    found.push({ algorithm: 'sha256-hex', value: content, name: 'x-amz-content-sha256' });
  }
  const query = new URL(req.url ?? '/', 'http://store').searchParams;
  for (const algorithm of CHECKSUM_HEADERS) {
    const name = `x-amz-checksum-${algorithm}`;
    const value = one(req.headers[name]) ?? query.get(name) ?? undefined;
    if (value !== undefined) found.push({ algorithm, value, name });
  }
  return found;
}

/** The checksum of `body` as S3 writes it for `algorithm`. */
export function digest(algorithm: BodyChecksum['algorithm'], body: Buffer): string {
  if (algorithm === 'sha256-hex') return createHash('sha256').update(body).digest('hex');
  if (algorithm === 'sha1' || algorithm === 'sha256') {
    return createHash(algorithm).update(body).digest('base64');
  }
  // CRC32C is not in Node: a value we cannot check is never taken as matching.
  if (algorithm === 'crc32c') return '';
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return crc.toString('base64');
}

async function readBody(req: http.IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** `req` with its body, already read, to be read again (s3rver pipes the request). */
function replay(req: http.IncomingMessage, body: Buffer): http.IncomingMessage {
  const stream = Readable.from([body]);
  for (const key of [
    'headers',
    'rawHeaders',
    'method',
    'url',
    'httpVersion',
    'httpVersionMajor',
    'httpVersionMinor',
    'socket',
    'connection',
    'complete',
    'trailers',
  ] as const) {
    Object.defineProperty(stream, key, { value: req[key], enumerable: true });
  }
  return stream as unknown as http.IncomingMessage;
}

/** S3's answer to a body that is not what its checksum says (400 BadDigest / XAmzContentSHA256Mismatch). */
function badDigest(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  wrong: BodyChecksum,
  origin: string,
) {
  if (req.headers.origin === origin) {
    res.setHeader('Access-Control-Allow-Origin', origin);
    res.setHeader('Vary', 'Origin');
  }
  const code = wrong.algorithm === 'sha256-hex' ? 'XAmzContentSHA256Mismatch' : 'BadDigest';
  res.writeHead(400, { 'Content-Type': 'application/xml' });
  res.end(
    `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>The ${wrong.name} you specified did not match the calculated checksum.</Message></Error>`,
  );
}

export async function startDevObjectStore(opts: {
  dataDir: string;
  port: number;
  /** The app's origin, allowed to upload from the browser. */
  origin: string;
}): Promise<DevObjectStore> {
  if (!(await portIsFree(opts.port, '127.0.0.1'))) {
    throw new StackError(
      'media store',
      `port ${opts.port} is already in use (set S3_DEV_PORT, or S3_BUCKET for a real store)`,
    );
  }
  const directory = path.join(opts.dataDir, 's3');
  await mkdir(directory, { recursive: true });
  const s3 = new S3rver({
    silent: true,
    directory,
    configureBuckets: [{ name: DEV_BUCKET, configs: [corsFor(opts.origin)] }],
  });
  const check = signatureChecker({ credentials: DEV_CREDENTIALS, region: DEV_REGION });
  let server: http.Server;
  try {
    await s3.configureBuckets();
    // s3rver answers in this process, only through the front: nothing reaches it unchecked.
    const s3rver = s3.callback();
    server = http.createServer((req, res) => {
      withMediaHeaders(res);
      // A CORS preflight carries no signature (browsers never send one with it).
      if (req.method === 'OPTIONS') return void s3rver(req, res);
      check({ method: req.method ?? 'GET', url: req.url ?? '/', headers: req.headers }).then(
        async (result) => {
          if (!result.ok) return refusal(req, res, result, opts.origin);
          const claims = bodyChecksums(req);
          if (claims.length === 0) return s3rver(req, res);
          // As S3: a body that is not what its checksums say is refused, and nothing is stored.
          const body = await readBody(req);
          const wrong = claims.find((c) => digest(c.algorithm, body) !== c.value);
          if (wrong) return badDigest(req, res, wrong, opts.origin);
          s3rver(replay(req, body), res);
        },
        (e: unknown) => {
          res.writeHead(500, { 'Content-Type': 'text/plain' });
          res.end(e instanceof Error ? e.message : String(e));
        },
      );
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(opts.port, '127.0.0.1', () => resolve());
    });
  } catch (e) {
    throw new StackError('media store', e instanceof Error ? e.message : String(e));
  }
  return {
    // `localhost`, as the app: the browser loads images from it.
    endpoint: `http://localhost:${opts.port}`,
    bucket: DEV_BUCKET,
    stop: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
