/**
 * Time-limited supporter access: a link's end is set or
 * cleared by the person or their Administrator in session (REST and Zero run
 * the same change, sync/circle.ts setLinkEnd), refused when it is gone by or
 * more than two years ahead, and when it comes the API removes the link by
 * itself (api/sweeps.ts LinkEndTimer): the supporter's session ends, their
 * synced rows go live, and the person's history says so.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { seedId } from '../../api/seed.ts';
import { circleErrors } from '../../sync/circle.ts';
import { inviteErrors } from '../../sync/invite.ts';
import { mutators } from '../../sync/mutators.ts';
import { queries } from '../../sync/queries.ts';
import { eventually, registerAndSignIn, type SignedIn, signIn } from '../harness/clients.ts';
import { sql, stack } from '../harness/db.ts';
import { call, startSession } from '../harness/rest.ts';
import { client, serverResult } from '../harness/zero.ts';

const arohaId = seedId('person:aroha');
const samLink = seedId('link:sam->aroha');
const rileyLink = seedId('link:riley->aroha');
const anaLink = seedId('link:ana->aroha');

let aroha: SignedIn;
let sam: SignedIn;
let riley: SignedIn;
let ana: SignedIn;
let tui: SignedIn;
/** Invites this file made for Tui, removed after it. */
const invitesMade: string[] = [];

beforeAll(async () => {
  aroha = await signIn(stack.url, 'aroha@example.com');
  sam = await signIn(stack.url, 'sam@example.com');
  riley = await signIn(stack.url, 'riley@example.com');
  ana = await signIn(stack.url, 'ana@example.com');
  tui = await signIn(stack.url, 'tui@example.com');
});

afterAll(async () => {
  await sql`update supporter_link set ends_at = null where supported_id = ${arohaId}`;
  // The invites this file made for Tui: she is the Decision Maker with no connections.
  if (invitesMade.length) await sql`delete from invite where id in ${sql(invitesMade)}`;
});

/** Where a link's end is set: PUT /api/people/{personId}/supporters/{linkId}/end. */
const endOf = (personId: string, linkId: string) =>
  `/api/people/${personId}/supporters/${linkId}/end`;

async function endsAtOf(linkId: string) {
  const [row] = await sql`select ends_at from supporter_link where id = ${linkId}`;
  return row ? (row.ends_at as Date | null) : undefined;
}

async function lastHistory(relatedId: string) {
  const [row] = await sql`select person_id, type, related_type, created_by, message
                          from history_event where related_id = ${relatedId}
                          order by created_at desc, id desc limit 1`;
  return row;
}

const inAnHour = () => new Date(Date.now() + 3_600_000).toISOString();

describe('setting when a supporter link ends', () => {
  test('the Decision Maker sets an end and clears it, each written to history', async () => {
    const at = inAnHour();
    const r = await call(aroha, 'PUT', endOf(arohaId, samLink), { endsAt: at });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ id: samLink, endsAt: at });
    expect((await endsAtOf(samLink))?.toISOString()).toBe(at);
    expect(await lastHistory(samLink)).toEqual({
      person_id: arohaId,
      type: 'Modify',
      related_type: 'SupporterLink',
      created_by: arohaId,
      message: 'Set a time for Sam Tane’s access to end',
    });
    const cleared = await call(aroha, 'PUT', endOf(arohaId, samLink), { endsAt: null });
    expect(cleared.status).toBe(200);
    expect(cleared.body).toMatchObject({ endsAt: null });
    expect(await endsAtOf(samLink)).toBeNull();
    expect((await lastHistory(samLink))?.message).toBe('Removed the end time of Sam Tane’s access');
  });

  test('a time gone by, one over two years ahead, or a bad body is refused and changes nothing', async () => {
    const past = await call(aroha, 'PUT', endOf(arohaId, samLink), {
      endsAt: new Date(Date.now() - 60_000).toISOString(),
    });
    expect(past.status).toBe(400);
    expect(past.body).toEqual({
      error: { code: 'invalid', message: 'Choose a time that is still to come.' },
    });
    const far = await call(aroha, 'PUT', endOf(arohaId, samLink), {
      endsAt: new Date(Date.now() + 3 * 365 * 86_400_000).toISOString(),
    });
    expect(far.status).toBe(400);
    expect(far.body.error.message).toBe('Choose a time within the next two years.');
    for (const body of [{}, { endsAt: 'tomorrow' }, { endsAt: 12 }]) {
      expect((await call(aroha, 'PUT', endOf(arohaId, samLink), body)).status).toBe(400);
    }
    expect(await endsAtOf(samLink)).toBeNull();
  });

  test('only the person or their Administrator in session; never one’s own link', async () => {
    const body = { endsAt: inAnHour() };
    // Ana (Administrator) outside a session cannot see Sam's link at all.
    expect((await call(ana, 'PUT', endOf(arohaId, samLink), body)).status).toBe(404);
    // Riley (Restricted) may read their own link but not set its end.
    const own = await call(riley, 'PUT', endOf(arohaId, rileyLink), body);
    expect(own.status).toBe(403);
    expect(own.body.error.message).toBe('You cannot set when your own access ends.');
    // Someone unrelated: the same 404 as a link that is not there.
    expect((await call(tui, 'PUT', endOf(arohaId, samLink), body)).status).toBe(404);
    const session = await startSession(ana, arohaId);
    try {
      const ok = await call(ana, 'PUT', endOf(arohaId, samLink), body);
      expect(ok.status).toBe(200);
      expect((await lastHistory(samLink))?.created_by).toBe(ana.personId);
      expect((await call(ana, 'PUT', endOf(arohaId, anaLink), body)).status).toBe(403);
      expect(await endsAtOf(anaLink)).toBeNull();
    } finally {
      await session.end();
      await sql`update supporter_link set ends_at = null where id = ${samLink}`;
    }
  });

  test('the same change through Zero: refused in the past, stored when ahead', async () => {
    const z = client(aroha);
    const past = await serverResult(
      z,
      mutators.circle.setEnd({ id: samLink, endsAt: Date.now() - 1_000 }),
    );
    expect(past.type).toBe('error');
    expect(await endsAtOf(samLink)).toBeNull();
    const at = Date.now() + 3_600_000;
    const ok = await serverResult(z, mutators.circle.setEnd({ id: samLink, endsAt: at }));
    expect(ok.type).toBe('success');
    expect((await endsAtOf(samLink))?.getTime()).toBe(at);
    await sql`update supporter_link set ends_at = null where id = ${samLink}`;
  });
});

describe('a link reaching its end', () => {
  test('is removed by itself at its time: the session ends, the supporter’s rows go live, history says so', async () => {
    // A link of Sam's to Tui, in session, so that nothing else of the demo is touched.
    const linkId = crypto.randomUUID();
    await sql`insert into supporter_link (id, supporter_id, supported_id, access_level, created_by)
              values (${linkId}, ${sam.personId}, ${tui.personId}, 'General', ${tui.personId})`;
    const session = await startSession(sam, tui.personId);
    try {
      const z = client(sam);
      const view = z.materialize(queries.circle.supported({ personId: sam.personId }));
      await eventually(
        'Sam sees his link to Tui',
        () => view.data.map((l) => l.id),
        (ids) => ids.includes(linkId),
      );
      const r = await call(tui, 'PUT', endOf(tui.personId, linkId), {
        endsAt: new Date(Date.now() + 1_500).toISOString(),
      });
      expect(r.status).toBe(200);
      // No sweep is due for a minute: the API's own timer for this end does it.
      await eventually(
        'the link gone from Sam’s synced rows',
        () => view.data.map((l) => l.id),
        (ids) => !ids.includes(linkId),
        10_000,
      );
      expect(await endsAtOf(linkId)).toBeUndefined();
      // The session ended first (its row goes with the link), in history:
      expect(await lastHistory(session.id)).toMatchObject({
        person_id: tui.personId,
        type: 'SessionFinish',
        created_by: null,
        message: 'Sam Tane’s support session ended: their access reached its set end',
      });
      expect(await lastHistory(linkId)).toEqual({
        person_id: tui.personId,
        type: 'Delete',
        related_type: 'SupporterLink',
        created_by: null,
        message: 'Sam Tane’s access ended at its set time',
      });
      view.destroy();
    } finally {
      await sql`delete from supporter_link where id = ${linkId}`;
    }
  });
});

describe('an invite whose access ends by itself', () => {
  const invites = () => `/api/people/${tui.personId}/invites`;

  test('the link made on accepting ends when the invite said; the recipient is told first', async () => {
    const ends = new Date(Date.now() + 3 * 86_400_000);
    ends.setMilliseconds(0);
    const made = await call(tui, 'POST', invites(), {
      kind: 'Supporter',
      accessLevel: 'General',
      accessEndsAt: ends.toISOString(),
    });
    expect(made.status).toBe(201);
    const [id, token] = String(made.body.url).split('/').slice(-2) as [string, string];
    invitesMade.push(id);
    const view = (await call(undefined, 'GET', `/api/invites/${id}?token=${token}`)).body;
    expect(view.accessEndsAt).toBe(ends.toISOString());

    const newcomer = await registerAndSignIn(stack.url, 'relief');
    const accepted = await call(newcomer, 'POST', `/api/invites/${id}/accept`, { token });
    expect(accepted.status).toBe(200);
    const [link] =
      await sql`select ends_at from supporter_link where id = ${String(accepted.body.supporterLinkId)}`;
    expect(new Date(String(link?.ends_at)).toISOString()).toBe(ends.toISOString());
    await sql`delete from supporter_link where id = ${String(accepted.body.supporterLinkId)}`;
  });

  test('an end gone by, one over two years ahead, or on an invite that is not a Supporter’s is refused', async () => {
    const cases: Array<[unknown, string]> = [
      [
        {
          kind: 'Supporter',
          accessLevel: 'General',
          accessEndsAt: new Date(Date.now() - 60_000).toISOString(),
        },
        circleErrors.endInPast,
      ],
      [
        {
          kind: 'Supporter',
          accessLevel: 'General',
          accessEndsAt: new Date(Date.now() + 3 * 365 * 86_400_000).toISOString(),
        },
        circleErrors.endTooFar,
      ],
      [
        { kind: 'Person', accessEndsAt: new Date(Date.now() + 86_400_000).toISOString() },
        inviteErrors.accessEndsOnlySupporter,
      ],
      [
        { kind: 'Supporter', accessLevel: 'General', accessEndsAt: 'next Tuesday' },
        inviteErrors.accessEnds,
      ],
    ];
    const before = await sql`select count(*)::int n from invite where person_id = ${tui.personId}`;
    for (const [body, message] of cases) {
      const r = await call(tui, 'POST', invites(), body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.error.message).toBe(message);
    }
    const after = await sql`select count(*)::int n from invite where person_id = ${tui.personId}`;
    expect(after[0]?.n).toBe(before[0]?.n);
  });

  test('accepted after the access it offered has ended: refused, and no link is made', async () => {
    const made = await call(tui, 'POST', invites(), {
      kind: 'Supporter',
      accessLevel: 'Restricted',
      accessEndsAt: new Date(Date.now() + 86_400_000).toISOString(),
    });
    const [id, token] = String(made.body.url).split('/').slice(-2) as [string, string];
    invitesMade.push(id);
    await sql`update invite set access_ends_at = now() - interval '1 minute' where id = ${id}`;
    const late = await registerAndSignIn(stack.url, 'late');
    const refused = await call(late, 'POST', `/api/invites/${id}/accept`, { token });
    expect(refused.body.error.code).toBe('invite_expired');
    expect(
      (await sql`select 1 from supporter_link where supporter_id = ${late.personId}`).length,
    ).toBe(0);
  });
});
