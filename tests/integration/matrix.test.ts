/**
 * The authorization matrix: actors × library items (preference,
 * category, note; General and Restricted) × operations (read, create, update,
 * delete; level change; a link’s end; session start; the handover’s notes: read, leave,
 * edit, delete) × channels (Zero query, Zero mutator, REST),
 * every cell asserting its exact outcome against an oracle written from the
 * access table in DESIGN.md §3, independently of sync/permissions.ts.
 * A refused write must leave the database unchanged.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import * as Y from 'yjs';
import { seedId } from '../../api/seed.ts';
import { mutators } from '../../sync/mutators.ts';
import { queries } from '../../sync/queries.ts';
import { encodeUpdate, TEXT } from '../../sync/shared-text-doc.ts';
import { eventually, registerAndSignIn, type SignedIn, signIn } from '../harness/clients.ts';
import { sql, stack } from '../harness/db.ts';
import { call, raw } from '../harness/rest.ts';
import { type Client, COMPLETE_READ_MS, client, serverResult } from '../harness/zero.ts';

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

type Kind = 'preference' | 'category' | 'note';
type Access = 'General' | 'Restricted';
type Thing = { kind: Kind; access: Access; id: string; name: string };

/** The seeded items of Aroha's library: each kind at each access. */
const things: Thing[] = [
  { kind: 'preference', access: 'General', id: seedId('preference:aroha:tea') },
  { kind: 'preference', access: 'Restricted', id: seedId('preference:aroha:medication') },
  { kind: 'category', access: 'General', id: seedId('category:aroha:food') },
  { kind: 'category', access: 'Restricted', id: seedId('category:aroha:health') },
  // Notes follow their preference's access.
  { kind: 'note', access: 'General', id: seedId('note:aroha:tea') },
  { kind: 'note', access: 'Restricted', id: seedId('note:aroha:medication') },
].map((t) => ({ ...t, name: `${t.access} ${t.kind}` }) as Thing);

/** Where each kind lives: its table and its REST path. */
const tableOf: Record<Kind, string> = {
  preference: 'preference',
  category: 'category',
  note: 'note',
};
const restBase: Record<Kind, string> = {
  preference: `/api/people/${aroha}/preferences`,
  category: `/api/people/${aroha}/preferences/categories`,
  note: `/api/people/${aroha}/notes`,
};
/** For creating: the preference a note goes on, the category a preference goes in. */
const parentOf = (kind: 'preference' | 'category', access: Access) =>
  things.find((t) => t.kind === kind && t.access === access)?.id ?? '';

function label(a: Actor): string {
  if (a.kind === 'supporter') return `${a.level} supporter, session ${a.session}`;
  return a.kind;
}

/**
 * DESIGN.md §3, restated. The guest's invite names the General preference;
 * its note follows it. Creating is writing an item of the new item's access.
 */
function oracle(a: Actor, access: Access, op: 'read' | 'write', thing?: Thing): boolean {
  switch (a.kind) {
    case 'dm':
      return true;
    case 'supporter':
      if (a.session !== 'active') return false;
      return access === 'General' || a.level !== 'General';
    case 'guest':
      return (
        op === 'read' &&
        (thing?.id === seedId('preference:aroha:tea') || thing?.id === seedId('note:aroha:tea'))
      );
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
  for (const t of things) originalTitles.set(t.id, (await rowOf(t.kind, t.id))?.title);
  originalText = {
    updates: (await sql`select id from text_update where person_id = ${aroha}`).map((r) =>
      String(r.id),
    ),
    descriptions: [
      ...(await sql`select id, description from preference where id in ${sql(
        things.filter((t) => t.kind === 'preference').map((t) => t.id),
      )}`),
    ],
    bodies: [
      ...(await sql`select id, body from note where id in ${sql(
        things.filter((t) => t.kind === 'note').map((t) => t.id),
      )}`),
    ],
  };
  who = {
    dm: await signIn(stack.url, 'aroha@example.com'),
    sam: await signIn(stack.url, 'sam@example.com'),
    riley: await signIn(stack.url, 'riley@example.com'),
    ana: await signIn(stack.url, 'ana@example.com'),
    unrelated: await signIn(stack.url, 'tui@example.com'),
  };
  // A guest: a new account holding an accepted Preference invite for the General item.
  who.guest = await registerAndSignIn(stack.url, 'guest');
  const dm = who.dm;
  if (dm) {
    dmClient = client(dm);
    sessionsView = dmClient.materialize(queries.supportSession.forPerson({ personId: aroha }));
    linksView = dmClient.materialize(queries.circle.supporters({ personId: aroha }));
  }
  guestInvite = crypto.randomUUID();
  await sql`insert into invite (id, person_id, kind, target_id, expires_at, accepted_at, accepted_by, created_by)
            values (${guestInvite}, ${aroha}, 'Preference', ${seedId('preference:aroha:tea')}, now() + interval '1 day', now(),
                    ${who.guest.personId}, ${aroha})`;
});

/**
 * The handover notes of the matrix: one the person left (General, read by
 * every link) and one a Restricted supporter left (read by the Restricted
 * and Administrator links), as sync/handover.ts leaves them.
 */
const handoverNotes = [
  { id: crypto.randomUUID(), access: 'General', body: 'Left by Aroha for the matrix' },
  { id: crypto.randomUUID(), access: 'Restricted', body: 'Left by Riley for the matrix' },
] as const satisfies readonly { id: string; access: Access; body: string }[];

/** A handover note as the change leaves it: the row and its readers. */
async function insertNote(id: string, access: Access, body: string) {
  await sql`insert into handover_note (id, person_id, body, access, created_by, expires_at)
            values (${id}, ${aroha}, ${body}, ${access}, ${aroha}, now() + interval '7 days')`;
  await sql`insert into handover_note_reader (note_id, supporter_link_id, supporter_id)
            select ${id}, l.id, l.supporter_id from supporter_link l
            where l.supported_id = ${aroha}
              and (${access} = 'General' or l.access_level <> 'General')`;
}

/** A note of the given access for a delete cell. */
async function throwawayNote(access: Access): Promise<string> {
  const id = crypto.randomUUID();
  await insertNote(id, access, 'Throwaway');
  return id;
}

beforeAll(async () => {
  for (const n of handoverNotes) await insertNote(n.id, n.access, n.body);
});

afterAll(async () => {
  await sql`delete from handover_note where person_id = ${aroha}`;
});

/** The REST status of a refusal: 401 signed out; 403 for a supporter in session asking above their level; else 404. */
function refusedStatus(a: Actor, access: Access, creating: Kind | false): number {
  if (a.kind === 'signed-out') return 401;
  // A note goes on a preference, which a General supporter cannot see: 404.
  const asksAbove = creating === 'preference' || creating === 'category';
  if (asksAbove && a.kind === 'supporter' && a.session === 'active' && access === 'Restricted') {
    return 403;
  }
  return 404;
}

async function rowOf(kind: Kind, id: string) {
  const rows = await sql`select title, updated_at from ${sql(tableOf[kind])} where id = ${id}`;
  return rows[0];
}

/** An item with everything a create could touch: its row, its category links, its history. */
async function snapshotOf(t: Thing) {
  const row = (await sql`select * from ${sql(tableOf[t.kind])} where id = ${t.id}`)[0];
  const links =
    t.kind === 'note'
      ? []
      : await sql`select preference_id, category_id, person_id from preference_category
                  where ${sql(t.kind === 'preference' ? 'preference_id' : 'category_id')} = ${t.id}
                  order by preference_id, category_id`;
  const history = await sql`select count(*)::int n from history_event where related_id = ${t.id}`;
  return { row, links: [...links], history: history[0]?.n };
}

/** A throwaway item of Aroha's, made as she would, for the delete cells. */
async function throwaway(kind: Kind, access: Access): Promise<string> {
  const id = crypto.randomUUID();
  if (kind === 'preference') {
    await sql`insert into preference (id, person_id, title, access, status, created_by)
              values (${id}, ${aroha}, 'Throwaway', ${access}, 'Published', ${aroha})`;
    await sql`insert into preference_category (preference_id, category_id, person_id)
              values (${id}, ${parentOf('category', access)}, ${aroha})`;
  } else if (kind === 'category') {
    await sql`insert into category (id, person_id, title, access, created_by)
              values (${id}, ${aroha}, 'Throwaway', ${access}, ${aroha})`;
  } else {
    await sql`insert into note (id, person_id, preference_id, title, body, created_by)
              values (${id}, ${aroha}, ${parentOf('preference', access)}, 'Throwaway', 'Body', ${aroha})`;
  }
  return id;
}

function createArgs(kind: Kind, access: Access, id: string, title: string) {
  if (kind === 'preference') {
    // In the General category: a Restricted preference there is "forbidden" for a
    // General supporter, not hidden behind a category they cannot see.
    return { id, personId: aroha, title, access, categoryIds: [parentOf('category', 'General')] };
  }
  if (kind === 'category') return { id, personId: aroha, title, access };
  return { id, preferenceId: parentOf('preference', access), title, body: 'Written in the matrix' };
}

function zeroCreate(kind: Kind, args: ReturnType<typeof createArgs>) {
  if (kind === 'preference') return mutators.preference.create(args as never);
  if (kind === 'category') return mutators.category.create(args as never);
  return mutators.note.create(args as never);
}

function zeroUpdate(kind: Kind, id: string, title: string) {
  if (kind === 'preference') return mutators.preference.update({ id, title });
  if (kind === 'category') return mutators.category.update({ id, title });
  return mutators.note.update({ id, title });
}

function zeroDelete(kind: Kind, id: string) {
  if (kind === 'preference') return mutators.preference.delete({ id });
  if (kind === 'category') return mutators.category.delete({ id });
  return mutators.note.delete({ id });
}

/** Signed out, the mutate endpoint refuses before any mutator runs. */
async function signedOutMutate() {
  const res = await call(undefined, 'POST', '/api/zero/mutate?schema=zero_0&appID=zero', raw('{}'));
  return res.status;
}

/** The item as the actor's Zero client sees it once the query is complete. */
async function zeroRead(z: Client, kind: Kind, id: string) {
  const done = { type: 'complete' } as const;
  if (kind === 'preference') return z.run(queries.preference.byId({ personId: aroha, id }), done);
  if (kind === 'category') return z.run(queries.category.byId({ personId: aroha, id }), done);
  return z.run(queries.note.byId({ personId: aroha, id }), done);
}

/** The seeded titles, put back afterwards: other test files expect the demo library as seeded. */
const originalTitles = new Map<string, unknown>();
/**
 * The seeded shared text, put back afterwards too: the typing cells add
 * "[typed]" to descriptions and note bodies (rows of text_update, and the
 * plain text they make).
 */
let originalText: {
  updates: string[];
  descriptions: Array<{ id?: unknown; description?: unknown }>;
  bodies: Array<{ id?: unknown; body?: unknown }>;
} = { updates: [], descriptions: [], bodies: [] };

afterAll(async () => {
  for (const t of things) {
    await sql`update ${sql(tableOf[t.kind])} set title = ${String(originalTitles.get(t.id))} where id = ${t.id}`;
  }
  const typed = (await sql`select id from text_update where person_id = ${aroha}`)
    .map((r) => String(r.id))
    .filter((id) => !originalText.updates.includes(id));
  if (typed.length) await sql`delete from text_update where id in ${sql(typed)}`;
  for (const p of originalText.descriptions) {
    await sql`update preference set description = ${String(p.description)} where id = ${String(p.id)}`;
  }
  for (const n of originalText.bodies) {
    await sql`update note set body = ${String(n.body)} where id = ${String(n.id)}`;
  }
  sessionsView?.destroy();
  linksView?.destroy();
  await dmClient?.close();
  await sql`delete from invite where id = ${guestInvite}`;
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
let dmClient: Client | undefined;
let linksView:
  | { data: readonly { id: string; accessLevel: string }[]; destroy: () => void }
  | undefined;

/** Sessions as `rows` of `id:active`, sorted: what two views must agree on. */
const sessionKey = (rows: readonly { id: string; active: boolean }[]) =>
  rows
    .map((r) => `${r.id}:${r.active}`)
    .sort()
    .join(',');

/**
 * Sets each supporter's session for `a`, then waits until zero-cache's replica
 * holds it (the Decision Maker's view) and, when given, until the actor's own
 * client has been told: a `complete` read on a query the client already holds
 * answers from what it has, so without this a cell could read the state
 * before the change.
 */
async function prepare(a: Actor, actorClient?: Client) {
  for (const s of supporters) {
    const state = a.kind === 'supporter' && a.key === s.key ? a.session : 'never';
    const person = who[s.key];
    if (person) await setSession(s.key, person.personId, state);
  }
  const rows = await sql<{ id: string; active: boolean; supporter_id: string }[]>`
    select id, ended_at is null as active, supporter_id from support_session where person_id = ${aroha}`;
  await eventually(
    'zero-cache to replicate the session states',
    () =>
      sessionKey((sessionsView?.data ?? []).map((r) => ({ id: r.id, active: r.endedAt === null }))),
    (have) => have === sessionKey(rows),
    // A wait for replication, not a measure of it: one full run on this
    // 2-core machine (typecheck and the runner tests beside it) took over 5 s.
    COMPLETE_READ_MS,
  );
  const me = signedIn(a);
  if (!actorClient || !me) return;
  // What the actor reads of them: all (the Decision Maker), their own (a supporter), none.
  const theirs = rows.filter((r) =>
    a.kind === 'dm' ? true : a.kind === 'supporter' ? r.supporter_id === me.personId : false,
  );
  await eventually(
    "the actor's client to see the session states",
    async () =>
      sessionKey(
        (
          await actorClient.run(queries.supportSession.forPerson({ personId: aroha }), {
            type: 'complete',
          })
        ).map((r) => ({ id: r.id, active: r.endedAt === null })),
      ),
    (have) => have === sessionKey(theirs),
    COMPLETE_READ_MS,
  );
}

describe('authorization matrix', () => {
  for (const actor of actors) {
    describe(label(actor), () => {
      // One Zero client per actor: a client per cell churned hundreds of client
      // groups through zero-cache, and its answers then stalled on this machine.
      let actorClient: Client | undefined;
      const clientOf = (me: SignedIn) => {
        actorClient ??= client(me);
        return actorClient;
      };
      const ready = () => {
        const me = signedIn(actor);
        return prepare(actor, me ? clientOf(me) : undefined);
      };
      beforeAll(ready);
      afterAll(async () => {
        await actorClient?.close();
      });

      const titled = (before: unknown, actorLabel: string) =>
        `${String(before).replace(/ \[.*\]$/, '')} [${actorLabel}]`;

      for (const thing of things) {
        const canRead = oracle(actor, thing.access, 'read', thing);
        const canWrite = oracle(actor, thing.access, 'write', thing);

        test(`${thing.name} · read · Zero synced query → ${canRead ? 'visible' : 'hidden'}`, async () => {
          const me = signedIn(actor);
          cells++;
          if (!me) {
            // Signed out: the query endpoint refuses outright.
            const res = await call(
              undefined,
              'POST',
              '/api/zero/query?schema=zero_0&appID=zero',
              raw('[]'),
            );
            expect(res.status).toBe(401);
            return;
          }
          const row = await zeroRead(clientOf(me), thing.kind, thing.id);
          expect(row !== undefined).toBe(canRead);
        });

        test(`${thing.name} · read · REST GET → ${canRead ? '200' : 'refused'}`, async () => {
          const me = signedIn(actor);
          cells++;
          const res = await call(me, 'GET', `${restBase[thing.kind]}/${thing.id}`);
          expect(res.status).toBe(canRead ? 200 : refusedStatus(actor, thing.access, false));
        });

        test(`${thing.name} · update · Zero mutator → ${canWrite ? 'allowed' : 'refused, unchanged'}`, async () => {
          const me = signedIn(actor);
          cells++;
          const before = await rowOf(thing.kind, thing.id);
          if (!me) {
            expect(await signedOutMutate()).toBe(401);
            expect(await rowOf(thing.kind, thing.id)).toEqual(before);
            return;
          }
          const z = clientOf(me);
          // Sync first, as a real client would, so the mutator runs with what it may see.
          await zeroRead(z, thing.kind, thing.id);
          const title = titled(before?.title, label(actor));
          const result = await serverResult(z, zeroUpdate(thing.kind, thing.id, title));
          expect(result.type).toBe(canWrite ? 'success' : 'error');
          const after = await rowOf(thing.kind, thing.id);
          if (canWrite) expect(after?.title).toBe(title);
          else expect(after).toEqual(before);
        });

        if (thing.kind !== 'category') {
          // A description or a note's body: shared text (sync/shared-text.ts).
          const target = {
            personId: aroha,
            preferenceId: thing.kind === 'note' ? parentOf('preference', thing.access) : thing.id,
            noteId: thing.kind === 'note' ? thing.id : null,
          };
          const textOfThing = async () =>
            thing.kind === 'note'
              ? (await sql`select body as text from note where id = ${thing.id}`)[0]?.text
              : (await sql`select description as text from preference where id = ${thing.id}`)[0]
                  ?.text;

          test(`${thing.name} · shared text · Zero synced query → ${canRead ? 'visible' : 'hidden'}`, async () => {
            const me = signedIn(actor);
            if (!me) return;
            cells++;
            const row = await clientOf(me).run(queries.text.updates(target), { type: 'complete' });
            expect(row !== undefined).toBe(canRead);
            if (row) expect(row.textUpdates.length).toBeGreaterThan(0);
          });

          test(`${thing.name} · shared text · typing (text.push) → ${canWrite ? 'allowed' : 'refused, nothing stored'}`, async () => {
            const me = signedIn(actor);
            if (!me) return;
            cells++;
            const z = clientOf(me);
            await zeroRead(z, thing.kind, thing.id);
            const before = await textOfThing();
            const doc = new Y.Doc();
            doc.getText(TEXT).insert(0, '[typed] ');
            const id = crypto.randomUUID();
            const result = await serverResult(
              z,
              mutators.text.push({
                id,
                preferenceId: target.preferenceId,
                noteId: target.noteId,
                data: encodeUpdate(Y.encodeStateAsUpdate(doc)),
              }),
            );
            expect(result.type).toBe(canWrite ? 'success' : 'error');
            const stored = await sql`select 1 from text_update where id = ${id}`;
            expect(stored.length).toBe(canWrite ? 1 : 0);
            const after = await textOfThing();
            // Yjs puts concurrent inserts at the start before or after one another.
            const typed = (t: string | undefined) => (t ?? '').split('[typed] ');
            if (canWrite) {
              expect(typed(after).length).toBe(typed(before).length + 1);
              expect(typed(after).join('')).toBe(typed(before).join(''));
            } else expect(after).toBe(before);
          });
        }

        test(`${thing.name} · update · REST PUT → ${canWrite ? '200' : 'refused, unchanged'}`, async () => {
          const me = signedIn(actor);
          cells++;
          const before = await rowOf(thing.kind, thing.id);
          const title = titled(before?.title, `${label(actor)} REST`);
          const res = await call(me, 'PUT', `${restBase[thing.kind]}/${thing.id}`, { title });
          expect(res.status).toBe(canWrite ? 200 : refusedStatus(actor, thing.access, false));
          const after = await rowOf(thing.kind, thing.id);
          if (canWrite) expect(after?.title).toBe(title);
          else expect(after).toEqual(before);
        });

        test(`${thing.name} · create · Zero mutator → ${canWrite ? 'allowed' : 'refused, nothing made'}`, async () => {
          const me = signedIn(actor);
          cells++;
          const id = crypto.randomUUID();
          if (!me) {
            expect(await signedOutMutate()).toBe(401);
            expect(await rowOf(thing.kind, id)).toBeUndefined();
            return;
          }
          try {
            const result = await serverResult(
              clientOf(me),
              zeroCreate(
                thing.kind,
                createArgs(thing.kind, thing.access, id, `New by ${label(actor)}`),
              ),
            );
            expect(result.type).toBe(canWrite ? 'success' : 'error');
            expect((await rowOf(thing.kind, id)) !== undefined).toBe(canWrite);
          } finally {
            await sql`delete from ${sql(tableOf[thing.kind])} where id = ${id}`;
          }
        });

        test(`${thing.name} · create · REST POST → ${canWrite ? '201' : 'refused, nothing made'}`, async () => {
          const me = signedIn(actor);
          cells++;
          const [{ n: before }] =
            (await sql`select count(*)::int n from ${sql(tableOf[thing.kind])}`) as unknown as [
              { n: number },
            ];
          const {
            id: _ignored,
            personId: _p,
            ...body
          } = createArgs(
            thing.kind,
            thing.access,
            'unused',
            `New by ${label(actor)} REST`,
          ) as Record<string, unknown>;
          const res = await call(me, 'POST', restBase[thing.kind], body);
          expect(res.status).toBe(canWrite ? 201 : refusedStatus(actor, thing.access, thing.kind));
          const [{ n: after }] =
            (await sql`select count(*)::int n from ${sql(tableOf[thing.kind])}`) as unknown as [
              { n: number },
            ];
          expect(after).toBe(canWrite ? before + 1 : before);
          if (canWrite) {
            const made = res.body as { id: string };
            await sql`delete from ${sql(tableOf[thing.kind])} where id = ${made.id}`;
          }
        });

        test(`${thing.name} · delete · Zero mutator → ${canWrite ? 'allowed' : 'refused, kept'}`, async () => {
          const me = signedIn(actor);
          cells++;
          const id = await throwaway(thing.kind, thing.access);
          try {
            if (!me) {
              expect(await signedOutMutate()).toBe(401);
              expect(await rowOf(thing.kind, id)).toBeDefined();
              return;
            }
            const result = await serverResult(clientOf(me), zeroDelete(thing.kind, id));
            expect(result.type).toBe(canWrite ? 'success' : 'error');
            expect((await rowOf(thing.kind, id)) === undefined).toBe(canWrite);
          } finally {
            await sql`delete from ${sql(tableOf[thing.kind])} where id = ${id}`;
          }
        });

        test(`${thing.name} · delete · REST DELETE → ${canWrite ? '204' : 'refused, kept'}`, async () => {
          const me = signedIn(actor);
          cells++;
          const id = await throwaway(thing.kind, thing.access);
          try {
            const res = await call(me, 'DELETE', `${restBase[thing.kind]}/${id}`);
            // A guest reads only what the invite names: a new item is hidden from them too.
            const visible = oracle(actor, thing.access, 'read');
            expect(res.status).toBe(
              canWrite ? 204 : visible ? 404 : refusedStatus(actor, thing.access, false),
            );
            expect((await rowOf(thing.kind, id)) === undefined).toBe(canWrite);
          } finally {
            await sql`delete from ${sql(tableOf[thing.kind])} where id = ${id}`;
          }
        });
      }

      // A create never upserts. Whoever sends a create with the id of
      // an existing item (in their own library or Aroha's), it is refused and the
      // item, its category links and its history stay as they were.
      for (const thing of things) {
        for (const into of ['own library', "Aroha's library"] as const) {
          if (thing.kind === 'note' && into === 'own library') continue;
          test(`${thing.name} · create with its existing id, into ${into} · Zero mutator → refused, unchanged`, async () => {
            const me = signedIn(actor);
            cells++;
            const before = await snapshotOf(thing);
            if (!me) {
              expect(await signedOutMutate()).toBe(401);
              expect(await snapshotOf(thing)).toEqual(before);
              return;
            }
            const personId = into === 'own library' ? me.personId : aroha;
            const args =
              thing.kind === 'preference'
                ? {
                    id: thing.id,
                    personId,
                    title: `Taken by ${label(actor)}`,
                    access: 'General' as const,
                    // Draft: no category needed; the old code then cleared the links.
                    status: 'Draft' as const,
                    categoryIds: into === 'own library' ? [] : [parentOf('category', 'General')],
                  }
                : thing.kind === 'category'
                  ? { id: thing.id, personId, title: `Taken by ${label(actor)}` }
                  : {
                      id: thing.id,
                      preferenceId: parentOf('preference', 'General'),
                      title: `Taken by ${label(actor)}`,
                      body: 'Overwrite?',
                    };
            const result = await serverResult(clientOf(me), zeroCreate(thing.kind, args as never));
            expect(result.type).toBe('error');
            expect(await snapshotOf(thing)).toEqual(before);
          });
        }
      }

      // A change of categories touches only the links its author can
      // see. The General preference sits in a General and a Restricted category;
      // setting its categories to the General one removes the Restricted link
      // for those who can see it and keeps it for a General supporter.
      const teaId = parentOf('preference', 'General');
      const generalCategory = parentOf('category', 'General');
      const restrictedCategory = parentOf('category', 'Restricted');
      const linkWrite = oracle(actor, 'General', 'write');
      const seesRestricted = oracle(actor, 'Restricted', 'read');
      const linksAfter = !linkWrite
        ? 'refused, unchanged'
        : seesRestricted
          ? 'the Restricted link goes'
          : 'the Restricted link it cannot see stays';
      async function teaLinks() {
        const rows = await sql<{ category_id: string }[]>`
          select category_id from preference_category where preference_id = ${teaId} order by category_id`;
        return rows.map((r) => r.category_id);
      }
      async function withBothLinks(run: () => Promise<void>) {
        const original = await teaLinks();
        await sql`insert into preference_category (preference_id, category_id, person_id)
                  values (${teaId}, ${restrictedCategory}, ${aroha}) on conflict do nothing`;
        const before = await teaLinks();
        try {
          await run();
          const after = await teaLinks();
          if (!linkWrite) expect(after).toEqual(before);
          else if (seesRestricted) expect(after).toEqual([generalCategory]);
          else expect(after).toEqual([generalCategory, restrictedCategory].sort());
        } finally {
          await sql`delete from preference_category where preference_id = ${teaId}`;
          for (const c of original) {
            await sql`insert into preference_category (preference_id, category_id, person_id)
                      values (${teaId}, ${c}, ${aroha})`;
          }
        }
      }
      test(`General preference · set categories, with a Restricted link · Zero mutator → ${linksAfter}`, async () => {
        const me = signedIn(actor);
        cells++;
        await withBothLinks(async () => {
          if (!me) {
            expect(await signedOutMutate()).toBe(401);
            return;
          }
          const z = clientOf(me);
          await zeroRead(z, 'preference', teaId);
          const result = await serverResult(
            z,
            mutators.preference.update({ id: teaId, categoryIds: [generalCategory] }),
          );
          expect(result.type).toBe(linkWrite ? 'success' : 'error');
        });
      });
      test(`General preference · set categories, with a Restricted link · REST PUT → ${linksAfter}`, async () => {
        const me = signedIn(actor);
        cells++;
        await withBothLinks(async () => {
          const res = await call(me, 'PUT', `${restBase.preference}/${teaId}`, {
            categoryIds: [generalCategory],
          });
          expect(res.status).toBe(linkWrite ? 200 : refusedStatus(actor, 'General', false));
        });
      });

      // A preference goes only into categories of its own library:
      // another person's category (Ana's) is refused, whoever asks.
      const anaCategory = seedId('category:ana:work');
      test(`new preference in another person's category · Zero mutator → refused, nothing made`, async () => {
        const me = signedIn(actor);
        cells++;
        const id = crypto.randomUUID();
        if (!me) {
          expect(await signedOutMutate()).toBe(401);
          return;
        }
        const result = await serverResult(
          clientOf(me),
          mutators.preference.create({
            id,
            personId: aroha,
            title: 'Across libraries',
            categoryIds: [anaCategory],
          }),
        );
        expect(result.type).toBe('error');
        expect(await rowOf('preference', id)).toBeUndefined();
      });
      test(`new preference in another person's category · REST POST → refused, nothing made`, async () => {
        const me = signedIn(actor);
        cells++;
        const [{ n: before }] = (await sql`select count(*)::int n from preference`) as unknown as [
          { n: number },
        ];
        const res = await call(me, 'POST', restBase.preference, {
          title: 'Across libraries',
          categoryIds: [anaCategory],
        });
        expect([400, 401, 403, 404]).toContain(res.status);
        const [{ n: after }] = (await sql`select count(*)::int n from preference`) as unknown as [
          { n: number },
        ];
        expect(after).toBe(before);
      });

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
          const result = await serverResult(
            z,
            mutators.circle.updateLevel({ id: samLink, accessLevel: 'Restricted' }),
          );
          expect(result.type).toBe(mayChangeLevel ? 'success' : 'error');
          if (mayChangeLevel) expect((await levelOfSam())?.access_level).toBe('Restricted');
          else expect(await levelOfSam()).toEqual(before);
        } finally {
          await restoreSam();
          await ready();
        }
      });

      test(`change a level · REST PUT → ${mayChangeLevel ? 'allowed' : 'refused, unchanged'}`, async () => {
        const me = signedIn(actor);
        cells++;
        const before = await levelOfSam();
        const res = await call(me, 'PUT', `/api/people/${aroha}/supporters/${samLink}`, {
          supportedId: aroha,
          accessLevel: 'Restricted',
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
          await ready();
        }
      });

      // A link's end: the same rule as a level (the person, or an
      // Administrator in session; Sam's own link is not his to end).
      async function endOfSam() {
        const [row] =
          await sql`select ends_at, updated_at from supporter_link where id = ${samLink}`;
        return row;
      }
      async function restoreSamEnd() {
        await sql`update supporter_link set ends_at = null where id = ${samLink}`;
      }

      test(`set when a link ends · Zero mutator → ${mayChangeLevel ? 'allowed' : 'refused, unchanged'}`, async () => {
        const me = signedIn(actor);
        cells++;
        if (!me) return; // The signed-out push is refused whole (401): the level cell above.
        const before = await endOfSam();
        const at = Date.now() + 3_600_000;
        const z = clientOf(me);
        try {
          await z.run(queries.circle.supporters({ personId: aroha }), { type: 'complete' });
          const result = await serverResult(z, mutators.circle.setEnd({ id: samLink, endsAt: at }));
          expect(result.type).toBe(mayChangeLevel ? 'success' : 'error');
          if (mayChangeLevel) expect((await endOfSam())?.ends_at?.getTime()).toBe(at);
          else expect(await endOfSam()).toEqual(before);
        } finally {
          await restoreSamEnd();
          await ready();
        }
      });

      test(`set when a link ends · REST PUT → ${mayChangeLevel ? 'allowed' : 'refused, unchanged'}`, async () => {
        const me = signedIn(actor);
        cells++;
        const before = await endOfSam();
        const at = new Date(Date.now() + 3_600_000).toISOString();
        const res = await call(me, 'PUT', `/api/people/${aroha}/supporters/${samLink}/end`, {
          endsAt: at,
        });
        try {
          if (mayChangeLevel) {
            expect(res.status).toBe(200);
            expect((await endOfSam())?.ends_at?.toISOString()).toBe(at);
          } else {
            expect([401, 403, 404]).toContain(res.status);
            expect(await endOfSam()).toEqual(before);
          }
        } finally {
          await restoreSamEnd();
          await ready();
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
        const res = await call(me, 'GET', `/api/people/${aroha}/access`);
        if (!me) expect(res.status).toBe(401);
        else if (mayAccess) {
          expect(res.status).toBe(200);
          expect((res.body as { access: { write: boolean } }).access.write).toBe(true);
        } else expect(res.status).toBe(403);
      });

      const mayStart = actor.kind === 'supporter';
      test(`support session · start · REST → ${mayStart ? 'allowed for their own link only' : 'refused'}`, async () => {
        const me = signedIn(actor);
        cells++;
        const before = await sql`select count(*)::int n from support_session`;
        const res = await call(me, 'POST', `/api/people/${aroha}/support`);
        if (!me) expect(res.status).toBe(401);
        else if (mayStart) {
          expect([200, 201]).toContain(res.status);
          const body = res.body as { supporterId: string };
          expect(body.supporterId).toBe(me.personId);
        } else {
          expect(res.status).toBe(403);
          expect(await sql`select count(*)::int n from support_session`).toEqual(before);
        }
        // Put the actor's session state back as the row above expects it.
        await prepare(actor);
      });

      // The handover's notes (sync/handover.ts): read by the person, and by
      // the supporters whose links read them when they were left, in a
      // session or not; left by the person and a supporter in a session;
      // changed and deleted by the person and their Administrator in a session.
      const mayLeave =
        actor.kind === 'dm' || (actor.kind === 'supporter' && actor.session === 'active');
      const mayManage =
        actor.kind === 'dm' ||
        (actor.kind === 'supporter' &&
          actor.level === 'Administrator' &&
          actor.session === 'active');
      const readsNote = (access: Access) =>
        actor.kind === 'dm' ||
        (actor.kind === 'supporter' && (access === 'General' || actor.level !== 'General'));
      const refusedNote = (access: Access) =>
        actor.kind === 'signed-out' ? 401 : readsNote(access) ? 403 : 404;
      const handoverPath = `/api/people/${aroha}/handover`;
      const noteBody = async (id: string) =>
        (await sql`select body, updated_at from handover_note where id = ${id}`)[0];

      for (const note of handoverNotes) {
        const reads = readsNote(note.access);
        test(`${note.access} handover note · read · Zero synced query → ${reads ? 'visible' : 'hidden'}`, async () => {
          const me = signedIn(actor);
          cells++;
          if (!me) return; // Signed out: the query endpoint's 401 above.
          const rows = await clientOf(me).run(queries.handover.notes({ personId: aroha }), {
            type: 'complete',
          });
          expect(rows.some((n) => n.id === note.id)).toBe(reads);
        });

        test(`${note.access} handover note · read · REST GET → ${reads ? 'listed' : 'not listed'}`, async () => {
          const me = signedIn(actor);
          cells++;
          const res = await call(me, 'GET', handoverPath);
          if (!me) {
            expect(res.status).toBe(401);
            return;
          }
          expect(res.status).toBe(200);
          const ids = (res.body.notes as { id: string }[]).map((n) => n.id);
          expect(ids.includes(note.id)).toBe(reads);
        });

        test(`${note.access} handover note · edit · Zero mutator → ${mayManage ? 'allowed' : 'refused, unchanged'}`, async () => {
          const me = signedIn(actor);
          cells++;
          if (!me) return; // The signed-out push is refused whole (401): the level cell above.
          const before = await noteBody(note.id);
          const z = clientOf(me);
          try {
            await z.run(queries.handover.notes({ personId: aroha }), { type: 'complete' });
            const result = await serverResult(
              z,
              mutators.handover.edit({ id: note.id, body: `Edited by ${label(actor)}` }),
            );
            expect(result.type).toBe(mayManage ? 'success' : 'error');
            if (mayManage)
              expect((await noteBody(note.id))?.body).toBe(`Edited by ${label(actor)}`);
            else expect(await noteBody(note.id)).toEqual(before);
          } finally {
            await sql`update handover_note set body = ${note.body} where id = ${note.id}`;
          }
        });

        test(`${note.access} handover note · edit · REST PATCH → ${mayManage ? 'allowed' : 'refused, unchanged'}`, async () => {
          const me = signedIn(actor);
          cells++;
          const before = await noteBody(note.id);
          const res = await call(me, 'PATCH', `${handoverPath}/notes/${note.id}`, {
            body: `Edited by ${label(actor)}`,
          });
          try {
            if (mayManage) expect(res.status).toBe(200);
            else {
              expect(res.status).toBe(refusedNote(note.access));
              expect(await noteBody(note.id)).toEqual(before);
            }
          } finally {
            await sql`update handover_note set body = ${note.body} where id = ${note.id}`;
          }
        });

        test(`${note.access} handover note · delete · REST DELETE → ${mayManage ? 'allowed' : 'refused, still there'}`, async () => {
          const me = signedIn(actor);
          cells++;
          const id = await throwawayNote(note.access);
          try {
            const res = await call(me, 'DELETE', `${handoverPath}/notes/${id}`);
            if (mayManage) {
              expect(res.status).toBe(204);
              expect(await noteBody(id)).toBeUndefined();
            } else {
              expect(res.status).toBe(refusedNote(note.access));
              expect(await noteBody(id)).toBeDefined();
            }
          } finally {
            await sql`delete from handover_note where id = ${id}`;
          }
        });
      }

      const notesOfAroha = async () =>
        (await sql`select count(*)::int n from handover_note where person_id = ${aroha}`)[0]?.n;

      test(`handover note · leave · Zero mutator → ${mayLeave ? 'allowed' : 'refused, nothing made'}`, async () => {
        const me = signedIn(actor);
        cells++;
        if (!me) return; // The signed-out push is refused whole (401): the level cell above.
        const before = await notesOfAroha();
        const id = crypto.randomUUID();
        try {
          const result = await serverResult(
            clientOf(me),
            mutators.handover.leave({ id, personId: aroha, body: `Left by ${label(actor)}` }),
          );
          expect(result.type).toBe(mayLeave ? 'success' : 'error');
          expect(await notesOfAroha()).toBe(mayLeave ? (before ?? 0) + 1 : before);
        } finally {
          await sql`delete from handover_note where id = ${id}`;
        }
      });

      test(`handover note · leave · REST POST → ${mayLeave ? 'allowed' : 'refused, nothing made'}`, async () => {
        const me = signedIn(actor);
        cells++;
        const before = await notesOfAroha();
        const res = await call(me, 'POST', `${handoverPath}/notes`, {
          body: `Left by ${label(actor)}`,
        });
        try {
          if (mayLeave) expect(res.status).toBe(201);
          else {
            expect(res.status).toBe(!me ? 401 : actor.kind === 'supporter' ? 403 : 404);
            expect(await notesOfAroha()).toBe(before);
          }
        } finally {
          if (res.status === 201)
            await sql`delete from handover_note where id = ${String(res.body.id)}`;
        }
      });
    });
  }
});
