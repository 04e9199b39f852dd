import { randomUUID } from 'node:crypto';
import { defineMutator, defineMutators, type Transaction } from '@rocicorp/zero';
import { zql } from '../../schema/zero-schema.gen.ts';
import type { AuthContext } from '../../sync/context.ts';
import { mutators } from '../../sync/mutators.ts';
import { requireAuth } from '../../sync/permissions.ts';
import { preferenceUpdateArgs } from '../../sync/preference.ts';

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
  preference: {
    update: defineMutator(preferenceUpdateArgs, async ({ tx, args, ctx }) => {
      await mutators.preference.update.fn({ tx, args, ctx });
      const me = requireAuth(ctx);
      const row = await tx.run(zql.preference.where('id', args.id).one());
      if (row) {
        await recordHistory(tx, me, {
          personId: row.personId,
          type: 'Modify',
          relatedType: 'Preference',
          relatedId: row.id,
          message: `Changed the title to “${row.title}”`,
        });
      }
    }),
  },
});
