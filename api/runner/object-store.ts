/**
 * The development media store: an S3-compatible server (s3rver) in this
 * process, with its files under DATA_DIR/s3, for `npm start` without S3
 * settings and for the tests. It speaks the S3 protocol the production store
 * speaks (presigned PUT/GET, HEAD, DELETE) but does not check signatures
 * (STACK-NOTES.md): never rely on it for signature security.
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import S3rver from 's3rver';
import { StackError } from './errors.ts';
import { portIsFree } from './ports.ts';

export const DEV_BUCKET = 'media';
/** s3rver's fixed credentials. */
export const DEV_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } as const;

/** Browsers PUT uploads and GET images from the app's origin. */
function corsFor(origin: string) {
  return `<CORSConfiguration><CORSRule><AllowedOrigin>${origin}</AllowedOrigin><AllowedMethod>PUT</AllowedMethod><AllowedMethod>GET</AllowedMethod><AllowedMethod>HEAD</AllowedMethod><AllowedHeader>*</AllowedHeader><MaxAgeSeconds>3600</MaxAgeSeconds></CORSRule></CORSConfiguration>`;
}

export type DevObjectStore = { endpoint: string; bucket: string; stop: () => Promise<void> };

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
  const server = new S3rver({
    address: '127.0.0.1',
    port: opts.port,
    silent: true,
    directory,
    configureBuckets: [{ name: DEV_BUCKET, configs: [corsFor(opts.origin)] }],
  });
  try {
    await server.run();
  } catch (e) {
    throw new StackError('media store', e instanceof Error ? e.message : String(e));
  }
  return {
    // `localhost`, as the app: the browser loads images from it.
    endpoint: `http://localhost:${opts.port}`,
    bucket: DEV_BUCKET,
    stop: async () => {
      await server.close();
    },
  };
}
