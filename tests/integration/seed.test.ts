import { describe, expect, test } from 'vitest';
import { demo, seedDemo, seedId } from '../../api/seed.ts';
import { db, sql } from '../harness/db.ts';

describe('npm run db:seed (demo data, DESIGN.md §4)', () => {
  test('a second run changes nothing', async () => {
    const snapshot = async () =>
      sql`select (select count(*) from person) p, (select count(*) from person_detail) pd,
                 (select count(*) from app_user) u,
                 (select count(*) from preference) f, (select count(*) from category) c,
                 (select count(*) from note) n, (select count(*) from supporter_link) l,
                 (select count(*) from organisation) o, (select count(*) from organisation_member) om`;
    const before = await snapshot();
    expect(await seedDemo(db)).toBe(0);
    expect(await snapshot()).toEqual(before);
  });

  test('Aroha: 12+ preferences over 4+ categories (one nested), General and Restricted, with feelings, notes and reviews', async () => {
    const id = demo.aroha.personId;
    const [p] = await sql`select count(*)::int n, count(distinct access)::int accesses,
                 count(*) filter (where feeling is null)::int no_feeling,
                 count(*) filter (where review_schedule <> 'Never')::int reviewed
               from preference where person_id = ${id}`;
    expect(p?.n).toBeGreaterThanOrEqual(12);
    expect(p?.accesses).toBe(2);
    expect(p?.no_feeling).toBe(0);
    expect(p?.reviewed).toBeGreaterThan(0);
    const [c] =
      await sql`select count(*)::int n, count(parent_id)::int nested from category where person_id = ${id}`;
    expect(c?.n).toBeGreaterThanOrEqual(4);
    expect(c?.nested).toBeGreaterThanOrEqual(1);
    const [n] = await sql`select count(*)::int n from note where person_id = ${id}`;
    expect(n?.n).toBeGreaterThan(0);
  });

  test('the circle: Sam General, Riley Restricted, Ana Administrator with a library; Tui alone', async () => {
    const links = await sql`select d.email, l.access_level from supporter_link l
                            join person_detail d on d.person_id = l.supporter_id
                            where l.supported_id = ${demo.aroha.personId} order by d.email`;
    expect(links.map((l) => [l.email, l.access_level])).toEqual([
      ['ana@example.com', 'Administrator'],
      ['riley@example.com', 'Restricted'],
      ['sam@example.com', 'General'],
    ]);
    const types = await sql`select d.email, p.type from person p
                            join person_detail d on d.person_id = p.id
                            where d.email like '%@example.com' order by d.email`;
    expect(Object.fromEntries(types.map((t) => [t.email, t.type]))).toMatchObject({
      'aroha@example.com': 'DecisionMaker',
      'sam@example.com': 'Supporter',
      'riley@example.com': 'Supporter',
      'ana@example.com': 'SupporterAndDecisionMaker',
      'tui@example.com': 'DecisionMaker',
    });
    // Personal details live in person_detail: each demo person's pronouns are there.
    const demoPeople = Object.values(demo).map((d) => d.personId);
    const [details] = await sql`select count(pronouns)::int n from person_detail
                                where person_id in ${sql(demoPeople)}`;
    expect(details?.n).toBe(demoPeople.length);
    const [ana] =
      await sql`select count(*)::int n from preference where person_id = ${demo.ana.personId}`;
    expect(ana?.n).toBeGreaterThan(0);
    const [tui] = await sql`select count(*)::int n from supporter_link
                            where supporter_id = ${demo.tui.personId} or supported_id = ${demo.tui.personId}`;
    expect(tui?.n).toBe(0);
    const demoEmails = Object.values(demo).map((d) => d.email);
    const [done] = await sql`select count(*)::int n from app_user
                             where wizard_completed_at is null and email in ${sql(demoEmails)}`;
    expect(done?.n).toBe(0);
  });

  test('one approved provider organisation, Kōwhai Support Services, with Ana and Sam on its staff', async () => {
    const orgs = await sql`select o.name, o.type, o.status,
                                  array_agg(m.person_id order by m.person_id) members
                           from organisation o join organisation_member m on m.organisation_id = o.id
                           where o.id = ${seedId('organisation:kowhai')} group by o.id`;
    expect(orgs).toEqual([
      {
        name: 'Kōwhai Support Services',
        type: 'provider',
        status: 'approved',
        members: [demo.ana.personId, demo.sam.personId].sort(),
      },
    ]);
  });
});

describe('the embedded PostgreSQL', () => {
  test('replicates logically and bounds the WAL a replication slot may hold', async () => {
    const [row] = await sql`select current_setting('wal_level') as wal_level,
                                   current_setting('max_slot_wal_keep_size') as keep`;
    expect(row).toEqual({ wal_level: 'logical', keep: '1GB' });
  });

  test('server-only tables live outside the replicated schema', async () => {
    // Zero's own metadata publication (schemas zero, zero_0) aside, only public is published.
    const published = await sql`select schemaname, tablename from pg_publication_tables
                                where pubname not like '_zero_metadata_%'`;
    expect(published.length).toBeGreaterThan(0);
    expect(published.filter((t) => t.schemaname !== 'public')).toEqual([]);
    const privateTables =
      await sql`select tablename from pg_tables where schemaname = 'private' order by 1`;
    expect(privateTables.map((t) => t.tablename)).toEqual(
      expect.arrayContaining([
        'session',
        'magic_link_challenge',
        'passkey_credential',
        'invite_token',
        'billing_customer',
      ]),
    );
  });
});
