/**
 * The supporter's handover (sync/handover.ts, migrations/0018): what changed
 * since a supporter's last visit, at their level, live; and the notes left for
 * the next visit, read by those who had access when they were left, changed
 * by the person and their Administrator, gone at their time. Through the same
 * synced queries the pages use, the Zero mutators and REST.
 */
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { addReviewsDue, removeExpiredNotes } from '../../api/handover/sweep.ts';
import { seedId } from '../../api/seed.ts';
import { SWEEP_LOCKS } from '../../api/sweeps.ts';
import { HANDOVER_NOTE_MAX, handoverRuleMessages } from '../../sync/handover.ts';
import { mutators } from '../../sync/mutators.ts';
import { queries } from '../../sync/queries.ts';
import { eventually, registerAndSignIn, type SignedIn, signIn } from '../harness/clients.ts';
import { db, sql, stack, withoutApiSweep } from '../harness/db.ts';
import { call, endSessions, startSession } from '../harness/rest.ts';
import { client, serverResult } from '../harness/zero.ts';

const arohaId = seedId('person:aroha');
const tea = seedId('preference:aroha:tea');
const medication = seedId('preference:aroha:medication');
const samLink = seedId('link:sam->aroha');
const rileyLink = seedId('link:riley->aroha');
const prefs = `/api/people/${arohaId}/preferences`;
const handover = `/api/people/${arohaId}/handover`;

let aroha: SignedIn;
let sam: SignedIn;
let riley: SignedIn;
let ana: SignedIn;
let tui: SignedIn;
const titles = new Map<string, string>();

beforeAll(async () => {
  aroha = await signIn(stack.url, 'aroha@example.com');
  sam = await signIn(stack.url, 'sam@example.com');
  riley = await signIn(stack.url, 'riley@example.com');
  ana = await signIn(stack.url, 'ana@example.com');
  tui = await signIn(stack.url, 'tui@example.com');
  for (const id of [tea, medication]) {
    const [row] = await sql`select title, access from preference where id = ${id}`;
    titles.set(id, String(row?.title));
  }
});

afterEach(async () => {
  await endSessions();
});

afterAll(async () => {
  for (const [id, title] of titles) {
    await sql`update preference set title = ${title} where id = ${id}`;
  }
  await sql`update preference set access = 'General' where id = ${tea}`;
  await sql`update supporter_link set access_level = 'Restricted' where id = ${rileyLink}`;
  await sql`update person set handover_note_days = 7 where id = ${arohaId}`;
  await sql`delete from handover_note where person_id = ${arohaId}`;
});

/** A visit: a session started and ended, as a supporter does. */
async function visit(who: SignedIn) {
  const s = await startSession(who, arohaId);
  await s.end();
}

/** The handover items of `who` about Aroha's preference `preferenceId`, through REST. */
async function restItems(who: SignedIn, preferenceId: string) {
  const res = await call(who, 'GET', handover);
  expect(res.status).toBe(200);
  return (
    res.body.changes as { preferenceId: string | null; kind: string; message: string }[]
  ).filter((i) => i.preferenceId === preferenceId && i.kind === 'Preference');
}

describe('since your last visit', () => {
  test('a change shows to the supporters whose level reads it, live, and never above it', async () => {
    await visit(sam);
    await visit(riley);
    const sz = client(sam);
    const rz = client(riley);
    const samView = sz.materialize(queries.handover.changes({ personId: arohaId }));
    const rileyView = rz.materialize(queries.handover.changes({ personId: arohaId }));
    const stamp = Date.now();
    expect((await call(aroha, 'PUT', `${prefs}/${tea}`, { title: `Tea ${stamp}` })).status).toBe(
      200,
    );
    expect(
      (await call(aroha, 'PUT', `${prefs}/${medication}`, { title: `Pills ${stamp}` })).status,
    ).toBe(200);
    const about = <R extends { preferenceId: string | null }>(rows: readonly R[], id: string) =>
      rows.filter((r) => r.preferenceId === id);
    // Riley (Restricted) gets both, live.
    await eventually(
      "Riley's open handover to show both changes",
      () => rileyView.data,
      (rows) => about(rows, tea).length > 0 && about(rows, medication).length > 0,
    );
    // Sam (General) gets the General one, and nothing of the Restricted one: not even a row.
    await eventually(
      "Sam's open handover to show the General change",
      () => samView.data,
      (rows) => about(rows, tea).some((r) => r.message.includes(`Tea ${stamp}`)),
    );
    expect(about(samView.data, medication)).toEqual([]);
    const [samRows] = await sql`select count(*)::int n from handover_item
      where supporter_link_id = ${samLink} and preference_id = ${medication}`;
    expect(samRows?.n).toBe(0);
    // REST says the same.
    expect((await restItems(sam, tea)).map((i) => i.message)).toContain(
      `Changed the title from “${titles.get(tea)}” to “Tea ${stamp}”`,
    );
    expect(await restItems(sam, medication)).toEqual([]);
    expect((await restItems(riley, medication)).length).toBe(1);
    // The person's own handover is empty: it is a supporter's.
    expect((await call(aroha, 'GET', handover)).body.changes).toEqual([]);
    // Someone outside the Circle gets nothing.
    expect((await call(tui, 'GET', handover)).body.changes).toEqual([]);
    samView.destroy();
    rileyView.destroy();
  });

  test("a session's end clears what came before it, live; what comes after shows again", async () => {
    const sz = client(sam);
    const view = sz.materialize(queries.handover.changes({ personId: arohaId }));
    await call(aroha, 'PUT', `${prefs}/${tea}`, { title: `Tea ${Date.now()}` });
    await eventually(
      'a change in Sam’s handover',
      () => view.data,
      (rows) => rows.length > 0,
    );
    const s = await startSession(sam, arohaId);
    // In the session it stays: the visit is not over.
    expect(view.data.length).toBeGreaterThan(0);
    // What changes while Sam is there he sees in the library itself: nothing is written for him.
    const itemsOfSam = async () =>
      (await sql`select count(*)::int n from handover_item where supporter_link_id = ${samLink}`)[0]
        ?.n;
    const during = await itemsOfSam();
    await call(aroha, 'PUT', `${prefs}/${tea}`, { title: `Tea ${Date.now()} in the session` });
    expect(await itemsOfSam()).toBe(during);
    await s.end();
    await eventually(
      'Sam’s handover to empty when the session ends',
      () => view.data,
      (rows) => rows.length === 0,
    );
    await call(aroha, 'PUT', `${prefs}/${tea}`, { title: `Tea ${Date.now()} again` });
    await eventually(
      'the next change to show',
      () => view.data,
      (rows) => rows.length === 1,
    );
    view.destroy();
  });

  test('a supporter’s own changes are not in their handover', async () => {
    await visit(riley);
    const s = await startSession(riley, arohaId);
    expect(
      (await call(riley, 'PUT', `${prefs}/${tea}`, { title: `Riley's tea ${Date.now()}` })).status,
    ).toBe(200);
    const [mine] = await sql`select count(*)::int n from handover_item
      where supporter_link_id = ${rileyLink} and created_by = ${riley.personId}`;
    expect(mine?.n).toBe(0);
    // Sam is told of Riley's change.
    expect((await restItems(sam, tea)).some((i) => i.message.includes("Riley's tea"))).toBe(true);
    await s.end();
  });

  test('a lower level and a stricter preference take away what no longer shows, live', async () => {
    await visit(sam);
    await visit(riley);
    await call(aroha, 'PUT', `${prefs}/${tea}`, { title: `Tea ${Date.now()}` });
    await call(aroha, 'PUT', `${prefs}/${medication}`, { title: `Pills ${Date.now()}` });
    const rz = client(riley);
    const view = rz.materialize(queries.handover.changes({ personId: arohaId }));
    await eventually(
      'Riley’s Restricted item',
      () => view.data,
      (rows) => rows.some((r) => r.preferenceId === medication),
    );
    await sql`update supporter_link set access_level = 'General' where id = ${rileyLink}`;
    await eventually(
      'the Restricted item to leave Riley’s handover',
      () => view.data,
      (rows) =>
        !rows.some((r) => r.preferenceId === medication) &&
        rows.some((r) => r.preferenceId === tea),
    );
    await sql`update supporter_link set access_level = 'Restricted' where id = ${rileyLink}`;
    // Tea becomes Restricted: what Sam (General) was told of it goes.
    const sz = client(sam);
    const samView = sz.materialize(queries.handover.changes({ personId: arohaId }));
    await eventually(
      'Sam’s tea item',
      () => samView.data,
      (rows) => rows.some((r) => r.preferenceId === tea),
    );
    expect((await call(aroha, 'PUT', `${prefs}/${tea}`, { access: 'Restricted' })).status).toBe(
      200,
    );
    await eventually(
      'Sam’s tea item to go when tea is Restricted',
      () => samView.data,
      (rows) => !rows.some((r) => r.preferenceId === tea),
    );
    expect((await restItems(riley, tea)).length).toBeGreaterThan(0);
    expect((await call(aroha, 'PUT', `${prefs}/${tea}`, { access: 'General' })).status).toBe(200);
    view.destroy();
    samView.destroy();
  });

  test('a supporter is told their own level changed; no one else is', async () => {
    await visit(sam);
    await visit(riley);
    const changed = await call(aroha, 'PUT', `/api/people/${arohaId}/supporters/${samLink}`, {
      supportedId: arohaId,
      accessLevel: 'Restricted',
    });
    expect(changed.status).toBe(200);
    try {
      const kinds = async (who: SignedIn) =>
        ((await call(who, 'GET', handover)).body.changes as { kind: string; message: string }[])
          .filter((i) => i.kind === 'Access')
          .map((i) => i.message);
      const told = await kinds(sam);
      expect(told).toHaveLength(1);
      expect(told[0]).toMatch(/General.*Restricted/);
      expect(await kinds(riley)).toEqual([]);
    } finally {
      await sql`update supporter_link set access_level = 'General' where id = ${samLink}`;
    }
  });

  test('opening an item marks it seen for that supporter alone', async () => {
    await visit(sam);
    await visit(riley);
    await call(aroha, 'PUT', `${prefs}/${tea}`, { title: `Tea ${Date.now()}` });
    const [samItem] = await sql`select id from handover_item
      where supporter_link_id = ${samLink} and preference_id = ${tea} order by created_at desc limit 1`;
    const [rileyItem] = await sql`select id from handover_item
      where supporter_link_id = ${rileyLink} and preference_id = ${tea} order by created_at desc limit 1`;
    const sz = client(sam);
    await sz.run(queries.handover.changes({ personId: arohaId }), { type: 'complete' });
    const seen = await serverResult(sz, mutators.handover.seen({ id: String(samItem?.id) }));
    expect(seen.type).toBe('success');
    const [row] = await sql`select seen_at from handover_item where id = ${String(samItem?.id)}`;
    expect(row?.seen_at).not.toBeNull();
    // Riley's copy of the same change is not Sam's to mark.
    const other = await serverResult(sz, mutators.handover.seen({ id: String(rileyItem?.id) }));
    expect(other.type).toBe('error');
    const [untouched] =
      await sql`select seen_at from handover_item where id = ${String(rileyItem?.id)}`;
    expect(untouched?.seen_at).toBeNull();
    expect(
      (await call(riley, 'POST', `${handover}/changes/${String(rileyItem?.id)}/seen`)).status,
    ).toBe(204);
    expect(
      (await call(sam, 'POST', `${handover}/changes/${String(rileyItem?.id)}/seen`)).status,
    ).toBe(404);
  });

  test('a review that came due since the last visit joins the handover once, at its level', async () => {
    await visit(sam);
    await visit(riley);
    const seeded =
      await sql`select id, review_at from preference where id in (${tea}, ${medication})`;
    await withoutApiSweep(SWEEP_LOCKS.handover, async () => {
      // Due now, after the visits above; the sweep looks a moment later.
      await sql`update preference set review_at = now() where id in (${tea}, ${medication})`;
      const later = new Date(Date.now() + 5_000);
      try {
        // Sam's tea; Riley's and Ana's tea and medication.
        expect(await addReviewsDue(db, later)).toBeGreaterThanOrEqual(5);
        expect(await addReviewsDue(db, later)).toBe(0);
      } finally {
        for (const row of seeded) {
          await sql`update preference set review_at = ${row.review_at} where id = ${String(row.id)}`;
        }
      }
    });
    const reviews = async (who: SignedIn) =>
      ((await call(who, 'GET', handover)).body.changes as { kind: string; preferenceId: string }[])
        .filter((i) => i.kind === 'Review')
        .map((i) => i.preferenceId)
        .sort();
    expect(await reviews(sam)).toEqual([tea]);
    expect(await reviews(riley)).toEqual([tea, medication].sort());
    // A visit sees them: they are not made again.
    await visit(sam);
    expect(await reviews(sam)).toEqual([]);
  });
});

describe('notes for the next visit', () => {
  test('left in a session, read by those who had access at its level, not by later joiners or outsiders', async () => {
    const s = await startSession(sam, arohaId);
    const left = await call(sam, 'POST', `${handover}/notes`, {
      body: "Aroha didn't sleep well; she'd like the window open tonight",
    });
    expect(left.status).toBe(201);
    expect(left.body.access).toBe('General');
    const general = String(left.body.id);
    await s.end();
    const r = await startSession(riley, arohaId);
    const restricted = await call(riley, 'POST', `${handover}/notes`, {
      body: 'New tablets from Monday',
    });
    expect(restricted.status).toBe(201);
    expect(restricted.body.access).toBe('Restricted');
    await r.end();
    const notesOf = async (who: SignedIn) =>
      ((await call(who, 'GET', handover)).body.notes as { id: string }[]).map((n) => n.id);
    expect(await notesOf(sam)).toContain(general);
    expect(await notesOf(sam)).not.toContain(String(restricted.body.id));
    expect(await notesOf(riley)).toEqual(
      expect.arrayContaining([general, String(restricted.body.id)]),
    );
    expect(await notesOf(ana)).toEqual(
      expect.arrayContaining([general, String(restricted.body.id)]),
    );
    // Who left it is said to every reader, though fellow supporters read no person row of each other.
    const anaSees = (await call(ana, 'GET', handover)).body.notes as {
      id: string;
      authorName: string;
    }[];
    expect(anaSees.find((n) => n.id === general)?.authorName).toBe('Sam Tane');
    expect(await notesOf(aroha)).toEqual(
      expect.arrayContaining([general, String(restricted.body.id)]),
    );
    expect(await notesOf(tui)).toEqual([]);
    // Zero reads the same.
    const sz = client(sam);
    const samNotes = await sz.run(queries.handover.notes({ personId: arohaId }), {
      type: 'complete',
    });
    expect(samNotes.map((n) => n.id)).toContain(general);
    expect(samNotes.map((n) => n.id)).not.toContain(String(restricted.body.id));
    // Someone who joins the Circle afterwards reads none of them.
    const late = await registerAndSignIn(stack.url, 'late');
    const lateLink = crypto.randomUUID();
    await sql`insert into supporter_link (id, supporter_id, supported_id, access_level)
              values (${lateLink}, ${late.personId}, ${arohaId}, 'Restricted')`;
    try {
      expect(await notesOf(late)).toEqual([]);
    } finally {
      await sql`delete from supporter_link where id = ${lateLink}`;
    }
    // History has both.
    const [history] = await sql`select count(*)::int n from history_event
      where related_type = 'HandoverNote' and type = 'Create' and related_id in (${general}, ${String(restricted.body.id)})`;
    expect(history?.n).toBe(2);
  });

  test('only the person and their Administrator in a session change or delete a note; each change is in history', async () => {
    const s = await startSession(sam, arohaId);
    const left = await call(sam, 'POST', `${handover}/notes`, { body: 'Bring the blue cup' });
    const id = String(left.body.id);
    // Sam wrote it and reads it, but may not change it.
    const samEdit = await call(sam, 'PATCH', `${handover}/notes/${id}`, { body: 'Mine' });
    expect(samEdit.status).toBe(403);
    expect(samEdit.body.error.message).toBe(handoverRuleMessages.onlyAdministrator);
    await s.end();
    // Ana reads it but changes nothing outside a session.
    expect((await call(ana, 'PATCH', `${handover}/notes/${id}`, { body: 'x' })).status).toBe(403);
    expect((await call(tui, 'PATCH', `${handover}/notes/${id}`, { body: 'x' })).status).toBe(404);
    const a = await startSession(ana, arohaId);
    const az = client(ana);
    await az.run(queries.handover.notes({ personId: arohaId }), { type: 'complete' });
    const edited = await serverResult(
      az,
      mutators.handover.edit({ id, body: 'Bring the blue cup, please' }),
    );
    expect(edited.type).toBe('success');
    await a.end();
    const [row] = await sql`select body from handover_note where id = ${id}`;
    expect(row?.body).toBe('Bring the blue cup, please');
    expect(
      (await call(aroha, 'PATCH', `${handover}/notes/${id}`, { body: 'The blue cup' })).body.body,
    ).toBe('The blue cup');
    expect((await call(aroha, 'DELETE', `${handover}/notes/${id}`)).status).toBe(204);
    expect(await sql`select id from handover_note where id = ${id}`).toEqual([]);
    const events = await sql`select type from history_event
      where related_type = 'HandoverNote' and related_id = ${id} order by created_at`;
    expect(events.map((e) => e.type)).toEqual(['Create', 'Modify', 'Modify', 'Delete']);
  });

  test('who may leave one: a supporter in a session and the person; bad input changes nothing', async () => {
    const before =
      await sql`select count(*)::int n from handover_note where person_id = ${arohaId}`;
    const outside = await call(sam, 'POST', `${handover}/notes`, { body: 'Hello' });
    expect(outside.status).toBe(403);
    expect(outside.body.error.message).toBe(handoverRuleMessages.notInSession);
    expect((await call(tui, 'POST', `${handover}/notes`, { body: 'Hello' })).status).toBe(404);
    expect((await call(undefined, 'POST', `${handover}/notes`, { body: 'Hello' })).status).toBe(
      401,
    );
    const s = await startSession(sam, arohaId);
    const empty = await call(sam, 'POST', `${handover}/notes`, { body: '   ' });
    expect(empty.status).toBe(400);
    expect(empty.body.error.message).toBe(handoverRuleMessages.bodyRequired);
    const long = await call(sam, 'POST', `${handover}/notes`, {
      body: 'x'.repeat(HANDOVER_NOTE_MAX + 1),
    });
    expect(long.status).toBe(400);
    expect(long.body.error.message).toBe(handoverRuleMessages.bodyTooLong);
    await s.end();
    const after = await sql`select count(*)::int n from handover_note where person_id = ${arohaId}`;
    expect(after[0]?.n).toBe(before[0]?.n);
    const own = await call(aroha, 'POST', `${handover}/notes`, {
      body: 'I am going to my sister’s on Friday',
    });
    expect(own.status).toBe(201);
    expect(own.body.access).toBe('General');
  });

  test('notes last the days the person chose, and leave open screens when their time comes', async () => {
    // Sam: no way in outside a session, and not the Administrator inside one.
    expect((await call(sam, 'PUT', `${handover}/note-days`, { days: 2 })).status).toBe(404);
    const inSession = await startSession(sam, arohaId);
    const refused = await call(sam, 'PUT', `${handover}/note-days`, { days: 2 });
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toBe(handoverRuleMessages.onlyAdministratorDays);
    await inSession.end();
    expect((await call(aroha, 'PUT', `${handover}/note-days`, { days: 0 })).status).toBe(400);
    expect((await call(aroha, 'PUT', `${handover}/note-days`, { days: 2 })).status).toBe(200);
    const s = await startSession(sam, arohaId);
    const left = await call(sam, 'POST', `${handover}/notes`, { body: 'Short-lived' });
    await s.end();
    const id = String(left.body.id);
    const lasts =
      new Date(String(left.body.expiresAt)).getTime() -
      new Date(String(left.body.createdAt)).getTime();
    expect(lasts).toBe(2 * 24 * 60 * 60 * 1000);
    const sz = client(sam);
    const view = sz.materialize(queries.handover.notes({ personId: arohaId }));
    await eventually(
      'Sam’s open notes to hold it',
      () => view.data,
      (rows) => rows.some((n) => n.id === id),
    );
    await withoutApiSweep(SWEEP_LOCKS.handover, async () => {
      await sql`update handover_note set expires_at = now() - interval '1 second' where id = ${id}`;
      expect(await removeExpiredNotes(db)).toBeGreaterThanOrEqual(1);
    });
    await eventually(
      'the note to leave Sam’s open screen at its time',
      () => view.data,
      (rows) => !rows.some((n) => n.id === id),
    );
    view.destroy();
    const [history] = await sql`select message from history_event
      where person_id = ${arohaId} and related_type = 'Person' order by created_at desc limit 1`;
    expect(history?.message).toBe(handoverRuleMessages.days(2));
  });

  test('a lower level takes away the Restricted notes a supporter read', async () => {
    const r = await startSession(riley, arohaId);
    const left = await call(riley, 'POST', `${handover}/notes`, { body: 'Restricted words' });
    await r.end();
    const id = String(left.body.id);
    const rz = client(riley);
    const view = rz.materialize(queries.handover.notes({ personId: arohaId }));
    await eventually(
      'Riley’s note',
      () => view.data,
      (rows) => rows.some((n) => n.id === id),
    );
    await sql`update supporter_link set access_level = 'General' where id = ${rileyLink}`;
    try {
      await eventually(
        'the Restricted note to leave Riley’s screen',
        () => view.data,
        (rows) => !rows.some((n) => n.id === id),
      );
    } finally {
      await sql`update supporter_link set access_level = 'Restricted' where id = ${rileyLink}`;
    }
    view.destroy();
  });
});
