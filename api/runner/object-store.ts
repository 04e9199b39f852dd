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
import { mkdir } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import S3rver from 's3rver';
import { MEDIA_RESPONSE_HEADERS } from '../media/store.ts';
import { StackError } from './errors.ts';
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
        (result) => (result.ok ? s3rver(req, res) : refusal(req, res, result, opts.origin)),
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
