import { defineMutator, defineQuery, type Row, type Transaction } from '@rocicorp/zero';
import { z } from 'zod';
import { zql } from '../schema/zero-schema.gen.ts';
import type { ZeroContext } from './context.ts';
import { appError } from './errors.ts';
import { accessAllows, libraryAccess, readablePreferences, requireAuth } from './permissions.ts';

/** Bounds on free text (spec: over-long text is refused with a clear message). */
export const PREFERENCE_TITLE_MAX = 200;

const id = z.string().min(1).max(64);

export const preferenceTitle = z
  .string()
  .trim()
  .min(1, 'Please enter a title.')
  .max(PREFERENCE_TITLE_MAX, `A title can be at most ${PREFERENCE_TITLE_MAX} characters.`);

export const preferenceListArgs = z.object({ personId: id });
export type PreferenceListArgs = z.infer<typeof preferenceListArgs>;

export const preferenceByIdArgs = z.object({ personId: id, id });
export type PreferenceByIdArgs = z.infer<typeof preferenceByIdArgs>;

export const preferenceQueries = {
  list: defineQuery(preferenceListArgs, ({ args, ctx }) =>
    readablePreferences(ctx)
      .where('personId', args.personId)
      .where('status', 'Published')
      .orderBy('title', 'asc')
      .orderBy('id', 'asc'),
  ),
  byId: defineQuery(preferenceByIdArgs, ({ args, ctx }) =>
    readablePreferences(ctx).where('personId', args.personId).where('id', args.id).one(),
  ),
};

export const preferenceUpdateArgs = z.object({ id, title: preferenceTitle });
export type PreferenceUpdateArgs = z.infer<typeof preferenceUpdateArgs>;

/**
 * Changes a preference's title. Returns the row as it was, or undefined when
 * the client has not synced it (the server then decides). Refusals never tell
 * whether a hidden preference exists: unreadable and missing look the same.
 */
export async function updatePreference(
  tx: Transaction,
  ctx: ZeroContext,
  args: PreferenceUpdateArgs,
): Promise<Row['preference'] | undefined> {
  const me = requireAuth(ctx);
  const row = await tx.run(zql.preference.where('id', args.id).one());
  if (tx.location === 'client') {
    // A client only holds what it has synced; the server decides.
    if (!row) return undefined;
  } else {
    const access = row ? await libraryAccess(tx, me, row.personId) : undefined;
    // Missing and not allowed look the same: the answer never tells whether it exists.
    if (!row || !access || !accessAllows(access, row.access)) throw appError('not_found');
    // A supporter's change keeps their session alive (sessions end when idle).
    if (access.kind === 'supporter') {
      await tx.mutate.supportSession.update({ id: access.sessionId, lastActiveAt: Date.now() });
    }
  }
  await tx.mutate.preference.update({
    id: args.id,
    title: args.title,
    updatedAt: Date.now(),
    updatedBy: me.personId,
  });
  return row;
}

export const preferenceMutators = {
  update: defineMutator(preferenceUpdateArgs, async ({ tx, args, ctx }) => {
    await updatePreference(tx, ctx, args);
  }),
};
