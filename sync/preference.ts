/**
 * Preferences: synced queries and the change table. Reads go through the
 * permission module's filters; every change re-checks on the server
 * (`assertLibraryWrite`) and returns the history event recorded in the same
 * transaction (sync/change.ts). Zero mutators and the REST API (api/routes/library.ts)
 * run these same changes, their arguments parsed with the change's schema.
 */
import { defineQuery, type Query, type Transaction } from '@rocicorp/zero';
import { z } from 'zod';
import { ACCESS_LEVELS, type Access } from '../schema/enums.ts';
import { type Schema, zql } from '../schema/zero-schema.gen.ts';
import {
  type ChangeRun,
  defineChange,
  entriesOf,
  type HistoryEntry,
  historyEntry,
  libraryEntry,
  madeBy,
  quoted,
} from './change.ts';
import { assertNotCrossed, baseOf, replayed } from './conflict.ts';
import type { ZeroContext } from './context.ts';
import { appError } from './errors.ts';
import {
  access,
  categoryIds,
  feeling,
  feelingOther,
  fieldMessages,
  itemId,
  LIMITS,
  preferenceDescription,
  preferenceTitle,
  reviewSchedule,
} from './library-fields.ts';
import { mediaRuleMessages } from './media.ts';
import {
  ACCESSES_FOR_LEVEL,
  accessAllows,
  assertLibraryWrite,
  assertNewId,
  categoryReadableBy,
  found,
  type LibraryAccess,
  personReadableBy,
  readablePreferences,
  requireAuth,
  supportedLibrary,
} from './permissions.ts';
import { assertPreferenceRoom } from './plan-limits.ts';
import { nextReviewAt } from './review.ts';
import { lockTexts, writePlainText } from './shared-text.ts';

export { preferenceTitle, visiblePerson };
export const PREFERENCE_TITLE_MAX = LIMITS.preferenceTitle;

const id = itemId;

export const preferenceListArgs = z.object({ personId: id });
export type PreferenceListArgs = z.infer<typeof preferenceListArgs>;

export const preferenceByIdArgs = z.object({ personId: id, id });
export type PreferenceByIdArgs = z.infer<typeof preferenceByIdArgs>;

/** People related to an item (bylines): only those the reader may see. */
function visiblePerson(ctx: ZeroContext) {
  return <R>(q: Query<'person', Schema, R>) => q.where(personReadableBy(ctx?.personId ?? ''));
}

/**
 * Categories related to a preference: only those the reader may see. (Zero
 * cannot order a junction relationship: screens sort them.)
 */
function visibleCategories(ctx: ZeroContext, library: string) {
  return (q: ReturnType<typeof zql.category.where>) =>
    ctx ? q.where(categoryReadableBy(ctx.personId, library)) : q.where(({ or }) => or());
}

export const preferenceQueries = {
  /**
   * The published library. Lean on purpose: the screens take categories from
   * `category.list` (its links say which preferences each holds) and authors
   * from `person.readable`, and join them in the browser, which keeps the first
   * rows of a 2,000-preference library quick (the bench: npm run bench).
   */
  list: defineQuery(preferenceListArgs, ({ args, ctx }) =>
    readablePreferences(ctx, args.personId)
      .where('personId', args.personId)
      .where('status', 'Published')
      .orderBy('title', 'asc')
      .orderBy('id', 'asc'),
  ),
  /** `list` for a supporter in session who says their level (see supportedLibrary). */
  supported: defineQuery(
    z.object({ personId: id, level: z.enum(ACCESS_LEVELS) }),
    ({ args, ctx }) =>
      supportedLibrary(ctx, args.personId, args.level)
        .related('preferences', (p) =>
          p
            .where('status', 'Published')
            .where('access', 'IN', [...ACCESSES_FOR_LEVEL[args.level]])
            .orderBy('title', 'asc')
            .orderBy('id', 'asc'),
        )
        .one(),
  ),
  /** As `list`, with each preference's visible categories (for REST). */
  listWithCategories: defineQuery(preferenceListArgs, ({ args, ctx }) =>
    readablePreferences(ctx, args.personId)
      .where('personId', args.personId)
      .where('status', 'Published')
      .related('categories', visibleCategories(ctx, args.personId))
      .orderBy('title', 'asc')
      .orderBy('id', 'asc'),
  ),
  /** One preference (published or a draft) with its categories, notes and bylines. */
  byId: defineQuery(preferenceByIdArgs, ({ args, ctx }) =>
    readablePreferences(ctx, args.personId)
      .where('personId', args.personId)
      .where('id', args.id)
      .related('categories', visibleCategories(ctx, args.personId))
      .related('notes', (n) => n.related('author', visiblePerson(ctx)).orderBy('createdAt', 'desc'))
      .related('creator', visiblePerson(ctx))
      .related('updater', visiblePerson(ctx))
      .related('reviewer', visiblePerson(ctx))
      .related('heroMedia', (m) => m.where('settledAt', 'IS NOT', null))
      .related('spokenMedia', (m) => m.where('settledAt', 'IS NOT', null))
      .one(),
  ),
  /** The caller's own unfinished drafts in this library (the create wizard resumes them). */
  drafts: defineQuery(preferenceListArgs, ({ args, ctx }) =>
    readablePreferences(ctx, args.personId)
      .where('personId', args.personId)
      .where('status', 'Draft')
      .where('createdBy', ctx?.personId ?? '')
      .orderBy('updatedAt', 'desc'),
  ),
};

// ---------------------------------------------------------------------------
// Mutators
// ---------------------------------------------------------------------------

const publishedNeedsCategory = (v: {
  status?: string | undefined;
  categoryIds?: readonly string[] | undefined;
}) => v.status !== 'Published' || v.categoryIds === undefined || v.categoryIds.length > 0;

export const preferenceCreateArgs = z
  .object({
    id,
    personId: id,
    replayed,
    title: preferenceTitle,
    description: preferenceDescription.optional(),
    feeling: feeling.nullable().optional(),
    feelingOther: feelingOther.nullable().optional(),
    access: access.default('General'),
    reviewSchedule: reviewSchedule.default('Never'),
    categoryIds: categoryIds.default([]),
    /** The wizard creates a Draft at step 1; the API and a finished wizard publish. */
    status: z.enum(['Draft', 'Published']).default('Published'),
  })
  .refine(publishedNeedsCategory, {
    message: fieldMessages.categoryRequired,
    path: ['categoryIds'],
  });
export type PreferenceCreateArgs = z.input<typeof preferenceCreateArgs>;

/** The fields a change of a preference may set; each absent one stays as it is. */
const preferenceFields = {
  title: preferenceTitle.optional(),
  description: preferenceDescription.optional(),
  feeling: feeling.nullable().optional(),
  feelingOther: feelingOther.nullable().optional(),
  access: access.optional(),
  reviewSchedule: reviewSchedule.optional(),
  categoryIds: categoryIds.optional(),
  /** Publishing a draft; a published preference never goes back to draft. */
  status: z.literal('Published').optional(),
};

/** The fields whose crossing edits are refused (sync/conflict.ts); the description merges. */
export const crossable = [
  'title',
  'feeling',
  'feelingOther',
  'access',
  'reviewSchedule',
  'categoryIds',
] as const;

export const preferenceUpdateArgs = z
  .object({ id, ...preferenceFields, base: baseOf(crossable) })
  .refine(publishedNeedsCategory, {
    message: fieldMessages.categoryRequired,
    path: ['categoryIds'],
  });
export type PreferenceUpdateArgs = z.input<typeof preferenceUpdateArgs>;

export const preferenceDeleteArgs = z.object({ id });
/**
 * A review, saved as one change: what the reviewer edited, the picture they
 * chose, and the review itself land together or not at all.
 */
export const preferenceReviewArgs = z.object({
  id,
  /** The review record's id (client-generated, like every id). */
  reviewId: id,
  replayed,
  /** A new schedule chosen while reviewing; otherwise the preference's own. */
  reviewSchedule: reviewSchedule.optional(),
  /** Fields edited while reviewing (the schedule is the review's own). */
  changes: z
    .object({
      title: preferenceFields.title,
      description: preferenceFields.description,
      feeling: preferenceFields.feeling,
      feelingOther: preferenceFields.feelingOther,
      access: preferenceFields.access,
      categoryIds: preferenceFields.categoryIds,
      base: baseOf(crossable),
    })
    .optional(),
  /** The picture chosen while reviewing (a pin, or null to unpin); absent: unchanged. */
  heroMediaId: id.nullable().optional(),
});
export type PreferenceReviewArgs = z.input<typeof preferenceReviewArgs>;

/** The hero update (spec §3 Pin): an image of the preference, or null to unpin. */
export const preferencePinArgs = z.object({ id, heroMediaId: id.nullable() });
/** The spoken description: a recording of this preference, or null to go back to the words. */
export const preferenceSpokenArgs = z.object({ id, spokenMediaId: id.nullable() });
export type PreferencePinArgs = z.input<typeof preferencePinArgs>;

/** The accesses of `ids` among `personId`'s categories; not_found when one is not there. */
async function categoryAccesses(
  tx: Transaction,
  personId: string,
  ids: readonly string[],
): Promise<Access[]> {
  if (ids.length === 0) return [];
  const rows = await tx.run(zql.category.where('personId', personId).where('id', 'IN', [...ids]));
  if (tx.location === 'server' && rows.length !== new Set(ids).size) throw appError('not_found');
  return rows.map((r) => r.access);
}

/**
 * Makes the preference's categories that the caller can see exactly `ids`.
 * Links to categories the caller cannot see (a Restricted category, for a
 * General supporter) are left as they are: a change never touches what its
 * author cannot see. `ids` are categories of `personId` (categoryAccesses),
 * the preference's owner. Links carry the preference's access and status
 * (the database keeps them so, by trigger; setting them here keeps the
 * browser's optimistic copy right too). `access`: the caller's, from
 * assertLibraryWrite (undefined on the client, which holds only what it may
 * see).
 */
async function setCategories(
  tx: Transaction,
  personId: string,
  preferenceId: string,
  ids: readonly string[],
  pref: { access: Access; status: 'Draft' | 'Published' },
  access: LibraryAccess | undefined,
  isNew = false,
) {
  // A new preference has no links yet: nothing to read.
  const links = isNew
    ? []
    : await tx.run(zql.preferenceCategory.where('preferenceId', preferenceId).related('category'));
  const current = links.filter(
    (l) => !access || (l.category && accessAllows(access, l.category.access)),
  );
  const wanted = new Set(ids);
  for (const row of current) {
    if (!wanted.has(row.categoryId)) {
      await tx.mutate.preferenceCategory.delete({ preferenceId, categoryId: row.categoryId });
    }
  }
  const have = new Set(links.map((r) => r.categoryId));
  for (const categoryId of wanted) {
    if (!have.has(categoryId)) {
      await tx.mutate.preferenceCategory.insert({
        preferenceId,
        categoryId,
        personId,
        access: pref.access,
        status: pref.status,
        createdAt: Date.now(),
      });
    }
  }
}

export const createPreference = defineChange(preferenceCreateArgs, async (tx, ctx, args) => {
  const me = requireAuth(ctx);
  const cats = await categoryAccesses(tx, args.personId, args.categoryIds);
  const access = await assertLibraryWrite(tx, me, args.personId, {
    existing: cats,
    wanted: [args.access],
  });
  const done = args.replayed && { createdBy: me.personId, personId: args.personId };
  if (await assertNewId(tx, 'preference', args.id, done)) return undefined;
  await assertPreferenceRoom(tx, args.personId);
  const now = Date.now();
  await tx.mutate.preference.insert({
    id: args.id,
    personId: args.personId,
    title: args.title,
    description: args.description || null,
    feeling: args.feeling ?? null,
    feelingOther: args.feeling === 'Other' ? args.feelingOther || null : null,
    access: args.access,
    reviewSchedule: args.reviewSchedule,
    reviewAt: nextReviewAt(args.reviewSchedule, now),
    heroMediaId: null,
    spokenMediaId: null,
    status: args.status,
    ...madeBy(me.personId, now),
    reviewedAt: null,
    reviewedBy: null,
  });
  await setCategories(tx, args.personId, args.id, args.categoryIds, args, access, true);
  await writePlainText(
    tx,
    { personId: args.personId, preferenceId: args.id, noteId: null },
    '',
    args.description ?? '',
    me.personId,
  );
  // A draft is the author's until it is published: no one else is told of it.
  if (args.status === 'Draft') {
    return historyEntry(
      'Create',
      'Preference',
      { id: args.id, personId: args.personId },
      `Started a draft preference ${quoted(args.title)}`,
    );
  }
  return libraryEntry(
    'Create',
    'Preference',
    { id: args.id, personId: args.personId },
    `Created the preference ${quoted(args.title)}`,
    { access: args.access, preferenceId: args.id },
  );
});

const fieldNames: Record<string, string> = {
  title: 'title',
  description: 'description',
  feeling: 'feeling',
  feelingOther: 'feeling',
  access: 'who can see it',
  reviewSchedule: 'review schedule',
  categoryIds: 'categories',
};

export const updatePreference = defineChange(preferenceUpdateArgs, async (tx, ctx, args) => {
  const me = requireAuth(ctx);
  // Judged against what is stored, and its description is a text: locked first.
  await lockTexts(tx, args.id);
  const row = found(tx, await tx.run(zql.preference.where('id', args.id).one()));
  if (!row) return undefined;
  const cats = args.categoryIds ? await categoryAccesses(tx, row.personId, args.categoryIds) : [];
  const access = await assertLibraryWrite(tx, me, row.personId, {
    existing: [row.access, ...cats],
    wanted: args.access ? [args.access] : [],
  });
  if (args.base && tx.location === 'server') {
    const linked = args.base.categoryIds
      ? (
          await tx.run(zql.preferenceCategory.where('preferenceId', row.id).related('category'))
        ).filter((l) => l.category && (!access || accessAllows(access, l.category.access)))
      : [];
    assertNotCrossed(tx, { ...row, categoryIds: linked.map((l) => l.categoryId) }, args, args.base);
  }
  const publishing = args.status === 'Published' && row.status === 'Draft';
  if (publishing && !args.categoryIds) {
    const linked = await tx.run(zql.preferenceCategory.where('preferenceId', row.id).limit(1));
    if (linked.length === 0) throw appError('invalid', fieldMessages.categoryRequired);
  }
  const now = Date.now();
  const feelingValue = args.feeling === undefined ? row.feeling : args.feeling;
  const scheduleChanged =
    args.reviewSchedule !== undefined && args.reviewSchedule !== row.reviewSchedule;
  await tx.mutate.preference.update({
    id: row.id,
    ...(args.title !== undefined && { title: args.title }),
    ...(args.description !== undefined && { description: args.description || null }),
    ...(args.feeling !== undefined && { feeling: args.feeling }),
    ...((args.feeling !== undefined || args.feelingOther !== undefined) && {
      feelingOther:
        feelingValue === 'Other' ? (args.feelingOther ?? row.feelingOther) || null : null,
    }),
    ...(args.access !== undefined && { access: args.access }),
    ...(scheduleChanged &&
      args.reviewSchedule && {
        reviewSchedule: args.reviewSchedule,
        reviewAt: nextReviewAt(args.reviewSchedule, now),
      }),
    ...(publishing && { status: 'Published' as const }),
    updatedAt: now,
    updatedBy: me.personId,
  });
  const linked = {
    access: args.access ?? row.access,
    status: publishing ? ('Published' as const) : row.status,
  };
  if (args.categoryIds) {
    await setCategories(tx, row.personId, row.id, args.categoryIds, linked, access);
  }
  if (args.description !== undefined) {
    await writePlainText(
      tx,
      { personId: row.personId, preferenceId: row.id, noteId: null },
      row.description ?? '',
      args.description ?? '',
      me.personId,
    );
  }
  if (tx.location === 'client' && (linked.access !== row.access || linked.status !== row.status)) {
    // The links follow: on the server the database's trigger has done it already.
    const links = await tx.run(zql.preferenceCategory.where('preferenceId', row.id));
    for (const link of links) {
      if (link.access === linked.access && link.status === linked.status) continue;
      await tx.mutate.preferenceCategory.update({
        preferenceId: link.preferenceId,
        categoryId: link.categoryId,
        ...linked,
      });
    }
  }
  const title = args.title ?? row.title;
  const scope = { access: stricter(row.access, linked.access), preferenceId: row.id };
  if (publishing) {
    return libraryEntry(
      'Create',
      'Preference',
      row,
      `Created the preference ${quoted(title)}`,
      scope,
    );
  }
  const changed = changedFields(args, row);
  if (changed.length === 0) return undefined;
  const others = changed.filter((c) => c !== 'title');
  const message = changed.includes('title')
    ? `Changed the title from ${quoted(row.title)} to ${quoted(title)}${others.length ? `, and its ${others.join(', ')}` : ''}`
    : `Changed the ${changed.join(', ')} of ${quoted(title)}`;
  // A draft's changes stay the author's.
  return row.status === 'Draft'
    ? historyEntry('Modify', 'Preference', row, message)
    : libraryEntry('Modify', 'Preference', row, message, scope);
});

/** The stricter of two accesses: what a change that moves an item between them is read at. */
function stricter(a: Access, b: Access): Access {
  return a === 'Restricted' || b === 'Restricted' ? 'Restricted' : 'General';
}

/** The names (for a history message) of the fields `args` really changes. */
function changedFields(args: Record<string, unknown>, row: Record<string, unknown>): string[] {
  const names = new Set<string>();
  for (const [key, name] of Object.entries(fieldNames)) {
    const value = args[key];
    if (value === undefined) continue;
    // Categories are compared by the caller's intent: any list given counts.
    const same =
      key !== 'categoryIds' && (value === row[key] || (value === '' && row[key] === null));
    if (!same) names.add(name);
  }
  return [...names];
}

export const deletePreference = defineChange(preferenceDeleteArgs, async (tx, ctx, args) => {
  const me = requireAuth(ctx);
  const row = found(tx, await tx.run(zql.preference.where('id', args.id).one()));
  if (!row) return undefined;
  await assertLibraryWrite(tx, me, row.personId, { existing: [row.access] });
  // Its category links, notes, media and reviews go with it (ON DELETE CASCADE).
  await tx.mutate.preference.delete({ id: row.id });
  const message = `Deleted the preference ${quoted(row.title)}`;
  return row.status === 'Draft'
    ? historyEntry('Delete', 'Preference', row, message)
    : libraryEntry('Delete', 'Preference', row, message, {
        access: row.access,
        preferenceId: row.id,
      });
});

/**
 * Saves a review: the edits made while reviewing, the picture, then the
 * review record, which moves the next review date by the schedule.
 */
export const reviewPreference = defineChange(preferenceReviewArgs, async (tx, ctx, args) => {
  const me = requireAuth(ctx);
  const before = found(tx, await tx.run(zql.preference.where('id', args.id).one()));
  if (!before) return undefined;
  const history: HistoryEntry[] = [];
  const changes = args.changes ?? {};
  if (Object.values(changes).some((v) => v !== undefined)) {
    history.push(...entriesOf(await updatePreference.run(tx, ctx, { ...changes, id: args.id })));
  }
  if (args.heroMediaId !== undefined) {
    history.push(
      ...entriesOf(await pinHero.run(tx, ctx, { id: args.id, heroMediaId: args.heroMediaId })),
    );
  }
  const row = found(tx, await tx.run(zql.preference.where('id', args.id).one()));
  if (!row) return undefined;
  await assertLibraryWrite(tx, me, row.personId, { existing: [row.access] });
  const done = args.replayed && { reviewedBy: me.personId, preferenceId: row.id };
  if (await assertNewId(tx, 'review', args.reviewId, done)) return history;
  const now = Date.now();
  const schedule = args.reviewSchedule ?? row.reviewSchedule;
  const next = nextReviewAt(schedule, now);
  await tx.mutate.review.insert({
    id: args.reviewId,
    personId: row.personId,
    preferenceId: row.id,
    reviewedBy: me.personId,
    reviewedAt: now,
    reviewSchedule: schedule,
    nextReviewAt: next,
  });
  await tx.mutate.preference.update({
    id: row.id,
    reviewSchedule: schedule,
    reviewAt: next,
    reviewedAt: now,
    reviewedBy: me.personId,
    updatedAt: now,
    updatedBy: me.personId,
  });
  history.push({
    personId: row.personId,
    type: 'Modify',
    relatedType: 'Review',
    relatedId: args.reviewId,
    message: `Reviewed ${quoted(row.title)}`,
  });
  return history;
});

/**
 * A change that points a preference at one of its own confirmed media items
 * of one kind (`field`), or at none (null). Anything else of the preference's
 * is refused with `wrongKind`; another preference's, an unconfirmed or an
 * unknown item is not found; choosing the one already chosen does nothing.
 */
function chooseMedia<F extends 'heroMediaId' | 'spokenMediaId'>(
  field: F,
  kind: 'image' | 'audio',
  wrongKind: string,
  said: { chosen: (title: string) => string; cleared: (title: string) => string },
): ChangeRun<{ id: string } & Record<F, string | null>> {
  return async (tx, ctx, args) => {
    const me = requireAuth(ctx);
    const row = found(tx, await tx.run(zql.preference.where('id', args.id).one()));
    if (!row) return undefined;
    await assertLibraryWrite(tx, me, row.personId, { existing: [row.access] });
    const chosen: string | null = args[field];
    if (row[field] === chosen) return undefined;
    if (chosen !== null) {
      const media = found(
        tx,
        await tx.run(
          zql.media
            .where('preferenceId', row.id)
            .where('id', chosen)
            .where('settledAt', 'IS NOT', null)
            .one(),
        ),
      );
      if (media && media.type !== kind) throw appError('invalid', wrongKind);
    }
    await tx.mutate.preference.update({
      id: row.id,
      [field]: chosen,
      updatedAt: Date.now(),
      updatedBy: me.personId,
    });
    return historyEntry(
      'Modify',
      'Preference',
      row,
      chosen === null ? said.cleared(quoted(row.title)) : said.chosen(quoted(row.title)),
    );
  };
}

/** Pins one of the preference's pictures as its hero image, or unpins (null). */
export const pinHero = defineChange(
  preferencePinArgs,
  chooseMedia('heroMediaId', 'image', mediaRuleMessages.onlyImagesPinned, {
    chosen: (title) => `Pinned a picture to ${title}`,
    cleared: (title) => `Removed the picture of ${title}`,
  }),
);

/**
 * Makes one of the preference's sound recordings its spoken description,
 * played in place of the written words for someone who does not read,
 * or goes back to the words (null).
 */
export const setSpoken = defineChange(
  preferenceSpokenArgs,
  chooseMedia('spokenMediaId', 'audio', mediaRuleMessages.onlySoundsSpoken, {
    chosen: (title) => `Recorded a spoken description of ${title}`,
    cleared: (title) => `Went back to the written description of ${title}`,
  }),
);

/** Every change of preferences (sync/change.ts): Zero mutators and REST both run these. */
export const preferenceChanges = {
  create: createPreference,
  update: updatePreference,
  delete: deletePreference,
  review: reviewPreference,
  pin: pinHero,
  speak: setSpoken,
};
