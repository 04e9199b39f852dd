import { beforeAll, describe, expect, test } from 'vitest';
import { seedId } from '../../api/seed.ts';
import { endIdleSessions } from '../../api/support/idle-sessions.ts';
import { SWEEP_LOCKS } from '../../api/sweeps.ts';
import { mutators } from '../../sync/mutators.ts';
import { queries } from '../../sync/queries.ts';
import { eventually, type SignedIn, signIn } from '../harness/clients.ts';
import { db, sql, stack, withoutApiSweep } from '../harness/db.ts';
import { call } from '../harness/rest.ts';
import { client, serverResult } from '../harness/zero.ts';

const aroha = seedId('person:aroha');
let sam: SignedIn;
let dm: SignedIn;

beforeAll(async () => {
  sam = await signIn(stack.url, 'sam@example.com');
  dm = await signIn(stack.url, 'aroha@example.com');
});
async function generalCount() {
  const [row] = await sql`select count(*)::int n from preference
                          where person_id = ${aroha} and access = 'General' and status = 'Published'`;
  return row?.n ?? 0;
}

describe('support sessions: POST/GET/DELETE /api/people/{personId}/support', () => {
  test('a supporter starts one (201), starting again resumes it (200), and it is written to history', async () => {
    const first = await call(sam, 'POST', `/api/people/${aroha}/support`);
    expect(first.status).toBe(201);
    // With the link's level, so the tab can ask for the library at it at once.
    expect(first.body).toMatchObject({
      personId: aroha,
      supporterId: sam.personId,
      active: true,
      accessLevel: 'General',
    });
    const again = await call(sam, 'POST', `/api/people/${aroha}/support`);
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
    const done = await call(sam, 'DELETE', `/api/people/${aroha}/support/${first.body.id}`);
    expect(done.status).toBe(204);
    const [row] = await sql`select ended_reason from support_session where id = ${first.body.id}`;
    expect(row?.ended_reason).toBe('finished');
    const finished =
      await sql`select type from history_event where related_id = ${first.body.id} and type = 'SessionFinish'`;
    expect(finished).toHaveLength(1);
  });

  test('a supporter signing out ends it as such: the reason and history say so; the person supported cannot claim it', async () => {
    const { body } = await call(sam, 'POST', `/api/people/${aroha}/support`);
    const path = `/api/people/${aroha}/support/${body.id}`;
    const bad = await call(sam, 'DELETE', `${path}?reason=bored`);
    expect(bad.status).toBe(400);
    expect((await call(sam, 'GET', path)).body.active).toBe(true);
    expect((await call(sam, 'DELETE', `${path}?reason=signed-out`)).status).toBe(204);
    const [row] = await sql`select ended_reason from support_session where id = ${body.id}`;
    expect(row?.ended_reason).toBe('signed out');
    const [event] = await sql`select message, created_by from history_event
                              where related_id = ${body.id} and type = 'SessionFinish'`;
    expect(event).toEqual({
      message: 'Sam signed out, which finished a support session',
      created_by: sam.personId,
    });
    // The person supported ending one is never "signed out": it is their ending.
    const other = (await call(sam, 'POST', `/api/people/${aroha}/support`)).body;
    expect(
      (await call(dm, 'DELETE', `/api/people/${aroha}/support/${other.id}?reason=signed-out`))
        .status,
    ).toBe(204);
    const [ended] = await sql`select ended_reason from support_session where id = ${other.id}`;
    expect(ended?.ended_reason).toBe('ended by the person supported');
  });

  test('nobody without a link can start one; nothing is written', async () => {
    const tui = await signIn(stack.url, 'tui@example.com');
    const before = await sql`select count(*)::int n from support_session`;
    const refused = await call(tui, 'POST', `/api/people/${aroha}/support`);
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('forbidden');
    expect((await call(undefined, 'POST', `/api/people/${aroha}/support`)).status).toBe(401);
    expect((await call(sam, 'POST', `/api/people/${'x'.repeat(65)}/support`)).status).toBe(400);
    expect(await sql`select count(*)::int n from support_session`).toEqual(before);
  });

  test('a finish and a start at once (two tabs, or a quick tap back): the start always answers with a session', async () => {
    const active = async () =>
      (
        await sql`select id from support_session where supporter_id = ${sam.personId}
                   and person_id = ${aroha} and ended_at is null`
      )[0]?.id as string | undefined;
    for (let round = 0; round < 12; round++) {
      const current =
        (await active()) ?? (await call(sam, 'POST', `/api/people/${aroha}/support`)).body.id;
      // Either may come first; a start that resumed the session the finish then
      // ended must not answer "not found".
      const [ended, started] = await Promise.all([
        call(sam, 'DELETE', `/api/people/${aroha}/support/${current}`),
        call(sam, 'POST', `/api/people/${aroha}/support`),
      ]);
      expect(ended.status).toBe(204);
      expect([200, 201], `round ${round}`).toContain(started.status);
      expect(started.body.personId).toBe(aroha);
    }
    const left = await active();
    if (left) await call(sam, 'DELETE', `/api/people/${aroha}/support/${left}`);
  });

  test('only its supporter and the person supported can read or end a session', async () => {
    const { body } = await call(sam, 'POST', `/api/people/${aroha}/support`);
    const tui = await signIn(stack.url, 'tui@example.com');
    expect((await call(tui, 'GET', `/api/people/${aroha}/support/${body.id}`)).status).toBe(404);
    expect((await call(tui, 'DELETE', `/api/people/${aroha}/support/${body.id}`)).status).toBe(404);
    expect(
      (await call(sam, 'GET', `/api/people/${aroha}/support/${crypto.randomUUID()}`)).status,
    ).toBe(404);
    expect((await call(dm, 'GET', `/api/people/${aroha}/support/${body.id}`)).body.active).toBe(
      true,
    );
    expect((await call(dm, 'DELETE', `/api/people/${aroha}/support/${body.id}`)).status).toBe(204);
    const [row] = await sql`select ended_reason from support_session where id = ${body.id}`;
    expect(row?.ended_reason).toBe('ended by the person supported');
  });

  test('the library appears on the supporter’s client with the session and vanishes when it ends', async () => {
    const z = client(sam);
    const view = z.materialize(queries.preference.list({ personId: aroha }));
    const general = await generalCount();
    const { body } = await call(sam, 'POST', `/api/people/${aroha}/support`);
    await eventually(
      'General rows in session',
      () => view.data.length,
      (n) => n === general,
    );
    await call(sam, 'DELETE', `/api/people/${aroha}/support/${body.id}`);
    await eventually(
      'rows gone after finishing',
      () => view.data.length,
      (n) => n === 0,
    );
    view.destroy();
  });

  test('activity keeps a session alive; idle sessions end on the server and vanish live', async () => {
    const z = client(sam);
    const view = z.materialize(queries.preference.list({ personId: aroha }));
    const { body } = await call(sam, 'POST', `/api/people/${aroha}/support`);
    await eventually(
      'rows in session',
      () => view.data.length,
      (n) => n > 0,
    );

    // A change by the supporter counts as activity.
    await sql`update support_session set last_active_at = now() - interval '20 minutes' where id = ${body.id}`;
    const tea = seedId('preference:aroha:tea');
    const [{ title } = { title: '' }] = await sql`select title from preference where id = ${tea}`;
    const result = await serverResult(
      z,
      mutators.preference.update({ id: tea, title: String(title) }),
    );
    expect(result.type).toBe('success');
    const [fresh] =
      await sql`select now() - last_active_at < interval '1 minute' as recent from support_session where id = ${body.id}`;
    expect(fresh?.recent).toBe(true);

    // The API's own idle sweep must not end it first: this test counts what its own ends.
    await withoutApiSweep(SWEEP_LOCKS.idleSessions, async () => {
      expect(await endIdleSessions(db, 30)).toBe(0);
      await sql`update support_session set last_active_at = now() - interval '31 minutes' where id = ${body.id}`;
      expect(await endIdleSessions(db, 30)).toBe(1);
    });
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
