/**
 * Checks the AWS Signature Version 4 of a request to the development media
 * store, as a real S3 store does: s3rver checks none (STACK-NOTES.md), and
 * without this a signed upload URL would accept any Content-Type, any length
 * and any tampering. The request is signed again with the store's own
 * credentials (by @smithy/signature-v4, the AWS SDK's own signer) from exactly
 * what it says was signed, and the signatures must match. Covered: presigned
 * URLs (query) and the API's own calls (Authorization header). The body is
 * held to its checksums (x-amz-content-sha256, x-amz-checksum-*) by the store's
 * front (api/dev/object-store.ts bodyChecksums), as S3 does.
 */
import { createHash, createHmac, type Hash, type Hmac, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { SignatureV4 } from '@smithy/signature-v4';

export type StoreCredentials = { accessKeyId: string; secretAccessKey: string };

/** What a refusal says, as S3 says it. */
export type SignatureCheck =
  | { ok: true }
  | {
      ok: false;
      code:
        | 'AccessDenied'
        | 'InvalidAccessKeyId'
        | 'SignatureDoesNotMatch'
        | 'RequestTimeTooSkewed';
      message: string;
    };

/** A request as it arrived: its method, its URL as sent (path and query) and its headers. */
export type ArrivedRequest = { method: string; url: string; headers: IncomingHttpHeaders };

/** How far a header-signed request's time may be from ours (S3's own limit). */
const MAX_SKEW_MS = 15 * 60 * 1000;
/** The longest life SigV4 allows a presigned URL. */
const MAX_EXPIRES_SECONDS = 7 * 24 * 60 * 60;
const ALGORITHM = 'AWS4-HMAC-SHA256';
const UNSIGNED_PAYLOAD = 'UNSIGNED-PAYLOAD';

/** SHA-256, plain or keyed, in the shape the signer takes. */
export class Sha256 {
  private hash: Hash | Hmac;
  constructor(private readonly secret?: string | ArrayBuffer | ArrayBufferView) {
    this.hash = this.fresh();
  }
  private fresh() {
    if (this.secret === undefined) return createHash('sha256');
    const key =
      typeof this.secret === 'string'
        ? this.secret
        : ArrayBuffer.isView(this.secret)
          ? new Uint8Array(this.secret.buffer, this.secret.byteOffset, this.secret.byteLength)
          : new Uint8Array(this.secret);
    return createHmac('sha256', key);
  }
  update(chunk: Uint8Array | string) {
    this.hash.update(chunk);
  }
  digest() {
    return Promise.resolve(new Uint8Array(this.hash.digest()));
  }
  reset() {
    this.hash = this.fresh();
  }
}

const refuse = (code: Exclude<SignatureCheck, { ok: true }>['code'], message: string) =>
  ({ ok: false, code, message }) as const;

/** `20261123T213543Z` as a time; undefined when it is not one. */
function amzDate(value: string | undefined): Date | undefined {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value ?? '');
  if (!m) return undefined;
  const [, y, mo, d, h, mi, s] = m.map(Number) as number[];
  const t = Date.UTC(y ?? 0, (mo ?? 1) - 1, d, h, mi, s);
  return Number.isNaN(t) ? undefined : new Date(t);
}

/** The path as sent (never re-encoded: S3 signs it so) and the query, decoded. */
function split(url: string) {
  const at = url.indexOf('?');
  const path = at < 0 ? url : url.slice(0, at);
  const query: Record<string, string | string[]> = {};
  for (const [k, v] of new URLSearchParams(at < 0 ? '' : url.slice(at + 1))) {
    const had = query[k];
    query[k] = had === undefined ? v : [...(Array.isArray(had) ? had : [had]), v];
  }
  return { path, query };
}

const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

/** The headers the request says were signed, as they arrived; undefined when one is missing. */
function signedHeaders(headers: IncomingHttpHeaders, names: string[]) {
  const picked: Record<string, string> = {};
  for (const name of names) {
    const value = headers[name];
    if (value === undefined) return undefined;
    picked[name] = Array.isArray(value) ? value.join(',') : value;
  }
  return picked;
}

function same(a: string | undefined, b: string | undefined) {
  if (a === undefined || b === undefined || a.length !== b.length) return false;
  return timingSafeEqual(Buffer.from(a), Buffer.from(b));
}

/** `Credential=…, SignedHeaders=…, Signature=…` of an Authorization header. */
function authorizationParts(value: string) {
  if (!value.startsWith(`${ALGORITHM} `)) return undefined;
  const parts = new Map(
    value
      .slice(ALGORITHM.length + 1)
      .split(',')
      .map((p) => {
        const [k = '', ...v] = p.trim().split('=');
        return [k, v.join('=')] as const;
      }),
  );
  const credential = parts.get('Credential');
  const names = parts.get('SignedHeaders');
  const signature = parts.get('Signature');
  return credential && names && signature ? { credential, names, signature } : undefined;
}

export function signatureChecker(opts: {
  credentials: StoreCredentials;
  region: string;
  /** The clock (tests). */
  now?: () => Date;
}) {
  const signer = new SignatureV4({
    credentials: opts.credentials,
    region: opts.region,
    service: 's3',
    sha256: Sha256,
    // S3 signs the path as sent, and leaves the payload unhashed when told.
    uriEscapePath: false,
    applyChecksum: false,
  });
  const now = () => (opts.now ? opts.now() : new Date());
  const ourKey = (credential: string) => credential.split('/')[0] === opts.credentials.accessKeyId;

  /** A presigned URL: signed again from its own date, life and signed headers. */
  async function presigned(req: ArrivedRequest): Promise<SignatureCheck> {
    const { path, query } = split(req.url);
    const credential = one(query['X-Amz-Credential']) ?? '';
    if (one(query['X-Amz-Algorithm']) !== ALGORITHM) {
      return refuse('AccessDenied', 'Only AWS4-HMAC-SHA256 is supported.');
    }
    if (!ourKey(credential)) return refuse('InvalidAccessKeyId', 'Unknown access key.');
    const signedAt = amzDate(one(query['X-Amz-Date']));
    const expires = Number(one(query['X-Amz-Expires']));
    if (!signedAt || !Number.isInteger(expires) || expires < 1 || expires > MAX_EXPIRES_SECONDS) {
      return refuse('AccessDenied', 'X-Amz-Date or X-Amz-Expires is not valid.');
    }
    const t = now().getTime();
    if (t > signedAt.getTime() + expires * 1000)
      return refuse('AccessDenied', 'Request has expired');
    if (signedAt.getTime() > t + MAX_SKEW_MS) {
      return refuse('RequestTimeTooSkewed', 'The request was signed in the future.');
    }
    const names = (one(query['X-Amz-SignedHeaders']) ?? '').split(';');
    const headers = signedHeaders(req.headers, names);
    if (!headers || !names.includes('host')) {
      return refuse('SignatureDoesNotMatch', 'A signed header is missing.');
    }
    const { 'X-Amz-Signature': signature, 'X-Amz-Content-Sha256': payload, ...rest } = query;
    const again = await signer.presign(
      {
        method: req.method,
        protocol: 'http:',
        hostname: headers.host ?? '',
        path,
        query: rest,
        // Hoisted back into the query as the SDK did; it names the payload hash.
        headers: { ...headers, 'X-Amz-Content-Sha256': one(payload) ?? UNSIGNED_PAYLOAD },
      },
      {
        signingDate: signedAt,
        expiresIn: expires,
        signableHeaders: new Set(names),
        unhoistableHeaders: new Set(names),
      },
    );
    const signed = again.query ?? {};
    const ok =
      same(String(signed['X-Amz-Credential']), credential) &&
      same(String(signed['X-Amz-SignedHeaders']), names.join(';')) &&
      same(String(signed['X-Amz-Signature']), one(signature));
    return ok ? { ok } : refuse('SignatureDoesNotMatch', 'The signature does not match.');
  }

  /** A request signed in its Authorization header (the API's own calls). */
  async function headerSigned(req: ArrivedRequest, value: string): Promise<SignatureCheck> {
    const auth = authorizationParts(value);
    if (!auth) return refuse('AccessDenied', 'Only AWS4-HMAC-SHA256 is supported.');
    if (!ourKey(auth.credential)) return refuse('InvalidAccessKeyId', 'Unknown access key.');
    const signedAt = amzDate(one(req.headers['x-amz-date']));
    if (!signedAt) return refuse('AccessDenied', 'X-Amz-Date is missing.');
    if (Math.abs(now().getTime() - signedAt.getTime()) > MAX_SKEW_MS) {
      return refuse('RequestTimeTooSkewed', 'The request time is too far from ours.');
    }
    const names = auth.names.split(';');
    const headers = signedHeaders(req.headers, names);
    if (!headers || !names.includes('host')) {
      return refuse('SignatureDoesNotMatch', 'A signed header is missing.');
    }
    const { path, query } = split(req.url);
    const again = await signer.sign(
      { method: req.method, protocol: 'http:', hostname: headers.host ?? '', path, query, headers },
      { signingDate: signedAt, signableHeaders: new Set(names) },
    );
    const mine = authorizationParts(String(again.headers.authorization ?? ''));
    const ok =
      mine !== undefined &&
      same(mine.credential, auth.credential) &&
      same(mine.names, auth.names) &&
      same(mine.signature, auth.signature);
    return ok ? { ok } : refuse('SignatureDoesNotMatch', 'The signature does not match.');
  }

  /** Whether `req` is signed with our credentials, unchanged and in time. Unsigned: refused. */
  return async function check(req: ArrivedRequest): Promise<SignatureCheck> {
    const authorization = one(req.headers.authorization);
    if (authorization) return headerSigned(req, authorization);
    if (req.url.includes('X-Amz-Algorithm=')) return presigned(req);
    return refuse('AccessDenied', 'Access Denied');
  };
}
