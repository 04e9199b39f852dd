/**
 * The library over REST (spec §7 Notes, Preferences and reviews, Categories).
 * Reads run the synced queries (sync/preference.ts, category.ts, note.ts) so
 * they see exactly what Zero would show the caller; writes run the change
 * tables (sync/change.ts) with their history, in one transaction.
 */
import { randomUUID } from 'node:crypto';
import type { Row, Transaction } from '@rocicorp/zero';
import { Hono } from 'hono';
import { z } from 'zod';
import { ACCESS, FEELINGS, REVIEW_GROUPS } from '../../schema/enums.ts';
import { zql } from '../../schema/zero-schema.gen.ts';
import { categoryChanges, categoryQueries } from '../../sync/category.ts';
import type { AnyChange } from '../../sync/change.ts';
import { lockJudged } from '../../sync/conflict.ts';
import type { AuthContext } from '../../sync/context.ts';
import { appError } from '../../sync/errors.ts';
import { idMessages } from '../../sync/ids.ts';
import { itemId, LIMITS } from '../../sync/library-fields.ts';
import { noteChanges, noteQueries } from '../../sync/note.ts';
import { readablePreferences } from '../../sync/permissions.ts';
import { preferenceChanges, preferenceQueries } from '../../sync/preference.ts';
import { reviewGroup } from '../../sync/review.ts';
import {
  answers,
  type CategoryAnswer,
  type CategoryDetailAnswer,
  type CategorySummaryAnswer,
  categoryAnswer,
  categoryDetailAnswer,
  type NoteAnswer,
  noteAnswer,
  type PreferenceAnswer,
  preferenceAnswer,
  reviewAnswer,
} from '../answers.ts';
import { personRoute, signedIn } from '../auth/caller.ts';
import { type Resource, removed, runChange, updated } from '../change.ts';
import type { AppDeps, AppEnv } from '../deps.ts';
import { changeBody, personParams, revalidates, valid } from '../validate.ts';
import { type Reader, versioned } from '../versions.ts';
import { isoTime as iso, wireRow } from '../wire.ts';
import type { ZeroDb } from '../zero/db-provider.ts';

export const libraryApiMessages = {
  loggedOut: 'You must be logged in to view this page',
  badId: idMessages.invalid,
  notFound: 'We could not find that.',
  badQuery: 'Please check the search parameters.',
} as const;

type PreferenceRow = Row['preference'] & {
  categories?: readonly Row['category'][];
  notes?: readonly (Row['note'] & { author?: Row['person'] | undefined })[];
};

function categorySummary(c: Row['category']): CategorySummaryAnswer {
  return { id: c.id, title: c.title, access: c.access, parentId: c.parentId, hidden: c.hidden };
}

function noteJson(n: Row['note']): NoteAnswer {
  const fields = [
    'id',
    'personId',
    'preferenceId',
    'title',
    'body',
    'createdBy',
    'updatedBy',
  ] as const;
  return wireRow(n, fields, ['createdAt', 'updatedAt']);
}

function preferenceJson(p: PreferenceRow, now = Date.now()): PreferenceAnswer {
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
    spokenMediaId: p.spokenMediaId,
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
): CategoryAnswer {
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

const itemParam = personParams({ id: itemId });
/** A body that names a preference, for the creates under one. */
const preferenceBody = z.looseObject({ preferenceId: itemId });

/** An item the caller may read, or not_found (never telling whether it exists). */
function readable<R>(row: R | undefined): R {
  if (row === undefined) throw appError('not_found', libraryApiMessages.notFound);
  return row;
}

function libraryReads(zdb: ZeroDb) {
  return {
    preference: (ctx: AuthContext, personId: string, id: string, on: Reader = zdb) =>
      on.run(preferenceQueries.byId.fn({ args: { personId, id }, ctx })),
    category: (ctx: AuthContext, personId: string, id: string, on: Reader = zdb) =>
      on.run(categoryQueries.byId.fn({ args: { personId, id }, ctx })),
    note: (ctx: AuthContext, personId: string, id: string, on: Reader = zdb) =>
      on.run(noteQueries.byId.fn({ args: { personId, id }, ctx })),
    /** A preference of `personId` the caller may read, without relations; not_found otherwise. */
    async assertInLibrary(ctx: AuthContext, personId: string, id: string) {
      readable(
        await zdb.run(
          readablePreferences(ctx, personId).where('personId', personId).where('id', id).one(),
        ),
      );
    },
  };
}

export function libraryRoutes(deps: AppDeps) {
  const { zdb } = deps;
  const read = libraryReads(zdb);
  const caller = personRoute(deps, libraryApiMessages.badId);
  const item = valid('param', itemParam, libraryApiMessages.badId);
  const change = (def: AnyChange, ctx: AuthContext, input: unknown) =>
    runChange(deps, def, ctx, input);

  /** A kind of library item: how it is read, locked and shown, and its changes. */
  type Kind<R> = {
    read: (ctx: AuthContext, personId: string, id: string, on?: Reader) => Promise<R | undefined>;
    lock: (tx: Transaction, id: string) => Promise<void>;
    json: (row: R) => unknown;
    /** The schema of what `json` makes, for the OpenAPI document. */
    answer: z.ZodType;
    update: AnyChange;
    remove: AnyChange;
  };
  /** One item of a kind, as a write of it reads it (api/change.ts changeResource). */
  const resourceOf = <R>(
    kind: Kind<R>,
    ctx: AuthContext,
    personId: string,
    id: string,
  ): Resource<R> => ({
    lock: (tx) => kind.lock(tx, id),
    read: (tx) => kind.read(ctx, personId, id, tx),
    json: kind.json,
    missing: () => appError('not_found', libraryApiMessages.notFound),
  });
  const preferenceKind: Kind<NonNullable<Awaited<ReturnType<typeof read.preference>>>> = {
    read: read.preference,
    lock: (tx, id) => lockJudged(tx, 'preference', id),
    json: (row) => preferenceJson(row),
    answer: preferenceAnswer,
    update: preferenceChanges.update,
    remove: preferenceChanges.delete,
  };

  /**
   * GET, PUT and DELETE of one item: only an item of the person in the path
   * that the caller may read answers (404 otherwise); a change runs the
   * kind's change with its history, read and judged against `If-Match` in
   * its own transaction (api/change.ts changeResource).
   */
  function itemRoutes<R>(kind: Kind<R>) {
    const resource = (ctx: AuthContext, personId: string, id: string) =>
      resourceOf(kind, ctx, personId, id);
    return new Hono<AppEnv>()
      .get('/:id', revalidates, answers(200, 'The item.', kind.answer), caller, item, async (c) => {
        const { ctx, personId } = c.var.caller;
        const row = readable(await kind.read(ctx, personId, c.req.valid('param').id));
        return versioned(c, kind.json(row));
      })
      .on(
        ['PUT', 'PATCH'],
        '/:id',
        answers(200, 'The item as it is now.', kind.answer),
        caller,
        item,
        changeBody(kind.update, ['id']),
        async (c) => {
          const { ctx, personId } = c.var.caller;
          const { id } = c.req.valid('param');
          const input = { ...c.req.valid('json'), id };
          return updated(c, deps, kind.update, ctx, input, resource(ctx, personId, id));
        },
      )
      .delete('/:id', answers(204, 'Deleted.'), caller, item, async (c) => {
        const { ctx, personId } = c.var.caller;
        const { id } = c.req.valid('param');
        return removed(c, deps, kind.remove, ctx, { id }, resource(ctx, personId, id));
      });
  }

  /**
   * A PUT that sets one of a preference's media (its picture, its spoken
   * description): a part of the preference, judged against its version;
   * answers the preference.
   */
  function mediaSlot<P extends string>(path: P, table: AnyChange) {
    return new Hono<AppEnv>().on(
      ['PUT', 'PATCH'],
      path,
      answers(200, 'The preference as it is now.', preferenceAnswer),
      caller,
      item,
      changeBody(table, ['id']),
      async (c) => {
        const { ctx, personId } = c.var.caller;
        const { id } = c.req.valid('param');
        return updated(
          c,
          deps,
          table,
          ctx,
          { ...c.req.valid('json'), id },
          resourceOf(preferenceKind, ctx, personId, id),
        );
      },
    );
  }

  async function createCategory(ctx: AuthContext, personId: string, body: Record<string, unknown>) {
    const id = randomUUID();
    await change(categoryChanges.create, ctx, { ...body, id, personId });
    return categoryJson(readable(await read.category(ctx, personId, id)), false);
  }

  /**
   * A person's preferences, with their categories (`/categories` before
   * `/:id`, which would match it). Mounted at /people/{personId}/preferences.
   */
  const preferences = new Hono<AppEnv>()
    .post(
      '/categories',
      answers(201, 'The category made.', categoryAnswer),
      caller,
      changeBody(categoryChanges.create, ['id', 'personId']),
      async (c) => {
        const { ctx, personId } = c.var.caller;
        return c.json(await createCategory(ctx, personId, c.req.valid('json')), 201);
      },
    )
    .get(
      '/categories',
      answers(200, 'The categories.', z.object({ categories: z.array(categoryAnswer) })),
      caller,
      valid('query', categoryListQuery, libraryApiMessages.badQuery),
      async (c) => {
        const { ctx, personId } = c.var.caller;
        const q = c.req.valid('query');
        const rows = await zdb.run(categoryQueries.list.fn({ args: { personId }, ctx }));
        const parentId = q.parentId ?? null;
        const categories = rows
          .filter((r) => r.parentId === parentId)
          .filter((r) => q.hidden === undefined || r.hidden === q.hidden)
          .map((r) => categoryJson(r, q.includeCounts === true));
        return c.json({ categories });
      },
    )
    .route(
      '/categories',
      itemRoutes({
        read: read.category,
        lock: (tx, id) => lockJudged(tx, 'category', id),
        answer: categoryDetailAnswer,
        json: (
          row: NonNullable<Awaited<ReturnType<typeof read.category>>>,
        ): CategoryDetailAnswer => ({
          ...categoryJson(row, false),
          parent: row.parent ? categorySummary(row.parent) : null,
          children: row.children.map(categorySummary),
          preferences: row.preferences.map((p) => ({
            id: p.id,
            title: p.title,
            access: p.access,
          })),
        }),
        update: categoryChanges.update,
        remove: categoryChanges.delete,
      }),
    )

    .post(
      '/',
      answers(201, 'The preference made.', preferenceAnswer),
      caller,
      changeBody(preferenceChanges.create, ['id', 'personId']),
      async (c) => {
        const { ctx, personId } = c.var.caller;
        const id = randomUUID();
        await change(preferenceChanges.create, ctx, { ...c.req.valid('json'), id, personId });
        return c.json(preferenceJson(readable(await read.preference(ctx, personId, id))), 201);
      },
    )
    .get(
      '/',
      answers(200, 'The preferences.', z.object({ preferences: z.array(preferenceAnswer) })),
      caller,
      valid('query', listQuery, libraryApiMessages.badQuery),
      async (c) => {
        const { ctx, personId } = c.var.caller;
        const q = c.req.valid('query');
        const rows = await zdb.run(
          preferenceQueries.listWithCategories.fn({ args: { personId }, ctx }),
        );
        const now = Date.now();
        const text = q.query?.trim().toLocaleLowerCase('en-NZ');
        const preferences = rows
          .filter(
            (p) =>
              !text ||
              `${p.title}\n${p.description ?? ''}`.toLocaleLowerCase('en-NZ').includes(text),
          )
          .filter((p) => !q.categoryId || p.categories.some((cat) => cat.id === q.categoryId))
          .filter((p) => !q.access || p.access === q.access)
          .filter((p) => !q.feeling || p.feeling === q.feeling)
          .filter((p) => !q.review || reviewGroup(p, now) === q.review)
          .filter((p) => !q.author || p.createdBy === q.author)
          .map((p) => preferenceJson(p, now));
        return c.json({ preferences });
      },
    )
    /** The hero update (spec §3 Pin): `{heroMediaId}`, an image of the preference or null. */
    .route('/', mediaSlot('/:id/hero', preferenceChanges.pin))
    /** The spoken description: `{spokenMediaId}`, a sound of the preference or null. */
    .route('/', mediaSlot('/:id/spoken', preferenceChanges.speak))
    .route('/', itemRoutes(preferenceKind));

  /** Categories made with the person in the body (the spec's other form). Mounted at /preferences/categories. */
  const categoriesByBody = new Hono<AppEnv>().post(
    '/',
    answers(201, 'The category made.', categoryAnswer),
    signedIn(deps),
    valid('json', z.looseObject({ personId: itemId })),
    async (c) => {
      const body = c.req.valid('json');
      return c.json(await createCategory(c.var.session.auth, body.personId, body), 201);
    },
  );

  /** A preference's reviews. Mounted at /people/{personId}/reviews. */
  const reviews = new Hono<AppEnv>().post(
    '/',
    answers(201, 'The review, and when the next is due.', reviewAnswer),
    caller,
    valid('json', preferenceBody),
    async (c) => {
      const { ctx, personId } = c.var.caller;
      const { preferenceId, ...rest } = c.req.valid('json');
      await read.assertInLibrary(ctx, personId, preferenceId);
      const reviewId = randomUUID();
      await change(preferenceChanges.review, ctx, { ...rest, id: preferenceId, reviewId });
      const row = await read.preference(ctx, personId, preferenceId);
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
    },
  );

  /** A preference's notes. Mounted at /people/{personId}/notes. */
  const notes = new Hono<AppEnv>()
    .post(
      '/',
      answers(201, 'The note made.', noteAnswer),
      caller,
      valid('json', preferenceBody),
      async (c) => {
        const { ctx, personId } = c.var.caller;
        const body = c.req.valid('json');
        await read.assertInLibrary(ctx, personId, body.preferenceId);
        const id = randomUUID();
        await change(noteChanges.create, ctx, { ...body, id });
        return c.json(noteJson(readable(await read.note(ctx, personId, id))), 201);
      },
    )
    .route(
      '/',
      itemRoutes({
        read: read.note,
        // A note's preference first, as its changes lock them (sync/conflict.ts).
        lock: async (tx, id) => {
          const note = await tx.run(zql.note.where('id', id).one());
          if (note) await lockJudged(tx, 'preference', note.preferenceId);
          await lockJudged(tx, 'note', id);
        },
        json: (row: NonNullable<Awaited<ReturnType<typeof read.note>>>) => noteJson(row),
        answer: noteAnswer,
        update: noteChanges.update,
        remove: noteChanges.delete,
      }),
    );

  return { preferences, categoriesByBody, reviews, notes };
}
