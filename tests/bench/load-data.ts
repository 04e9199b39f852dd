/**
 * The load bench's data (tests/bench/load.ts), written straight into the
 * throwaway stack's database: a Decision Maker on Premium with a library of
 * 200 preferences in 10 categories (one nested and two Restricted, as in the
 * demo library), a circle of supporters at mixed levels, each with an active
 * support session, and signed-in sessions for every client.
 *
 * Sessions are minted as sign-in makes them (api/auth/sessions.ts: a random
 * token, its SHA-256 as the row's id) rather than through the magic link:
 * hundreds of sign-ins would take minutes and trip the per-network limits,
 * and the sign-in path has tests of its own. Plan limits on the circle's size
 * are the app's to enforce; a bench may insert the rows directly.
 */
import { randomBytes } from 'node:crypto';
import postgres from 'postgres';
import { hashToken } from '../../api/auth/sessions.ts';
import { connect } from '../../api/db.ts';
import { seedId } from '../../api/seed.ts';
import { backfillSharedText } from '../../api/shared-text-backfill.ts';
import type { AccessLevel } from '../../schema/enums.ts';
import { BARE_TABLE_DDL } from './load-bare.ts';
import type { Target } from './load-protocol.ts';

type CategorySpec = { key: string; title: string; restricted?: true; parent?: string };

const CATEGORIES: CategorySpec[] = [
  { key: 'food', title: 'Food and drink' },
  { key: 'breakfast', title: 'Breakfast', parent: 'food' },
  { key: 'daily', title: 'Daily routine' },
  { key: 'health', title: 'Health and wellbeing', restricted: true },
  { key: 'care', title: 'Personal care', restricted: true },
  { key: 'people', title: 'People and places' },
  { key: 'music', title: 'Music and television' },
  { key: 'outings', title: 'Going out' },
  { key: 'talk', title: 'How to talk with me' },
  { key: 'sleep', title: 'Sleep' },
];

/** 40 things, each said at 5 times of day: 200 preferences. */
const THINGS: Array<[category: string, thing: string]> = [
  ['food', 'A cup of tea with milk'],
  ['food', 'Coffee'],
  ['food', 'Fish and chips'],
  ['food', 'Soup and fresh bread'],
  ['food', 'Fresh fruit'],
  ['food', 'Mushrooms'],
  ['breakfast', 'Porridge with brown sugar'],
  ['breakfast', 'Toast with marmalade'],
  ['breakfast', 'Scrambled eggs'],
  ['daily', 'Opening the curtains'],
  ['daily', 'The radio on'],
  ['daily', 'A walk around the block'],
  ['daily', 'Doing the crossword'],
  ['daily', 'Watering the garden'],
  ['health', 'Taking my tablets'],
  ['health', 'A warm wheat bag for my knee'],
  ['health', 'Checking my blood sugar'],
  ['health', 'Visits to the doctor'],
  ['care', 'A shower with the bath seat'],
  ['care', 'Washing my own hair'],
  ['care', 'Getting dressed slowly'],
  ['people', 'Video calls with my mokopuna'],
  ['people', 'Visits from my sister'],
  ['people', 'Sitting by the sea'],
  ['people', 'Church on Sunday'],
  ['music', 'Country music'],
  ['music', 'Rugby on the television'],
  ['music', 'Old films'],
  ['music', 'Singing along'],
  ['outings', 'Bingo at the club'],
  ['outings', 'The library bus'],
  ['outings', 'Busy shopping centres'],
  ['outings', 'A drive to the beach'],
  ['talk', 'Being talked to, not about'],
  ['talk', 'Short questions, one at a time'],
  ['talk', 'Being told before you touch me'],
  ['talk', 'People speaking slowly'],
  ['sleep', 'A hot water bottle'],
  ['sleep', 'The hall light left on'],
  ['sleep', 'Quiet after nine'],
];
const WHEN = [
  'in the morning',
  'after lunch',
  'in the evening',
  'at the weekend',
  'when I am tired',
];
const SAYING = [
  'Please ask me first.',
  'It helps me settle.',
  'Not when I am unwell.',
  'Give me time; I like to do it myself.',
  'My daughter knows how I like it.',
  'Tell me what is happening as you go.',
];
const FEELINGS = ['love', 'like', 'happy', 'relaxed', 'neutral', 'dislike', 'worried', 'excited'];
const SCHEDULES = ['OnceAYear', 'TwiceAYear', 'OnceAQuarter', 'OnceAMonth', 'Never'] as const;
export const FIRST = [
  'Mere',
  'Tom',
  'Lena',
  'Wiremu',
  'Grace',
  'Sione',
  'Priya',
  'Jack',
  'Hana',
  'Ben',
];
export const LAST = [
  'Smith',
  'Ngata',
  'Walker',
  'Patel',
  'Brown',
  'Tane',
  'Wilson',
  'Kaur',
  'Li',
  'Reid',
];

/** A supporter's level by place in the circle: half General, a third Restricted, the rest Administrator. */
export function levelOf(i: number): AccessLevel {
  const r = i % 20;
  return r < 10 ? 'General' : r < 17 ? 'Restricted' : 'Administrator';
}

/**
 * A Decision Maker who has signed up: their person, details and user, on
 * Premium (no limit on the circle's size). `key` names their subscription.
 */
export async function insertDecisionMaker(
  sql: postgres.Sql,
  p: { key: string; personId: string; userId: string; first: string; last: string; email: string },
) {
  await sql`insert into person (id, type, first_name, last_name, known_as, full_name)
            values (${p.personId}, 'DecisionMaker', ${p.first}, ${p.last}, ${p.first}, ${`${p.first} ${p.last}`})`;
  await sql`insert into person_detail (person_id, email) values (${p.personId}, ${p.email})`;
  await sql`insert into app_user (id, person_id, email, type, wizard_completed_at, accepted_terms_at)
            values (${p.userId}, ${p.personId}, ${p.email}, 'General', now(), now())`;
  await sql`insert into subscription (id, person_id, plan_id, status, current_period_end)
            values (${seedId(`${p.key}:subscription`)}, ${p.personId},
                    ${seedId('plan:premium-month')}, 'active', now() + interval '30 days')`;
}

export type SeededPreference = { id: string; title: string; access: 'General' | 'Restricted' };

/**
 * A library as the demo's: 200 preferences in 10 categories (one nested, two
 * Restricted), written into `personId`'s name. `key` keeps the ids of one
 * library apart from another's.
 */
export async function insertLibrary(
  sql: postgres.Sql,
  key: string,
  personId: string,
): Promise<SeededPreference[]> {
  const catId = (c: string) => seedId(`${key}:category:${c}`);
  await sql`insert into category ${sql(
    CATEGORIES.map((c, i) => ({
      id: catId(c.key),
      person_id: personId,
      parent_id: c.parent ? catId(c.parent) : null,
      title: c.title,
      access: c.restricted ? 'Restricted' : 'General',
      sort_order: i,
      created_by: personId,
    })),
  )}`;
  const day = 86_400_000;
  const prefs = THINGS.flatMap(([cat, thing], t) =>
    WHEN.map((when, w) => {
      const i = t * WHEN.length + w;
      const created = new Date(Date.now() - (400 - i) * day);
      const restricted = CATEGORIES.find((c) => c.key === cat)?.restricted;
      return {
        row: {
          id: seedId(`${key}:preference:${i}`),
          person_id: personId,
          title: `${thing} ${when}`,
          description: `${thing} ${when}. ${SAYING[i % SAYING.length]}`,
          feeling: FEELINGS[i % FEELINGS.length] ?? 'like',
          access: restricted ? ('Restricted' as const) : ('General' as const),
          review_schedule: SCHEDULES[i % SCHEDULES.length] ?? 'Never',
          review_at: new Date(created.getTime() + ((i % 13) + 1) * 30 * day),
          status: 'Published',
          created_at: created,
          created_by: personId,
          updated_at: created,
          updated_by: personId,
        },
        // Breakfast things are in Food and drink too, as the demo's are.
        categories: cat === 'breakfast' ? ['food', 'breakfast'] : [cat],
      };
    }),
  );
  await sql`insert into preference ${sql(prefs.map((p) => p.row))}`;
  await sql`insert into preference_category ${sql(
    prefs.flatMap((p) =>
      p.categories.map((c) => ({
        preference_id: p.row.id,
        category_id: catId(c),
        person_id: personId,
      })),
    ),
  )}`;
  return prefs.map((p) => ({ id: p.row.id, title: p.row.title, access: p.row.access }));
}

/** A supporter as the benches write one: a person, a user, their link and, in a session, its row. */
export type SeededSupporter = {
  personId: string;
  userId: string;
  linkId: string;
  /** Absent: not in a support session. */
  sessionId?: string | undefined;
  supportedId: string;
  level: AccessLevel;
  first: string;
  last: string;
  email: string;
};

export async function insertSupporters(sql: postgres.Sql, people: SeededSupporter[]) {
  for (let i = 0; i < people.length; i += 500) {
    const batch = people.slice(i, i + 500);
    await sql`insert into person ${sql(
      batch.map((p) => ({
        id: p.personId,
        type: 'Supporter',
        first_name: p.first,
        last_name: p.last,
        known_as: p.first,
        full_name: `${p.first} ${p.last}`,
      })),
    )}`;
    await sql`insert into person_detail ${sql(batch.map((p) => ({ person_id: p.personId, email: p.email })))}`;
    await sql`insert into app_user ${sql(
      batch.map((p) => ({
        id: p.userId,
        person_id: p.personId,
        email: p.email,
        type: 'General',
        wizard_completed_at: new Date(),
        accepted_terms_at: new Date(),
      })),
    )}`;
    await sql`insert into supporter_link ${sql(
      batch.map((p) => ({
        id: p.linkId,
        supporter_id: p.personId,
        supported_id: p.supportedId,
        access_level: p.level,
        created_by: p.supportedId,
      })),
    )}`;
    const sessions = batch.flatMap((p) =>
      p.sessionId === undefined
        ? []
        : [
            {
              id: p.sessionId,
              supporter_link_id: p.linkId,
              person_id: p.supportedId,
              supporter_id: p.personId,
            },
          ],
    );
    if (sessions.length > 0) await sql`insert into support_session ${sql(sessions)}`;
  }
}

export type Signed = { userId: string; personId: string; token: string };
export type BenchSupporter = Signed & { level: AccessLevel; sessionId: string };

export type LoadData = {
  /** The Decision Maker whose library everyone watches. */
  libraryId: string;
  /** Sessions of the Decision Maker, one per device. */
  ownerDevices: Signed[];
  /** Viewers that are supporters in session, in circle order. */
  supporters: BenchSupporter[];
  /** Writer w: the Decision Maker (w = 0) or an Administrator in session; writes `targets[w]`. */
  writers: Array<Signed & { sessionId?: string }>;
  /** General preferences (every viewer reads them), one per writer. */
  targets: Target[];
};

/**
 * A client of its own for plain SQL: drizzle takes over the date handling of
 * the postgres.js client it wraps (api/db.ts connect), and these rows carry Dates.
 */
export function plain(databaseUrl: string) {
  return postgres(databaseUrl, { max: 1, onnotice: () => {} });
}

/** A signed-in session for `userId`, as sign-in makes one (api/auth/sessions.ts). */
export async function mintSession(sql: postgres.Sql, userId: string): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await sql`insert into private.session (id, user_id, expires_at, user_agent)
            values (${hashToken(token)}, ${userId}, now() + interval '1 day', 'load bench')`;
  return token;
}

export async function seedLoadData(
  databaseUrl: string,
  counts: { supporters: number; ownerDevices: number; writers: number },
): Promise<LoadData> {
  const sql = plain(databaseUrl);
  try {
    const owner = { personId: seedId('bench:owner'), userId: seedId('bench:owner:user') };
    await insertDecisionMaker(sql, {
      key: 'bench:owner',
      ...owner,
      first: 'Moana',
      last: 'Hēnare',
      email: 'moana@bench.example.org',
    });

    const prefs = await insertLibrary(sql, 'bench', owner.personId);
    const drizzled = connect(databaseUrl, { max: 1 });
    await backfillSharedText(drizzled.db).finally(() => drizzled.sql.end());

    // The circle: viewers, then the writers after the first (Administrators).
    const people = Array.from({ length: counts.supporters + counts.writers - 1 }, (_, i) => {
      const writer = i >= counts.supporters;
      const first = FIRST[i % FIRST.length] ?? 'Sam';
      const last = `${LAST[Math.floor(i / FIRST.length) % LAST.length] ?? 'Tane'}`;
      return {
        personId: seedId(`bench:supporter:${i}`),
        userId: seedId(`bench:supporter:${i}:user`),
        linkId: seedId(`bench:link:${i}`),
        sessionId: seedId(`bench:support-session:${i}`),
        level: writer ? ('Administrator' as const) : levelOf(i),
        first,
        last: `${last} ${i + 1}`,
        email: `supporter.${i + 1}@bench.example.org`,
      };
    });
    await insertSupporters(
      sql,
      people.map((p) => ({ ...p, supportedId: owner.personId })),
    );

    const signed = async (p: { userId: string; personId: string }): Promise<Signed> => ({
      userId: p.userId,
      personId: p.personId,
      token: await mintSession(sql, p.userId),
    });
    const ownerDevices: Signed[] = [];
    for (let i = 0; i < counts.ownerDevices; i++) ownerDevices.push(await signed(owner));
    const supporters: BenchSupporter[] = [];
    for (const p of people.slice(0, counts.supporters)) {
      supporters.push({ ...(await signed(p)), level: p.level, sessionId: p.sessionId });
    }
    const writers: LoadData['writers'] = [await signed(owner)];
    for (const p of people.slice(counts.supporters)) {
      writers.push({ ...(await signed(p)), sessionId: p.sessionId });
    }
    // Spread over the library: the title sorts each writer's row somewhere else.
    const general = prefs.filter((p) => p.access === 'General');
    const targets = writers.map((_, w) => {
      const p = general[(w * 37) % general.length];
      if (!p) throw new Error('no General preference to write');
      return { id: p.id, title: p.title, libraryId: owner.personId };
    });
    return { libraryId: owner.personId, ownerDevices, supporters, writers, targets };
  } finally {
    await sql.end();
  }
}

/**
 * Support sessions end after 30 minutes without a change (api/sweeps.ts); a
 * long run keeps every one going as a supporter's edits would.
 */
export async function keepSessionsActive(databaseUrl: string) {
  const sql = plain(databaseUrl);
  try {
    await sql`update support_session set last_active_at = now() where ended_at is null`;
  } finally {
    await sql.end();
  }
}

/**
 * The control's table and rows: the library's published preferences (every
 * library's, without `libraryId`), every column, as they are.
 */
export async function copyLibraryToBare(
  databaseUrl: string,
  libraryId: string | undefined,
  bare: postgres.Sql,
): Promise<number> {
  const sql = plain(databaseUrl);
  try {
    const rows = await sql`select id, person_id, title, description, feeling, feeling_other,
                                  access, review_schedule, review_at, hero_media_id, status,
                                  created_at, created_by, updated_at, updated_by, reviewed_at,
                                  reviewed_by
                             from preference
                            where (${libraryId ?? null}::text is null or person_id = ${libraryId ?? null})
                              and status = 'Published'`;
    await bare.unsafe(BARE_TABLE_DDL);
    for (let i = 0; i < rows.length; i += 2000) {
      await bare`insert into bare_preference ${bare(rows.slice(i, i + 2000))}`;
    }
    return rows.length;
  } finally {
    await sql.end();
  }
}

/**
 * Resolves once zero-cache has taken in everything written so far: every
 * replication slot has confirmed the WAL position of now. Seeding writes
 * hundreds of thousands of rows (a preference's history and shared text come
 * with it); a step that began before zero-cache had taken them in would time
 * the replica catching up, not the clients. Returns the seconds it took.
 */
export async function replicated(databaseUrl: string, timeoutMs = 10 * 60_000): Promise<number> {
  const sql = plain(databaseUrl);
  const started = performance.now();
  try {
    const [now] = await sql<{ lsn: string }[]>`select pg_current_wal_lsn()::text as lsn`;
    for (;;) {
      const slots = await sql<{ done: boolean }[]>`
        select coalesce(confirmed_flush_lsn >= ${now?.lsn ?? '0/0'}::pg_lsn, false) as done
          from pg_replication_slots`;
      if (slots.length > 0 && slots.every((s) => s.done)) break;
      if (performance.now() - started > timeoutMs) {
        throw new Error('zero-cache did not take in the seeded rows in time');
      }
      await new Promise((r) => setTimeout(r, 500));
    }
    return (performance.now() - started) / 1000;
  } finally {
    await sql.end();
  }
}
