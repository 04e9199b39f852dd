/**
 * Trigger rules in source: `schema/sql/*.sql` hold the one current definition
 * of every trigger and SQL function, each file whole and safe to run again
 * (`CREATE OR REPLACE FUNCTION`, `DROP TRIGGER IF EXISTS` then `CREATE
 * TRIGGER`), its statements divided as drizzle's migrations are (`-->
 * statement-breakpoint`). A migration carries a file's whole text whenever it
 * changed: `npm run db:generate` runs drizzle-kit for the tables, then this
 * for the rules. `schema/sql/migrated.json` records the hash of each file's
 * text as the migrations last carried it.
 * tests/integration/sql-rules.test.ts checks that a migrated database holds
 * exactly these definitions (ADR 043).
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { migrationsFolder } from '../migrate.ts';
import { projectRoot } from './web-build.ts';

export const rulesDir = path.join(projectRoot, 'schema', 'sql');
/** Beside the rules: drizzle-kit takes every JSON file in migrations/meta for a snapshot of its own. */
export const rulesRecord = path.join(rulesDir, 'migrated.json');

export type RuleFile = { name: string; text: string; hash: string };

/** The rule files, by name (`handover.sql`), with their text and its hash. */
export function ruleFiles(dir = rulesDir): RuleFile[] {
  return readdirSync(dir)
    .filter((n) => n.endsWith('.sql'))
    .sort()
    .map((name) => {
      const text = readFileSync(path.join(dir, name), 'utf8');
      return { name, text, hash: createHash('sha256').update(text).digest('hex') };
    });
}

/** The hash of each file's text as the migrations last carried it. */
export function recordedRules(record = rulesRecord): Record<string, string> {
  return existsSync(record) ? JSON.parse(readFileSync(record, 'utf8')) : {};
}

/** The rule files whose text no migration carries yet. */
export function changedRules(dir = rulesDir, record = rulesRecord): RuleFile[] {
  const recorded = recordedRules(record);
  return ruleFiles(dir).filter((f) => recorded[f.name] !== f.hash);
}

/** A file's statements, as drizzle's migrator runs them. */
export function statementsOf(text: string): string[] {
  return text
    .split('--> statement-breakpoint')
    .map((s) => s.trim())
    .filter((s) => s.replace(/^--.*$/gm, '').trim() !== '');
}

/** The tag (`0021_rules-handover`) of the newest migration in drizzle's journal. */
function newestMigration(): string {
  const journal = JSON.parse(
    readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8'),
  );
  const last = journal.entries.at(-1);
  if (!last) throw new Error('drizzle-kit wrote no migration');
  return last.tag;
}

/**
 * Writes a migration for each rule file that changed since the migrations
 * last carried it (drizzle-kit's `--custom`, so its journal and snapshot stay
 * drizzle's own), and records the new hashes. Returns the migrations written.
 */
export function generateRuleMigrations(log: (line: string) => void = console.log): string[] {
  const written: string[] = [];
  const recorded = recordedRules();
  for (const file of changedRules()) {
    const name = `rules-${file.name.replace(/\.sql$/, '')}`;
    const before = newestMigration();
    execFileSync(
      path.join(projectRoot, 'node_modules/.bin/drizzle-kit'),
      ['generate', '--custom', `--name=${name}`],
      {
        cwd: projectRoot,
        stdio: 'ignore',
      },
    );
    const tag = newestMigration();
    // Never over an existing migration: drizzle-kit must have added one.
    if (tag === before)
      throw new Error(`drizzle-kit generate --custom wrote no migration for ${file.name}`);
    writeFileSync(
      path.join(migrationsFolder, `${tag}.sql`),
      `-- schema/sql/${file.name}, whole, as it is now (api/dev/sql-rules.ts).\n${file.text}`,
    );
    recorded[file.name] = file.hash;
    writeFileSync(rulesRecord, `${JSON.stringify(recorded, null, 2)}\n`);
    written.push(tag);
    log(`migrations/${tag}.sql carries schema/sql/${file.name}`);
  }
  return written;
}
