/**
 * The provider's data (`npm run bench:org`, tests/bench/load.ts with
 * LOAD_SHAPE=org), written straight into the throwaway stack's database as
 * tests/bench/load-data.ts writes one library: P Decision Makers, each with a
 * library of 200 preferences and a circle of 1 to 3 supporters at the demo's
 * level mix (half General, 35 % Restricted, 15 % Administrator).
 *
 * Who has a screen open, person by person (person i, in turn):
 * - i mod 3 = 0: the person's own device on their library, and their one
 *   supporter in a session on it;
 * - i mod 3 = 1: the same, and their second supporter, out of a session, on
 *   their home ("since your last visit");
 * - i mod 3 = 2: the person's device, two supporters in a session, and the
 *   third on their home.
 * Three screens a person on average; a step of C clients opens whole people
 * in turn until it has C. The person's own device is the one that writes.
 */
import { connect } from '../../api/db.ts';
import { seedId } from '../../api/seed.ts';
import { backfillSharedText } from '../../api/shared-text-backfill.ts';
import type { AccessLevel } from '../../schema/enums.ts';
import {
  FIRST,
  insertDecisionMaker,
  insertLibrary,
  insertSupporters,
  LAST,
  levelOf,
  mintSession,
  plain,
  type SeededSupporter,
  type Signed,
} from './load-data.ts';
import type { Target } from './load-protocol.ts';

export type OrgScreen =
  | { kind: 'device'; person: number; who: Signed }
  | { kind: 'session'; person: number; who: Signed; level: AccessLevel; sessionId: string }
  | { kind: 'home'; person: number; who: Signed };

export type OrgData = {
  /** Person i: their id and the General preference their device writes. */
  people: Array<{ personId: string; target: Target }>;
  /** Every screen that can open, person by person, in the order steps open them. */
  screens: OrgScreen[];
};

/** How many supporters person i has, and how many of them are in a session. */
export function circleOf(i: number): { supporters: number; inSession: number } {
  const r = i % 3;
  return { supporters: r + 1, inSession: r === 2 ? 2 : 1 };
}

/** The screens of the first people, whole people only, until there are at least `n`. */
export function screensAt(data: OrgData, n: number): OrgScreen[] {
  const out: OrgScreen[] = [];
  for (const s of data.screens) {
    if (out.length >= n && s.kind === 'device') break;
    out.push(s);
  }
  return out;
}

export async function seedOrgData(
  databaseUrl: string,
  counts: { people: number; screens: number },
): Promise<OrgData> {
  const sql = plain(databaseUrl);
  try {
    const people: OrgData['people'] = [];
    const supporters: Array<SeededSupporter & { person: number }> = [];
    for (let i = 0; i < counts.people; i++) {
      const personId = seedId(`org:person:${i}`);
      const userId = seedId(`org:person:${i}:user`);
      const first = FIRST[i % FIRST.length] ?? 'Moana';
      const last = `${LAST[Math.floor(i / FIRST.length) % LAST.length] ?? 'Hēnare'} ${i + 1}`;
      const email = `person.${i + 1}@org.example.org`;
      // Premium, as a provider's people would be: no limit on the circle.
      await insertDecisionMaker(sql, {
        key: `org:person:${i}`,
        personId,
        userId,
        first,
        last,
        email,
      });
      const prefs = await insertLibrary(sql, `org:${i}`, personId);
      const general = prefs.filter((p) => p.access === 'General');
      // Spread over the library: each person's row sorts somewhere else.
      const p = general[(i * 37) % general.length];
      if (!p) throw new Error('no General preference to write');
      people.push({ personId, target: { id: p.id, title: p.title, libraryId: personId } });

      const circle = circleOf(i);
      for (let j = 0; j < circle.supporters; j++) {
        const n = supporters.length;
        supporters.push({
          person: i,
          personId: seedId(`org:supporter:${n}`),
          userId: seedId(`org:supporter:${n}:user`),
          linkId: seedId(`org:link:${n}`),
          sessionId: j < circle.inSession ? seedId(`org:support-session:${n}`) : undefined,
          supportedId: personId,
          level: levelOf(n),
          first: FIRST[(n + 3) % FIRST.length] ?? 'Sam',
          last: `${LAST[(n + 5) % LAST.length] ?? 'Tane'} ${n + 1}`,
          email: `supporter.${n + 1}@org.example.org`,
        });
      }
    }
    await insertSupporters(sql, supporters);
    const drizzled = connect(databaseUrl, { max: 1 });
    await backfillSharedText(drizzled.db).finally(() => drizzled.sql.end());

    // Signed-in sessions for the screens a step may open, person by person.
    const screens: OrgScreen[] = [];
    const signed = async (p: { userId: string; personId: string }): Promise<Signed> => ({
      userId: p.userId,
      personId: p.personId,
      token: await mintSession(sql, p.userId),
    });
    for (let i = 0; i < people.length && screens.length < counts.screens; i++) {
      const personId = people[i]?.personId ?? '';
      screens.push({
        kind: 'device',
        person: i,
        who: await signed({ personId, userId: seedId(`org:person:${i}:user`) }),
      });
      for (const s of supporters.filter((x) => x.person === i)) {
        const who = await signed(s);
        screens.push(
          s.sessionId === undefined
            ? { kind: 'home', person: i, who }
            : { kind: 'session', person: i, who, level: s.level, sessionId: s.sessionId },
        );
      }
    }
    return { people, screens };
  } finally {
    await sql.end();
  }
}
