/**
 * The library over REST (spec §7 Notes, Preferences and reviews, Categories).
 * Reads run the synced queries (sync/preference.ts, category.ts, note.ts) so
 * they see exactly what Zero would show the caller; writes run the shared
 * mutators with the server's checks, and their history, in one transaction.
 */
import { randomUUID } from 'node:crypto';
import type { Row } from '@rocicorp/zero';
import { type Context, Hono } from 'hono';
import { z } from 'zod';
import { ACCESS, FEELINGS, REVIEW_GROUPS } from '../schema/enums.ts';
import { categoryChanges, categoryQueries } from '../sync/category.ts';
import type { ChangeDef } from '../sync/change.ts';
import type { AuthContext } from '../sync/context.ts';
import { itemId, LIMITS } from '../sync/library-fields.ts';
import { noteChanges, noteQueries } from '../sync/note.ts';
import { readablePreferences } from '../sync/permissions.ts';
import { preferenceChanges, preferenceQueries } from '../sync/preference.ts';
import { reviewGroup } from '../sync/review.ts';
import { personCaller } from './auth/caller.ts';
import { sessionFromRequest } from './auth/sessions.ts';
import { runChange } from './change.ts';
import type { AppDeps } from './deps.ts';
import { firstIssue, jsonBody, jsonError } from './errors.ts';

// biome-ignore lint/suspicious/noExplicitAny: each kind's own argument types
type AnyChange = ChangeDef<any, any>;

export const libraryApiMessages = {
  loggedOut: 'You must be logged in to view this page',
  badId: 'That is not a valid id.',
  notFound: 'We could not find that.',
  badQuery: 'Please check the search parameters.',
} as const;

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

type PreferenceRow = Row['preference'] & {
  categories?: readonly Row['category'][];
  notes?: readonly (Row['note'] & { author?: Row['person'] | undefined })[];
};

function categorySummary(c: Row['category']) {
  return { id: c.id, title: c.title, access: c.access, parentId: c.parentId, hidden: c.hidden };
}

function noteJson(n: Row['note']) {
  return {
    id: n.id,
    personId: n.personId,
    preferenceId: n.preferenceId,
    title: n.title,
    body: n.body,
    createdBy: n.createdBy,
    createdAt: iso(n.createdAt),
    updatedAt: iso(n.updatedAt),
    updatedBy: n.updatedBy,
  };
}

function preferenceJson(p: PreferenceRow, now = Date.now()) {
  return {
    id: p.id,
    personId: p.personId,
    title: p.title,
    description: p.description,
    feeling: p.feeling,
    feelingOther: p.feelingOther,
    access: p.access,
    reviewSchedule: p.reviewSchedule,
    reviewAt: iso(p.reviewAt),
    reviewStatus: reviewGroup(p, now),
    heroMediaId: p.heroMediaId,
    status: p.status,
    createdAt: iso(p.createdAt),
    createdBy: p.createdBy,
    updatedAt: iso(p.updatedAt),
    updatedBy: p.updatedBy,
    reviewedAt: iso(p.reviewedAt),
    reviewedBy: p.reviewedBy,
    ...(p.categories ? { categories: p.categories.map(categorySummary) } : {}),
    ...(p.notes ? { notes: p.notes.map(noteJson) } : {}),
  };
}

function categoryJson(
  c: Row['category'] & { preferenceCategories?: readonly unknown[] },
  includeCount: boolean,
) {
  return {
    ...categorySummary(c),
    personId: c.personId,
    photoId: c.photoId,
    createdAt: iso(c.createdAt),
    createdBy: c.createdBy,
    updatedAt: iso(c.updatedAt),
    updatedBy: c.updatedBy,
    ...(includeCount ? { count: c.preferenceCategories?.length ?? 0 } : {}),
  };
}

/** Query flags arrive as strings: "true"/"false" (or 1/0) are booleans, anything else is refused. */
const flag = z
  .enum(['true', 'false', '1', '0'])
  .transform((v) => v === 'true' || v === '1')
  .optional();

const listQuery = z.object({
  query: z.string().max(LIMITS.preferenceTitle).optional(),
  categoryId: itemId.optional(),
  access: z.enum(ACCESS).optional(),
  feeling: z.enum(FEELINGS).optional(),
  review: z.enum(REVIEW_GROUPS).optional(),
  author: itemId.optional(),
});

const categoryListQuery = z.object({
  parentId: itemId.optional(),
  includeCounts: flag,
  hidden: flag,
});

/** Bodies: the shared mutators' args, with ids from the path or made here. */
const objectBody = z.record(z.string(), z.unknown());

export function libraryRoutes(deps: AppDeps) {
  const app = new Hono();

  const caller = (c: Context) => personCaller(deps, c, libraryApiMessages.badId);

  function pathId(c: Context) {
    return itemId.safeParse(c.req.param('id'));
  }

  const change = (def: AnyChange, ctx: AuthContext, raw: unknown) =>
    runChange(deps.zdb, def, ctx, raw);

  async function readPreference(ctx: AuthContext, personId: string, id: string) {
    return deps.zdb.run(preferenceQueries.byId.fn({ args: { personId, id }, ctx }));
  }

  /** Whether `id` is a preference of `personId` the caller may read (no relations). */
  async function inLibrary(ctx: AuthContext, personId: string, id: string) {
    const row = await deps.zdb.run(
      readablePreferences(ctx, personId).where('personId', personId).where('id', id).one(),
    );
    return row !== undefined;
  }

  async function readCategory(ctx: AuthContext, personId: string, id: string) {
    return deps.zdb.run(categoryQueries.byId.fn({ args: { personId, id }, ctx }));
  }

  // -------------------------------------------------------------------------
  // Categories (before /:personId/preferences/:id, which would match them)
  // -------------------------------------------------------------------------

  async function createCategoryResponse(c: Context, ctx: AuthContext, personId: string) {
    const body = objectBody.safeParse(await jsonBody(c));
    if (!body.success) return jsonError(c, 400, 'invalid', firstIssue(body.error));
    const id = randomUUID();
    await change(categoryChanges.create, ctx, { ...body.data, id, personId });
    const row = await readCategory(ctx, personId, id);
    return row
      ? c.json(categoryJson(row, false), 201)
      : jsonError(c, 404, 'not_found', libraryApiMessages.notFound);
  }

  app.post('/people/:personId/preferences/categories', async (c) => {
    const who = await caller(c);
    if (!who.ok) return who.res;
    return createCategoryResponse(c, who.ctx, who.personId);
  });

  /** The spec's other form: the person in the body. */
  app.post('/preferences/categories', async (c) => {
    const who = await sessionFromRequest(deps.db, c.req.raw.headers);
    if (!who) return jsonError(c, 401, 'unauthenticated', libraryApiMessages.loggedOut);
    const body = z.object({ personId: itemId }).safeParse(await jsonBody(c));
    if (!body.success) return jsonError(c, 400, 'invalid', firstIssue(body.error));
    return createCategoryResponse(c, who.auth, body.data.personId);
  });

  app.get('/people/:personId/preferences/categories', async (c) => {
    const who = await caller(c);
    if (!who.ok) return who.res;
    const q = categoryListQuery.safeParse(c.req.query());
    if (!q.success) return jsonError(c, 400, 'invalid', libraryApiMessages.badQuery);
    const rows = await deps.zdb.run(
      categoryQueries.list.fn({ args: { personId: who.personId }, ctx: who.ctx }),
    );
    const parentId = q.data.parentId ?? null;
    const categories = rows
      .filter((r) => r.parentId === parentId)
      .filter((r) => q.data.hidden === undefined || r.hidden === q.data.hidden)
      .map((r) => categoryJson(r, q.data.includeCounts === true));
    return c.json({ categories });
  });

  // -------------------------------------------------------------------------
  // Preferences and reviews
  // -------------------------------------------------------------------------

  app.post('/people/:personId/preferences', async (c) => {
    const who = await caller(c);
    if (!who.ok) return who.res;
    const body = objectBody.safeParse(await jsonBody(c));
    if (!body.success) return jsonError(c, 400, 'invalid', firstIssue(body.error));
    const id = randomUUID();
    const args = { ...body.data, id, personId: who.personId };
    await change(preferenceChanges.create, who.ctx, args);
    const row = await readPreference(who.ctx, who.personId, id);
    return row
      ? c.json(preferenceJson(row), 201)
      : jsonError(c, 404, 'not_found', libraryApiMessages.notFound);
  });

  app.get('/people/:personId/preferences', async (c) => {
    const who = await caller(c);
    if (!who.ok) return who.res;
    const q = listQuery.safeParse(c.req.query());
    if (!q.success) return jsonError(c, 400, 'invalid', libraryApiMessages.badQuery);
    const rows = await deps.zdb.run(
      preferenceQueries.listWithCategories.fn({ args: { personId: who.personId }, ctx: who.ctx }),
    );
    const now = Date.now();
    const text = q.data.query?.trim().toLocaleLowerCase('en-NZ');
    const preferences = rows
      .filter(
        (p) =>
          !text || `${p.title}\n${p.description ?? ''}`.toLocaleLowerCase('en-NZ').includes(text),
      )
      .filter((p) => !q.data.categoryId || p.categories.some((cat) => cat.id === q.data.categoryId))
      .filter((p) => !q.data.access || p.access === q.data.access)
      .filter((p) => !q.data.feeling || p.feeling === q.data.feeling)
      .filter((p) => !q.data.review || reviewGroup(p, now) === q.data.review)
      .filter((p) => !q.data.author || p.createdBy === q.data.author)
      .map((p) => preferenceJson(p, now));
    return c.json({ preferences });
  });

  app.post('/people/:personId/reviews', async (c) => {
    const who = await caller(c);
    if (!who.ok) return who.res;
    const body = z
      .object({ preferenceId: itemId })
      .passthrough()
      .safeParse(await jsonBody(c));
    if (!body.success) return jsonError(c, 400, 'invalid', firstIssue(body.error));
    const { preferenceId, ...rest } = body.data;
    if (!(await inLibrary(who.ctx, who.personId, preferenceId))) {
      return jsonError(c, 404, 'not_found', libraryApiMessages.notFound);
    }
    const reviewId = randomUUID();
    await change(preferenceChanges.review, who.ctx, {
      ...rest,
      id: preferenceId,
      reviewId,
    });
    const row = await readPreference(who.ctx, who.personId, preferenceId);
    return c.json(
      {
        id: reviewId,
        preferenceId,
        reviewSchedule: row?.reviewSchedule,
        reviewedAt: iso(row?.reviewedAt ?? null),
        nextReviewAt: iso(row?.reviewAt ?? null),
      },
      201,
    );
  });

  /** The hero update (spec §3 Pin): `{heroMediaId}`, an image of the preference or null. */
  app.put('/people/:personId/preferences/:id/hero', async (c) => {
    const who = await caller(c);
    if (!who.ok) return who.res;
    const id = pathId(c);
    if (!id.success) return jsonError(c, 400, 'invalid', libraryApiMessages.badId);
    const body = objectBody.safeParse(await jsonBody(c));
    if (!body.success) return jsonError(c, 400, 'invalid', firstIssue(body.error));
    if (!(await inLibrary(who.ctx, who.personId, id.data))) {
      return jsonError(c, 404, 'not_found', libraryApiMessages.notFound);
    }
    await change(preferenceChanges.pin, who.ctx, { ...body.data, id: id.data });
    const row = await readPreference(who.ctx, who.personId, id.data);
    return row
      ? c.json(preferenceJson(row))
      : jsonError(c, 404, 'not_found', libraryApiMessages.notFound);
  });

  // -------------------------------------------------------------------------
  // Notes
  // -------------------------------------------------------------------------

  async function readNote(ctx: AuthContext, personId: string, id: string) {
    return deps.zdb.run(noteQueries.byId.fn({ args: { personId, id }, ctx }));
  }

  app.post('/people/:personId/notes', async (c) => {
    const who = await caller(c);
    if (!who.ok) return who.res;
    const body = z
      .object({ preferenceId: itemId })
      .passthrough()
      .safeParse(await jsonBody(c));
    if (!body.success) return jsonError(c, 400, 'invalid', firstIssue(body.error));
    if (!(await inLibrary(who.ctx, who.personId, body.data.preferenceId))) {
      return jsonError(c, 404, 'not_found', libraryApiMessages.notFound);
    }
    const id = randomUUID();
    await change(noteChanges.create, who.ctx, { ...body.data, id });
    const row = await readNote(who.ctx, who.personId, id);
    return row
      ? c.json(noteJson(row), 201)
      : jsonError(c, 404, 'not_found', libraryApiMessages.notFound);
  });

  // -------------------------------------------------------------------------
  // One item: GET, PUT and DELETE /{id}, alike for preferences, categories, notes
  // -------------------------------------------------------------------------

  /**
   * GET, PUT and DELETE of one item under `path`. Only an item of the person in
   * the path that the caller may read answers (404 otherwise, never telling
   * whether it exists); the change runs the shared mutator with its history.
   */
  function itemRoutes<R>(
    path: string,
    item: {
      read: (ctx: AuthContext, personId: string, id: string) => Promise<R | undefined>;
      json: (row: R) => unknown;
      update: AnyChange;
      remove: AnyChange;
    },
  ) {
    /** The caller, the id and the row they may read, or the error response. */
    async function target(c: Context) {
      const who = await caller(c);
      if (!who.ok) return { res: who.res };
      const id = pathId(c);
      if (!id.success) return { res: jsonError(c, 400, 'invalid', libraryApiMessages.badId) };
      const row = await item.read(who.ctx, who.personId, id.data);
      if (!row) return { res: jsonError(c, 404, 'not_found', libraryApiMessages.notFound) };
      return { ctx: who.ctx, personId: who.personId, id: id.data, row };
    }

    app.get(`${path}/:id`, async (c) => {
      const t = await target(c);
      return 'res' in t ? t.res : c.json(item.json(t.row));
    });

    app.put(`${path}/:id`, async (c) => {
      const body = objectBody.safeParse(await jsonBody(c));
      const t = await target(c);
      if ('res' in t) return t.res;
      if (!body.success) return jsonError(c, 400, 'invalid', firstIssue(body.error));
      await change(item.update, t.ctx, { ...body.data, id: t.id });
      const row = await item.read(t.ctx, t.personId, t.id);
      return row
        ? c.json(item.json(row))
        : jsonError(c, 404, 'not_found', libraryApiMessages.notFound);
    });

    app.delete(`${path}/:id`, async (c) => {
      const t = await target(c);
      if ('res' in t) return t.res;
      await change(item.remove, t.ctx, { id: t.id });
      return c.body(null, 204);
    });
  }

  // Categories first: /preferences/:id would match /preferences/categories.
  itemRoutes('/people/:personId/preferences/categories', {
    read: readCategory,
    json: (row: NonNullable<Awaited<ReturnType<typeof readCategory>>>) => ({
      ...categoryJson(row, false),
      parent: row.parent ? categorySummary(row.parent) : null,
      children: row.children.map(categorySummary),
      preferences: row.preferences.map((p) => ({ id: p.id, title: p.title, access: p.access })),
    }),
    update: categoryChanges.update,
    remove: categoryChanges.delete,
  });
  itemRoutes('/people/:personId/preferences', {
    read: readPreference,
    json: (row: NonNullable<Awaited<ReturnType<typeof readPreference>>>) => preferenceJson(row),
    update: preferenceChanges.update,
    remove: preferenceChanges.delete,
  });
  itemRoutes('/people/:personId/notes', {
    read: readNote,
    json: (row: NonNullable<Awaited<ReturnType<typeof readNote>>>) => noteJson(row),
    update: noteChanges.update,
    remove: noteChanges.delete,
  });

  return app;
}
