/**
 * The handover's sweep (sync/handover.ts): notes past their time go, and a
 * review that came due since a supporter's last visit joins their handover.
 * Both are idempotent: a second run, or a second API process, changes nothing.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../db.ts';

/**
 * Removes the handover notes whose time has come; how many. Nobody removed
 * them: no history (the person chose how long they last).
 */
export async function removeExpiredNotes(db: Db, now = new Date()): Promise<number> {
  const rows = await db.execute<{ id: string }>(
    sql`delete from handover_note where expires_at <= ${now.toISOString()}::timestamptz returning id`,
  );
  return rows.length;
}

/**
 * Adds to each supporter's handover the published preferences that came due
 * for a review since their last visit (the end of their last session on the
 * link, or the link's start), at levels that read them; how many. The id
 * names the link, the preference and its review time, so a review already
 * told (seen or not) is not told again, and one cleared by a session's end
 * (created before it) is not made again.
 */
export async function addReviewsDue(db: Db, now = new Date()): Promise<number> {
  const at = now.toISOString();
  const rows = await db.execute<{ id: string }>(sql`
    insert into handover_item (id, supporter_link_id, supporter_id, person_id, kind,
        preference_id, access, message, created_at)
    select 'review:' || l.id || ':' || p.id || ':' || (extract(epoch from p.review_at) * 1000)::bigint,
        l.id, l.supporter_id, p.person_id, 'Review', p.id, p.access,
        '“' || p.title || '” is due for a review', p.review_at
      from preference p
      join supporter_link l on l.supported_id = p.person_id
      where p.status = 'Published'
        and p.review_at <= ${at}::timestamptz
        and (p.access = 'General' or l.access_level <> 'General')
        and p.review_at > coalesce(
          (select max(s.ended_at) from support_session s where s.supporter_link_id = l.id),
          l.created_at)
    on conflict (id) do nothing
    returning id`);
  return rows.length;
}

/** One round of the handover's sweep. */
export async function sweepHandover(db: Db, now = new Date()) {
  return { expired: await removeExpiredNotes(db, now), reviews: await addReviewsDue(db, now) };
}
