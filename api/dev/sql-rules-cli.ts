/** The rules half of `npm run db:generate`: a migration for each changed file of schema/sql (api/dev/sql-rules.ts). */
import { generateRuleMigrations } from './sql-rules.ts';

const written = generateRuleMigrations();
if (written.length === 0) console.log('schema/sql: every rule file is in the migrations already.');
