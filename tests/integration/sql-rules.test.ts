/**
 * Trigger rules in source (api/dev/sql-rules.ts): a database migrated from
 * scratch holds exactly the definitions of schema/sql/*.sql, and every
 * trigger and SQL function the migrations make has one there.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  changedRules,
  recordedRules,
  ruleFiles,
  rulesDir,
  rulesRecord,
  statementsOf,
} from '../../api/dev/sql-rules.ts';
import { ensureDatabase, runMigrations } from '../../api/migrate.ts';
import { stack } from '../harness/db.ts';

type Definitions = { functions: Record<string, string>; triggers: Record<string, string> };

/** Every trigger and SQL function of the app's schemas (not an extension's), as Postgres prints it. */
async function definitions(sql: postgres.Sql): Promise<Definitions> {
  const fns = await sql<{ name: string; def: string }[]>`
    select n.nspname || '.' || p.proname as name, pg_get_functiondef(p.oid) as def
    from pg_proc p join pg_namespace n on n.oid = p.pronamespace
    where n.nspname in ('public', 'private') and p.prokind = 'f'
      and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e')
    order by 1`;
  const triggers = await sql<{ name: string; def: string }[]>`
    select n.nspname || '.' || c.relname || '.' || t.tgname as name, pg_get_triggerdef(t.oid) as def
    from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_namespace n on n.oid = c.relnamespace
    where not t.tgisinternal and n.nspname in ('public', 'private')
    order by 1`;
  return {
    functions: Object.fromEntries(fns.map((r) => [r.name, r.def])),
    triggers: Object.fromEntries(triggers.map((r) => [r.name, r.def])),
  };
}

describe('trigger rules in source (schema/sql)', () => {
  const url = new URL(stack.databaseUrl);
  url.pathname = `/rules_${randomUUID().slice(0, 8)}`;
  let sql: postgres.Sql;
  let migrated: Definitions;

  beforeAll(async () => {
    await ensureDatabase(url.toString());
    await runMigrations(url.toString());
    sql = postgres(url.toString(), { max: 1, onnotice: () => {} });
    migrated = await definitions(sql);
  }, 120_000);

  afterAll(async () => {
    await sql?.end();
    const admin = postgres(stack.databaseUrl, { max: 1, onnotice: () => {} });
    await admin.unsafe(`drop database if exists "${url.pathname.slice(1)}" with (force)`);
    await admin.end();
  });

  test('every migration carries the rule files as they are now (else: npm run db:generate)', () => {
    expect(changedRules().map((f) => f.name)).toEqual([]);
    expect(Object.keys(recordedRules()).sort()).toEqual(ruleFiles().map((f) => f.name));
  });

  test('a migrated database holds exactly the definitions of schema/sql: running them again changes nothing', async () => {
    expect(Object.keys(migrated.functions).length).toBeGreaterThanOrEqual(7);
    expect(Object.keys(migrated.triggers).length).toBeGreaterThanOrEqual(7);
    await sql.begin(async (tx) => {
      for (const file of ruleFiles()) for (const s of statementsOf(file.text)) await tx.unsafe(s);
    });
    expect(await definitions(sql)).toEqual(migrated);
  });

  test('every trigger and SQL function is defined in one rule file, and only one', () => {
    const texts = ruleFiles().map((f) => ({ name: f.name, text: f.text }));
    const definedIn = (pattern: RegExp) =>
      texts.filter((t) => pattern.test(t.text)).map((t) => t.name);
    for (const name of Object.keys(migrated.functions)) {
      const fn = name.split('.').pop() ?? '';
      expect(
        definedIn(new RegExp(`CREATE OR REPLACE FUNCTION ("\\w+"\\.)?"${fn}"\\(`)),
        name,
      ).toHaveLength(1);
    }
    for (const name of Object.keys(migrated.triggers)) {
      const trigger = name.split('.').pop() ?? '';
      expect(definedIn(new RegExp(`CREATE TRIGGER "${trigger}"`)), name).toHaveLength(1);
    }
  });

  test('a changed rule file is found, and its migration would carry its whole text', () => {
    // A copy of the files and the record, one file changed: only it is found.
    const dir = mkdtempSync(path.join(tmpdir(), 'sql-rules-'));
    for (const f of ruleFiles()) writeFileSync(path.join(dir, f.name), f.text);
    const record = path.join(dir, 'record.json');
    writeFileSync(record, readFileSync(rulesRecord, 'utf8'));
    const [first] = ruleFiles();
    if (!first) throw new Error(`no rule files in ${rulesDir}`);
    writeFileSync(path.join(dir, first.name), `${first.text}\n-- changed\n`);
    expect(changedRules(dir, record).map((f) => f.name)).toEqual([first.name]);
  });
});
