/**
 * Organisations (spec §2, §3, §6, §7 GET /api/orgs,
 * /api/orgs/{id}, /api/orgs/{id}/logo/signed/redirect): members and platform
 * users read them; anyone else, and an id that names nothing, get the same
 * 403 with spec §6's words; the logo comes through a signed URL under the
 * same check; and the synced query gives a non-member nothing, even to a
 * client that claims to be a platform user.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DEV_BUCKET, DEV_CREDENTIALS } from '../../api/dev/object-store.ts';
import { s3MediaStore } from '../../api/media/store.ts';
import { seedId } from '../../api/seed.ts';
import type { ZeroContext } from '../../sync/context.ts';
import { queries } from '../../sync/queries.ts';
import { eventually, registerAndSignIn, type SignedIn, signIn } from '../harness/clients.ts';
import { sql, stack } from '../harness/db.ts';
import { call, type Reply } from '../harness/rest.ts';
import { client } from '../harness/zero.ts';

const store = s3MediaStore({
  endpoint: stack.mediaEndpoint,
  region: 'us-east-1',
  bucket: DEV_BUCKET,
  ...DEV_CREDENTIALS,
  forcePathStyle: true,
});
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
