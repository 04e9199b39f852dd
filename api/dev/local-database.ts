import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config.ts';
import { ensureDatabase, runMigrations } from '../migrate.ts';
import { portIsFree } from './ports.ts';
import { startEmbeddedPostgres } from './postgres.ts';

export const DATABASE_NAME = 'preference_bank';

/**
 * Runs `fn` against the stack's migrated database: DATABASE_URL when set, else
 * the embedded Postgres in DATA_DIR (reusing a running `npm start`, or starting
 * it just for `fn` and stopping it afterwards). For the db:* scripts.
 */
export async function withLocalDatabase<T>(
  config: Config,
  fn: (url: string) => Promise<T>,
): Promise<T> {
  let url = config.DATABASE_URL;
  let stop = async () => {};
  if (!url) {
    if (await portIsFree(config.PG_PORT)) {
      const pg = await startEmbeddedPostgres({ dataDir: config.DATA_DIR, port: config.PG_PORT });
      stop = pg.stop;
      url = pg.url(DATABASE_NAME);
    } else {
      const password = (await readFile(path.join(config.DATA_DIR, 'pg-password'), 'utf8')).trim();
      url = `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${config.PG_PORT}/${DATABASE_NAME}`;
    }
  }
  try {
    await ensureDatabase(url);
    await runMigrations(url);
    return await fn(url);
  } finally {
    await stop();
  }
}
