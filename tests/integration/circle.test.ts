import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { seedId } from '../../api/seed.ts';
import { mutators } from '../../sync/mutators.ts';
import { queries } from '../../sync/queries.ts';
import { eventually, registerAndSignIn, type SignedIn, signIn } from '../harness/clients.ts';
import { sql, stack } from '../harness/db.ts';
import { call, type Reply, raw, startSession } from '../harness/rest.ts';
import { client, serverResult } from '../harness/zero.ts';

const arohaId = seedId('person:aroha');
const samLink = seedId('link:sam->aroha');
const rileyLink = seedId('link:riley->aroha');
const anaLink = seedId('link:ana->aroha');
const unknownId = '00000000-0000-4000-8000-000000000000';

let aroha: SignedIn;
let sam: SignedIn;
let riley: SignedIn;
let ana: SignedIn;
let tui: SignedIn;

beforeAll(async () => {
  aroha = await signIn(stack.url, 'aroha@example.com');
  sam = await signIn(stack.url, 'sam@example.com');
  riley = await signIn(stack.url, 'riley@example.com');
  ana = await signIn(stack.url, 'ana@example.com');
  tui = await signIn(stack.url, 'tui@example.com');
});

afterAll(async () => {
  // Whatever happened, the demo circle is as seeded for the other test files.
  await sql`update supporter_link set access_level = 'General' where id = ${samLink}`;
  await sql`update supporter_link set access_level = 'Restricted' where id = ${rileyLink}`;
  await sql`update supporter_link set access_level = 'Administrator' where id = ${anaLink}`;
  await sql`update plan set supporter_limit = 3 where is_default`;
});

type PersonJson = { id: string; firstName: string | null; lastName: string | null };
type LinkJson = {
  id: string;
  supporterId: string;
  supportedId: string;
  accessLevel: string;
  supporter: PersonJson;
  supported: PersonJson;
};

/** Every 4xx has `{error: {code, message}}`. */
function expectError(r: Reply, status: number, code: string) {
  expect(r.status).toBe(status);
  expect(r.body).toEqual({ error: { code, message: expect.any(String) } });
  expect(r.body.error.message.length).toBeGreaterThan(0);
}

async function levelOf(linkId: string) {
  const [row] = await sql`select access_level from supporter_link where id = ${linkId}`;
  return row ? String(row.access_level) : undefined;
}

async function historyCount(relatedId: string) {
  const [row] =
    await sql`select count(*)::int n from history_event where related_id = ${relatedId}`;
  return Number(row?.n ?? 0);
}

async function lastHistory(relatedId: string) {
  const [row] = await sql`select person_id, type, related_type, created_by, message
                          from history_event where related_id = ${relatedId}
                          order by created_at desc, id desc limit 1`;
  return row;
}

/** A temporary link: `supporter` supports Tui. */
async function tempLink(supporter: SignedIn, level = 'General') {
  const id = crypto.randomUUID();
  await sql`insert into supporter_link (id, supporter_id, supported_id, access_level, created_by)
            values (${id}, ${supporter.personId}, ${tui.personId}, ${level}, ${tui.personId})`;
  return id;
}

async function linkExists(id: string) {
  return (await sql`select 1 from supporter_link where id = ${id}`).length === 1;
}

// ---------------------------------------------------------------------------
// REST: supporters
// ---------------------------------------------------------------------------

describe('REST: GET /api/people/{personId}/supporters', () => {
  test('signed out → 401; a malformed id → 400', async () => {
    expectError(
      await call(undefined, 'GET', `/api/people/${arohaId}/supporters`),
      401,
      'unauthenticated',
    );
    expectError(
      await call(aroha, 'GET', `/api/people/${'x'.repeat(65)}/supporters`),
      400,
      'invalid',
    );
  });

  test('the Decision Maker sees her whole Circle, with the plan’s spots (full at 3)', async () => {
    const r = await call(aroha, 'GET', `/api/people/${arohaId}/supporters`);
    expect(r.status).toBe(200);
    expect(
      r.body.supporters
        .map((l: LinkJson) => [l.supporter.firstName, l.accessLevel, l.supportedId])
        .sort(),
    ).toEqual([
      ['Ana', 'Administrator', arohaId],
      ['Riley', 'Restricted', arohaId],
      ['Sam', 'General', arohaId],
    ]);
    expect(r.body.supporters.find((l: LinkJson) => l.id === samLink)).toMatchObject({
      id: samLink,
      supporterId: sam.personId,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    expect(r.body.spots).toEqual({
      limit: 3,
      taken: 3,
      left: 0,
      message: 'Your Circle of Support is full!',
    });
  });

  test('a supporter without a session sees only their own link and no spots', async () => {
    const r = await call(sam, 'GET', `/api/people/${arohaId}/supporters`);
    expect(r.status).toBe(200);
    expect(r.body.supporters.map((l: LinkJson) => l.id)).toEqual([samLink]);
    expect(r.body.spots).toBeNull();
  });

  test('an Administrator sees the whole Circle only inside a session', async () => {
    const before = await call(ana, 'GET', `/api/people/${arohaId}/supporters`);
    expect(before.body.supporters.map((l: LinkJson) => l.id)).toEqual([anaLink]);
    const session = await startSession(ana, arohaId);
    try {
      const during = await call(ana, 'GET', `/api/people/${arohaId}/supporters`);
      expect(during.status).toBe(200);
      expect(during.body.supporters).toHaveLength(3);
      expect(during.body.spots).toMatchObject({ limit: 3, taken: 3, left: 0 });
    } finally {
      await session.end();
    }
  });

  test('someone unrelated and an unknown person get the same 403', async () => {
    const hidden = await call(tui, 'GET', `/api/people/${arohaId}/supporters`);
    const unknown = await call(tui, 'GET', `/api/people/${unknownId}/supporters`);
    expectError(hidden, 403, 'forbidden');
    expect(unknown).toEqual(hidden);
  });
});

describe('REST: GET /api/people/{personId}/supporters/spots', () => {
  test('the person gets their spots; others 403; signed out 401; bad id 400', async () => {
    const r = await call(aroha, 'GET', `/api/people/${arohaId}/supporters/spots`);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      limit: 3,
      taken: 3,
      left: 0,
      message: 'Your Circle of Support is full!',
    });
    const tuiSpots = await call(tui, 'GET', `/api/people/${tui.personId}/supporters/spots`);
    expect(tuiSpots.body).toEqual({ limit: 3, taken: 0, left: 3, message: null });
    expectError(
      await call(sam, 'GET', `/api/people/${arohaId}/supporters/spots`),
      403,
      'forbidden',
    );
    expectError(
      await call(tui, 'GET', `/api/people/${arohaId}/supporters/spots`),
      403,
      'forbidden',
    );
    expectError(
      await call(undefined, 'GET', `/api/people/${arohaId}/supporters/spots`),
      401,
      'unauthenticated',
    );
    expectError(
      await call(aroha, 'GET', `/api/people/${'x'.repeat(65)}/supporters/spots`),
      400,
      'invalid',
    );
  });

  test('one spot left is announced with the spec’s words', async () => {
    const a = await tempLink(sam);
    const b = await tempLink(riley);
    try {
      const r = await call(tui, 'GET', `/api/people/${tui.personId}/supporters/spots`);
      expect(r.body).toEqual({
        limit: 3,
        taken: 2,
        left: 1,
        message: 'You only have one spot left',
      });
    } finally {
      await sql`delete from supporter_link where id in (${a}, ${b})`;
    }
  });
});

describe('REST: GET /api/people/{personId}/supporters/{id}', () => {
  test('the Decision Maker reads any link of her Circle; the supporter their own', async () => {
    const r = await call(aroha, 'GET', `/api/people/${arohaId}/supporters/${rileyLink}`);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      id: rileyLink,
      accessLevel: 'Restricted',
      supporter: { firstName: 'Riley', lastName: 'Parata' },
    });
    const own = await call(sam, 'GET', `/api/people/${arohaId}/supporters/${samLink}`);
    expect(own.status).toBe(200);
    expect(own.body.supporter.firstName).toBe('Sam');
  });

  test('hidden, unknown and wrong-person links are the same 404; a bad id is 400', async () => {
    const hidden = await call(sam, 'GET', `/api/people/${arohaId}/supporters/${rileyLink}`);
    const unknown = await call(sam, 'GET', `/api/people/${arohaId}/supporters/${unknownId}`);
    const stranger = await call(tui, 'GET', `/api/people/${arohaId}/supporters/${samLink}`);
    const wrongPerson = await call(
      aroha,
      'GET',
      `/api/people/${tui.personId}/supporters/${samLink}`,
    );
    expectError(hidden, 404, 'not_found');
    for (const r of [unknown, stranger, wrongPerson]) expect(r).toEqual(hidden);
    expectError(
      await call(aroha, 'GET', `/api/people/${arohaId}/supporters/${'x'.repeat(65)}`),
      400,
      'invalid',
    );
    expectError(
      await call(undefined, 'GET', `/api/people/${arohaId}/supporters/${samLink}`),
      401,
      'unauthenticated',
    );
  });
});

describe('REST: PUT /api/people/{personId}/supporters/{id}', () => {
  test('the Decision Maker changes a level (history in the same transaction) and restores it', async () => {
    const before = await historyCount(samLink);
    const r = await call(aroha, 'PUT', `/api/people/${arohaId}/supporters/${samLink}`, {
      supportedId: arohaId,
      accessLevel: 'Restricted',
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ id: samLink, accessLevel: 'Restricted' });
    expect(await levelOf(samLink)).toBe('Restricted');
    expect(await historyCount(samLink)).toBe(before + 1);
    expect(await lastHistory(samLink)).toEqual({
      person_id: arohaId,
      type: 'Modify',
      related_type: 'SupporterLink',
      created_by: arohaId,
      message: 'Changed Sam Tane’s access level from General to Restricted',
    });
    const back = await call(aroha, 'PUT', `/api/people/${arohaId}/supporters/${samLink}`, {
      supportedId: arohaId,
      accessLevel: 'General',
    });
    expect(back.status).toBe(200);
    expect(await levelOf(samLink)).toBe('General');
    expect(await historyCount(samLink)).toBe(before + 2);
  });

  test('the same level again changes nothing and writes no history', async () => {
    const before = await historyCount(samLink);
    const r = await call(aroha, 'PUT', `/api/people/${arohaId}/supporters/${samLink}`, {
      supportedId: arohaId,
      accessLevel: 'General',
    });
    expect(r.status).toBe(200);
    expect(await historyCount(samLink)).toBe(before);
  });

  test('bad bodies → 400, a supportedId that is not the path’s person → 409; nothing changes', async () => {
    const before = await historyCount(samLink);
    const path = `/${arohaId}/supporters/${samLink}`;
    expectError(
      await call(aroha, 'PUT', `/api/people${path}`, {
        supportedId: arohaId,
        accessLevel: 'Owner',
      }),
      400,
      'invalid',
    );
    expectError(
      await call(aroha, 'PUT', `/api/people${path}`, { accessLevel: 'Restricted' }),
      400,
      'invalid',
    );
    expectError(await call(aroha, 'PUT', `/api/people${path}`, raw('not json')), 400, 'invalid');
    expectError(
      await call(aroha, 'PUT', `/api/people/${arohaId}/supporters/${'x'.repeat(65)}`, {
        supportedId: arohaId,
        accessLevel: 'General',
      }),
      400,
      'invalid',
    );
    expectError(
      await call(aroha, 'PUT', `/api/people${path}`, {
        supportedId: tui.personId,
        accessLevel: 'Restricted',
      }),
      409,
      'conflict',
    );
    expect(await levelOf(samLink)).toBe('General');
    expect(await historyCount(samLink)).toBe(before);
  });

  test('nobody changes their own level (403); hidden and unknown links are the same 404', async () => {
    const before = await historyCount(samLink);
    const own = await call(sam, 'PUT', `/api/people/${arohaId}/supporters/${samLink}`, {
      supportedId: arohaId,
      accessLevel: 'Administrator',
    });
    expectError(own, 403, 'forbidden');
    expect(own.body.error.message).toBe('You cannot change your own access level.');
    const hidden = await call(sam, 'PUT', `/api/people/${arohaId}/supporters/${rileyLink}`, {
      supportedId: arohaId,
      accessLevel: 'General',
    });
    const unknown = await call(sam, 'PUT', `/api/people/${arohaId}/supporters/${unknownId}`, {
      supportedId: arohaId,
      accessLevel: 'General',
    });
    const stranger = await call(tui, 'PUT', `/api/people/${arohaId}/supporters/${samLink}`, {
      supportedId: arohaId,
      accessLevel: 'Restricted',
    });
    expectError(hidden, 404, 'not_found');
    expect(unknown).toEqual(hidden);
    expect(stranger).toEqual(hidden);
    expectError(
      await call(undefined, 'PUT', `/api/people/${arohaId}/supporters/${samLink}`, {
        supportedId: arohaId,
        accessLevel: 'Restricted',
      }),
      401,
      'unauthenticated',
    );
    expect(await levelOf(samLink)).toBe('General');
    expect(await levelOf(rileyLink)).toBe('Restricted');
    expect(await historyCount(samLink)).toBe(before);
  });

  test('an Administrator changes other levels only in a session, and never their own', async () => {
    const body = { supportedId: arohaId, accessLevel: 'Restricted' };
    expectError(
      await call(ana, 'PUT', `/api/people/${arohaId}/supporters/${samLink}`, body),
      404,
      'not_found',
    );
    const session = await startSession(ana, arohaId);
    try {
      const ok = await call(ana, 'PUT', `/api/people/${arohaId}/supporters/${samLink}`, body);
      expect(ok.status).toBe(200);
      expect(await levelOf(samLink)).toBe('Restricted');
      expect((await lastHistory(samLink))?.created_by).toBe(ana.personId);
      const own = await call(ana, 'PUT', `/api/people/${arohaId}/supporters/${anaLink}`, {
        supportedId: arohaId,
        accessLevel: 'General',
      });
      expectError(own, 403, 'forbidden');
      expect(await levelOf(anaLink)).toBe('Administrator');
    } finally {
      await session.end();
      await sql`update supporter_link set access_level = 'General' where id = ${samLink}`;
    }
  });

  test('a Restricted supporter in session still cannot reach other links (404)', async () => {
    const session = await startSession(riley, arohaId);
    try {
      // Riley in session still sees only their own link: Sam's is hidden.
      const r = await call(riley, 'PUT', `/api/people/${arohaId}/supporters/${samLink}`, {
        supportedId: arohaId,
        accessLevel: 'Restricted',
      });
      expectError(r, 404, 'not_found');
      expect(await levelOf(samLink)).toBe('General');
    } finally {
      await session.end();
    }
  });
});

describe('REST: DELETE /api/people/{personId}/supporters/{id} and /supported/{id}', () => {
  test('the Decision Maker removes a supporter: 204, the link is gone, history is written', async () => {
    const id = await tempLink(sam);
    try {
      const r = await call(tui, 'DELETE', `/api/people/${tui.personId}/supporters/${id}`);
      expect(r.status).toBe(204);
      expect(await linkExists(id)).toBe(false);
      expect(await lastHistory(id)).toEqual({
        person_id: tui.personId,
        type: 'Delete',
        related_type: 'SupporterLink',
        created_by: tui.personId,
        message: 'Removed Sam Tane from the Circle of Support',
      });
    } finally {
      await sql`delete from supporter_link where id = ${id}`;
    }
  });

  test('the supporter removes the connection from their side: 204', async () => {
    const id = await tempLink(sam);
    try {
      const r = await call(sam, 'DELETE', `/api/people/${sam.personId}/supported/${id}`);
      expect(r.status).toBe(204);
      expect(await linkExists(id)).toBe(false);
      expect((await lastHistory(id))?.created_by).toBe(sam.personId);
    } finally {
      await sql`delete from supporter_link where id = ${id}`;
    }
  });

  test('removal first ends the link’s active support session', async () => {
    const id = await tempLink(sam);
    const session = await startSession(sam, tui.personId);
    try {
      const r = await call(tui, 'DELETE', `/api/people/${tui.personId}/supporters/${id}`);
      expect(r.status).toBe(204);
      const active =
        await sql`select 1 from support_session where supporter_link_id = ${id} and ended_at is null`;
      expect(active).toHaveLength(0);
      expect(await lastHistory(session.id)).toMatchObject({
        person_id: tui.personId,
        type: 'SessionFinish',
        related_type: 'SupportSession',
      });
    } finally {
      await sql`delete from supporter_link where id = ${id}`;
    }
  });

  test('hidden, unknown and wrong-side links are the same 404 and nothing is removed; bad id 400; 401', async () => {
    const id = await tempLink(sam);
    try {
      const hidden = await call(riley, 'DELETE', `/api/people/${tui.personId}/supporters/${id}`);
      const unknown = await call(
        tui,
        'DELETE',
        `/api/people/${tui.personId}/supporters/${unknownId}`,
      );
      // The path names the other side of the link: not this person's supporter.
      const wrongSide = await call(sam, 'DELETE', `/api/people/${sam.personId}/supporters/${id}`);
      const wrongPerson = await call(aroha, 'DELETE', `/api/people/${arohaId}/supported/${id}`);
      expectError(hidden, 404, 'not_found');
      for (const r of [unknown, wrongSide, wrongPerson]) expect(r).toEqual(hidden);
      expectError(
        await call(tui, 'DELETE', `/api/people/${tui.personId}/supporters/${'x'.repeat(65)}`),
        400,
        'invalid',
      );
      expectError(
        await call(undefined, 'DELETE', `/api/people/${tui.personId}/supporters/${id}`),
        401,
        'unauthenticated',
      );
      expect(await linkExists(id)).toBe(true);
      expect(await historyCount(id)).toBe(0);
    } finally {
      await sql`delete from supporter_link where id = ${id}`;
    }
  });
});

// ---------------------------------------------------------------------------
// REST: supported
// ---------------------------------------------------------------------------

describe('REST: GET /api/people/{personId}/supported and /supported/{id}', () => {
  test('a supporter lists the people they support', async () => {
    const r = await call(sam, 'GET', `/api/people/${sam.personId}/supported`);
    expect(r.status).toBe(200);
    expect(
      r.body.supported.map((l: LinkJson) => [l.id, l.supported.firstName, l.accessLevel]),
    ).toEqual([[samLink, 'Aroha', 'General']]);
    const one = await call(sam, 'GET', `/api/people/${sam.personId}/supported/${samLink}`);
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({ id: samLink, supported: { id: arohaId, firstName: 'Aroha' } });
  });

  test('someone unrelated gets 403 for the list and 404 for a link; bad ids 400; signed out 401', async () => {
    const hidden = await call(tui, 'GET', `/api/people/${sam.personId}/supported`);
    expectError(hidden, 403, 'forbidden');
    expect(await call(tui, 'GET', `/api/people/${unknownId}/supported`)).toEqual(hidden);
    const link = await call(tui, 'GET', `/api/people/${sam.personId}/supported/${samLink}`);
    expectError(link, 404, 'not_found');
    expect(await call(sam, 'GET', `/api/people/${sam.personId}/supported/${unknownId}`)).toEqual(
      link,
    );
    expect(await call(sam, 'GET', `/api/people/${sam.personId}/supported/${rileyLink}`)).toEqual(
      link,
    );
    expectError(await call(sam, 'GET', `/api/people/${'x'.repeat(65)}/supported`), 400, 'invalid');
    expectError(
      await call(sam, 'GET', `/api/people/${sam.personId}/supported/${'x'.repeat(65)}`),
      400,
      'invalid',
    );
    expectError(
      await call(undefined, 'GET', `/api/people/${sam.personId}/supported`),
      401,
      'unauthenticated',
    );
  });
});

// ---------------------------------------------------------------------------
// REST: people
// ---------------------------------------------------------------------------

describe('REST: POST /api/people (a profile on behalf of a Decision Maker)', () => {
  async function peopleCount() {
    const [row] = await sql`select count(*)::int n from person`;
    return Number(row?.n ?? 0);
  }

  test('a Supporter creates a profile: a DecisionMaker with no user, and they are its Administrator', async () => {
    const r = await call(riley, 'POST', '/api/people', {
      firstName: ' Mere ',
      lastName: 'Kingi',
      knownAs: '',
    });
    expect(r.status).toBe(201);
    const id = r.body.person.id;
    try {
      expect(r.body.person).toMatchObject({
        type: 'DecisionMaker',
        firstName: 'Mere',
        lastName: 'Kingi',
        knownAs: 'Mere',
        fullName: 'Mere Kingi',
      });
      expect(r.body.link).toMatchObject({
        supporterId: riley.personId,
        supportedId: id,
        accessLevel: 'Administrator',
      });
      expect(await sql`select 1 from app_user where person_id = ${id}`).toHaveLength(0);
      const [link] =
        await sql`select access_level, supporter_id from supporter_link where supported_id = ${id}`;
      expect(link).toEqual({ access_level: 'Administrator', supporter_id: riley.personId });
      const events =
        await sql`select type, related_type, created_by from history_event where person_id = ${id} order by related_type`;
      expect(events).toEqual([
        { type: 'Create', related_type: 'Person', created_by: riley.personId },
        { type: 'Create', related_type: 'SupporterLink', created_by: riley.personId },
      ]);
      // The creator now supports them: it shows in their list.
      const list = await call(riley, 'GET', `/api/people/${riley.personId}/supported`);
      expect(list.body.supported.map((l: LinkJson) => l.supported.firstName)).toContain('Mere');
    } finally {
      await sql`delete from person where id = ${id}`;
    }
  });

  test('a Decision Maker may not (403); signed out 401; invalid bodies 400; nothing is created', async () => {
    const before = await peopleCount();
    expectError(
      await call(aroha, 'POST', '/api/people', { firstName: 'A', lastName: 'B' }),
      403,
      'forbidden',
    );
    expectError(
      await call(tui, 'POST', '/api/people', { firstName: 'A', lastName: 'B' }),
      403,
      'forbidden',
    );
    expectError(
      await call(undefined, 'POST', '/api/people', { firstName: 'A', lastName: 'B' }),
      401,
      'unauthenticated',
    );
    const missing = await call(riley, 'POST', '/api/people', { firstName: 'Mere' });
    expectError(missing, 400, 'invalid');
    const blank = await call(riley, 'POST', '/api/people', { firstName: '   ', lastName: 'Kingi' });
    expectError(blank, 400, 'invalid');
    expect(blank.body.error.message).toBe('Please enter your first name.');
    expectError(
      await call(riley, 'POST', '/api/people', { firstName: 'x'.repeat(101), lastName: 'K' }),
      400,
      'invalid',
    );
    expectError(await call(riley, 'POST', '/api/people', raw('nope')), 400, 'invalid');
    expect(await peopleCount()).toBe(before);
  });

  test('when the plan has no spot the whole creation is refused with 409 and rolled back', async () => {
    const before = await peopleCount();
    await sql`update plan set supporter_limit = 0 where is_default`;
    try {
      const r = await call(riley, 'POST', '/api/people', { firstName: 'Full', lastName: 'Circle' });
      expectError(r, 409, 'circle_full');
      expect(r.body.error.message).toBe('Your Circle of Support is full!');
    } finally {
      await sql`update plan set supporter_limit = 3 where is_default`;
    }
    expect(await peopleCount()).toBe(before);
  });
});

describe('REST: GET and PUT /api/people/{personId}', () => {
  test('the person reads their details; a supporter the summary; others the same 404', async () => {
    const self = await call(aroha, 'GET', `/api/people/${arohaId}`);
    expect(self.status).toBe(200);
    expect(self.body).toMatchObject({
      id: arohaId,
      firstName: 'Aroha',
      pronouns: 'SheHerHers',
      personalInformation: { phone: null },
    });
    const summary = await call(sam, 'GET', `/api/people/${arohaId}`);
    expect(summary.status).toBe(200);
    expect(summary.body).toMatchObject({ id: arohaId, firstName: 'Aroha', knownAs: 'Aroha' });
    expect(summary.body).not.toHaveProperty('bio');
    expect(summary.body).not.toHaveProperty('personalInformation');
    const hidden = await call(tui, 'GET', `/api/people/${arohaId}`);
    expectError(hidden, 404, 'not_found');
    expect(await call(tui, 'GET', `/api/people/${unknownId}`)).toEqual(hidden);
    expectError(await call(tui, 'GET', `/api/people/${'x'.repeat(65)}`), 400, 'invalid');
    expectError(await call(undefined, 'GET', `/api/people/${arohaId}`), 401, 'unauthenticated');
  });

  test('the person updates their details, with history; invalid input 400 changes nothing', async () => {
    // A person and their details row (person_detail), as one snapshot.
    const snapshot = () => sql`select to_jsonb(p) p, to_jsonb(d) d from person p
                               join person_detail d on d.person_id = p.id where p.id = ${tui.personId}`;
    const [before] = await snapshot();
    try {
      const r = await call(tui, 'PUT', `/api/people/${tui.personId}`, {
        knownAs: 'Tui B',
        bio: 'Gardener.',
        phone: '+64 21 555 0101',
        pronouns: 'Other',
        pronounsOther: 'he/they',
      });
      expect(r.status).toBe(200);
      expect(r.body).toMatchObject({
        knownAs: 'Tui B',
        bio: 'Gardener.',
        pronouns: 'Other',
        pronounsOther: 'he/they',
        personalInformation: { phone: '+64 21 555 0101' },
      });
      expect(await lastHistory(tui.personId)).toMatchObject({
        person_id: tui.personId,
        type: 'Modify',
        related_type: 'Person',
      });
      const [changed] = await snapshot();
      const events = await historyCount(tui.personId);
      expectError(
        await call(tui, 'PUT', `/api/people/${tui.personId}`, { phone: 'call me' }),
        400,
        'invalid',
      );
      expectError(
        await call(tui, 'PUT', `/api/people/${tui.personId}`, { firstName: '  ' }),
        400,
        'invalid',
      );
      expectError(
        await call(tui, 'PUT', `/api/people/${tui.personId}`, { pronouns: 'Sometimes' }),
        400,
        'invalid',
      );
      expectError(await call(tui, 'PUT', `/api/people/${tui.personId}`, {}), 400, 'invalid');
      expectError(await call(tui, 'PUT', `/api/people/${tui.personId}`, raw('x')), 400, 'invalid');
      const [after] = await snapshot();
      expect(after).toEqual(changed);
      expect(await historyCount(tui.personId)).toBe(events);
    } finally {
      await sql`update person set known_as = ${before?.p.known_as} where id = ${tui.personId}`;
      await sql`update person_detail set bio = ${before?.d.bio}, phone = ${before?.d.phone},
                pronouns = ${before?.d.pronouns}, pronouns_other = ${before?.d.pronouns_other}
                where person_id = ${tui.personId}`;
    }
  });

  test('a supporter may not (403), a stranger gets 404, an Administrator in session may', async () => {
    const [before] =
      await sql`select bio, updated_at from person_detail where person_id = ${arohaId}`;
    expectError(
      await call(sam, 'PUT', `/api/people/${arohaId}`, { bio: 'Hacked' }),
      403,
      'forbidden',
    );
    expectError(
      await call(ana, 'PUT', `/api/people/${arohaId}`, { bio: 'Hacked' }),
      403,
      'forbidden',
    );
    expectError(
      await call(tui, 'PUT', `/api/people/${arohaId}`, { bio: 'Hacked' }),
      404,
      'not_found',
    );
    expectError(
      await call(undefined, 'PUT', `/api/people/${arohaId}`, { bio: 'Hacked' }),
      401,
      'unauthenticated',
    );
    const [unchanged] =
      await sql`select bio, updated_at from person_detail where person_id = ${arohaId}`;
    expect(unchanged).toEqual(before);
    const session = await startSession(ana, arohaId);
    try {
      const r = await call(ana, 'PUT', `/api/people/${arohaId}`, { bio: 'Loves the sea.' });
      expect(r.status).toBe(200);
      expect(r.body.bio).toBe('Loves the sea.');
      expect((await lastHistory(arohaId))?.created_by).toBe(ana.personId);
    } finally {
      await session.end();
      await sql`update person_detail set bio = ${before?.bio} where person_id = ${arohaId}`;
    }
  });
});

// ---------------------------------------------------------------------------
// Zero: synced queries and mutators
// ---------------------------------------------------------------------------

describe('Zero: circle queries', () => {
  test('the Decision Maker sees her Circle; a supporter their own link; a stranger nothing', async () => {
    const mine = await client(aroha).run(queries.circle.supporters({ personId: arohaId }), {
      type: 'complete',
    });
    expect(mine.map((l) => [l.supporter?.firstName, l.accessLevel]).sort()).toEqual([
      ['Ana', 'Administrator'],
      ['Riley', 'Restricted'],
      ['Sam', 'General'],
    ]);
    const samView = await client(sam).run(queries.circle.supporters({ personId: arohaId }), {
      type: 'complete',
    });
    expect(samView.map((l) => l.id)).toEqual([samLink]);
    const tuiClient = client(tui);
    expect(
      await tuiClient.run(queries.circle.supporters({ personId: arohaId }), { type: 'complete' }),
    ).toEqual([]);
    expect(
      await tuiClient.run(queries.circle.supporterLink({ personId: arohaId, id: samLink }), {
        type: 'complete',
      }),
    ).toBeUndefined();
    const supported = await client(sam).run(queries.circle.supported({ personId: sam.personId }), {
      type: 'complete',
    });
    expect(supported.map((l) => l.supported?.firstName)).toEqual(['Aroha']);
  });

  test('an Administrator sees the whole Circle live while in a session, and loses it when it ends', async () => {
    const z = client(ana);
    const view = z.materialize(queries.circle.supporters({ personId: arohaId }));
    await z.run(queries.circle.supporters({ personId: arohaId }), { type: 'complete' });
    expect(view.data.map((l) => l.id)).toEqual([anaLink]);
    const session = await startSession(ana, arohaId);
    await eventually(
      'the whole Circle for the Administrator',
      () => view.data.length,
      (n) => n === 3,
    );
    await session.end();
    await eventually(
      'only her own link again',
      () => view.data.map((l) => l.id),
      (ids) => ids.length === 1 && ids[0] === anaLink,
    );
    view.destroy();
  });
});

describe('Zero: circle.updateLevel', () => {
  test('lowering Riley to General in a session removes the Restricted rows live; restoring brings them back', async () => {
    const rz = client(riley);
    const view = rz.materialize(queries.preference.list({ personId: arohaId }));
    const [counts] = await sql`select count(*)::int total,
                                      count(*) filter (where access = 'General')::int general
                               from preference where person_id = ${arohaId} and status = 'Published'`;
    const total = Number(counts?.total);
    const general = Number(counts?.general);
    expect(total).toBeGreaterThan(general);
    const session = await startSession(riley, arohaId);
    const az = client(aroha);
    try {
      await eventually(
        'all rows for Restricted Riley',
        () => view.data.length,
        (n) => n === total,
      );
      await az.run(queries.circle.supporters({ personId: arohaId }), { type: 'complete' });
      const before = await historyCount(rileyLink);
      const lowered = await serverResult(
        az,
        mutators.circle.updateLevel({ id: rileyLink, accessLevel: 'General' }),
      );
      expect(lowered).toEqual({ type: 'success' });
      expect(await levelOf(rileyLink)).toBe('General');
      await eventually(
        'Restricted rows gone from Riley’s screen',
        () => view.data,
        (rows) => rows.length === general && rows.every((r) => r.access === 'General'),
      );
      expect(await historyCount(rileyLink)).toBe(before + 1);
      expect(await lastHistory(rileyLink)).toEqual({
        person_id: arohaId,
        type: 'Modify',
        related_type: 'SupporterLink',
        created_by: arohaId,
        message: 'Changed Riley Parata’s access level from Restricted to General',
      });

      const restored = await serverResult(
        az,
        mutators.circle.updateLevel({ id: rileyLink, accessLevel: 'Restricted' }),
      );
      expect(restored).toEqual({ type: 'success' });
      await eventually(
        'Restricted rows back',
        () => view.data.length,
        (n) => n === total,
      );
    } finally {
      await session.end();
      await sql`update supporter_link set access_level = 'Restricted' where id = ${rileyLink}`;
      view.destroy();
    }
  });

  test('a supporter cannot change their own level, in a session or not', async () => {
    const z = client(riley);
    await z.run(queries.circle.supported({ personId: riley.personId }), { type: 'complete' });
    const before = await historyCount(rileyLink);
    const refused = await serverResult(
      z,
      mutators.circle.updateLevel({ id: rileyLink, accessLevel: 'Administrator' }),
    );
    expect(refused).toMatchObject({
      type: 'error',
      error: { message: 'You cannot change your own access level.' },
    });
    const session = await startSession(riley, arohaId);
    try {
      const again = await serverResult(
        z,
        mutators.circle.updateLevel({ id: rileyLink, accessLevel: 'Administrator' }),
      );
      expect(again.type).toBe('error');
    } finally {
      await session.end();
    }
    expect(await levelOf(rileyLink)).toBe('Restricted');
    expect(await historyCount(rileyLink)).toBe(before);
  });

  test('Tui cannot change or remove Aroha’s links', async () => {
    const z = client(tui);
    const before = await historyCount(samLink);
    const change = await serverResult(
      z,
      mutators.circle.updateLevel({ id: samLink, accessLevel: 'Administrator' }),
    );
    expect(change).toMatchObject({
      type: 'error',
      error: { message: 'We could not find that connection.' },
    });
    const remove = await serverResult(z, mutators.circle.remove({ id: samLink }));
    expect(remove.type).toBe('error');
    expect(await levelOf(samLink)).toBe('General');
    expect(await linkExists(samLink)).toBe(true);
    expect(await historyCount(samLink)).toBe(before);
  });

  test('an Administrator without a session cannot change levels; a General supporter never', async () => {
    const refusedAna = await serverResult(
      client(ana),
      mutators.circle.updateLevel({ id: samLink, accessLevel: 'Restricted' }),
    );
    expect(refusedAna.type).toBe('error');
    const session = await startSession(sam, arohaId);
    try {
      const refusedSam = await serverResult(
        client(sam),
        mutators.circle.updateLevel({ id: rileyLink, accessLevel: 'General' }),
      );
      expect(refusedSam.type).toBe('error');
    } finally {
      await session.end();
    }
    expect(await levelOf(samLink)).toBe('General');
    expect(await levelOf(rileyLink)).toBe('Restricted');
  });
});

describe('Zero: circle.remove', () => {
  test('removal ends the active support session first, and writes history', async () => {
    const id = await tempLink(sam);
    const session = await startSession(sam, tui.personId);
    const z = client(tui);
    try {
      await eventually(
        'the temporary link on Tui’s client',
        () => z.run(queries.circle.supporters({ personId: tui.personId }), { type: 'complete' }),
        (rows) => rows.some((l) => l.id === id),
      );
      const r = await serverResult(z, mutators.circle.remove({ id }));
      expect(r).toEqual({ type: 'success' });
      expect(await linkExists(id)).toBe(false);
      expect(
        await sql`select 1 from support_session where supporter_link_id = ${id} and ended_at is null`,
      ).toHaveLength(0);
      expect(await lastHistory(session.id)).toMatchObject({
        type: 'SessionFinish',
        related_type: 'SupportSession',
        person_id: tui.personId,
      });
      expect(await lastHistory(id)).toMatchObject({
        type: 'Delete',
        related_type: 'SupporterLink',
        person_id: tui.personId,
        created_by: tui.personId,
      });
    } finally {
      await sql`delete from supporter_link where id = ${id}`;
    }
  });

  test('the person removes a link mid-session; the supporter’s open library empties live', async () => {
    const helper = await registerAndSignIn(stack.url, 'circle.removed');
    const id = crypto.randomUUID();
    await sql`insert into supporter_link (id, supporter_id, supported_id, access_level, created_by)
              values (${id}, ${helper.personId}, ${arohaId}, 'General', ${arohaId})`;
    const hz = client(helper);
    const view = hz.materialize(
      queries.preference.supported({ personId: arohaId, level: 'General' }),
    );
    try {
      await startSession(helper, arohaId);
      await eventually(
        'the library in session',
        () => view.data?.preferences.length ?? 0,
        (n) => n > 0,
      );
      const removed = await call(aroha, 'DELETE', `/api/people/${arohaId}/supporters/${id}`);
      expect(removed.status).toBe(204);
      await eventually(
        'the library gone from the supporter’s screen',
        () => view.data?.preferences.length ?? 0,
        (n) => n === 0,
      );
      expect(await linkExists(id)).toBe(false);
    } finally {
      view.destroy();
      await sql`delete from supporter_link where id = ${id}`;
    }
  });

  test('the supporter removes their side; the link leaves both screens live', async () => {
    const id = await tempLink(sam);
    const tz = client(tui);
    const tuiView = tz.materialize(queries.circle.supporters({ personId: tui.personId }));
    const sz = client(sam);
    try {
      await eventually(
        'the link on Sam’s client',
        () => sz.run(queries.circle.supported({ personId: sam.personId }), { type: 'complete' }),
        (rows) => rows.some((l) => l.id === id),
      );
      await eventually(
        'the link on Tui’s screen',
        () => tuiView.data.length,
        (n) => n === 1,
      );
      const r = await serverResult(sz, mutators.circle.remove({ id }));
      expect(r).toEqual({ type: 'success' });
      await eventually(
        'the link gone from Tui’s screen',
        () => tuiView.data.length,
        (n) => n === 0,
      );
    } finally {
      tuiView.destroy();
      await sql`delete from supporter_link where id = ${id}`;
    }
  });
});
