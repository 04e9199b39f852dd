/**
 * The integration tests' database: one postgres.js pool (`sql`), and one
 * for drizzle (`db`), per test file, over the shared stack's database,
 * closed by the harness after the file's own `afterAll` hooks have run
 * (vitest runs `afterAll` hooks last-registered first, and this one is
 * registered when the file imports this module, before any of its own).
 *
 * Every file leaves the shared stack as it found it, whatever order the files
 * run in: before closing the pools the harness ends every support session
 * still open, and fails the file if it left the demo data changed
 * (tests/harness/demo-state.ts).
 *
 * postgres.js connects on the first query, so a pool a file never uses
 * opens no connection.
 */
import postgres from 'postgres';
import { afterAll, beforeAll, inject } from 'vitest';
import { connect } from '../../api/db.ts';
import { DEV_BUCKET, DEV_CREDENTIALS } from '../../api/dev/object-store.ts';
import { s3MediaStore } from '../../api/media/store.ts';
import { type DemoState, demoChanges, demoState } from './demo-state.ts';

export const stack = inject('stack');

/** The test's own queries: postgres.js as it comes (timestamps are Dates). */
export const sql = postgres(stack.databaseUrl, { max: 4, onnotice: () => {} });

/**
 * The database as the API's functions take it (drizzle), for a test that runs
 * one of them itself (a sweep, a transaction of the API's). A pool of its own:
 * drizzle turns its client's timestamps into strings, which `sql` must not do.
 * Room for three sweep rounds at once, each holding a connection per sweep
 * while its work asks for another (sweeps.test.ts), and for a transaction
 * kept open while a second waits on it (subscriptions.test.ts).
 */
const api = connect(stack.databaseUrl, { max: 8 });
export const db = api.db;

/** The demo data when the file began (tests/harness/demo-state.ts). */
let demoBefore: DemoState | undefined;
beforeAll(async () => {
  demoBefore = await demoState(sql);
});

afterAll(async () => {
  try {
    // No support session is left open for the next file (nor for the API's idle
    // sweep to end, with a history event, in the middle of it).
    await sql`update support_session set ended_at = now() where ended_at is null`;
    const changes = demoBefore ? demoChanges(demoBefore, await demoState(sql)) : [];
    if (changes.length) {
      throw new Error(
        `this file left the demo data changed, and the files after it read it; put it back:\n${changes.join('\n')}`,
      );
    }
  } finally {
    await Promise.all([sql.end(), api.sql.end()]);
  }
});

/**
 * Runs `work` while the stack's API cannot run the sweep guarded by `lock`
 * (api/sweeps.ts SWEEP_LOCKS): the test holds the sweep's advisory lock, so
 * the API's round every minute skips it instead of acting on what the test
 * set up between two of its own steps (an account made due for deletion, a
 * session made idle, a file queued for removal). If the API is in that sweep
 * right now, this waits for it to finish first.
 */
export async function withoutApiSweep<T>(lock: number, work: () => Promise<T>): Promise<T> {
  let result: T | undefined;
  await sql.begin(async (tx) => {
    await tx`select pg_advisory_xact_lock(${lock}::bigint)`;
    result = await work();
  });
  return result as T;
}

/** The stack's object store, as the API reaches it (the dev S3 stand-in). */
export const mediaStore = s3MediaStore({
  endpoint: stack.mediaEndpoint,
  region: 'us-east-1',
  bucket: DEV_BUCKET,
  ...DEV_CREDENTIALS,
  forcePathStyle: true,
});
