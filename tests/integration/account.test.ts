/**
 * A person's account over the API: the role chosen in onboarding
 * or personal details becomes the person's type, by the person alone, and
 * never strands the people they support; finishing onboarding is a change of
 * one's own account, recorded once; a person's photo is a picture of their
 * own; bad input changes nothing.
 */
import { describe, expect, test } from 'vitest';
import { seedId } from '../../api/seed.ts';
import { registerAndSignIn, signIn } from '../harness/clients.ts';
import { sql, stack } from '../harness/db.ts';
import { call, startSession } from '../harness/rest.ts';

const aroha = seedId('person:aroha');

async function typeOf(personId: string) {
  const [row] = await sql`select type from person where id = ${personId}`;
  return row?.type as string;
}

describe('the role (person type)', () => {
  test('a new account is both roles; the person chooses Supporter, then Decision Maker, and history says so', async () => {
    const me = await registerAndSignIn(stack.url, 'role');
    expect(await typeOf(me.personId)).toBe('SupporterAndDecisionMaker');
    const asSupporter = await call(me, 'PUT', `/api/people/${me.personId}`, { type: 'Supporter' });
    expect(asSupporter.status).toBe(200);
    expect(asSupporter.body.type).toBe('Supporter');
    // A Supporter keeps no library: their own area is read-only now.
    const access = await call(me, 'GET', `/api/people/${me.personId}/access`);
    expect(access.body.access.write).toBe(false);
    const refused = await call(me, 'POST', `/api/people/${me.personId}/preferences`, {
      title: 'Tea',
      categoryIds: [],
    });
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(
      (await call(me, 'PUT', `/api/people/${me.personId}`, { type: 'DecisionMaker' })).status,
    ).toBe(200);
    expect(await typeOf(me.personId)).toBe('DecisionMaker');
    const events = await sql`select message from history_event
      where person_id = ${me.personId} and related_type = 'Person' order by created_at`;
    expect(events.map((e) => e.message)).toEqual(
      expect.arrayContaining([
        'Changed their role to Supporter',
        'Changed their role to Decision Maker',
      ]),
    );
  });

  test('someone who supports people cannot become only a Decision Maker: nothing changes', async () => {
    const ana = await signIn(stack.url, 'ana@example.com');
    const res = await call(ana, 'PUT', `/api/people/${ana.personId}`, {
      type: 'DecisionMaker',
      knownAs: 'Changed',
    });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(/^You support 1 person\. Choose “Both”/);
    expect(await typeOf(ana.personId)).toBe('SupporterAndDecisionMaker');
    const [row] = await sql`select known_as from person where id = ${ana.personId}`;
    expect(row?.known_as).toBe('Ana');
  });

  test('only the person changes their role: their Administrator in session may not; Platform and unknown roles are refused', async () => {
    const ana = await signIn(stack.url, 'ana@example.com');
    const session = await startSession(ana, aroha);
    try {
      const res = await call(ana, 'PUT', `/api/people/${aroha}`, { type: 'Supporter' });
      expect(res.status).toBe(403);
      expect(res.body.error.message).toBe('Only the person themselves can change their role.');
      // Other details the Administrator may change.
      const bio = await call(ana, 'PUT', `/api/people/${aroha}`, { bio: 'Likes the sea.' });
      expect(bio.status).toBe(200);
    } finally {
      await session.end();
      await sql`update person_detail set bio = null where person_id = ${aroha}`;
    }
    expect(await typeOf(aroha)).toBe('DecisionMaker');
    const me = await registerAndSignIn(stack.url, 'role-bad');
    for (const type of ['Platform', 'Anonymous', 'Boss']) {
      const res = await call(me, 'PUT', `/api/people/${me.personId}`, { type });
      expect(res.status).toBe(400);
    }
    expect(await typeOf(me.personId)).toBe('SupporterAndDecisionMaker');
  });

  test('bad details are refused in the form’s words, and nothing is saved', async () => {
    const me = await registerAndSignIn(stack.url, 'details-bad');
    const res = await call(me, 'PUT', `/api/people/${me.personId}`, {
      firstName: 'Kiri',
      phone: 'call me maybe',
    });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(
      'A phone number may contain only digits, spaces, hyphens, plus signs and parentheses.',
    );
    const [row] = await sql`select first_name from person where id = ${me.personId}`;
    expect(row?.first_name).toBe('Guest');
    const blank = await call(me, 'PUT', `/api/people/${me.personId}`, { firstName: '  ' });
    expect(blank.status).toBe(400);
    expect(blank.body.error.message).toBe('Please enter your first name.');
  });
});

describe('finishing onboarding (PUT /api/users/{id})', () => {
  test('sets wizardCompletedAt once, records it, and only for one’s own account', async () => {
    const me = await registerAndSignIn(stack.url, 'wizard');
    const other = await registerAndSignIn(stack.url, 'wizard-other');
    const [before] = await sql`select wizard_completed_at from app_user where id = ${me.userId}`;
    expect(before?.wizard_completed_at).toBeNull();
    const theirs = await call(me, 'PUT', `/api/users/${other.userId}`, { wizardCompleted: true });
    expect(theirs.status).toBe(403);
    expect(
      (await call(me, 'PUT', `/api/users/${me.userId}`, { wizardCompleted: true })).status,
    ).toBe(204);
    const [first] = await sql`select wizard_completed_at from app_user where id = ${me.userId}`;
    expect(first?.wizard_completed_at).toBeInstanceOf(Date);
    expect(
      (await call(me, 'PUT', `/api/users/${me.userId}`, { wizardCompleted: true })).status,
    ).toBe(204);
    const [again] = await sql`select wizard_completed_at from app_user where id = ${me.userId}`;
    expect(again?.wizard_completed_at).toEqual(first?.wizard_completed_at);
    const events = await sql`select message from history_event
      where person_id = ${me.personId} and related_type = 'User' and type = 'Modify'`;
    expect(events.map((e) => e.message)).toEqual(['Finished getting started']);
    const [otherRow] =
      await sql`select wizard_completed_at from app_user where id = ${other.userId}`;
    expect(otherRow?.wizard_completed_at).toBeNull();
    const session = await call(me, 'GET', '/api/session');
    expect(session.body.user.wizardCompletedAt).toBeTypeOf('number');
  });
});

describe('a person’s photo', () => {
  test('is a confirmed picture of their own, uploaded as a photo; a preference’s picture or someone else’s is refused', async () => {
    const me = await registerAndSignIn(stack.url, 'photo');
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    );
    const signed = await call(me, 'POST', `/api/people/${me.personId}/media/signed`, {
      name: 'Me.png',
      contentType: 'image/png',
      contentLength: png.length,
      purpose: 'photo',
    });
    expect(signed.status).toBe(201);
    const put = await fetch(signed.body.url, {
      method: 'PUT',
      headers: signed.body.headers,
      body: png,
    });
    expect(put.status).toBe(200);
    expect(
      (
        await call(me, 'POST', `/api/people/${me.personId}/media/upload-settled`, {
          id: signed.body.id,
        })
      ).status,
    ).toBe(200);
    const set = await call(me, 'PUT', `/api/people/${me.personId}`, { photoId: signed.body.id });
    expect(set.status).toBe(200);
    expect(set.body.photoId).toBe(signed.body.id);
    // Aroha's pictures are not hers to use.
    const [arohaMedia] = await sql`select id from media where person_id = ${aroha} limit 1`;
    const foreign = await call(me, 'PUT', `/api/people/${me.personId}`, {
      photoId: arohaMedia?.id ?? crypto.randomUUID(),
    });
    expect(foreign.status).toBe(404);
    const [row] = await sql`select photo_id from person where id = ${me.personId}`;
    expect(row?.photo_id).toBe(signed.body.id);
    expect((await call(me, 'PUT', `/api/people/${me.personId}`, { photoId: null })).status).toBe(
      200,
    );
  });
});

describe('easy read (PUT /api/people/{personId} easyRead)', () => {
  const easyOf = async (personId: string) =>
    (await sql`select easy_read from person where id = ${personId}`)[0]?.easy_read;

  test('the person turns it on and off; their Administrator in a session may too; another supporter may not; a bad value changes nothing', async () => {
    const aroha = await signIn(stack.url, 'aroha@example.com');
    try {
      expect(
        (await call(aroha, 'PUT', `/api/people/${aroha.personId}`, { easyRead: true })).status,
      ).toBe(200);
      expect(await easyOf(aroha.personId)).toBe(true);
      const bad = await call(aroha, 'PUT', `/api/people/${aroha.personId}`, { easyRead: 'yes' });
      expect(bad.status).toBe(400);
      expect(await easyOf(aroha.personId)).toBe(true);

      const ana = await signIn(stack.url, 'ana@example.com');
      const session = await startSession(ana, aroha.personId);
      try {
        expect(
          (await call(ana, 'PUT', `/api/people/${aroha.personId}`, { easyRead: false })).status,
        ).toBe(200);
      } finally {
        await session.end();
      }
      expect(await easyOf(aroha.personId)).toBe(false);

      const sam = await signIn(stack.url, 'sam@example.com');
      const samSession = await startSession(sam, aroha.personId);
      try {
        const refused = await call(sam, 'PUT', `/api/people/${aroha.personId}`, { easyRead: true });
        expect(refused.status).toBe(403);
      } finally {
        await samSession.end();
      }
      expect(await easyOf(aroha.personId)).toBe(false);
    } finally {
      await sql`update person set easy_read = false where id = ${aroha.personId}`;
    }
  });
});
