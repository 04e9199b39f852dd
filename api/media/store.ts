/**
 * The media store: an S3-compatible bucket. Browsers upload straight to it with
 * a presigned PUT and read through short-lived presigned GETs; the API only
 * signs, checks what arrived (HEAD) and deletes. Objects are private.
 */
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';

export type StoredObject = { contentType: string | undefined; contentLength: number };

export type MediaStore = {
  /** A URL the browser PUTs the file to, with exactly this type and length. */
  signUpload: (key: string, contentType: string, contentLength: number) => Promise<string>;
  /** A URL that reads the object for `expiresIn` seconds. */
  signDownload: (key: string, expiresIn: number) => Promise<string>;
  /** What is stored under `key`, or undefined when nothing is. */
  head: (key: string) => Promise<StoredObject | undefined>;
  remove: (key: string) => Promise<void>;
};

export const UPLOAD_URL_SECONDS = 15 * 60;

export type S3Settings = {
  endpoint?: string | undefined;
  region: string;
  bucket: string;
  accessKeyId?: string | undefined;
  secretAccessKey?: string | undefined;
  forcePathStyle: boolean;
};

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
        { expiresIn: UPLOAD_URL_SECONDS },
      ),
    signDownload: (key, expiresIn) =>
      getSignedUrl(client, new GetObjectCommand({ Bucket, Key: key }), { expiresIn }),
    head: async (key) => {
      try {
        const out = await client.send(new HeadObjectCommand({ Bucket, Key: key }));
        return { contentType: out.ContentType, contentLength: out.ContentLength ?? 0 };
      } catch (e) {
        const status = (e as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
        if (status === 404) return undefined;
        throw e;
      }
    },
    remove: async (key) => {
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
  };
}
