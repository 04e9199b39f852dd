/**
 * Personal details over sync: everyone linked to a person reads
 * their name and photo, but their bio, phone, contact e-mail and pronouns go
 * only to the person themselves and their Administrator in an active support
 * session, the same over Zero as over REST. zero-cache sends every column of
 * a row it replicates, so these details cannot sit on the `person` row that a
 * Supporter without a session or a Profile-invite guest reads.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { seedId } from '../../api/seed.ts';
import { queries } from '../../sync/queries.ts';
import { eventually, registerAndSignIn, type SignedIn, signIn } from '../harness/clients.ts';
import { sql, stack } from '../harness/db.ts';
import { call, startSession } from '../harness/rest.ts';
import { client } from '../harness/zero.ts';

const aroha = seedId('person:aroha');

/** Keys of a person's details that no summary may carry, in any form. */
const DETAIL_KEYS = ['bio', 'phone', 'email', 'pronouns', 'pronounsOther', 'personalInformation'];
const BIO = 'Loves the sea, gardening and her mokopuna.';
const PHONE = '+64 21 555 0199';

let who: { aroha: SignedIn; sam: SignedIn; ana: SignedIn; guest: SignedIn };
let guestInvite = '';
let before: { bio: unknown; phone: unknown } = { bio: null, phone: null };

beforeAll(async () => {
  who = {
    aroha: await signIn(stack.url, 'aroha@example.com'),
    sam: await signIn(stack.url, 'sam@example.com'),
    ana: await signIn(stack.url, 'ana@example.com'),
    // A new account holding an accepted invite to view Aroha's profile.
    guest: await registerAndSignIn(stack.url, 'profile-guest'),
  };
  guestInvite = crypto.randomUUID();
  await sql`insert into invite (id, person_id, kind, expires_at, accepted_at, accepted_by, created_by)
            values (${guestInvite}, ${aroha}, 'Profile', now() + interval '1 day', now(),
                    ${who.guest.personId}, ${aroha})`;
  // Aroha fills in her details as anyone would (the seed leaves bio and phone empty).
  const mine = await call(who.aroha, 'GET', `/api/people/${aroha}`);
  before = { bio: mine.body?.bio ?? null, phone: mine.body?.personalInformation?.phone ?? null };
  const put = await call(who.aroha, 'PUT', `/api/people/${aroha}`, { bio: BIO, phone: PHONE });
  expect(put.status, JSON.stringify(put.body)).toBe(200);
});

afterAll(async () => {
  await sql`delete from invite where id = ${guestInvite}`;
  if (who?.aroha) await call(who.aroha, 'PUT', `/api/people/${aroha}`, before);
});

describe('Zero: a person row carries no personal details', () => {
  for (const actor of ['sam', 'guest'] as const) {
    const label =
      actor === 'sam' ? 'a Supporter without a session (Sam)' : 'a Profile-invite guest';
    test(`${label} reads Aroha’s name, and none of her details`, async () => {
      const z = client(who[actor]);
      const row = await z.run(queries.person.byId({ personId: aroha }), { type: 'complete' });
      expect(row).toMatchObject({ id: aroha, firstName: 'Aroha', lastName: 'Ngata' });
      for (const key of DETAIL_KEYS) expect(row).not.toHaveProperty(key);

      const readable = await z.run(queries.person.readable(), { type: 'complete' });
      const fromList = readable.find((p) => p.id === aroha);
      expect(fromList).toBeDefined();
      for (const key of DETAIL_KEYS) expect(fromList).not.toHaveProperty(key);

      const details = await z.run(queries.person.detail({ personId: aroha }), {
        type: 'complete',
      });
      expect(details).toBeUndefined();
    });
  }

  test('Aroha reads her own details', async () => {
    const z = client(who.aroha);
    const details = await z.run(queries.person.detail({ personId: aroha }), { type: 'complete' });
    expect(details).toMatchObject({
      personId: aroha,
      bio: BIO,
      phone: PHONE,
      email: 'aroha@example.com',
      pronouns: 'SheHerHers',
    });
  });

  test('her Administrator (Ana) reads them only while in a support session, live', async () => {
    const z = client(who.ana);
    const read = () => z.run(queries.person.detail({ personId: aroha }), { type: 'complete' });
    expect(await read()).toBeUndefined();
    const session = await startSession(who.ana, aroha);
    try {
      const details = await eventually(
        'Ana to read Aroha’s details in a session',
        read,
        (d) => d !== undefined,
      );
      expect(details).toMatchObject({ bio: BIO, phone: PHONE, email: 'aroha@example.com' });
    } finally {
      await session.end();
    }
    await eventually('the details to leave Ana’s client', read, (d) => d === undefined);
  });

  test('a Supporter in a session who is not the Administrator still reads no details', async () => {
    const session = await startSession(who.sam, aroha);
    try {
      const z = client(who.sam);
      const details = await z.run(queries.person.detail({ personId: aroha }), {
        type: 'complete',
      });
      expect(details).toBeUndefined();
      const row = await z.run(queries.person.byId({ personId: aroha }), { type: 'complete' });
      for (const key of DETAIL_KEYS) expect(row).not.toHaveProperty(key);
    } finally {
      await session.end();
    }
  });
});

describe('REST agrees: GET /api/people/{personId}', () => {
  test('Sam without a session and the guest get the summary', async () => {
    for (const actor of [who.sam, who.guest]) {
      const r = await call(actor, 'GET', `/api/people/${aroha}`);
      expect(r.status).toBe(200);
      expect(r.body).toMatchObject({ id: aroha, firstName: 'Aroha' });
      for (const key of DETAIL_KEYS) expect(r.body).not.toHaveProperty(key);
    }
  });

  test('Aroha, and Ana in a session, get the details', async () => {
    const details = {
      id: aroha,
      bio: BIO,
      pronouns: 'SheHerHers',
      personalInformation: { phone: PHONE },
      email: 'aroha@example.com',
    };
    expect((await call(who.aroha, 'GET', `/api/people/${aroha}`)).body).toMatchObject(details);
    const outside = await call(who.ana, 'GET', `/api/people/${aroha}`);
    for (const key of DETAIL_KEYS) expect(outside.body).not.toHaveProperty(key);
    const session = await startSession(who.ana, aroha);
    try {
      expect((await call(who.ana, 'GET', `/api/people/${aroha}`)).body).toMatchObject(details);
    } finally {
      await session.end();
    }
  });
});
