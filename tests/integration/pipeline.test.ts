/**
 * A change's statements go to Postgres without waiting for each other's
 * answers where nothing reads them (api/zero/db-provider.ts, sync/change.ts):
 * its row lock goes with its first read, its writes and history with the
 * commit. Counted in round trips by a relay in front of Postgres, with the
 * API in this process; and a write that fails still fails its change,
 * wherever in the pipeline it went.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { z } from 'zod';
import { runChange } from '../../api/change.ts';
import { connect } from '../../api/db.ts';
import { seedId } from '../../api/seed.ts';
import { createZeroDb, NotCommitted } from '../../api/zero/db-provider.ts';
import { zql } from '../../schema/zero-schema.gen.ts';
import { defineChange } from '../../sync/change.ts';
import { type SignedIn, signIn } from '../harness/clients.ts';
import { sql, stack } from '../harness/db.ts';
import { type InProcessApi, inProcessApi, pushingDevice } from '../harness/in-process.ts';
import { type PgTurns, pgTurns } from '../harness/pg-turns.ts';

const aroha = seedId('person:aroha');
const tea = seedId('preference:aroha:tea'); // General

let relay: PgTurns;
let api: InProcessApi;
let dm: SignedIn;
let sam: SignedIn;
let teaTitle: string;

beforeAll(async () => {
  relay = await pgTurns(stack.databaseUrl);
  api = inProcessApi(relay.url);
  dm = await signIn(stack.url, 'aroha@example.com');
  sam = await signIn(stack.url, 'sam@example.com');
  const [row] = await sql<{ title: string }[]>`select title from preference where id = ${tea}`;
  teaTitle = row?.title ?? '';
});

afterAll(async () => {
  await sql`update preference set title = ${teaTitle} where id = ${tea}`;
  await api?.close();
  await relay?.stop();
});

/** Round trips of `work`'s statements, over every connection of the API. */
async function turnsOf(work: () => Promise<unknown>): Promise<number> {
  const before = relay.turns();
  await work();
  return relay.turns() - before;
}

describe('round trips of a change', () => {
  test("a Decision Maker's edit: the session, begin, Zero's client row, the lock with the row, and the writes with the commit", async () => {
    const device = pushingDevice(api.app, dm);
    // The first push prepares each statement on the connection (ADR 034).
    expect(await device.push('preference.update', { id: tea, title: 'Tea, first' })).toEqual({});
    const turns = await turnsOf(async () => {
      expect(await device.push('preference.update', { id: tea, title: 'Tea, second' })).toEqual({});
    });
    expect(turns).toBe(5);
    const [row] = await sql<{ title: string }[]>`select title from preference where id = ${tea}`;
    expect(row?.title).toBe('Tea, second');
    const [event] = await sql<{ message: string }[]>`
      select message from history_event where related_id = ${tea} order by created_at desc limit 1`;
    expect(event?.message).toContain('Tea, second');
  });

  test("a supporter's edit in session: one more, the link and its session", async () => {
    const started = await fetch(`${stack.url}/api/people/${aroha}/support`, {
      method: 'POST',
      headers: { cookie: sam.cookie },
    });
    expect(started.status).toBeLessThan(300);
    const { id: sessionId } = (await started.json()) as { id: string };
    try {
      const device = pushingDevice(api.app, sam);
      expect(await device.push('preference.update', { id: tea, title: 'Tea, Sam' })).toEqual({});
      const turns = await turnsOf(async () => {
        expect(
          await device.push('preference.update', { id: tea, title: 'Tea, Sam again' }),
        ).toEqual({});
      });
      expect(turns).toBe(6);
      const [session] = await sql<{ last_active_at: Date }[]>`
        select last_active_at from support_session where id = ${sessionId}`;
      // The session's activity was written with the change.
      expect(Date.now() - (session?.last_active_at.getTime() ?? 0)).toBeLessThan(10_000);
    } finally {
      await fetch(`${stack.url}/api/people/${aroha}/support/${sessionId}`, {
        method: 'DELETE',
        headers: { cookie: sam.cookie },
      });
    }
  });
});

describe('a write that fails fails its change', () => {
  let own: ReturnType<typeof connect>;
  beforeAll(() => {
    own = connect(stack.databaseUrl, { max: 1 });
  });
  afterAll(async () => {
    await own.sql.end();
  });
  const zdb = () => createZeroDb(own.db);
  const ctx = () => ({ userID: dm.userId, personId: dm.personId });
  /** A category of a person who does not exist: Postgres refuses it (foreign key), JavaScript does not. */
  const orphan = (id: string) => ({
    id,
    personId: `nobody-${id}`,
    title: 'Orphan',
    access: 'General' as const,
    hidden: false,
    sortOrder: 0,
    createdAt: Date.now(),
    updatedAt: Date.now(),
  });

  test('sent with the commit: the commit is a rollback, and the change is refused', async () => {
    const id = crypto.randomUUID();
    const good = crypto.randomUUID();
    const change = defineChange(z.object({}), async (tx) => {
      await tx.mutate.category.insert({ ...orphan(good), personId: aroha, title: 'Kept?' });
      await tx.mutate.category.insert(orphan(id));
      return undefined;
    });
    const failed = await runChange({ zdb: zdb() }, change, ctx(), {}).catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(NotCommitted);
    expect((failed as NotCommitted).cause).toMatchObject({ code: '23503' });
    // Neither write landed: the good one went in the same transaction.
    expect(await sql`select id from category where id in (${id}, ${good})`).toHaveLength(0);
  });

  test('answered before the change has returned: the change is refused all the same', async () => {
    const id = crypto.randomUUID();
    const change = defineChange(z.object({}), async (tx) => {
      await tx.mutate.category.insert(orphan(id));
      // Work that is not the database's: the write's answer arrives meanwhile.
      await new Promise((resolve) => setTimeout(resolve, 200));
      return undefined;
    });
    const failed = await runChange({ zdb: zdb() }, change, ctx(), {}).catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(NotCommitted);
    expect((failed as NotCommitted).cause).toMatchObject({ code: '23503' });
    expect(await sql`select id from category where id = ${id}`).toHaveLength(0);
  });

  test('followed by a read: the read fails with the write’s error, not with an aborted transaction', async () => {
    const id = crypto.randomUUID();
    let read: unknown;
    const change = defineChange(z.object({}), async (tx) => {
      await tx.mutate.category.insert(orphan(id));
      read = await tx.run(zql.person.where('id', aroha).one()).catch((e: unknown) => e);
      return undefined;
    });
    const failed = await runChange({ zdb: zdb() }, change, ctx(), {}).catch((e: unknown) => e);
    expect(read).toMatchObject({ code: '23503' });
    expect(failed).toBeInstanceOf(NotCommitted);
    expect((failed as NotCommitted).cause).toMatchObject({ code: '23503' });
    expect(await sql`select id from category where id = ${id}`).toHaveLength(0);
  });

  test('a write whose change goes on to other work is known written before it (REST `within`)', async () => {
    const id = crypto.randomUUID();
    let within = false;
    const change = defineChange(z.object({}), async (tx) => {
      await tx.mutate.category.insert(orphan(id));
      return undefined;
    });
    const failed = await runChange({ zdb: zdb() }, change, ctx(), {}, async () => {
      within = true;
    }).catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(NotCommitted);
    expect((failed as NotCommitted).cause).toMatchObject({ code: '23503' });
    expect(within).toBe(false);
  });
});
