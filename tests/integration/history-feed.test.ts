/**
 * The history feed (spec §4, §7 GET /api/people/{personId}/access/events):
 * newest first, cursor pages that stay whole while events arrive (no
 * duplicate, no gap, ties in time included), a forged or foreign cursor
 * refused, only the person and their Administrator in a session reading it,
 * events as sentences, and a Supporter opening a Restricted preference
 * written once per session.
 */
import { describe, expect, test } from 'vitest';
import { seedId } from '../../api/seed.ts';
import { historyMessages } from '../../sync/history.ts';
import { mutators } from '../../sync/mutators.ts';
import { queries } from '../../sync/queries.ts';
import { eventually, registerAndSignIn, type SignedIn, signIn } from '../harness/clients.ts';
import { sql, stack } from '../harness/db.ts';
import { call, startSession } from '../harness/rest.ts';
import { client, serverResult } from '../harness/zero.ts';

const aroha = seedId('person:aroha');
const tea = seedId('preference:aroha:tea'); // General
const medication = seedId('preference:aroha:medication'); // Restricted

type Feed = {
  events: Array<{ id: string; type: string; sentence: string; createdBy: { id: string } | null }>;
  next: string | null;
};

async function feed(
  who: SignedIn | null,
  personId: string,
  opts: { type?: string; lastId?: string; limit?: string } = {},
) {
  const headers: Record<string, string> = {};
  if (opts.lastId !== undefined) headers['X-Pagination-Last-Id'] = opts.lastId;
  if (opts.limit !== undefined) headers['X-Pagination-Limit'] = opts.limit;
  const q = opts.type === undefined ? '' : `?type=${encodeURIComponent(opts.type)}`;
  const res = await call(who, 'GET', `/api/people/${personId}/access/events${q}`, undefined, {
    headers,
  });
  return {
    status: res.status,
    body: res.body as Feed & { error?: { code: string; message: string } },
    lastIdHeader: res.headers.get('x-pagination-last-id'),
  };
}

/** `n` Modify events of `personId`, oldest first, some sharing one instant (as one change's events do). */
async function seedEvents(personId: string, n: number, prefix: string): Promise<string[]> {
  const ids: string[] = [];
  const base = Date.now() - 60_000 * n;
  for (let i = 0; i < n; i++) {
    const id = `${prefix}-${String(i).padStart(2, '0')}`;
    // Events 10–12 and 19–20 share their time: the cursor must break ties by id.
    const at = new Date(base + 1000 * (i >= 10 && i <= 12 ? 10 : i >= 19 && i <= 20 ? 19 : i));
    await sql`insert into history_event (id, person_id, type, related_type, related_id, message, created_by, created_at)
      values (${id}, ${personId}, 'Modify', 'Preference', ${id}, ${`Changed the preference “P${i}”`}, ${personId}, ${at})`;
    ids.push(id);
  }
  return ids;
}

describe('paging', () => {
  test('25 events come as 10, 10 and 5, newest first, with no duplicate and no gap while a new one arrives', async () => {
    const me = await registerAndSignIn(stack.url, 'history');
    // A new account's own events (registration, sign-in) are not this test's.
    await sql`delete from history_event where person_id = ${me.personId}`;
    const seeded = await seedEvents(me.personId, 25, `hp-${crypto.randomUUID().slice(0, 8)}`);
    const changes = 'Create,Modify,Delete';
    const first = await feed(me, me.personId, { type: changes });
    expect(first.status).toBe(200);
    expect(first.body.events).toHaveLength(10);
    expect(first.body.next).toBe(first.body.events[9]?.id);
    expect(first.lastIdHeader).toBe(first.body.next);

    // An event arrives between the pages (the person changes something now).
    await sql`insert into history_event (id, person_id, type, related_type, related_id, message, created_by)
      values (${`new-${crypto.randomUUID()}`}, ${me.personId}, 'Create', 'Preference', 'x', 'Created the preference “Late”', ${me.personId})`;

    const second = await feed(me, me.personId, { type: changes, lastId: first.body.next ?? '' });
    expect(second.body.events).toHaveLength(10);
    const third = await feed(me, me.personId, { type: changes, lastId: second.body.next ?? '' });
    expect(third.body.events).toHaveLength(5);
    expect(third.body.next).toBeNull();
    expect(third.lastIdHeader).toBeNull();

    const paged = [...first.body.events, ...second.body.events, ...third.body.events].map(
      (e) => e.id,
    );
    // Newest first; ties in time ordered by id, newest (largest) first.
    expect(paged).toEqual([...seeded].reverse());
    expect(new Set(paged).size).toBe(25);

    // The next visit starts with the new event.
    const again = await feed(me, me.personId, { type: changes });
    expect(again.body.events[0]?.sentence).toBe('You created the preference “Late”');
    expect(again.body.events[1]?.id).toBe(seeded[24]);
  });

  test('the page size and the type filter are honoured; bad ones are refused and say why', async () => {
    const me = await registerAndSignIn(stack.url, 'history-filter');
    await seedEvents(me.personId, 4, `hf-${crypto.randomUUID().slice(0, 8)}`);
    const three = await feed(me, me.personId, { type: 'Modify', limit: '3' });
    expect(three.body.events).toHaveLength(3);
    expect(three.body.events.every((e) => e.type === 'Modify')).toBe(true);
    // Signing in wrote a SignIn event, which only the access group shows.
    const access = await feed(me, me.personId, { type: 'SignIn,SignOut' });
    expect(access.body.events.map((e) => e.sentence)).toEqual([
      'You signed in with an e-mail link',
    ]);
    const all = await feed(me, me.personId);
    expect(all.body.events.length).toBeGreaterThanOrEqual(5);

    for (const type of ['Hack', 'Modify,DROP', ',', '']) {
      const bad = await feed(me, me.personId, { type });
      expect(bad.status).toBe(400);
      expect(bad.body.error?.message).toBe(historyMessages.badType);
    }
    for (const limit of ['0', '51', 'ten', '-1', '1e2']) {
      const bad = await feed(me, me.personId, { limit });
      expect(bad.status).toBe(400);
    }
  });

  test('a forged or foreign cursor is refused (400), never another person’s events', async () => {
    const me = await registerAndSignIn(stack.url, 'history-cursor');
    const other = await registerAndSignIn(stack.url, 'history-other');
    const [theirs] = await seedEvents(other.personId, 1, `ho-${crypto.randomUUID().slice(0, 8)}`);
    for (const lastId of [theirs ?? '', 'no-such-event', "x' or '1'='1"]) {
      const res = await feed(me, me.personId, { lastId });
      expect(res.status).toBe(400);
      expect(res.body.error?.message).toBe(historyMessages.badCursor);
    }
  });
});

describe('who may read it', () => {
  test('the person and their Administrator in a session; nobody else', async () => {
    const [arohaS, sam, riley, ana, tui] = await Promise.all(
      ['aroha', 'sam', 'riley', 'ana', 'tui'].map((n) => signIn(stack.url, `${n}@example.com`)),
    );
    if (!arohaS || !sam || !riley || !ana || !tui) throw new Error('demo users');
    expect((await feed(arohaS, aroha)).status).toBe(200);
    expect((await feed(null, aroha)).status).toBe(401);
    expect((await feed(tui, aroha)).status).toBe(403);
    // An Administrator outside a session, and General / Restricted supporters in one: no.
    expect((await feed(ana, aroha)).status).toBe(403);
    const samSession = await startSession(sam, aroha);
    const rileySession = await startSession(riley, aroha);
    try {
      const refused = await feed(sam, aroha);
      expect(refused.status).toBe(403);
      expect(refused.body.error?.message).toBe(historyMessages.notAdministrator);
      expect((await feed(riley, aroha)).status).toBe(403);
    } finally {
      await samSession.end();
      await rileySession.end();
    }
    const anaSession = await startSession(ana, aroha);
    try {
      const res = await feed(ana, aroha);
      expect(res.status).toBe(200);
      // Her own start of the session reads "You", the same event on Aroha's feed her name.
      expect(res.body.events[0]?.sentence).toBe('You started a support session');
      const arohaView = await feed(arohaS, aroha);
      expect(arohaView.body.events[0]?.sentence).toBe('Ana started a support session');
    } finally {
      await anaSession.end();
    }
    expect((await feed(ana, aroha)).status).toBe(403);
  });
});

describe('a Supporter opening a Restricted preference', () => {
  test('is written once per session, by name; General items, the owner and what one may not read write nothing', async () => {
    const [arohaS, sam, riley] = await Promise.all(
      ['aroha', 'sam', 'riley'].map((n) => signIn(stack.url, `${n}@example.com`)),
    );
    if (!arohaS || !sam || !riley) throw new Error('demo users');
    const count = async () =>
      Number(
        (
          await sql`select count(*)::int as n from history_event
            where person_id = ${aroha} and type = 'Access'`
        )[0]?.n,
      );
    const before = await count();
    const rileyZ = client(riley);
    const samZ = client(sam);
    const arohaZ = client(arohaS);
    const rileySession = await startSession(riley, aroha);
    const samSession = await startSession(sam, aroha);
    try {
      // Riley's client has the preference (its read rule needs the session synced).
      await eventually(
        'Riley reads the Restricted preference',
        () => rileyZ.run(queries.preference.byId({ personId: aroha, id: medication })),
        (p) => p !== undefined,
      );
      for (let i = 0; i < 2; i++) {
        await serverResult(
          rileyZ,
          mutators.access.viewed({ personId: aroha, preferenceId: medication }),
        );
      }
      await serverResult(rileyZ, mutators.access.viewed({ personId: aroha, preferenceId: tea }));
      // Sam (General) may not read it; the owner looking is not news.
      await serverResult(
        samZ,
        mutators.access.viewed({ personId: aroha, preferenceId: medication }),
      );
      await serverResult(
        arohaZ,
        mutators.access.viewed({ personId: aroha, preferenceId: medication }),
      );
      expect(await count()).toBe(before + 1);
      const res = await feed(arohaS, aroha, { type: 'Access' });
      const [title] = (await sql`select title from preference where id = ${medication}`).map((r) =>
        String(r.title),
      );
      expect(res.body.events[0]?.sentence).toBe(`Riley viewed “${title}” (Restricted)`);
    } finally {
      await rileySession.end();
      await samSession.end();
    }
    // A new session: looking again is written again.
    const again = await startSession(riley, aroha);
    try {
      await eventually(
        'Riley reads it in the new session',
        () => rileyZ.run(queries.preference.byId({ personId: aroha, id: medication })),
        (p) => p !== undefined,
      );
      await serverResult(
        rileyZ,
        mutators.access.viewed({ personId: aroha, preferenceId: medication }),
      );
      expect(await count()).toBe(before + 2);
    } finally {
      await again.end();
    }
  });
});

describe('what others changed, live (the home page’s synced query)', () => {
  test('reaches the person and their Administrator in a session, nobody else; the reader’s own changes are left out', async () => {
    const [arohaS, sam, ana] = await Promise.all(
      ['aroha', 'sam', 'ana'].map((n) => signIn(stack.url, `${n}@example.com`)),
    );
    if (!arohaS || !sam || !ana) throw new Error('demo users');
    const marker = `Changed the preference “Live ${crypto.randomUUID().slice(0, 6)}”`;
    await sql`insert into history_event (id, person_id, type, related_type, related_id, message, created_by)
      values (${crypto.randomUUID()}, ${aroha}, 'Modify', 'Preference', ${tea}, ${marker}, ${sam.personId})`;
    const arohaZ = client(arohaS);
    const samZ = client(sam);
    const anaZ = client(ana);
    const recent = queries.history.othersRecent({ personId: aroha });
    const seen = await eventually(
      'Aroha sees Sam’s change',
      () => arohaZ.run(recent),
      (rows) => rows.some((r) => r.message === marker),
    );
    expect(seen.find((r) => r.message === marker)?.creator?.firstName).toBe('Sam');
    expect(seen.every((r) => r.createdBy !== arohaS.personId)).toBe(true);

    const samSession = await startSession(sam, aroha);
    try {
      expect(await samZ.run(recent, { type: 'complete' })).toEqual([]);
    } finally {
      await samSession.end();
    }
    expect(await anaZ.run(recent, { type: 'complete' })).toEqual([]);
    const anaSession = await startSession(ana, aroha);
    try {
      await eventually(
        'Ana, Administrator in a session, sees it',
        () => anaZ.run(recent),
        (rows) => rows.some((r) => r.message === marker),
      );
    } finally {
      await anaSession.end();
    }
    // The session over: gone from her device.
    await eventually(
      'Ana’s copy empties when the session ends',
      () => anaZ.run(recent),
      (rows) => rows.length === 0,
    );
  });
});
