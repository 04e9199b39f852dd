import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { connect } from '../../api/db.ts';
import { seedId } from '../../api/seed.ts';
import { endIdleSessions } from '../../api/support.ts';
import { mutators } from '../../sync/mutators.ts';
import { queries } from '../../sync/queries.ts';
import { eventually, type SignedIn, signIn, zeroClient } from '../harness/clients.ts';

const stack = inject('stack');
const sql = postgres(stack.databaseUrl, { max: 2, onnotice: () => {} });
const clients: Array<{ close: () => Promise<void> }> = [];
const aroha = seedId('person:aroha');
let sam: SignedIn;
let dm: SignedIn;

beforeAll(async () => {
  sam = await signIn(stack.url, 'sam@example.com');
  dm = await signIn(stack.url, 'aroha@example.com');
});
afterAll(async () => {
  for (const c of clients) await c.close().catch(() => {});
  await sql`update support_session set ended_at = now() where ended_at is null`;
  await sql.end();
});

async function call(method: string, path: string, who?: SignedIn) {
  const res = await fetch(`${stack.url}/api/people${path}`, {
    method,
    headers: who ? { cookie: who.cookie } : {},
  });
  return {
    status: res.status,
    body: res.status === 204 ? null : await res.json().catch(() => null),
  };
}

async function generalCount() {
  const [row] = await sql`select count(*)::int n from preference
                          where person_id = ${aroha} and access = 'General' and status = 'Published'`;
  return row?.n ?? 0;
}

describe('support sessions: POST/GET/DELETE /api/people/{personId}/support', () => {
  test('a supporter starts one (201), starting again resumes it (200), and it is written to history', async () => {
    const first = await call('POST', `/${aroha}/support`, sam);
    expect(first.status).toBe(201);
    // With the link's level, so the tab can ask for the library at it at once.
    expect(first.body).toMatchObject({
      personId: aroha,
      supporterId: sam.personId,
      active: true,
      accessLevel: 'General',
    });
    const again = await call('POST', `/${aroha}/support`, sam);
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(first.body.id);
    expect(again.body.accessLevel).toBe('General');
    const [event] =
      await sql`select type, related_type, created_by from history_event where related_id = ${first.body.id}`;
    expect(event).toEqual({
      type: 'SessionStart',
      related_type: 'SupportSession',
      created_by: sam.personId,
    });
    const done = await call('DELETE', `/${aroha}/support/${first.body.id}`, sam);
    expect(done.status).toBe(204);
    const [row] = await sql`select ended_reason from support_session where id = ${first.body.id}`;
    expect(row?.ended_reason).toBe('finished');
    const finished =
      await sql`select type from history_event where related_id = ${first.body.id} and type = 'SessionFinish'`;
    expect(finished).toHaveLength(1);
  });

  test('nobody without a link can start one; nothing is written', async () => {
    const tui = await signIn(stack.url, 'tui@example.com');
    const before = await sql`select count(*)::int n from support_session`;
    const refused = await call('POST', `/${aroha}/support`, tui);
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('forbidden');
    expect((await call('POST', `/${aroha}/support`)).status).toBe(401);
    expect((await call('POST', `/${'x'.repeat(65)}/support`, sam)).status).toBe(400);
    expect(await sql`select count(*)::int n from support_session`).toEqual(before);
  });

  test('only its supporter and the person supported can read or end a session', async () => {
    const { body } = await call('POST', `/${aroha}/support`, sam);
    const tui = await signIn(stack.url, 'tui@example.com');
    expect((await call('GET', `/${aroha}/support/${body.id}`, tui)).status).toBe(404);
    expect((await call('DELETE', `/${aroha}/support/${body.id}`, tui)).status).toBe(404);
    expect((await call('GET', `/${aroha}/support/${crypto.randomUUID()}`, sam)).status).toBe(404);
    expect((await call('GET', `/${aroha}/support/${body.id}`, dm)).body.active).toBe(true);
    expect((await call('DELETE', `/${aroha}/support/${body.id}`, dm)).status).toBe(204);
    const [row] = await sql`select ended_reason from support_session where id = ${body.id}`;
    expect(row?.ended_reason).toBe('ended by the person supported');
  });

  test('the library appears on the supporter’s client with the session and vanishes when it ends', async () => {
    const z = zeroClient(stack.zeroUrl, sam);
    clients.push(z);
    const view = z.materialize(queries.preference.list({ personId: aroha }));
    const general = await generalCount();
    const { body } = await call('POST', `/${aroha}/support`, sam);
    await eventually(
      'General rows in session',
      () => view.data.length,
      (n) => n === general,
    );
    await call('DELETE', `/${aroha}/support/${body.id}`, sam);
    await eventually(
      'rows gone after finishing',
      () => view.data.length,
      (n) => n === 0,
    );
    view.destroy();
  });

  test('activity keeps a session alive; idle sessions end on the server and vanish live', async () => {
    const z = zeroClient(stack.zeroUrl, sam);
    clients.push(z);
    const view = z.materialize(queries.preference.list({ personId: aroha }));
    const { body } = await call('POST', `/${aroha}/support`, sam);
    await eventually(
      'rows in session',
      () => view.data.length,
      (n) => n > 0,
    );

    // A change by the supporter counts as activity.
    await sql`update support_session set last_active_at = now() - interval '20 minutes' where id = ${body.id}`;
    const tea = seedId('preference:aroha:tea');
    const [{ title } = { title: '' }] = await sql`select title from preference where id = ${tea}`;
    const result = await z.mutate(mutators.preference.update({ id: tea, title: String(title) }))
      .server;
    expect(result.type).toBe('success');
    const [fresh] =
      await sql`select now() - last_active_at < interval '1 minute' as recent from support_session where id = ${body.id}`;
    expect(fresh?.recent).toBe(true);

    const { sql: s, db } = connect(stack.databaseUrl, { max: 1 });
    try {
      expect(await endIdleSessions(db, 30)).toBe(0);
      await sql`update support_session set last_active_at = now() - interval '31 minutes' where id = ${body.id}`;
      expect(await endIdleSessions(db, 30)).toBe(1);
    } finally {
      await s.end();
    }
    const [row] = await sql`select ended_reason from support_session where id = ${body.id}`;
    expect(row?.ended_reason).toBe('inactive');
    await eventually(
      'rows gone after the idle end',
      () => view.data.length,
      (n) => n === 0,
    );
    const [event] =
      await sql`select message from history_event where related_id = ${body.id} and type = 'SessionFinish'`;
    expect(event?.message).toMatch(/30 minutes without activity/);
    view.destroy();
  });
});
