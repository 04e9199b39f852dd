/**
 * The database Zero's mutate handler writes through (api/zero/db-provider.ts):
 * a change whose database cannot be reached is tried again while it may come
 * back, then fails without Zero being allowed to record that failure as the
 * change's answer (which would drop the change while the browser counts it as
 * done). Against a real Postgres, and a port where none listens.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { connect } from '../../api/db.ts';
import { freePort } from '../../api/dev/ports.ts';
import {
  createZeroDb,
  DatabaseUnreachable,
  databaseAnswers,
  pushDatabase,
} from '../../api/zero/db-provider.ts';
import { db as up } from '../harness/db.ts';

/** A database that is not there: nothing listens on its port, every connection is refused. */
let down: ReturnType<typeof connect>;

beforeAll(async () => {
  down = connect(`postgres://nobody:nothing@127.0.0.1:${await freePort()}/none`, { max: 1 });
});

afterAll(async () => {
  await down.sql.end();
});

const input = (mutationID: number) => ({
  upstreamSchema: 'zero_0',
  clientGroupID: crypto.randomUUID(),
  clientID: 'push-database-test',
  mutationID,
});

test('the probe: a database that answers, and one that does not', async () => {
  expect(await databaseAnswers(up)).toBe(true);
  expect(await databaseAnswers(down.db)).toBe(false);
});

test('a change whose database cannot be reached is tried again, then fails; recording that failure is refused too', async () => {
  const { transaction } = pushDatabase(createZeroDb(down.db), { waitMs: 1_000 });
  let ran = 0;
  const change = input(1);
  const tries: number[] = [];
  const started = Date.now();
  const first = transaction(async () => {
    ran++;
  }, change).catch((e: unknown) => {
    tries.push(Date.now() - started);
    return e;
  });
  expect(await first).toBeInstanceOf(DatabaseUnreachable);
  // It waited for the database (tries after 0.1, 0.35 and 0.85 s), and the change never ran.
  expect(tries[0]).toBeGreaterThanOrEqual(800);
  expect(ran).toBe(0);
  // Zero's next step, recording the failure as the change's answer: refused at
  // once, so the push fails and the browser keeps the change to send again.
  const recording = Date.now();
  await expect(transaction(async () => {}, change)).rejects.toBeInstanceOf(DatabaseUnreachable);
  expect(Date.now() - recording).toBeLessThan(500);
  expect(ran).toBe(0);
});

test('with the database there, a change runs once, and a refusal passes through as it is', async () => {
  const { transaction } = pushDatabase(createZeroDb(up));
  let ran = 0;
  await transaction(async () => {
    ran++;
  });
  expect(ran).toBe(1);
  const refusal = new Error('not allowed');
  await expect(
    transaction(async () => {
      throw refusal;
    }),
  ).rejects.toBe(refusal);
});
