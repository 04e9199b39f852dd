/**
 * The demo data as the seed made it, read back: what one test file may change
 * for a while but must put back, since the files after it read it too (they
 * run one at a time against one stack, in no fixed order). When and by whom a
 * row was last changed is left out (putting a value back is a change of its
 * own); so are history events, which only grow, and sign-in sessions.
 */
import type postgres from 'postgres';
import { demo, seedId } from '../../api/seed.ts';

const people = Object.values(demo).map((d) => d.personId);
const users = Object.values(demo).map((d) => d.userId);

export type DemoState = Record<string, string[]>;

/** Each table's demo rows as sorted JSON lines, without `created_at`, `updated_at` and `updated_by`. */
export async function demoState(sql: postgres.Sql): Promise<DemoState> {
  const volatile = sql`array['created_at', 'updated_at', 'updated_by']`;
  const row = sql`to_jsonb(t) - ${volatile}`;
  const tables: Record<string, postgres.PendingQuery<postgres.Row[]>> = {
    person: sql`select ${row} j from person t where id in ${sql(people)}`,
    person_detail: sql`select ${row} j from person_detail t where person_id in ${sql(people)}`,
    app_user: sql`select ${row} j from app_user t where id in ${sql(users)}`,
    supporter_link: sql`select ${row} j from supporter_link t
      where supporter_id in ${sql(people)} or supported_id in ${sql(people)}`,
    preference: sql`select ${row} j from preference t where person_id in ${sql(people)}`,
    category: sql`select ${row} j from category t where person_id in ${sql(people)}`,
    preference_category: sql`select ${row} j from preference_category t
      where person_id in ${sql(people)}`,
    note: sql`select ${row} j from note t where person_id in ${sql(people)}`,
    review: sql`select ${row} j from review t where person_id in ${sql(people)}`,
    media: sql`select ${row} j from media t where person_id in ${sql(people)}`,
    text_update: sql`select jsonb_build_object('preference', preference_id, 'note', note_id,
      'rows', count(*)) j from text_update where person_id in ${sql(people)}
      group by preference_id, note_id`,
    invite: sql`select ${row} j from invite t where person_id in ${sql(people)}`,
    survey_response: sql`select ${row} j from survey_response t where person_id in ${sql(people)}`,
    subscription: sql`select ${row} j from subscription t where person_id in ${sql(people)}`,
    organisation: sql`select ${row} j from organisation t
      where id = ${seedId('organisation:kowhai')}`,
    organisation_member: sql`select ${row} j from organisation_member t
      where person_id in ${sql(people)}`,
    plan: sql`select ${row} j from plan t`,
  };
  const entries = await Promise.all(
    Object.entries(tables).map(
      async ([name, q]) => [name, (await q).map((r) => JSON.stringify(r.j)).sort()] as const,
    ),
  );
  return Object.fromEntries(entries);
}

/** What differs between two states: per table, the rows gone (-) and the rows new (+). */
export function demoChanges(before: DemoState, after: DemoState): string[] {
  const changes: string[] = [];
  for (const [table, was] of Object.entries(before)) {
    const now = after[table] ?? [];
    const gone = was.filter((r) => !now.includes(r)).map((r) => `  - ${r}`);
    const added = now.filter((r) => !was.includes(r)).map((r) => `  + ${r}`);
    if (gone.length || added.length) changes.push([`${table}:`, ...gone, ...added].join('\n'));
  }
  return changes;
}
