/**
 * Categories: synced queries and custom mutators (see sync/preference.ts for
 * the pattern). Categories nest through `parentId`. Deleting one never takes a
 * preference or another category with it: its sub-categories move up to its
 * parent, and its preferences stay in the library (they only leave it).
 */
import { defineQuery, type Transaction } from '@rocicorp/zero';
import { z } from 'zod';
import { ACCESS_LEVELS } from '../schema/enums.ts';
import { zql } from '../schema/zero-schema.gen.ts';
import { defineChange, historyEntry, madeBy, quoted } from './change.ts';
import { assertNotCrossed, baseOf, lockJudged, replayed, sameValue } from './conflict.ts';
import type { ZeroContext } from './context.ts';
import { appError } from './errors.ts';
import { access, categoryTitle, itemId } from './library-fields.ts';
import { assertCategoryPhoto } from './media.ts';
import {
  ACCESSES_FOR_LEVEL,
  assertLibraryWrite,
  assertNewId,
  categoryReadableBy,
  found,
  preferenceReadableBy,
  readableCategories,
  requireAuth,
  supportedLibrary,
} from './permissions.ts';

const id = itemId;

export const categoryListArgs = z.object({ personId: id });
export const categoryByIdArgs = z.object({ personId: id, id });

export const categoryRuleMessages = {
  ownParent: 'A category cannot be placed inside itself.',
} as const;

/**
 * `personId`'s categories `ctx` may see, with their links to the published
 * preferences `ctx` may see. In one's own library a link says all that
 * itself (it carries its preference's status); anyone else's links are
 * checked against the preference.
 */
function withPublishedLinks(ctx: ZeroContext, personId: string) {
  return readableCategories(ctx, personId)
    .where('personId', personId)
    .related('preferenceCategories', (pc) =>
      ctx?.personId === personId
        ? pc.where('status', 'Published')
        : pc.whereExists('preference', (p) =>
            p
              .where(preferenceReadableBy(ctx?.personId ?? '', personId))
              .where('status', 'Published'),
          ),
    )
    .orderBy('sortOrder', 'asc')
    .orderBy('title', 'asc')
    .orderBy('id', 'asc');
}

export const categoryQueries = {
  /**
   * Every category the reader may see (hidden ones too: screens show them only
   * when asked), with the links to the published preferences the reader may
   * see, from which the screens count.
   */
  list: defineQuery(categoryListArgs, ({ args, ctx }) => withPublishedLinks(ctx, args.personId)),
  /**
   * `list` for the library screens, which join the links to the published
   * rows they show (so only those count). In one's own library every link
   * comes, drafts' too, without looking up each preference: that keeps a
   * 2,000-preference library quick to open. Anyone else gets `list`.
   */
  forLibrary: defineQuery(categoryListArgs, ({ args, ctx }) =>
    ctx?.personId === args.personId
      ? readableCategories(ctx, args.personId)
          .where('personId', args.personId)
          .related('preferenceCategories')
          .orderBy('sortOrder', 'asc')
          .orderBy('title', 'asc')
          .orderBy('id', 'asc')
      : withPublishedLinks(ctx, args.personId),
  ),
  /** `list` for a supporter in session who says their level (see supportedLibrary). */
  supported: defineQuery(
    z.object({ personId: id, level: z.enum(ACCESS_LEVELS) }),
    ({ args, ctx }) => {
      const accesses = [...ACCESSES_FOR_LEVEL[args.level]];
      return supportedLibrary(ctx, args.personId, args.level)
        .related('categories', (c) =>
          c
            .where('access', 'IN', accesses)
            // A link carries its preference's status and access: no look-up per link.
            .related('preferenceCategories', (pc) =>
              pc.where('status', 'Published').where('access', 'IN', accesses),
            )
            .orderBy('sortOrder', 'asc')
            .orderBy('title', 'asc')
            .orderBy('id', 'asc'),
        )
        .one();
    },
  ),
  byId: defineQuery(categoryByIdArgs, ({ args, ctx }) =>
    readableCategories(ctx, args.personId)
      .where('personId', args.personId)
      .where('id', args.id)
      .related('parent', (p) => p.where(categoryReadableBy(ctx?.personId ?? '', args.personId)))
      .related('children', (c) =>
        c.where(categoryReadableBy(ctx?.personId ?? '', args.personId)).orderBy('title', 'asc'),
      )
      // A junction relationship: Zero cannot order it, screens sort it.
      .related('preferences', (p) =>
        p
          .where(preferenceReadableBy(ctx?.personId ?? '', args.personId))
          .where('status', 'Published'),
      )
      .one(),
  ),
};

export const categoryCreateArgs = z.object({
  id,
  personId: id,
  replayed,
  parentId: id.nullable().default(null),
  title: categoryTitle,
  access: access.default('General'),
  hidden: z.boolean().default(false),
  /** A picture uploaded for it (api/routes/media.ts), or none. */
  photoId: id.nullable().default(null),
});
export const categoryUpdateArgs = z.object({
  id,
  title: categoryTitle.optional(),
  parentId: id.nullable().optional(),
  access: access.optional(),
  hidden: z.boolean().optional(),
  /** A new photo, or null to show none. */
  photoId: id.nullable().optional(),
  /** What the editor started from: a field changed meanwhile is refused (sync/conflict.ts). */
  base: baseOf(['title', 'parentId', 'access', 'hidden', 'photoId']),
});
export const categoryDeleteArgs = z.object({ id });

/** The new parent: in the same library (not_found otherwise, like a hidden one). */
async function parentIn(tx: Transaction, personId: string, parentId: string | null | undefined) {
  if (!parentId) return undefined;
  return found(
    tx,
    await tx.run(zql.category.where('personId', personId).where('id', parentId).one()),
  );
}

/**
 * Refuses a parent that is the category itself or one inside it (a loop).
 * Runs after the permission check, so a refusal tells nothing to someone who
 * may not see the library.
 */
async function assertNotInside(
  tx: Transaction,
  parent: { id: string; parentId: string | null },
  selfId: string,
) {
  let cursor: { id: string; parentId: string | null } | undefined = parent;
  for (let depth = 0; cursor && depth < 100; depth++) {
    if (cursor.id === selfId) throw appError('invalid', categoryRuleMessages.ownParent);
    const up: string | null = cursor.parentId;
    cursor = up ? await tx.run(zql.category.where('id', up).one()) : undefined;
  }
}

export const createCategory = defineChange(categoryCreateArgs, async (tx, ctx, args) => {
  const me = requireAuth(ctx);
  const parent = await parentIn(tx, args.personId, args.parentId);
  await assertLibraryWrite(tx, me, args.personId, {
    existing: parent ? [parent.access] : [],
    wanted: [args.access],
  });
  const done = args.replayed && { createdBy: me.personId, personId: args.personId };
  if (await assertNewId(tx, 'category', args.id, done)) return undefined;
  if (parent) await assertNotInside(tx, parent, args.id);
  if (args.photoId) await assertCategoryPhoto(tx, args.personId, args.id, args.photoId);
  const now = Date.now();
  await tx.mutate.category.insert({
    id: args.id,
    personId: args.personId,
    parentId: args.parentId,
    title: args.title,
    photoId: args.photoId,
    access: args.access,
    hidden: args.hidden,
    sortOrder: 0,
    ...madeBy(me.personId, now),
  });
  return historyEntry(
    'Create',
    'PreferenceCategory',
    { id: args.id, personId: args.personId },
    `Created the category ${quoted(args.title)}`,
  );
});

export const updateCategory = defineChange(categoryUpdateArgs, async (tx, ctx, args) => {
  const me = requireAuth(ctx);
  await lockJudged(tx, 'category', args.id);
  const row = found(tx, await tx.run(zql.category.where('id', args.id).one()));
  if (!row) return undefined;
  const parent = await parentIn(tx, row.personId, args.parentId);
  await assertLibraryWrite(tx, me, row.personId, {
    existing: [row.access, ...(parent ? [parent.access] : [])],
    wanted: args.access ? [args.access] : [],
  });
  assertNotCrossed(tx, row, args, args.base);
  // The same change again (a replay from the outbox) writes nothing.
  const fields = ['photoId', 'title', 'parentId', 'access', 'hidden'] as const;
  if (fields.every((k) => args[k] === undefined || sameValue(args[k], row[k]))) return undefined;
  if (parent) await assertNotInside(tx, parent, row.id);
  if (args.photoId) await assertCategoryPhoto(tx, row.personId, row.id, args.photoId);
  await tx.mutate.category.update({
    id: row.id,
    ...(args.photoId !== undefined && { photoId: args.photoId }),
    ...(args.title !== undefined && { title: args.title }),
    ...(args.parentId !== undefined && { parentId: args.parentId }),
    ...(args.access !== undefined && { access: args.access }),
    ...(args.hidden !== undefined && { hidden: args.hidden }),
    updatedAt: Date.now(),
    updatedBy: me.personId,
  });
  return historyEntry(
    'Modify',
    'PreferenceCategory',
    row,
    args.title !== undefined && args.title !== row.title
      ? `Renamed the category ${quoted(row.title)} to ${quoted(args.title)}`
      : `Changed the category ${quoted(row.title)}`,
  );
});

export const deleteCategory = defineChange(categoryDeleteArgs, async (tx, ctx, args) => {
  const me = requireAuth(ctx);
  const row = found(tx, await tx.run(zql.category.where('id', args.id).one()));
  if (!row) return undefined;
  await assertLibraryWrite(tx, me, row.personId, { existing: [row.access] });
  // Sub-categories move up to this one's parent (the top level when it has none).
  const children = await tx.run(zql.category.where('parentId', row.id));
  for (const child of children) {
    await tx.mutate.category.update({ id: child.id, parentId: row.parentId });
  }
  // The preferences stay; only their links to this category go.
  const links = await tx.run(zql.preferenceCategory.where('categoryId', row.id));
  for (const link of links) {
    await tx.mutate.preferenceCategory.delete({
      preferenceId: link.preferenceId,
      categoryId: link.categoryId,
    });
  }
  await tx.mutate.category.delete({ id: row.id });
  return historyEntry(
    'Delete',
    'PreferenceCategory',
    row,
    `Deleted the category ${quoted(row.title)}; its preferences stay in the library`,
  );
});

/** Every change of categories (sync/change.ts): Zero mutators and REST both run these. */
export const categoryChanges = {
  create: createCategory,
  update: updateCategory,
  delete: deleteCategory,
};
