import { defineMutator, defineQuery } from '@rocicorp/zero';
import { z } from 'zod';
import { appError } from './errors.ts';
import { assertCanWriteItem, readablePreferences, requireAuth } from './permissions.ts';

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

export const preferenceMutators = {
  update: defineMutator(preferenceUpdateArgs, async ({ tx, args, ctx }) => {
    const me = requireAuth(ctx);
    const row = await tx.run(readablePreferences(me).where('id', args.id).one());
    if (!row) {
      // A client only holds what it has synced; the server decides.
      if (tx.location === 'client') return;
      throw appError('not_found');
    }
    if (tx.location === 'server') await assertCanWriteItem(tx, me, row.personId, row.access);
    await tx.mutate.preference.update({
      id: args.id,
      title: args.title,
      updatedAt: Date.now(),
      updatedBy: me.personId,
    });
  }),
};
