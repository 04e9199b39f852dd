/**
 * Organisations (spec §2, §3, §6, §7 GET /api/orgs,
 * /api/orgs/{id}, /api/orgs/{id}/logo/signed/redirect): members and platform
 * users read them; anyone else, and an id that names nothing, get the same
 * 403 with spec §6's words; the logo comes through a signed URL under the
 * same check; and the synced query gives a non-member nothing, even to a
 * client that claims to be a platform user.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { seedId } from '../../api/seed.ts';
import type { ZeroContext } from '../../sync/context.ts';
import { mutators } from '../../sync/mutators.ts';
import { queries } from '../../sync/queries.ts';
import { eventually, registerAndSignIn, type SignedIn, signIn } from '../harness/clients.ts';
import { mediaStore, sql, stack } from '../harness/db.ts';
import { call, type Reply } from '../harness/rest.ts';
import { client, serverResult } from '../harness/zero.ts';

const store = mediaStore;
const kowhai = seedId('organisation:kowhai');
const DENIED = "You don't have permission to view this organisation.";
/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

let sam: SignedIn;
let aroha: SignedIn;
let platform: SignedIn;
/** An organisation of the test's own, with a logo and one member (`logoMember`). */
let withLogo: string;
let logoMember: SignedIn;

beforeAll(async () => {
  [sam, aroha, platform, logoMember] = await Promise.all([
    signIn(stack.url, 'sam@example.com'),
    signIn(stack.url, 'aroha@example.com'),
    registerAndSignIn(stack.url, 'platform'),
    registerAndSignIn(stack.url, 'org-member'),
  ]);
  // A platform user (spec §6): the seed has none.
  await sql`update person set type = 'Platform' where id = ${platform.personId}`;
  withLogo = crypto.randomUUID();
  const key = `organisations/${withLogo}/logo.png`;
  await store.put(key, PNG, 'image/png');
  await sql`insert into organisation (id, name, type, status, logo_storage_key, logo_updated_at)
    values (${withLogo}, 'Rātā Care', 'provider', 'pending_approval', ${key}, now())`;
  await sql`insert into organisation_member (organisation_id, person_id, role)
    values (${withLogo}, ${logoMember.personId}, 'Coordinator')`;
});

afterAll(async () => {
  await sql`delete from organisation where id = ${withLogo}`;
});

/** Typed as the registered context (not narrowed), as Zero's generics expect (web/zero.ts). */
function platformContext(who: SignedIn): ZeroContext {
  return { userID: who.userId, personId: who.personId, platform: true };
}

/**
 * A Zero client whose own context says "platform user", as the browser's
 * does for one (web/zero.ts): it keeps every organisation row it is sent,
 * so what it holds is exactly what the server decided to send.
 */
function claimingPlatform(who: SignedIn) {
  return client(who, { context: platformContext(who) });
}

type Org = {
  id: string;
  name: string;
  type: string;
  status: string;
  createdAt: string;
  updatedAt: string;
  hasLogo: boolean;
  members?: Array<{ personId: string; name: string; role: string }>;
};

async function list(who: SignedIn): Promise<Org[]> {
  const res = await call(who, 'GET', '/api/orgs');
  expect(res.status).toBe(200);
  return (res.body as { organisations: Org[] }).organisations;
}

function expectDenied(res: Reply) {
  expect(res.status).toBe(403);
  expect(res.body).toEqual({ error: { code: 'forbidden', message: DENIED } });
}

describe('REST', () => {
  test('a member lists and reads their organisation, with its members by name', async () => {
    expect((await list(sam)).map((o) => o.id)).toEqual([kowhai]);
    const res = await call(sam, 'GET', `/api/orgs/${kowhai}`);
    expect(res.status).toBe(200);
    const org = res.body as Org;
    expect(org).toMatchObject({
      id: kowhai,
      name: 'Kōwhai Support Services',
      type: 'provider',
      status: 'approved',
      hasLogo: false,
    });
    expect(new Date(org.createdAt).toISOString()).toBe(org.createdAt);
    expect(new Date(org.updatedAt).toISOString()).toBe(org.updatedAt);
    expect(org.members?.map((m) => m.name).sort()).toEqual(['Ana Walker', 'Sam Tane']);
    // What is stored on the server only is not sent.
    expect(JSON.stringify(org)).not.toContain('logo_storage_key');
  });

  test('a platform user lists and reads every organisation, member or not', async () => {
    const ids = (await list(platform)).map((o) => o.id);
    expect(ids).toEqual(expect.arrayContaining([kowhai, withLogo]));
    const res = await call(platform, 'GET', `/api/orgs/${withLogo}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      name: 'Rātā Care',
      status: 'pending_approval',
      hasLogo: true,
    });
  });

  test('a non-member is refused, exactly as for an id that names nothing', async () => {
    expect(await list(aroha)).toEqual([]);
    expectDenied(await call(aroha, 'GET', `/api/orgs/${kowhai}`));
    expectDenied(await call(aroha, 'GET', `/api/orgs/${crypto.randomUUID()}`));
    expectDenied(await call(sam, 'GET', `/api/orgs/${withLogo}`));
    // The platform flag follows the person: no longer one, refused at once.
    await sql`update person set type = 'SupporterAndDecisionMaker' where id = ${platform.personId}`;
    try {
      expectDenied(await call(platform, 'GET', `/api/orgs/${kowhai}`));
    } finally {
      await sql`update person set type = 'Platform' where id = ${platform.personId}`;
    }
  });

  test('a malformed id is 400; signed out is 401', async () => {
    for (const path of [`/${'x'.repeat(65)}`, '/%20', `/${'x'.repeat(65)}/logo/signed/redirect`]) {
      const res = await call(sam, 'GET', `/api/orgs${path}`);
      expect(res.status, path).toBe(400);
      expect((res.body as { error: { code: string } }).error.code).toBe('invalid');
    }
    for (const path of ['', `/${kowhai}`, `/${kowhai}/logo/signed/redirect`]) {
      const res = await call(undefined, 'GET', `/api/orgs${path}`);
      expect(res.status, path).toBe(401);
    }
  });

  test('the logo: a redirect to a signed URL for a member and a platform user; 403 for others; 404 without one', async () => {
    for (const who of [logoMember, platform]) {
      const res = await call(who, 'GET', `/api/orgs/${withLogo}/logo/signed/redirect`);
      expect(res.status).toBe(302);
      expect(res.headers.get('cache-control')).toMatch(/^private/);
      const location = res.headers.get('location') ?? '';
      expect(location).toMatch(/X-Amz-Signature=/);
      const image = await fetch(location);
      expect(image.status).toBe(200);
      expect(image.headers.get('content-type')).toBe('image/png');
      expect(Buffer.from(await image.arrayBuffer())).toEqual(PNG);
    }
    expectDenied(await call(sam, 'GET', `/api/orgs/${withLogo}/logo/signed/redirect`));
    expectDenied(await call(aroha, 'GET', `/api/orgs/${crypto.randomUUID()}/logo/signed/redirect`));
    const none = await call(sam, 'GET', `/api/orgs/${kowhai}/logo/signed/redirect`);
    expect(none.status).toBe(404);
    expect((none.body as { error: { code: string } }).error.code).toBe('not_found');
  });
});

describe('synced queries', () => {
  test('a member sees the organisation and its members live; leaving takes it away', async () => {
    const z = client(logoMember);
    const org = await eventually(
      'the organisation to sync',
      () => z.run(queries.organisation.byId({ id: withLogo })),
      (o) => o !== undefined,
    );
    expect(org?.members.map((m) => m.person?.firstName)).toEqual(['Guest']);
    const mine = await z.run(queries.organisation.mine(), { type: 'complete' });
    expect(mine.map((o) => o.id)).toEqual([withLogo]);

    await sql`delete from organisation_member where organisation_id = ${withLogo}
              and person_id = ${logoMember.personId}`;
    try {
      await eventually(
        'the organisation to go',
        () => z.run(queries.organisation.mine()),
        (rows) => rows.length === 0,
      );
    } finally {
      await sql`insert into organisation_member (organisation_id, person_id, role)
        values (${withLogo}, ${logoMember.personId}, 'Coordinator')`;
    }
  });

  test('a non-member gets nothing, even from a client that claims to be a platform user', async () => {
    // The server decides from the session, not from what the client says: a
    // client whose own context says "platform" keeps every row it is sent,
    // so anything the server sent would show here.
    const z = claimingPlatform(aroha);
    expect(await z.run(queries.organisation.mine(), { type: 'complete' })).toEqual([]);
    expect(
      await z.run(queries.organisation.byId({ id: kowhai }), { type: 'complete' }),
    ).toBeUndefined();
  });

  test('a platform user’s client receives every organisation', async () => {
    // The browser's context says "platform" for a platform user (web/zero.ts).
    const browserLike = claimingPlatform(platform);
    const rows = await eventually(
      'every organisation',
      () => browserLike.run(queries.organisation.mine()),
      (r) => [kowhai, withLogo].every((id) => r.some((o) => o.id === id)),
    );
    expect(rows.length).toBeGreaterThanOrEqual(2);
  });
});

describe('a platform user manages organisations', () => {
  /** An organisation of the test's own, pending approval, with `member` on its staff. */
  async function pending(member: SignedIn) {
    const id = crypto.randomUUID();
    await sql`insert into organisation (id, name, type, status)
      values (${id}, 'Harakeke Homecare', 'provider', 'pending_approval')`;
    await sql`insert into organisation_member (organisation_id, person_id, role)
      values (${id}, ${member.personId}, 'Coordinator')`;
    return id;
  }
  const row = async (id: string) => {
    const [r] = await sql`select name, type, status, logo_storage_key, updated_by
                          from organisation where id = ${id}`;
    return r;
  };
  const historyOf = (id: string) =>
    sql`select person_id, type, related_type, created_by, message from history_event
        where related_id = ${id} order by created_at, message`;
  const putLogo = (who: SignedIn | undefined, id: string, bytes: Uint8Array, type: string) =>
    fetch(`${stack.url}/api/orgs/${id}/logo`, {
      method: 'PUT',
      headers: { ...(who ? { cookie: who.cookie } : {}), 'content-type': type },
      body: Buffer.from(bytes),
    });
  const NOT_PLATFORM = 'Only a platform user can change an organisation.';

  test('the matrix: only a platform user approves, edits, sets a logo and suspends, over REST and Zero; anyone else changes nothing', async () => {
    const id = await pending(logoMember);
    try {
      const before = await row(id);
      // A member, someone else, and the signed out: refused, over both channels, nothing changed.
      for (const who of [logoMember, aroha, sam]) {
        for (const [method, path, body] of [
          ['POST', `/api/orgs/${id}/approve`, undefined],
          ['POST', `/api/orgs/${id}/suspend`, undefined],
          ['PATCH', `/api/orgs/${id}`, { name: 'Taken over' }],
          ['DELETE', `/api/orgs/${id}/logo`, undefined],
        ] as const) {
          const res = await call(who, method, path, body);
          expect(res.status, `${method} ${path}`).toBe(403);
          expect(res.body.error.message).toBe(NOT_PLATFORM);
        }
        const logo = await putLogo(who, id, PNG, 'image/png');
        expect(logo.status).toBe(403);
        const z = claimingPlatform(who);
        try {
          for (const change of [
            mutators.organisation.approve({ id }),
            mutators.organisation.suspend({ id }),
            mutators.organisation.update({ id, name: 'Taken over' }),
          ]) {
            // Even a client that claims to be a platform user: the server decides.
            expect(await serverResult(z, change)).toMatchObject({
              type: 'error',
              error: { message: NOT_PLATFORM },
            });
          }
        } finally {
          await z.close();
        }
      }
      expect((await call(undefined, 'POST', `/api/orgs/${id}/approve`)).status).toBe(401);
      expect((await putLogo(undefined, id, PNG, 'image/png')).status).toBe(401);
      expect(await row(id)).toEqual(before);
      expect(await historyOf(id)).toEqual([]);

      // The platform user: approve (Zero), rename and retype (REST), logo (REST), suspend (REST).
      const pz = claimingPlatform(platform);
      try {
        expect(await serverResult(pz, mutators.organisation.approve({ id }))).toEqual({
          type: 'success',
        });
      } finally {
        await pz.close();
      }
      const edited = await call(platform, 'PATCH', `/api/orgs/${id}`, {
        name: '  Harakeke Care  ',
        type: 'platform',
      });
      expect(edited.status).toBe(200);
      expect(edited.body).toMatchObject({
        name: 'Harakeke Care',
        type: 'platform',
        status: 'approved',
      });
      const logo = await putLogo(platform, id, PNG, 'image/png');
      expect(logo.status).toBe(200);
      expect(await logo.json()).toMatchObject({ hasLogo: true });
      const { logo_storage_key: key } = (await row(id)) ?? {};
      expect(String(key)).toMatch(new RegExp(`^organisations/${id}/logo-.+\\.png$`));
      const shown = await call(logoMember, 'GET', `/api/orgs/${id}/logo/signed/redirect`);
      expect(shown.status).toBe(302);
      expect(
        Buffer.from(await (await fetch(shown.headers.get('location') ?? '')).arrayBuffer()),
      ).toEqual(PNG);
      const suspended = await call(platform, 'POST', `/api/orgs/${id}/suspend`);
      expect(suspended.body).toMatchObject({ status: 'suspended' });
      // Again: nothing more happens, and history says nothing more.
      expect((await call(platform, 'POST', `/api/orgs/${id}/suspend`)).status).toBe(200);
      expect(await row(id)).toMatchObject({
        name: 'Harakeke Care',
        type: 'platform',
        status: 'suspended',
        updated_by: platform.personId,
      });
      const events = await historyOf(id);
      expect(events.map((e) => e.message).sort()).toEqual(
        [
          'Approved the organisation “Harakeke Homecare”',
          'Renamed the organisation “Harakeke Homecare” to “Harakeke Care”',
          'Made the organisation “Harakeke Care” a platform organisation',
          'Changed the logo of the organisation “Harakeke Care”',
          'Suspended the organisation “Harakeke Care”',
        ].sort(),
      );
      for (const e of events) {
        expect(e).toMatchObject({
          person_id: platform.personId,
          type: 'Modify',
          related_type: 'Organisation',
          created_by: platform.personId,
        });
      }
      // Removing the logo takes its object away too.
      const removed = await call(platform, 'DELETE', `/api/orgs/${id}/logo`);
      expect(removed.body).toMatchObject({ hasLogo: false });
      expect(await store.head(String(key))).toBeUndefined();
    } finally {
      await sql`delete from history_event where related_id = ${id}`;
      await sql`delete from organisation where id = ${id}`;
    }
  });

  test('bad input: an empty or long name, an unknown type, a logo that is not a picture, an unknown organisation; nothing changes', async () => {
    const id = await pending(logoMember);
    try {
      const before = await row(id);
      for (const [body, message] of [
        [{ name: '   ' }, 'Please enter the organisation’s name.'],
        [{ name: 'x'.repeat(201) }, 'An organisation’s name can be at most 200 characters.'],
        [{ type: 'charity' }, undefined],
      ] as const) {
        const res = await call(platform, 'PATCH', `/api/orgs/${id}`, body);
        expect(res.status, JSON.stringify(body)).toBe(400);
        if (message) expect(res.body.error.message).toBe(message);
      }
      // A text file that says it is a PNG: what the bytes are decides.
      const fake = await putLogo(
        platform,
        id,
        new TextEncoder().encode('not a picture'),
        'image/png',
      );
      expect(fake.status).toBe(400);
      expect((await fake.json()).error.message).toBe(
        'A logo must be a PNG, JPEG, WebP or GIF picture.',
      );
      const unknown = crypto.randomUUID();
      expect((await call(platform, 'POST', `/api/orgs/${unknown}/approve`)).status).toBe(404);
      expect((await putLogo(platform, unknown, PNG, 'image/png')).status).toBe(404);
      expect(await row(id)).toEqual(before);
      expect(await store.list(`organisations/${id}/`)).toEqual([]);
    } finally {
      await sql`delete from organisation where id = ${id}`;
    }
  });

  test('a member’s open page follows a platform user’s changes live', async () => {
    const id = await pending(logoMember);
    const z = client(logoMember);
    try {
      const view = z.materialize(queries.organisation.byId({ id }));
      await eventually(
        'the organisation on the member’s screen',
        () => view.data?.status,
        (s) => s === 'pending_approval',
      );
      expect((await call(platform, 'POST', `/api/orgs/${id}/approve`)).status).toBe(200);
      await eventually(
        'approved on the member’s screen',
        () => view.data?.status,
        (s) => s === 'approved',
      );
      expect(
        (await call(platform, 'PATCH', `/api/orgs/${id}`, { name: 'Harakeke Ltd' })).status,
      ).toBe(200);
      await eventually(
        'renamed on the member’s screen',
        () => view.data?.name,
        (n) => n === 'Harakeke Ltd',
      );
      view.destroy();
    } finally {
      await z.close();
      await sql`delete from history_event where related_id = ${id}`;
      await sql`delete from organisation where id = ${id}`;
    }
  });
});
