/** `npm run db:migrate`: applies the SQL migrations to DATABASE_URL, or to the embedded Postgres. */
import { existsSync } from 'node:fs';
import { loadConfig } from '../config.ts';
import { describeFailure } from '../startup-errors.ts';
import { withLocalDatabase } from './local-database.ts';

if (existsSync('.env')) process.loadEnvFile('.env');
try {
  await withLocalDatabase(loadConfig(), async () => {});
  console.log('Migrations applied.');
} catch (e) {
  console.error(describeFailure(e, 'migrate'));
  process.exitCode = 1;
}
