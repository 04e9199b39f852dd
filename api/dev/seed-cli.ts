/** `npm run db:seed`: the demo circle (DESIGN.md §4), on the same database `npm start` uses. */
import { existsSync } from 'node:fs';
import { loadConfig } from '../config.ts';
import { connect } from '../db.ts';
import { seedDemo } from '../seed.ts';
import { describeFailure } from '../startup-errors.ts';
import { withLocalDatabase } from './local-database.ts';

if (existsSync('.env')) process.loadEnvFile('.env');
try {
  const inserted = await withLocalDatabase(loadConfig(), async (url) => {
    const { sql, db } = connect(url, { max: 1 });
    try {
      return await seedDemo(db);
    } finally {
      await sql.end();
    }
  });
  console.log(
    inserted === 0
      ? 'Demo data already present; nothing changed.'
      : `Demo data seeded (${inserted} rows).`,
  );
} catch (e) {
  console.error(describeFailure(e, 'seed'));
  process.exitCode = 1;
}
