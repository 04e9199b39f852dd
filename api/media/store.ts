/**
 * The media store: an S3-compatible bucket. Browsers upload straight to it with
 * a presigned PUT and read through short-lived presigned GETs; the API only
 * signs, checks what arrived (HEAD and the first bytes), copies it to where it
 * is read from, and deletes. Objects are private.
 */
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';

export type StoredObject = { contentType: string | undefined; contentLength: number };

/** How a file is served: its type and Content-Disposition (signed into the read URL). */
export type Served = { contentType: string; contentDisposition: string };

export type MediaStore = {
  /**
   * A URL the browser PUTs the file to, with exactly this type and length: both
   * are signed, so the store refuses another (ADR 011).
   */
  signUpload: (key: string, contentType: string, contentLength: number) => Promise<string>;
  /** A URL that reads the object for `expiresIn` seconds, served as `served` says. */
  signDownload: (key: string, expiresIn: number, served?: Served) => Promise<string>;
  /** What is stored under `key`, or undefined when nothing is. */
  head: (key: string) => Promise<StoredObject | undefined>;
  /** The first `bytes` bytes of `key` and its ETag; undefined when nothing is there. */
  readStart: (
    key: string,
    bytes: number,
  ) => Promise<{ bytes: Uint8Array; etag: string | undefined } | undefined>;
  /**
   * Copies `from` (only while its ETag is still `ifMatch`) to `to`, stored as
   * `served` says. False when `from` changed or went meanwhile.
   */
  copy: (from: string, to: string, served: Served, ifMatch: string | undefined) => Promise<boolean>;
  /** Stores `bytes` under `key` as `contentType` (the API's own writes: a photo from a search, a picture's copies). */
  put: (key: string, bytes: Uint8Array, contentType: string, served?: Served) => Promise<void>;
  /** The whole object under `key`; undefined when nothing is there. */
  read: (key: string) => Promise<Uint8Array | undefined>;
  /** Keys under `prefix` and when each was last written. */
  list: (prefix: string) => Promise<Array<{ key: string; lastModified: Date }>>;
  remove: (key: string) => Promise<void>;
};

export const UPLOAD_URL_SECONDS = 15 * 60;

/**
 * Headers every response carrying media bytes must have, beside the type and
 * Content-Disposition signed into its URL: never sniffed into another type,
 * and opened on its own it is a sandboxed document that runs nothing and
 * loads nothing but itself. S3 cannot add these per object: the development
 * store adds them (api/dev/object-store.ts), and in production the proxy
 * or CDN in front of the bucket must (docs/deployment.md).
 */
export const MEDIA_RESPONSE_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  'Content-Security-Policy': "sandbox; default-src 'none'; img-src 'self'; media-src 'self'",
} as const;

export type S3Settings = {
  endpoint?: string | undefined;
  region: string;
  bucket: string;
  accessKeyId?: string | undefined;
  secretAccessKey?: string | undefined;
  forcePathStyle: boolean;
};

const statusOf = (e: unknown) =>
  (e as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;

export function s3MediaStore(settings: S3Settings): MediaStore {
  const client = new S3Client({
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    ...(settings.accessKeyId && settings.secretAccessKey
      ? {
          credentials: {
            accessKeyId: settings.accessKeyId,
            secretAccessKey: settings.secretAccessKey,
          },
        }
      : {}),
    // Otherwise a presigned PUT carries a checksum of an empty body and real S3
    // refuses the browser's upload (STACK-NOTES.md).
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = settings.bucket;
  return {
    signUpload: (key, contentType, contentLength) =>
      getSignedUrl(
        client,
        new PutObjectCommand({
          Bucket,
          Key: key,
          ContentType: contentType,
          ContentLength: contentLength,
        }),
        // The presigner leaves Content-Type out of the signature unless told:
        // signed, a PUT of text/html with this URL is refused by the store.
        { expiresIn: UPLOAD_URL_SECONDS, signableHeaders: new Set(['content-type']) },
      ),
    signDownload: (key, expiresIn, served) =>
      getSignedUrl(
        client,
        new GetObjectCommand({
          Bucket,
          Key: key,
          ...(served
            ? {
                ResponseContentType: served.contentType,
                ResponseContentDisposition: served.contentDisposition,
              }
            : {}),
        }),
        { expiresIn },
      ),
    head: async (key) => {
      try {
        const out = await client.send(new HeadObjectCommand({ Bucket, Key: key }));
        return { contentType: out.ContentType, contentLength: out.ContentLength ?? 0 };
      } catch (e) {
        if (statusOf(e) === 404) return undefined;
        throw e;
      }
    },
    readStart: async (key, bytes) => {
      try {
        const out = await client.send(
          new GetObjectCommand({ Bucket, Key: key, Range: `bytes=0-${bytes - 1}` }),
        );
        const body = out.Body ? await out.Body.transformToByteArray() : new Uint8Array();
        return { bytes: body.subarray(0, bytes), etag: out.ETag };
      } catch (e) {
        if (statusOf(e) === 404) return undefined;
        throw e;
      }
    },
    copy: async (from, to, served, ifMatch) => {
      try {
        await client.send(
          new CopyObjectCommand({
            Bucket,
            Key: to,
            CopySource: `${Bucket}/${from}`,
            ...(ifMatch ? { CopySourceIfMatch: ifMatch } : {}),
            MetadataDirective: 'REPLACE',
            ContentType: served.contentType,
            ContentDisposition: served.contentDisposition,
          }),
        );
        return true;
      } catch (e) {
        if (statusOf(e) === 404 || statusOf(e) === 412) return false;
        throw e;
      }
    },
    put: async (key, bytes, contentType, served) => {
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: key,
          Body: bytes,
          ContentType: served?.contentType ?? contentType,
          ...(served ? { ContentDisposition: served.contentDisposition } : {}),
        }),
      );
    },
    read: async (key) => {
      try {
        const out = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        return out.Body ? await out.Body.transformToByteArray() : new Uint8Array();
      } catch (e) {
        if (statusOf(e) === 404) return undefined;
        throw e;
      }
    },
    list: async (prefix) => {
      const found: Array<{ key: string; lastModified: Date }> = [];
      let token: string | undefined;
      do {
        const out = await client.send(
          new ListObjectsV2Command({ Bucket, Prefix: prefix, ContinuationToken: token }),
        );
        for (const o of out.Contents ?? []) {
          if (o.Key) found.push({ key: o.Key, lastModified: o.LastModified ?? new Date(0) });
        }
        token = out.IsTruncated ? out.NextContinuationToken : undefined;
      } while (token);
      return found;
    },
    remove: async (key) => {
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
  };
}
