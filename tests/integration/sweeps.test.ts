/**
 * Several API processes on one database: migrations take turns under an
 * advisory lock, and a sweep runs in one process at a time, so an idle
 * support session is ended, and recorded, once.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { connect } from '../../api/db.ts';
import { ensureDatabase, runMigrations } from '../../api/migrate.ts';
import { seedId } from '../../api/seed.ts';
import { sweepOnce } from '../../api/sweeps.ts';
import { db, sql, stack } from '../harness/db.ts';

describe('more than one API process', () => {
  test('two processes migrating a new database at once both succeed, and it is migrated once', async () => {
    const url = new URL(stack.databaseUrl);
    url.pathname = `/migrate_twice_${process.pid}_${Date.now()}`;
    await ensureDatabase(url.toString());
    await Promise.all([runMigrations(url.toString()), runMigrations(url.toString())]);
    const fresh = connect(url.toString(), { max: 1 });
    try {
      const applied = await fresh.sql`select count(*)::int n from drizzle.__drizzle_migrations`;
      const files =
        await fresh.sql`select count(*)::int n from pg_tables where tablename = 'preference'`;
      expect(applied[0]?.n).toBeGreaterThan(0);
      expect(files[0]?.n).toBe(1);
    } finally {
      await fresh.sql.end();
    }
    await sql.unsafe(`drop database "${url.pathname.slice(1)}" with (force)`);
  });

  test('two sweeps at once end an idle support session once, with one history event', async () => {
    const link = seedId('link:sam->aroha');
    await sql`update support_session set ended_at = now(), ended_reason = 'finished'
      where supporter_link_id = ${link} and ended_at is null`;
    const id = randomUUID();
    await sql`insert into support_session (id, supporter_link_id, person_id, supporter_id, started_at, last_active_at)
      values (${id}, ${link}, ${seedId('person:aroha')}, ${seedId('person:sam')},
              now() - interval '3 hours', now() - interval '3 hours')`;
    const logged: string[] = [];
    const round = () => sweepOnce({ db, idleMinutes: 30 }, (line) => logged.push(line));
    await Promise.all([round(), round(), round()]);
    const [session] = await sql`select ended_reason from support_session where id = ${id}`;
    expect(session?.ended_reason).toBe('inactive');
    const events = await sql`select count(*)::int n from history_event where related_id = ${id}`;
    expect(events[0]?.n).toBe(1);
    expect(logged).toEqual([]);
  });
});
