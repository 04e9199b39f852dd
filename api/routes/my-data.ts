/**
 * "My data", the copy: everything kept about a person, as a
 * zip with `data.json` (for a computer, and for moving elsewhere: GDPR
 * article 20), `index.html` (the same, to read) and the media files under
 * `media/`. Built in the background, its progress in `private.data_export`
 * (read by the person's page), the zip kept in the media store under
 * `exports/{personId}/` until it expires. Only the person themselves may ask
 * for it or download it: a copy for another person is refused, whoever asks.
 */
import { randomUUID } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import { z } from 'zod';
import { dataExport } from '../../schema/index.ts';
import { appError } from '../../sync/errors.ts';
import {
  type DataExport,
  dataExportSchema,
  EXPORT_DEFAULT_TIME_ZONE,
  EXPORT_STALE_MS,
  type ExportStatus,
  exportRequestSchema,
  myDataMessages,
  myDataServerChanges,
} from '../../sync/my-data.ts';
import { assertSelf } from '../../sync/permissions.ts';
import { answers } from '../answers.ts';
import { personRoute } from '../auth/caller.ts';
import { runChange } from '../change.ts';
import type { AppDeps, AppEnv } from '../deps.ts';
import { Refusal } from '../errors.ts';
import { slugOf } from '../file-names.ts';
import { buildExport } from '../my-data/zip.ts';
import { personParams, redirects, valid } from '../validate.ts';
import { isoTime as iso } from '../wire.ts';

/** The person in the path must be the one signed in: a copy for another person is refused. */
export const ownData = (message: string) =>
  createMiddleware<AppEnv>(async (c, next) => {
    const { personId, ctx } = c.var.caller;
    assertSelf(ctx, personId, message);
    await next();
  });

type ExportRow = typeof dataExport.$inferSelect;

export function exportJson(row: ExportRow, now = Date.now()): DataExport {
  const stale = row.status === 'building' && row.createdAt.getTime() < now - EXPORT_STALE_MS;
  return {
    id: row.id,
    status: stale ? 'failed' : (row.status as ExportStatus),
    progress: row.progress,
    bytes: row.bytes,
    createdAt: row.createdAt.toISOString(),
    finishedAt: iso(row.finishedAt),
    expiresAt: row.expiresAt.toISOString(),
  };
}

const exportParams = personParams({ id: z.string().uuid() });

/** The zip's name: "preference-bank-aroha-2026-11-26.zip". */
function zipName(name: string | null, at: Date) {
  const slug = slugOf(name ?? '');
  return `preference-bank-${slug ? `${slug}-` : ''}${at.toISOString().slice(0, 10)}.zip`;
}

export function myDataRoutes(deps: AppDeps, log: (line: string) => void = console.error) {
  const { db } = deps;
  const caller = personRoute(deps);
  const own = ownData(myDataMessages.onlyYours);
  const store = () => {
    if (!deps.media) throw new Refusal(503, 'unavailable', myDataMessages.noStore);
    return deps.media;
  };
  const find = async (personId: string, id: string) => {
    const [row] = await db
      .select()
      .from(dataExport)
      .where(and(eq(dataExport.id, id), eq(dataExport.personId, personId)));
    if (!row) throw appError('not_found');
    return row;
  };

  return (
    new Hono<AppEnv>()
      /**
       * Starts a copy (202), or answers the one already being made: one at a
       * time. Written to the person's history. Its page shows times in the
       * time zone the browser gives (`timeZone`), else in UTC, and says which.
       */
      .post(
        '/',
        answers(202, 'The copy being made (or the one already on its way).', dataExportSchema),
        caller,
        own,
        valid('json', exportRequestSchema),
        async (c) => {
          const { personId } = c.var.caller;
          const timeZone = c.req.valid('json').timeZone ?? EXPORT_DEFAULT_TIME_ZONE;
          const media = store();
          const now = Date.now();
          const [building] = await db
            .select()
            .from(dataExport)
            .where(and(eq(dataExport.personId, personId), eq(dataExport.status, 'building')))
            .orderBy(desc(dataExport.createdAt))
            .limit(1);
          // One cut short by a restart (stale) does not block a new one.
          if (building && exportJson(building, now).status === 'building') {
            return c.json(exportJson(building, now), 202);
          }
          const id = randomUUID();
          await runChange(deps, myDataServerChanges.startExport, c.var.caller.ctx, {
            id,
            personId,
          });
          const row = await find(personId, id);
          // In the background: the page follows its progress.
          buildExport(db, media, id, personId, timeZone).catch((e: unknown) =>
            log(`api: a data copy failed: ${e instanceof Error ? e.message : e}`),
          );
          return c.json(exportJson(row), 202);
        },
      )
      /** The person's copies still kept, newest first. */
      .get(
        '/',
        answers(200, 'The copies still kept, newest first.', z.array(dataExportSchema)),
        caller,
        own,
        async (c) => {
          const rows = await db
            .select()
            .from(dataExport)
            .where(eq(dataExport.personId, c.var.caller.personId))
            .orderBy(desc(dataExport.createdAt))
            .limit(10);
          const now = Date.now();
          return c.json(
            rows.filter((r) => r.expiresAt.getTime() > now).map((r) => exportJson(r, now)),
          );
        },
      )
      /** One copy: its state and progress. */
      .get(
        '/:id',
        answers(200, 'The copy: its state and progress.', dataExportSchema),
        caller,
        own,
        valid('param', exportParams),
        async (c) => {
          const row = await find(c.var.caller.personId, c.req.valid('param').id);
          c.header('cache-control', 'no-store');
          return c.json(exportJson(row));
        },
      )
      /** The zip itself: a short-lived signed address, saved under a readable name. */
      .get(
        '/:id/download',
        redirects(302, 'the zip, signed for a short while'),
        caller,
        own,
        valid('param', exportParams),
        async (c) => {
          const { personId, session } = c.var.caller;
          const row = await find(personId, c.req.valid('param').id);
          if (row.expiresAt.getTime() <= Date.now()) {
            throw new Refusal(410, 'gone', myDataMessages.expired);
          }
          if (row.status !== 'ready' || !row.storageKey) {
            throw new Refusal(409, 'not_ready', myDataMessages.notReady);
          }
          const url = await store().signDownload(row.storageKey, 300, {
            contentType: 'application/zip',
            contentDisposition: `attachment; filename="${zipName(session.person.knownAs ?? session.person.firstName, row.createdAt)}"`,
          });
          c.header('cache-control', 'no-store');
          return c.redirect(url, 302);
        },
      )
  );
}
