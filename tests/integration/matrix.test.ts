/**
 * The authorization matrix (issue 4): actors × items × operations × channels,
 * every cell asserting its exact outcome against an oracle written from the
 * access table in DESIGN.md §3, independently of sync/permissions.ts.
 * A refused write must leave the database unchanged.
 */
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { seedId } from '../../api/seed.ts';
import { mutators } from '../../sync/mutators.ts';
import { queries } from '../../sync/queries.ts';
import { eventually, type SignedIn, signIn, zeroClient } from '../harness/clients.ts';

const stack = inject('stack');
const sql = postgres(stack.databaseUrl, { max: 2, onnotice: () => {} });
const aroha = seedId('person:aroha');

type Level = 'General' | 'Restricted' | 'Administrator';
type SessionState = 'active' | 'finished' | 'never';
type Actor =
  | { kind: 'dm' }
  | {
      kind: 'supporter';
      email: string;
      key: 'sam' | 'riley' | 'ana';
      level: Level;
      session: SessionState;
    }
  | { kind: 'unrelated' }
  | { kind: 'guest' }
  | { kind: 'signed-out' };

const supporters = [
  { email: 'sam@example.com', key: 'sam', level: 'General' },
  { email: 'riley@example.com', key: 'riley', level: 'Restricted' },
  { email: 'ana@example.com', key: 'ana', level: 'Administrator' },
] as const;

const actors: Actor[] = [
  { kind: 'dm' },
  ...supporters.flatMap((s) =>
    (['active', 'finished', 'never'] as const).map(
      (session): Actor => ({ kind: 'supporter', ...s, session }),
    ),
  ),
  { kind: 'unrelated' },
  { kind: 'guest' },
  { kind: 'signed-out' },
];

const items = [
  { name: 'General preference', id: seedId('preference:aroha:tea'), access: 'General' },
  {
    name: 'Restricted preference',
    id: seedId('preference:aroha:medication'),
    access: 'Restricted',
  },
] as const;
type Item = (typeof items)[number];

function label(a: Actor): string {
  if (a.kind === 'supporter') return `${a.level} supporter, session ${a.session}`;
  return a.kind;
}

/** DESIGN.md §3, restated. The guest's invite names the General preference only. */
function oracle(a: Actor, item: Item, op: 'read' | 'write'): boolean {
  switch (a.kind) {
    case 'dm':
      return true;
    case 'supporter':
      if (a.session !== 'active') return false;
      return item.access === 'General' || a.level !== 'General';
    case 'guest':
      return op === 'read' && item.access === 'General';
    default:
      return false;
  }
}

let who: Record<string, SignedIn> = {};
let guestInvite = '';
let cells = 0;

async function setSession(key: string, supporterPersonId: string, state: SessionState) {
  const link = seedId(`link:${key}->aroha`);
  await sql`update support_session set ended_at = now() where supporter_link_id = ${link} and ended_at is null`;
  if (state === 'never') {
    await sql`delete from support_session where supporter_link_id = ${link}`;
    return;
  }
  await sql`insert into support_session (id, supporter_link_id, person_id, supporter_id, ended_at)
            values (${crypto.randomUUID()}, ${link}, ${aroha}, ${supporterPersonId},
                    ${state === 'finished' ? sql`now()` : null})`;
}

beforeAll(async () => {
  who = {
    dm: await signIn(stack.url, 'aroha@example.com'),
    sam: await signIn(stack.url, 'sam@example.com'),
    riley: await signIn(stack.url, 'riley@example.com'),
    ana: await signIn(stack.url, 'ana@example.com'),
    unrelated: await signIn(stack.url, 'tui@example.com'),
  };
  // A guest: a new account holding an accepted Preference invite for the General item.
  const email = `guest.${Date.now()}@example.org`;
  const reg = await fetch(`${stack.url}/api/users`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      email,
      type: 'General',
      acceptedTermsOfService: true,
      person: {
        firstName: 'Guest',
        lastName: 'Person',
        knownAs: 'Guest',
        type: 'SupporterAndDecisionMaker',
        personalInformation: {},
      },
    }),
  });
  expect(reg.status).toBe(201);
  who.guest = await signIn(stack.url, email);
  const dm = who.dm;
  if (dm) {
    dmClient = zeroClient(stack.zeroUrl, dm);
    sessionsView = dmClient.materialize(queries.supportSession.forPerson({ personId: aroha }));
    linksView = dmClient.materialize(queries.circle.supporters({ personId: aroha }));
  }
  guestInvite = crypto.randomUUID();
  await sql`insert into invite (id, person_id, kind, target_id, expires_at, accepted_at, accepted_by, created_by)
            values (${guestInvite}, ${aroha}, 'Preference', ${items[0].id}, now() + interval '1 day', now(),
                    ${who.guest.personId}, ${aroha})`;
});

afterAll(async () => {
  sessionsView?.destroy();
  linksView?.destroy();
  await dmClient?.close();
  await sql`delete from invite where id = ${guestInvite}`;
  await sql`update support_session set ended_at = now() where ended_at is null`;
  await sql.end();
  console.log(`authorization matrix: ${cells} cells checked`);
});

function signedIn(a: Actor): SignedIn | undefined {
  if (a.kind === 'supporter') return who[a.key];
  if (a.kind === 'signed-out') return undefined;
  return who[a.kind];
}

/** The Decision Maker's live view of her support sessions: a replication barrier. */
let sessionsView:
  | { data: readonly { id: string; endedAt: number | null }[]; destroy: () => void }
  | undefined;
let dmClient: ReturnType<typeof zeroClient> | undefined;
let linksView:
  | { data: readonly { id: string; accessLevel: string }[]; destroy: () => void }
  | undefined;

async function prepare(a: Actor) {
  for (const s of supporters) {
    const state = a.kind === 'supporter' && a.key === s.key ? a.session : 'never';
    const person = who[s.key];
    if (person) await setSession(s.key, person.personId, state);
  }
  // zero-cache answers from its replica: wait until it holds exactly what Postgres holds.
  const rows =
    await sql`select id, ended_at is null as active from support_session where person_id = ${aroha}`;
  const want = rows
    .map((r) => `${r.id}:${r.active}`)
    .sort()
    .join(',');
  await eventually(
    'zero-cache to replicate the session states',
    () =>
      (sessionsView?.data ?? [])
        .map((r) => `${r.id}:${r.endedAt === null}`)
        .sort()
        .join(','),
    (have) => have === want,
  );
}

describe('authorization matrix', () => {
  for (const actor of actors) {
    describe(label(actor), () => {
      // One Zero client per actor: a client per cell churned hundreds of client
      // groups through zero-cache, and its answers then stalled on this machine.
      let actorClient: ReturnType<typeof zeroClient> | undefined;
      const clientOf = (me: SignedIn) => {
        actorClient ??= zeroClient(stack.zeroUrl, me);
        return actorClient;
      };
      beforeAll(() => prepare(actor));
      afterAll(async () => {
        await actorClient?.close();
      });

      for (const item of items) {
        const canRead = oracle(actor, item, 'read');
        const canWrite = oracle(actor, item, 'write');

        test(`${item.name} · read · Zero synced query → ${canRead ? 'visible' : 'hidden'}`, async () => {
          const me = signedIn(actor);
          cells++;
          if (!me) {
            // Signed out: the query endpoint refuses outright.
            const res = await fetch(`${stack.url}/api/zero/query?schema=zero_0&appID=zero`, {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: '[]',
            });
            expect(res.status).toBe(401);
            return;
          }
          const z = clientOf(me);
          const row = await z.run(queries.preference.byId({ personId: aroha, id: item.id }), {
            type: 'complete',
          });
          expect(row !== undefined).toBe(canRead);
        });

        test(`${item.name} · update · Zero mutator → ${canWrite ? 'allowed' : 'refused, unchanged'}`, async () => {
          const me = signedIn(actor);
          cells++;
          const [before] =
            await sql`select title, updated_at from preference where id = ${item.id}`;
          if (!me) {
            const res = await fetch(`${stack.url}/api/zero/mutate?schema=zero_0&appID=zero`, {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: '{}',
            });
            expect(res.status).toBe(401);
            expect(
              await sql`select title, updated_at from preference where id = ${item.id}`,
            ).toEqual([before]);
            return;
          }
          const z = clientOf(me);
          // Sync first, as a real client would, so the mutator runs with what it may see.
          await z.run(queries.preference.byId({ personId: aroha, id: item.id }), {
            type: 'complete',
          });
          const title = `${String(before?.title).replace(/ \[.*\]$/, '')} [${label(actor)}]`;
          const result = await z.mutate(mutators.preference.update({ id: item.id, title })).server;
          expect(result.type).toBe(canWrite ? 'success' : 'error');
          const [after] = await sql`select title, updated_at from preference where id = ${item.id}`;
          if (canWrite) expect(after?.title).toBe(title);
          else expect(after).toEqual(before);
        });
      }

      // Sam's link is the target; nobody may change their own link's level.
      const mayChangeLevel =
        actor.kind === 'dm' ||
        (actor.kind === 'supporter' &&
          actor.level === 'Administrator' &&
          actor.session === 'active');
      const samLink = seedId('link:sam->aroha');

      async function levelOfSam() {
        const [row] =
          await sql`select access_level, updated_at from supporter_link where id = ${samLink}`;
        return row;
      }
      async function restoreSam() {
        await sql`update supporter_link set access_level = 'General' where id = ${samLink}`;
      }

      test(`change a level · Zero mutator → ${mayChangeLevel ? 'allowed' : 'refused, unchanged'}`, async () => {
        const me = signedIn(actor);
        cells++;
        const before = await levelOfSam();
        if (!me) {
          const res = await fetch(`${stack.url}/api/zero/mutate?schema=zero_0&appID=zero`, {
            method: 'POST',
            body: '{}',
          });
          expect(res.status).toBe(401);
          expect(await levelOfSam()).toEqual(before);
          return;
        }
        const z = clientOf(me);
        try {
          await z.run(queries.circle.supporters({ personId: aroha }), { type: 'complete' });
          const result = await z.mutate(
            mutators.circle.updateLevel({ id: samLink, accessLevel: 'Restricted' }),
          ).server;
          expect(result.type).toBe(mayChangeLevel ? 'success' : 'error');
          if (mayChangeLevel) expect((await levelOfSam())?.access_level).toBe('Restricted');
          else expect(await levelOfSam()).toEqual(before);
        } finally {
          await restoreSam();
          await prepare(actor);
        }
      });

      test(`change a level · REST PUT → ${mayChangeLevel ? 'allowed' : 'refused, unchanged'}`, async () => {
        const me = signedIn(actor);
        cells++;
        const before = await levelOfSam();
        const res = await fetch(`${stack.url}/api/people/${aroha}/supporters/${samLink}`, {
          method: 'PUT',
          headers: { 'content-type': 'application/json', ...(me ? { cookie: me.cookie } : {}) },
          body: JSON.stringify({ supportedId: aroha, accessLevel: 'Restricted' }),
        });
        try {
          if (mayChangeLevel) {
            expect(res.status).toBe(200);
            expect((await levelOfSam())?.access_level).toBe('Restricted');
          } else {
            expect([401, 403, 404]).toContain(res.status);
            expect(await levelOfSam()).toEqual(before);
          }
        } finally {
          await restoreSam();
          await prepare(actor);
        }
      });

      const sees: number =
        actor.kind === 'dm' ||
        (actor.kind === 'supporter' &&
          actor.level === 'Administrator' &&
          actor.session === 'active')
          ? 3
          : actor.kind === 'supporter'
            ? 1
            : 0;
      test(`circle list · read · Zero synced query → ${sees === 3 ? 'every link' : sees === 1 ? 'their own link only' : 'nothing'}`, async () => {
        const me = signedIn(actor);
        cells++;
        if (!me) return; // Signed out: covered by the 401 of the query endpoint above.
        const z = clientOf(me);
        const links = await z.run(queries.circle.supporters({ personId: aroha }), {
          type: 'complete',
        });
        expect(links).toHaveLength(sees);
        if (sees === 1) expect(links[0]?.supporterId).toBe(me.personId);
      });

      const mayAccess =
        actor.kind === 'dm' || (actor.kind === 'supporter' && actor.session === 'active');
      test(`person access · read · REST → ${mayAccess ? 'write access' : 'refused'}`, async () => {
        const me = signedIn(actor);
        cells++;
        const res = await fetch(`${stack.url}/api/people/${aroha}/access`, {
          headers: me ? { cookie: me.cookie } : {},
        });
        if (!me) expect(res.status).toBe(401);
        else if (mayAccess) {
          expect(res.status).toBe(200);
          expect(((await res.json()) as { access: { write: boolean } }).access.write).toBe(true);
        } else expect(res.status).toBe(403);
      });

      const mayStart = actor.kind === 'supporter';
      test(`support session · start · REST → ${mayStart ? 'allowed for their own link only' : 'refused'}`, async () => {
        const me = signedIn(actor);
        cells++;
        const before = await sql`select count(*)::int n from support_session`;
        const res = await fetch(`${stack.url}/api/people/${aroha}/support`, {
          method: 'POST',
          headers: me ? { cookie: me.cookie } : {},
        });
        if (!me) expect(res.status).toBe(401);
        else if (mayStart) {
          expect([200, 201]).toContain(res.status);
          const body = (await res.json()) as { supporterId: string };
          expect(body.supporterId).toBe(me.personId);
        } else {
          expect(res.status).toBe(403);
          expect(await sql`select count(*)::int n from support_session`).toEqual(before);
        }
        // Put the actor's session state back as the row above expects it.
        await prepare(actor);
      });
    });
  }
});
