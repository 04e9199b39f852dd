import { randomUUID } from 'node:crypto';
import { defineMutator, defineMutators, type Transaction } from '@rocicorp/zero';
import type { AuthContext } from '../../sync/context.ts';
import { mutators } from '../../sync/mutators.ts';
import { requireAuth } from '../../sync/permissions.ts';
import { preferenceUpdateArgs, updatePreference } from '../../sync/preference.ts';
import { circleServerMutators } from './circle-server-mutators.ts';

type HistoryInput = {
  personId: string;
  type: 'Create' | 'Modify' | 'Delete';
  relatedType: 'Preference' | 'PreferenceCategory' | 'Note';
  relatedId: string;
  message: string;
};

/** Written in the mutation's own transaction: the change and its history land together or not at all. */
export async function recordHistory(tx: Transaction, ctx: AuthContext, event: HistoryInput) {
  await tx.mutate.historyEvent.insert({
    id: randomUUID(),
    ...event,
    createdBy: ctx.personId,
    createdAt: Date.now(),
  });
}

/**
 * The authoritative mutators: the shared ones (which re-check permissions on
 * the server) plus what only the server does, such as history events.
 */
export const serverMutators = defineMutators(mutators, {
  ...circleServerMutators,
  preference: {
    update: defineMutator(preferenceUpdateArgs, async ({ tx, args, ctx }) => {
      const before = await updatePreference(tx, ctx, args);
      if (before && before.title !== args.title) {
        await recordHistory(tx, requireAuth(ctx), {
          personId: before.personId,
          type: 'Modify',
          relatedType: 'Preference',
          relatedId: before.id,
          message: `Changed the title from “${before.title}” to “${args.title}”`,
        });
      }
    }),
  },
});
