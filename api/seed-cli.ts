/** `npm run db:seed`: the demo circle (DESIGN.md §4), on the same database `npm start` uses. */
import { existsSync } from 'node:fs';
import { loadConfig } from './config.ts';
import { connect } from './db.ts';
import { ensureDatabase, runMigrations } from './migrate.ts';
import { describeFailure } from './runner/errors.ts';
import { portIsFree } from './runner/ports.ts';
import { startEmbeddedPostgres } from './runner/postgres.ts';
import { DATABASE_NAME } from './runner/stack.ts';
import { seedDemo } from './seed.ts';

if (existsSync('.env')) process.loadEnvFile('.env');
try {
  const config = loadConfig();
  let url = config.DATABASE_URL;
  let stop = async () => {};
  if (!url) {
    if (await portIsFree(config.PG_PORT)) {
      // The stack is not running: start its embedded Postgres just for the seed.
      const pg = await startEmbeddedPostgres({ dataDir: config.DATA_DIR, port: config.PG_PORT });
      stop = pg.stop;
      url = pg.url(DATABASE_NAME);
    } else {
      const { readFile } = await import('node:fs/promises');
      const password = (await readFile(`${config.DATA_DIR}/pg-password`, 'utf8')).trim();
      url = `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${config.PG_PORT}/${DATABASE_NAME}`;
    }
  }
  try {
    await ensureDatabase(url);
    await runMigrations(url);
    const { sql, db } = connect(url, { max: 1 });
    const inserted = await seedDemo(db);
    await sql.end();
    console.log(
      inserted === 0
        ? 'Demo data already present; nothing changed.'
        : `Demo data seeded (${inserted} rows).`,
    );
  } finally {
    await stop();
  }
} catch (e) {
  console.error(describeFailure(e, 'seed'));
  process.exitCode = 1;
}
