import { Hono } from 'hono';
import { z } from 'zod';
import type { HistoryEventType, HistoryRelatedType } from '../../schema/enums.ts';
import { appError } from '../../sync/errors.ts';
import {
  HISTORY_PAGE_MAX,
  HISTORY_PAGE_SIZE,
  historyMessages,
  historySentence,
  historyTypeFilter,
} from '../../sync/history.ts';
import { itemId } from '../../sync/library-fields.ts';
import { administers, personRoute } from '../auth/caller.ts';
import type { AppDeps, AppEnv } from '../deps.ts';
import { valid } from '../validate.ts';

const LAST_ID = 'x-pagination-last-id';
const LIMIT = 'x-pagination-limit';

/** The paging headers (spec §7): the last event already shown, and the page size. */
const pagingHeaders = z.looseObject({
  [LAST_ID]: itemId.optional(),
  [LIMIT]: z
    .string()
    .regex(/^\d{1,3}$/, historyMessages.badLimit)
    .transform(Number)
    .pipe(z.number().int().min(1, historyMessages.badLimit).max(HISTORY_PAGE_MAX))
    .optional(),
});

const feedQuery = z.object({ type: historyTypeFilter.optional() });

type Row = {
  id: string;
  type: HistoryEventType;
  related_type: HistoryRelatedType;
  related_id: string | null;
  message: string;
  /** Epoch milliseconds (the driver keeps timestamps as text otherwise). */
  created_ms: number;
  created_by: string | null;
  actor_name: string | null;
  actor_full_name: string | null;
};

/** One event of the feed, with the sentence the page shows. */
export type FeedEvent = {
  id: string;
  type: HistoryEventType;
  relatedType: HistoryRelatedType;
  relatedId: string | null;
  message: string;
  sentence: string;
  createdAt: string;
  createdBy: { id: string; name: string } | null;
};

/**
 * The history feed (spec §2 /settings/history, §4, §7): the events
 * of a person, newest first, a page at a time. Paging is by cursor: the last
 * event shown names where the next page starts, compared as (created_at, id),
 * so events that arrive meanwhile (newer, so before the cursor) neither
 * repeat nor push anything out of a later page. A cursor that is not an
 * event of this person is refused (400) with the same words whether it
 * exists elsewhere or not. Only the person and their Administrator in a
 * session read it (DESIGN.md §3).
 */
export function historyFeedRoutes(deps: AppDeps) {
  const caller = personRoute(deps);
  return new Hono<AppEnv>().get(
    '/',
    caller,
    valid('query', feedQuery),
    valid('header', pagingHeaders),
    async (c) => {
      const { ctx, personId } = c.var.caller;
      if (!(await administers(deps.zdb, ctx, personId))) {
        throw appError('forbidden', historyMessages.notAdministrator);
      }
      const { type } = c.req.valid('query');
      const headers = c.req.valid('header');
      const lastId = headers[LAST_ID];
      const limit = headers[LIMIT] ?? HISTORY_PAGE_SIZE;
      const sql = deps.sql;
      if (lastId !== undefined) {
        const [cursor] = await sql`select 1 from history_event
          where id = ${lastId} and person_id = ${personId}`;
        if (!cursor) throw appError('invalid', historyMessages.badCursor);
      }
      // One more than the page, to know whether there is a next one.
      const rows = await sql<Row[]>`
        select e.id, e.type, e.related_type, e.related_id, e.message,
               (extract(epoch from e.created_at) * 1000)::float8 as created_ms,
               e.created_by, coalesce(p.known_as, p.first_name) as actor_name,
               p.full_name as actor_full_name
        from history_event e
        left join person p on p.id = e.created_by
        where e.person_id = ${personId}
          ${type ? sql`and e.type in ${sql(type)}` : sql``}
          ${
            lastId !== undefined
              ? sql`and (e.created_at, e.id) < (
                  select created_at, id from history_event where id = ${lastId})`
              : sql``
          }
        order by e.created_at desc, e.id desc
        limit ${limit + 1}`;
      const page = rows.slice(0, limit);
      const more = rows.length > limit;
      const events: FeedEvent[] = page.map((r) => {
        const actor =
          r.created_by !== null
            ? {
                id: r.created_by,
                name: r.actor_name ?? historyMessages.system,
                fullName: r.actor_full_name,
              }
            : null;
        return {
          id: r.id,
          type: r.type,
          relatedType: r.related_type,
          relatedId: r.related_id,
          message: r.message,
          sentence: historySentence(r.message, actor, ctx.personId),
          createdAt: new Date(r.created_ms).toISOString(),
          createdBy: actor && { id: actor.id, name: actor.name },
        };
      });
      const next = more ? (page.at(-1)?.id ?? null) : null;
      c.header('X-Pagination-Limit', String(limit));
      if (next) c.header('X-Pagination-Last-Id', next);
      return c.json({ events, next });
    },
  );
}
