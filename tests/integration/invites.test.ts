import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { seedId } from '../../api/seed.ts';
import { inviteErrors } from '../../sync/invite.ts';
import { queries } from '../../sync/queries.ts';
import { type SignedIn, signIn } from '../harness/clients.ts';
import { sql, stack } from '../harness/db.ts';
import { readMailbox } from '../harness/magic-link.ts';
import { call, raw, startSession } from '../harness/rest.ts';
import { client } from '../harness/zero.ts';

const ids = {
  aroha: seedId('person:aroha'),
  sam: seedId('person:sam'),
  riley: seedId('person:riley'),
  ana: seedId('person:ana'),
  tui: seedId('person:tui'),
};

let tui: SignedIn;
let aroha: SignedIn;
let sam: SignedIn;
let ana: SignedIn;

beforeAll(async () => {
  tui = await signIn(stack.url, 'tui@example.com');
  aroha = await signIn(stack.url, 'aroha@example.com');
  sam = await signIn(stack.url, 'sam@example.com');
  ana = await signIn(stack.url, 'ana@example.com');
});

afterAll(async () => {
  // Tui is the Decision Maker with no connections: leave her that way for other tests.
  await sql`delete from supporter_link where supported_id = ${ids.tui} or supporter_id = ${ids.tui}`;
  await sql`delete from invite where person_id = ${ids.tui}`;
});

const createInvite = (who: SignedIn | undefined, personId: string, body: unknown) =>
  call(who, 'POST', `/api/people/${personId}/invites`, body);
const view = (id: string, token: string) =>
  call(undefined, 'GET', `/api/invites/${id}?token=${encodeURIComponent(token)}`);
const accept = (who: SignedIn | undefined, id: string, token: string) =>
  call(who, 'POST', `/api/invites/${id}/accept`, { token });
const decline = (id: string, token: string, who?: SignedIn) =>
  call(who, 'POST', `/api/invites/${id}/decline`, { token });

/** The invite id and token from the link the API answers with. */
function linkParts(url: string) {
  const m = /\/invite\/([^/]+)\/([^/?#]+)$/.exec(url);
  if (!m?.[1] || !m[2]) throw new Error(`not an invite link: ${url}`);
  return { id: m[1], token: m[2] };
}

async function supporterInvite(who: SignedIn, personId: string, extra: object = {}) {
  const res = await createInvite(who, personId, {
    kind: 'Supporter',
    accessLevel: 'General',
    ...extra,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { ...res.body, ...linkParts(res.body.url) } as {
    id: string;
    token: string;
    url: string;
    expiresAt: string;
  };
}

let registered = 0;
/** A brand-new account, signed in. */
async function newcomer(tag: string): Promise<SignedIn & { email: string }> {
  const email = `${tag}.${Date.now()}.${registered++}@example.org`;
  const res = await call(undefined, 'POST', '/api/users', {
    email,
    type: 'General',
    acceptedTermsOfService: true,
    person: {
      firstName: 'Wiremu',
      lastName: 'Hohepa',
      knownAs: 'Wiremu',
      type: 'SupporterAndDecisionMaker',
      personalInformation: {},
    },
  });
  expect(res.status).toBe(201);
  return { email, ...(await signIn(stack.url, email)) };
}

async function snapshot() {
  const [row] = await sql`select
      (select count(*)::int from invite) invites,
      (select count(*)::int from private.invite_token) tokens,
      (select count(*)::int from private.invite_token where used_at is not null) used,
      (select count(*)::int from invite where accepted_at is not null or declined_at is not null) answered,
      (select count(*)::int from supporter_link) links,
      (select count(*)::int from history_event) events`;
  return row;
}

describe('POST /api/people/{personId}/invites', () => {
  test('a Decision Maker creates a link invite: the token is random, stored only as its SHA-256, and history is written', async () => {
    const before = Date.now();
    const inv = await supporterInvite(tui, ids.tui);
    expect(inv.url).toBe(`${stack.url}/invite/${inv.id}/${inv.token}`);
    expect(Buffer.from(inv.token, 'base64url')).toHaveLength(32);
    const days = (Date.parse(inv.expiresAt) - before) / 86_400_000;
    expect(days).toBeGreaterThan(13.99);
    expect(days).toBeLessThan(14.01);

    const [row] = await sql`select * from invite where id = ${inv.id}`;
    expect(row).toMatchObject({
      person_id: ids.tui,
      kind: 'Supporter',
      access_level: 'General',
      email: null,
      created_by: ids.tui,
      accepted_at: null,
      declined_at: null,
    });
    expect(JSON.stringify(row)).not.toContain(inv.token);
    const [tok] = await sql`select * from private.invite_token where invite_id = ${inv.id}`;
    expect(tok?.token_hash).toBe(createHash('sha256').update(inv.token).digest('hex'));
    expect(tok?.used_at).toBeNull();
    const [event] = await sql`select type, related_type, created_by, message from history_event
                              where related_id = ${inv.id}`;
    expect(event).toMatchObject({ type: 'Create', related_type: 'Invite', created_by: ids.tui });
    expect(event?.message).toMatch(/Supporter with General access/);

    const other = await supporterInvite(tui, ids.tui);
    expect(other.token).not.toBe(inv.token);
  });

  test('bad input is a 400 with a clear message and changes nothing', async () => {
    const before = await snapshot();
    const cases: Array<[unknown, string]> = [
      [{ kind: 'Friend' }, inviteErrors.kind],
      [{ kind: 'Supporter' }, inviteErrors.accessLevel],
      [{ kind: 'Supporter', accessLevel: 'Owner' }, inviteErrors.accessLevel],
      [{ kind: 'Preference' }, inviteErrors.target],
      [{ kind: 'PreferenceCategory' }, inviteErrors.target],
      [{ kind: 'Profile', expiresInDays: 0 }, inviteErrors.days],
      [{ kind: 'Profile', expiresInDays: 31 }, inviteErrors.days],
      [{ kind: 'Profile', expiresInDays: 2.5 }, inviteErrors.days],
      [{ kind: 'Profile', email: 'not-an-email' }, 'Please enter a valid email address.'],
    ];
    for (const [body, message] of cases) {
      const res = await createInvite(tui, ids.tui, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error).toEqual({ code: 'invalid', message });
    }
    const notJson = await call(tui, 'POST', `/api/people/${ids.tui}/invites`, raw('{'));
    expect(notJson.status).toBe(400);
    expect(await snapshot()).toEqual(before);
  });

  test('every kind is accepted; expiresInDays from 1 to 30', async () => {
    const [pref] = await sql`select id from preference where person_id = ${ids.tui} limit 1`;
    const [cat] = await sql`select id from category where person_id = ${ids.tui} limit 1`;
    for (const kind of ['Person', 'Profile', 'User'] as const) {
      expect((await createInvite(tui, ids.tui, { kind, expiresInDays: 1 })).status).toBe(201);
    }
    for (const accessLevel of ['General', 'Restricted', 'Administrator'] as const) {
      const res = await createInvite(tui, ids.tui, {
        kind: 'Supporter',
        accessLevel,
        expiresInDays: 30,
      });
      expect(res.status).toBe(201);
      expect((await sql`select access_level from invite where id = ${res.body.id}`)[0]).toEqual({
        access_level: accessLevel,
      });
    }
    if (pref) {
      const res = await createInvite(tui, ids.tui, { kind: 'Preference', targetId: pref.id });
      expect(res.status).toBe(201);
    }
    if (cat) {
      const res = await createInvite(tui, ids.tui, {
        kind: 'PreferenceCategory',
        targetId: cat.id,
      });
      expect(res.status).toBe(201);
    }
  });

  test('signed out → 401; someone who is not an administrator of the person → 403', async () => {
    const before = await snapshot();
    const body = { kind: 'Supporter', accessLevel: 'General' };
    const out = await createInvite(undefined, ids.tui, body);
    expect(out.status).toBe(401);
    expect(out.body.error.code).toBe('unauthenticated');
    const stranger = await createInvite(sam, ids.tui, body);
    expect(stranger.status).toBe(403);
    expect(stranger.body.error).toEqual({
      code: 'forbidden',
      message: inviteErrors.notAdministrator,
    });
    // A General supporter, even inside a session, is not an administrator. The
    // session is written to the database: starting and ending one over the API
    // writes history, and this test counts every history event.
    const session = await startSession(sam, ids.aroha, { via: 'database' });
    try {
      expect((await createInvite(sam, ids.aroha, body)).status).toBe(403);
    } finally {
      await session.end();
    }
    // Ana is Aroha's Administrator, but only inside a support session.
    expect((await createInvite(ana, ids.aroha, body)).status).toBe(403);
    expect(await snapshot()).toEqual(before);
  });

  test('an Administrator in an active support session may invite on the person’s behalf', async () => {
    const session = await startSession(ana, ids.aroha);
    try {
      const email = `behalf.${Date.now()}@example.org`;
      const res = await createInvite(ana, ids.aroha, { kind: 'Profile', email });
      expect(res.status).toBe(201);
      const [row] = await sql`select person_id, created_by from invite where id = ${res.body.id}`;
      expect(row).toEqual({ person_id: ids.aroha, created_by: ids.ana });
      const [mail] = await readMailbox(stack.url, email);
      expect(mail?.text).toContain(
        'Ana Walker has invited you, on behalf of Aroha Ngata, to view Aroha Ngata’s profile.',
      );
      const gone = await call(ana, 'DELETE', `/api/people/${ids.aroha}/invites/${res.body.id}`);
      expect(gone.status).toBe(204);
    } finally {
      await session.end();
    }
  });

  test('Aroha’s circle is full on the free plan (3 supporters): a new Supporter invite is refused up front', async () => {
    const before = await snapshot();
    const res = await createInvite(aroha, ids.aroha, { kind: 'Supporter', accessLevel: 'General' });
    expect(res.status).toBe(409);
    expect(res.body.error).toEqual({
      code: 'circle_full',
      message: 'Your Circle of Support is full!',
    });
    expect(await snapshot()).toEqual(before);
  });

  test('a Preference or category invite must name one of that person’s own items (404, the same for missing and someone else’s)', async () => {
    const [own] =
      await sql`select id, title from preference where person_id = ${ids.aroha} limit 1`;
    const [theirs] = await sql`select id from preference where person_id = ${ids.ana} limit 1`;
    const [ownCat] = await sql`select id from category where person_id = ${ids.aroha} limit 1`;
    const [theirCat] = await sql`select id from category where person_id = ${ids.ana} limit 1`;
    expect(own && theirs && ownCat && theirCat).toBeTruthy();
    const before = await snapshot();
    const missing = await createInvite(aroha, ids.aroha, {
      kind: 'Preference',
      targetId: crypto.randomUUID(),
    });
    const hidden = await createInvite(aroha, ids.aroha, {
      kind: 'Preference',
      targetId: theirs?.id,
    });
    const hiddenCat = await createInvite(aroha, ids.aroha, {
      kind: 'PreferenceCategory',
      targetId: theirCat?.id,
    });
    for (const r of [missing, hidden, hiddenCat]) {
      expect(r.status).toBe(404);
      expect(r.body).toEqual(missing.body);
    }
    expect(await snapshot()).toEqual(before);

    const ok = await createInvite(aroha, ids.aroha, { kind: 'Preference', targetId: own?.id });
    expect(ok.status).toBe(201);
    const { id, token } = linkParts(ok.body.url);
    const seen = await view(id, token);
    expect(seen.body.target).toEqual({ id: own?.id, title: own?.title });
    const okCat = await createInvite(aroha, ids.aroha, {
      kind: 'PreferenceCategory',
      targetId: ownCat?.id,
    });
    expect(okCat.status).toBe(201);
    await sql`delete from invite where id in (${id}, ${okCat.body.id})`;
  });

  test('inviting yourself by e-mail is refused: 400 self_support, nothing changes', async () => {
    const before = await snapshot();
    for (const email of ['tui@example.com', 'TUI@example.com ']) {
      const res = await createInvite(tui, ids.tui, {
        kind: 'Supporter',
        accessLevel: 'General',
        email,
      });
      expect(res.status).toBe(400);
      expect(res.body.error).toEqual({
        code: 'self_support',
        message: 'You cannot be set as your own supporter',
      });
    }
    expect(await snapshot()).toEqual(before);
    expect(await readMailbox(stack.url, 'tui@example.com')).not.toContainEqual(
      expect.objectContaining({ subject: expect.stringMatching(/invited you/) }),
    );
  });

  test('with an e-mail: a plain mail names the product, who invites, what for, the en-NZ expiry and the link', async () => {
    const email = `invitee.${Date.now()}@example.org`;
    const res = await createInvite(tui, ids.tui, {
      kind: 'Supporter',
      accessLevel: 'General',
      email: email.toUpperCase(),
      expiresInDays: 7,
    });
    expect(res.status).toBe(201);
    const [row] = await sql`select email, expires_at from invite where id = ${res.body.id}`;
    expect(row?.email).toBe(email);
    const mails = await readMailbox(stack.url, email);
    expect(mails).toHaveLength(1);
    const mail = mails[0];
    const expiry = new Intl.DateTimeFormat('en-NZ', {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'Pacific/Auckland',
    }).format(new Date(res.body.expiresAt));
    expect(expiry).toMatch(/^\d{1,2} [A-Z][a-z]+ \d{4}$/);
    expect(mail?.subject).toBe('Tui Brown has invited you to Preference Bank');
    expect(mail?.text).toContain(
      'Tui Brown has invited you to join Tui Brown’s Circle of Support as a Supporter with General access.',
    );
    expect(mail?.text).toContain('Preference Bank');
    expect(mail?.text).toContain(`The invite works once and expires on ${expiry}.`);
    expect(mail?.links).toEqual([res.body.url, expect.stringContaining(stack.url)]);
    expect(mail?.text).toContain(res.body.url);
    // The HTML part (the harness's reader keeps only the text).
    const mailbox = await call(
      undefined,
      'GET',
      `/api/dev/mailbox?to=${encodeURIComponent(email)}`,
    );
    const html = String(mailbox.body[0]?.html ?? '');
    expect(html).toContain('<html lang="en">');
    expect(html).toContain(`href="${res.body.url}"`);
    expect(html).toContain('See the invite from Tui Brown');
  });
});

describe('GET /api/invites/{id}?token=', () => {
  test('without signing in: who invites, what for, the expiry and the state', async () => {
    const inv = await supporterInvite(tui, ids.tui, { accessLevel: 'Restricted' });
    const res = await view(inv.id, inv.token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: inv.id,
      kind: 'Supporter',
      accessLevel: 'Restricted',
      personId: ids.tui,
      person: { name: 'Tui Brown' },
      inviter: { name: 'Tui Brown' },
      target: null,
      expiresAt: inv.expiresAt,
      accessEndsAt: null,
      state: 'open',
    });
  });

  test('an unknown id, a tampered token and a missing token all get the same 404', async () => {
    const inv = await supporterInvite(tui, ids.tui);
    const tampered = await view(inv.id, `${inv.token.slice(0, -3)}abc`);
    const unknown = await view(crypto.randomUUID(), inv.token);
    const none = await call(undefined, 'GET', `/api/invites/${inv.id}`);
    for (const r of [tampered, unknown, none]) {
      expect(r.status).toBe(404);
      expect(r.body).toEqual({ error: { code: 'not_found', message: inviteErrors.notFound } });
    }
  });

  test('an expired invite is 410 with its message', async () => {
    const inv = await supporterInvite(tui, ids.tui);
    await sql`update invite set expires_at = now() - interval '1 second' where id = ${inv.id}`;
    const res = await view(inv.id, inv.token);
    expect(res.status).toBe(410);
    expect(res.body.error).toEqual({
      code: 'invite_expired',
      message: 'This invite has expired. Ask the person who invited you for a new one.',
    });
  });
});

describe('POST /api/invites/{id}/accept', () => {
  test('a Supporter invite connects the caller, once: link, accepted invite, used token and history in one go', async () => {
    const inv = await supporterInvite(tui, ids.tui, { accessLevel: 'Restricted' });
    const wiremu = await newcomer('accept');
    const res = await accept(wiremu, inv.id, inv.token);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: inv.id,
      kind: 'Supporter',
      personId: ids.tui,
      accessLevel: 'Restricted',
    });
    const [link] = await sql`select * from supporter_link where id = ${res.body.supporterLinkId}`;
    expect(link).toMatchObject({
      supporter_id: wiremu.personId,
      supported_id: ids.tui,
      access_level: 'Restricted',
    });
    const [row] = await sql`select accepted_at, accepted_by from invite where id = ${inv.id}`;
    expect(row?.accepted_by).toBe(wiremu.personId);
    expect(row?.accepted_at).toBeInstanceOf(Date);
    const [tok] = await sql`select used_at from private.invite_token where invite_id = ${inv.id}`;
    expect(tok?.used_at).toBeInstanceOf(Date);
    const events = await sql`select type, related_type, person_id, created_by from history_event
                             where related_id in (${inv.id}, ${res.body.supporterLinkId}) order by created_at, related_type`;
    expect(events).toEqual(
      expect.arrayContaining([
        {
          type: 'Create',
          related_type: 'SupporterLink',
          person_id: ids.tui,
          created_by: wiremu.personId,
        },
        { type: 'Modify', related_type: 'Invite', person_id: ids.tui, created_by: wiremu.personId },
      ]),
    );

    // Reused: by anyone, with any verb.
    const before = await snapshot();
    const again = await accept(await newcomer('again'), inv.id, inv.token);
    expect(again.status).toBe(410);
    expect(again.body.error).toEqual({ code: 'invite_accepted', message: inviteErrors.accepted });
    expect((await view(inv.id, inv.token)).body.error.code).toBe('invite_accepted');
    expect((await decline(inv.id, inv.token)).status).toBe(410);

    // The connection the invite onboarding shows.
    const mine = await call(wiremu, 'GET', `/api/people/${wiremu.personId}/invites/accepted`);
    expect(mine.status).toBe(200);
    expect(mine.body[0]).toMatchObject({
      id: inv.id,
      kind: 'Supporter',
      accessLevel: 'Restricted',
      personId: ids.tui,
      person: { name: 'Tui Brown' },
    });
    const peek = await call(wiremu, 'GET', `/api/people/${ids.tui}/invites/accepted`);
    expect(peek.status).toBe(403);

    // newcomer() registered someone (a person, a user, a Create event): nothing else changed.
    const after = await snapshot();
    expect(after).toMatchObject({
      invites: before?.invites,
      tokens: before?.tokens,
      used: before?.used,
      answered: before?.answered,
      links: before?.links,
    });
    await sql`delete from supporter_link where id = ${res.body.supporterLinkId}`;
  });

  test('signed out → 401; tampered token → 404; expired → 410; nothing changes', async () => {
    const inv = await supporterInvite(tui, ids.tui);
    const wiremu = await newcomer('refused');
    const before = await snapshot();
    const out = await accept(undefined, inv.id, inv.token);
    expect(out.status).toBe(401);
    const tampered = await accept(wiremu, inv.id, `${inv.token.slice(0, -3)}xyz`);
    expect(tampered.status).toBe(404);
    expect(tampered.body.error.message).toBe(inviteErrors.notFound);
    expect((await accept(wiremu, inv.id, '')).status).toBe(404);
    await sql`update invite set expires_at = now() - interval '1 second' where id = ${inv.id}`;
    const expired = await accept(wiremu, inv.id, inv.token);
    expect(expired.status).toBe(410);
    expect(expired.body.error.message).toBe(
      'This invite has expired. Ask the person who invited you for a new one.',
    );
    expect(await snapshot()).toEqual(before);
  });

  test('accepting your own invite: 400 self_support "You cannot be set as your own supporter", nothing changes', async () => {
    const inv = await supporterInvite(tui, ids.tui);
    const before = await snapshot();
    const res = await accept(tui, inv.id, inv.token);
    expect(res.status).toBe(400);
    expect(res.body.error).toEqual({
      code: 'self_support',
      message: 'You cannot be set as your own supporter',
    });
    expect(await snapshot()).toEqual(before);
    // The link still works for someone else afterwards.
    expect((await view(inv.id, inv.token)).status).toBe(200);
  });

  test('already connected → 409, nothing changes', async () => {
    const linkId = crypto.randomUUID();
    await sql`insert into supporter_link (id, supporter_id, supported_id, access_level)
              values (${linkId}, ${ids.sam}, ${ids.tui}, 'General')`;
    try {
      const inv = await supporterInvite(tui, ids.tui, { accessLevel: 'Administrator' });
      const before = await snapshot();
      const res = await accept(sam, inv.id, inv.token);
      expect(res.status).toBe(409);
      expect(res.body.error).toEqual({
        code: 'already_connected',
        message: inviteErrors.alreadyConnected,
      });
      expect(await snapshot()).toEqual(before);
      const [link] = await sql`select access_level from supporter_link where id = ${linkId}`;
      expect(link?.access_level).toBe('General');
    } finally {
      await sql`delete from supporter_link where id = ${linkId}`;
    }
  });

  test('an invite mailed to an address of another account: 409 merge_accounts, nothing changes', async () => {
    const inv = await supporterInvite(tui, ids.tui, { email: 'sam@example.com' });
    const wiremu = await newcomer('merge');
    const before = await snapshot();
    const res = await accept(wiremu, inv.id, inv.token);
    expect(res.status).toBe(409);
    expect(res.body.error).toEqual({
      code: 'merge_accounts',
      message: 'We are not yet able to combine accounts.',
    });
    expect(await snapshot()).toEqual(before);
    // The account the invite was sent to may accept it.
    const ok = await accept(sam, inv.id, inv.token);
    expect(ok.status).toBe(200);
    await sql`delete from supporter_link where id = ${ok.body.supporterLinkId}`;
  });

  test('a full Circle of Support: a 4th supporter is refused with "Your Circle of Support is full!"', async () => {
    const pending = await supporterInvite(tui, ids.tui);
    const linkIds = [crypto.randomUUID(), crypto.randomUUID(), crypto.randomUUID()];
    const supporters = [ids.sam, ids.riley, ids.ana];
    try {
      for (const [i, id] of linkIds.entries()) {
        await sql`insert into supporter_link (id, supporter_id, supported_id, access_level)
                  values (${id}, ${supporters[i] ?? ''}, ${ids.tui}, 'General')`;
      }
      const wiremu = await newcomer('full');
      const before = await snapshot();
      const res = await accept(wiremu, pending.id, pending.token);
      expect(res.status).toBe(409);
      expect(res.body.error).toEqual({
        code: 'circle_full',
        message: 'Your Circle of Support is full!',
      });
      // A new Supporter invite is refused up front too.
      const more = await createInvite(tui, ids.tui, { kind: 'Supporter', accessLevel: 'General' });
      expect(more.status).toBe(409);
      expect(more.body.error.code).toBe('circle_full');
      expect(await snapshot()).toEqual(before);
    } finally {
      await sql`delete from supporter_link where id in ${sql(linkIds)}`;
    }
  });

  test('concurrent accepts of one link: exactly one wins', async () => {
    const inv = await supporterInvite(tui, ids.tui);
    const people = await Promise.all([newcomer('race'), newcomer('race'), newcomer('race')]);
    const results = await Promise.all(people.map((p) => accept(p, inv.id, inv.token)));
    expect(results.map((r) => r.status).sort()).toEqual([200, 410, 410]);
    const links = await sql`select id from supporter_link where supported_id = ${ids.tui}`;
    expect(links).toHaveLength(1);
    await sql`delete from supporter_link where supported_id = ${ids.tui}`;
  });

  test('a Preference invite records the acceptance (guest access), and creates no supporter link', async () => {
    const [pref] =
      await sql`select id, title from preference where person_id = ${ids.aroha} limit 1`;
    const res = await createInvite(aroha, ids.aroha, { kind: 'Preference', targetId: pref?.id });
    const { id, token } = linkParts(res.body.url);
    const wiremu = await newcomer('guest');
    const before = await snapshot();
    const ok = await accept(wiremu, id, token);
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({
      kind: 'Preference',
      targetId: pref?.id,
      supporterLinkId: null,
    });
    const [row] = await sql`select accepted_by from invite where id = ${id}`;
    expect(row?.accepted_by).toBe(wiremu.personId);
    expect((await snapshot())?.links).toBe(before?.links);
    await sql`delete from invite where id = ${id}`;
  });
});

describe('POST /api/invites/{id}/decline', () => {
  test('needs no sign-in; marks the invite declined and the link used, with history', async () => {
    const inv = await supporterInvite(tui, ids.tui);
    const res = await decline(inv.id, inv.token);
    expect(res.status).toBe(200);
    const [row] = await sql`select declined_at, accepted_at from invite where id = ${inv.id}`;
    expect(row?.declined_at).toBeInstanceOf(Date);
    expect(row?.accepted_at).toBeNull();
    const [tok] = await sql`select used_at from private.invite_token where invite_id = ${inv.id}`;
    expect(tok?.used_at).toBeInstanceOf(Date);
    const [event] =
      await sql`select type from history_event where related_id = ${inv.id} and type = 'Modify'`;
    expect(event?.type).toBe('Modify');
    const seen = await view(inv.id, inv.token);
    expect(seen.status).toBe(410);
    expect(seen.body.error).toEqual({ code: 'invite_declined', message: inviteErrors.declined });
    const late = await accept(await newcomer('late'), inv.id, inv.token);
    expect(late.status).toBe(410);
    expect(late.body.error.code).toBe('invite_declined');
  });

  test('a tampered token is 404 and changes nothing', async () => {
    const inv = await supporterInvite(tui, ids.tui);
    const before = await snapshot();
    const res = await decline(inv.id, `${inv.token.slice(0, -2)}zz`);
    expect(res.status).toBe(404);
    expect(await snapshot()).toEqual(before);
  });
});

describe('withdrawing and listing open invites', () => {
  test('DELETE withdraws an invite (404 for its link afterwards); only an administrator may', async () => {
    const inv = await supporterInvite(tui, ids.tui);
    expect((await call(sam, 'DELETE', `/api/people/${ids.tui}/invites/${inv.id}`)).status).toBe(
      403,
    );
    const res = await call(tui, 'DELETE', `/api/people/${ids.tui}/invites/${inv.id}`);
    expect(res.status).toBe(204);
    expect((await view(inv.id, inv.token)).status).toBe(404);
    expect((await sql`select 1 from private.invite_token where invite_id = ${inv.id}`).length).toBe(
      0,
    );
    const [event] =
      await sql`select type from history_event where related_id = ${inv.id} and type = 'Delete'`;
    expect(event?.type).toBe('Delete');
    const again = await call(tui, 'DELETE', `/api/people/${ids.tui}/invites/${inv.id}`);
    expect(again.status).toBe(404);
  });

  test('synced query invite.open: the Decision Maker sees her open invites, no one else does', async () => {
    await sql`delete from invite where person_id = ${ids.tui}`;
    const inv = await supporterInvite(tui, ids.tui, { email: `open.${Date.now()}@example.org` });
    const done = await supporterInvite(tui, ids.tui);
    await decline(done.id, done.token);
    const mine = client(tui);
    const theirs = client(sam);
    try {
      const rows = await mine.run(queries.invite.open({ personId: ids.tui }), { type: 'complete' });
      expect(rows.map((r) => r.id)).toEqual([inv.id]);
      expect(Object.keys(rows[0] ?? {})).not.toContain('token');
      const none = await theirs.run(queries.invite.open({ personId: ids.tui }), {
        type: 'complete',
      });
      expect(none).toEqual([]);
    } finally {
      await mine.close();
      await theirs.close();
    }
  });
});
