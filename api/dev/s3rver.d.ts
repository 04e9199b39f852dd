/** The part of s3rver 3.7 (no published types) that the development media store uses. */
declare module 's3rver' {
  type Options = {
    address?: string;
    port?: number;
    silent?: boolean;
    directory?: string;
    configureBuckets?: { name: string; configs?: (string | Buffer)[] }[];
  };
  export default class S3rver {
    constructor(options: Options);
    run(): Promise<{ address: string; port: number }>;
    close(): Promise<void>;
    /** Creates the buckets of `configureBuckets` (run() does it before listening). */
    configureBuckets(): Promise<void>;
    /** Its request handler (Koa), to serve behind a front of our own. */
    callback(): (
      req: import('node:http').IncomingMessage,
      res: import('node:http').ServerResponse,
    ) => void;
  }
}
