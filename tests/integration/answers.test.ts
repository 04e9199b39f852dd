/**
 * How a change was answered, for the outbox that sent it (api/zero/answers.ts).
 * Zero's client settles a change as done once the client's last mutation id
 * passes it, unless the refusal reached it first; after a lost connection it
 * often has not. So a refusal of a change that carries the outbox's key is
 * kept with Zero's record of it, and the outbox asks by that key before it
 * says "Saved". Pushed here as zero-cache pushes, so each step is exact.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { seedId } from '../../api/seed.ts';
import { sweepRefusals } from '../../api/zero/answers.ts';
import { OUTBOX_KEY } from '../../sync/change.ts';
import { codeOf } from '../../sync/errors.ts';
import { type SignedIn, signIn } from '../harness/clients.ts';
import { db, sql, stack } from '../harness/db.ts';
import { call } from '../harness/rest.ts';

const aroha = seedId('person:aroha');
const food = seedId('category:aroha:food');

let dm: SignedIn;
let sam: SignedIn;
const made: string[] = [];

beforeAll(async () => {
  dm = await signIn(stack.url, 'aroha@example.com');
  sam = await signIn(stack.url, 'sam@example.com');
});

afterAll(async () => {
  for (const id of made) await sql`delete from preference where id = ${id}`;
});

type Pushed = { name: string; args: Record<string, unknown> };

/** One client's changes, pushed to the mutate endpoint as zero-cache pushes them. */
function device(who: SignedIn) {
  const clientGroupID = crypto.randomUUID();
  const clientID = crypto.randomUUID();
  let next = 1;
  return {
    clientID,
    async push(...changes: Pushed[]) {
      const res = await call(who, 'POST', '/api/zero/mutate?schema=zero_0&appID=zero', {
        clientGroupID,
        mutations: changes.map((c) => ({
          type: 'custom',
          id: next++,
          clientID,
          name: c.name,
          args: [c.args],
          timestamp: Date.now(),
        })),
        pushVersion: 1,
        timestamp: Date.now(),
        requestID: crypto.randomUUID(),
      });
      expect(res.status).toBe(200);
      const body = res.body as {
        mutations: { result: { error?: string; details?: unknown } }[];
      };
      return body.mutations.map((m) =>
        m.result.error ? `refused:${codeOf(m.result.details)}` : 'saved',
      );
    },
  };
}

/** What the API answers about the change sent with `key`, asked as `who`. */
const answer = (who: SignedIn | undefined, key: string) =>
  call(who, 'GET', `/api/zero/answers/${key}`);

async function preference(title: string) {
  const id = crypto.randomUUID();
  made.push(id);
  const d = device(dm);
  expect(
    await d.push({
      name: 'preference.create',
      args: { id, personId: aroha, title, access: 'General', categoryIds: [food] },
    }),
  ).toEqual(['saved']);
  return id;
}

describe('the answer to an outbox change', () => {
  test('a refusal is kept with Zero’s record of it, and only its sender reads it', async () => {
    const id = await preference('Tea, strong');
    const d = device(dm);
    const refusedKey = crypto.randomUUID();
    const savedKey = crypto.randomUUID();
    // Someone else changed the title since this device read it: refused as crossing.
    await sql`update preference set title = 'Tea, weak' where id = ${id}`;
    expect(
      await d.push(
        {
          name: 'preference.update',
          args: {
            id,
            title: 'Tea, milky',
            base: { title: 'Tea, strong' },
            [OUTBOX_KEY]: refusedKey,
          },
        },
        {
          name: 'preference.update',
          args: { id, feeling: 'like', [OUTBOX_KEY]: savedKey },
        },
      ),
    ).toEqual(['refused:changed', 'saved']);

    // Zero moved the client's last mutation id past both, and stored the refusal;
    // the outbox's record of it is there with it.
    const [client] = await sql<{ lastMutationID: string }[]>`
      select "lastMutationID" from zero_0.clients where "clientID" = ${d.clientID}`;
    expect(Number(client?.lastMutationID)).toBe(2);
    const [kept] = await sql<{ mutation_id: string; user_id: string }[]>`
      select mutation_id, user_id from private.change_refusal where change_key = ${refusedKey}`;
    expect({ mutation: Number(kept?.mutation_id), user: kept?.user_id }).toEqual({
      mutation: 1,
      user: dm.userId,
    });

    const refused = await answer(dm, refusedKey);
    expect(refused.status).toBe(200);
    expect(refused.body).toMatchObject({
      refused: true,
      code: 'changed',
      details: { theirs: { title: 'Tea, weak' } },
    });
    expect(String(refused.body.message)).toMatch(/changed/i);
    expect((await answer(dm, savedKey)).body).toEqual({ refused: false });
    // Another person asking with the same key learns nothing.
    expect((await answer(sam, refusedKey)).body).toEqual({ refused: false });
  });

  test('sent again and landed, the earlier refusal no longer stands', async () => {
    const id = await preference('Walks');
    const d = device(dm);
    const key = crypto.randomUUID();
    await sql`update preference set title = 'Short walks' where id = ${id}`;
    const change = { id, title: 'Long walks', base: { title: 'Walks' }, [OUTBOX_KEY]: key };
    expect(await d.push({ name: 'preference.update', args: change })).toEqual(['refused:changed']);
    expect((await answer(dm, key)).body).toMatchObject({ refused: true, code: 'changed' });
    // The person kept theirs over the other: the outbox sends it again with the new base.
    expect(
      await d.push({
        name: 'preference.update',
        args: { ...change, base: { title: 'Short walks' }, replayed: true },
      }),
    ).toEqual(['saved']);
    expect((await answer(dm, key)).body).toEqual({ refused: false });
    const [row] = await sql<{ title: string }[]>`select title from preference where id = ${id}`;
    expect(row?.title).toBe('Long walks');
  });

  test('a change refused before it ran (no such change) is kept too', async () => {
    const key = crypto.randomUUID();
    expect(
      await device(dm).push({ name: 'preference.nothing', args: { [OUTBOX_KEY]: key } }),
    ).toEqual(['refused:invalid']);
    expect((await answer(dm, key)).body).toMatchObject({ refused: true, code: 'invalid' });
  });

  test('a change without a key leaves nothing, and a bad key or no session is refused', async () => {
    const before = await sql`select count(*)::int as n from private.change_refusal`;
    expect(await device(dm).push({ name: 'preference.nothing', args: {} })).toEqual([
      'refused:invalid',
    ]);
    const after = await sql`select count(*)::int as n from private.change_refusal`;
    expect(after[0]?.n).toBe(before[0]?.n);
    expect((await answer(dm, 'not a key!')).status).toBe(400);
    expect((await answer(undefined, crypto.randomUUID())).status).toBe(401);
  });

  test('refusals older than the time they are kept are swept', async () => {
    const key = crypto.randomUUID();
    await device(dm).push({ name: 'preference.nothing', args: { [OUTBOX_KEY]: key } });
    await sql`update private.change_refusal set created_at = now() - interval '46 days'
      where change_key = ${key}`;
    await sweepRefusals(db);
    expect((await answer(dm, key)).body).toEqual({ refused: false });
  });
});
