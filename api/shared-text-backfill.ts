/**
 * Texts written before shared text (sync/shared-text.ts) have no rows: each
 * gets its seed row, the same row a browser or the server would make for it
 * (id and content follow from the text), so that editors can bind to it.
 * Idempotent; run after the migrations and after seeding the demo.
 */
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { textUpdate } from '../schema/tables.ts';
import { seedIdOf } from '../sync/shared-text.ts';
import { encodeUpdate, seedUpdate } from '../sync/shared-text-doc.ts';

type Rows = { person_id: string; preference_id: string; note_id: string | null; text: string }[];

// biome-ignore lint/suspicious/noExplicitAny: any drizzle database or transaction over Postgres.
export async function backfillSharedText(db: PgDatabase<PgQueryResultHKT, any>): Promise<number> {
  const texts = (await db.execute(sql`
    select p.person_id, p.id as preference_id, null as note_id, p.description as text
      from preference p
     where coalesce(p.description, '') <> ''
       and not exists (select 1 from text_update t where t.preference_id = p.id and t.note_id is null)
    union all
    select n.person_id, n.preference_id, n.id as note_id, n.body as text
      from note n
     where n.body <> ''
       and not exists (select 1 from text_update t where t.note_id = n.id)
  `)) as unknown as Rows;
  let written = 0;
  for (let i = 0; i < texts.length; i += 500) {
    const rows = texts.slice(i, i + 500).map((t) => {
      const target = { preferenceId: t.preference_id, noteId: t.note_id };
      return {
        id: seedIdOf(target),
        personId: t.person_id,
        ...target,
        data: encodeUpdate(seedUpdate(t.text)),
        createdBy: null,
      };
    });
    const done = await db.insert(textUpdate).values(rows).onConflictDoNothing().returning();
    written += done.length;
  }
  return written;
}
