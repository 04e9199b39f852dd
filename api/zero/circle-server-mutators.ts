import { defineMutator, type Transaction } from '@rocicorp/zero';
import type { AccessLevel } from '../../schema/enums.ts';
import { zql } from '../../schema/zero-schema.gen.ts';
import {
  levelNames,
  removeLink,
  removeLinkArgs,
  updateLevelArgs,
  updateLinkLevel,
} from '../../sync/circle.ts';
import { requireAuth } from '../../sync/permissions.ts';
import { recordHistory } from './record-history.ts';

/** A history event in the mutation's own transaction. */
const record = recordHistory;

/** "Sam Tane", or a neutral word when the person has no name. */
export function personName(
  p: { firstName: string | null; lastName: string | null; knownAs: string | null } | undefined,
): string {
  const first = p?.knownAs || p?.firstName;
  return [first, p?.lastName].filter(Boolean).join(' ') || 'a supporter';
}

/** History messages of Circle changes; REST (api/circle.ts) writes the same words. */
export const circleHistoryMessages = {
  levelChanged: (name: string, from: AccessLevel, to: AccessLevel) =>
    `Changed ${name}’s access level from ${levelNames[from]} to ${levelNames[to]}`,
  removed: (name: string) => `Removed ${name} from the Circle of Support`,
  sessionEnded: (name: string) => `Ended ${name}’s support session: connection removed`,
  profileCreated: (name: string) => `Created a profile for ${name}`,
  supporterAdded: (name: string) => `Added ${name} to the Circle of Support as Administrator`,
  detailsChanged: 'Changed personal details',
} as const;

async function supporterName(tx: Transaction, supporterId: string) {
  return personName(await tx.run(zql.person.where('id', supporterId).one()));
}

/**
 * Server overrides of `mutators.circle.*`: the shared logic (which re-checks
 * permissions on the server) plus history events in the same transaction.
 * Merge into api/zero/server-mutators.ts: `defineMutators(mutators, { ...circleServerMutators, ... })`.
 */
export const circleServerMutators = {
  circle: {
    updateLevel: defineMutator(updateLevelArgs, async ({ tx, args, ctx }) => {
      const before = await updateLinkLevel(tx, ctx, args);
      if (tx.location !== 'server' || !before || before.accessLevel === args.accessLevel) return;
      await record(tx, requireAuth(ctx), {
        personId: before.supportedId,
        type: 'Modify',
        relatedType: 'SupporterLink',
        relatedId: before.id,
        message: circleHistoryMessages.levelChanged(
          await supporterName(tx, before.supporterId),
          before.accessLevel,
          args.accessLevel,
        ),
      });
    }),
    remove: defineMutator(removeLinkArgs, async ({ tx, args, ctx }) => {
      const removed = await removeLink(tx, ctx, args);
      if (tx.location !== 'server' || !removed) return;
      const me = requireAuth(ctx);
      const { link, endedSessionIds } = removed;
      const name = await supporterName(tx, link.supporterId);
      for (const sessionId of endedSessionIds) {
        await record(tx, me, {
          personId: link.supportedId,
          type: 'SessionFinish',
          relatedType: 'SupportSession',
          relatedId: sessionId,
          message: circleHistoryMessages.sessionEnded(name),
        });
      }
      await record(tx, me, {
        personId: link.supportedId,
        type: 'Delete',
        relatedType: 'SupporterLink',
        relatedId: link.id,
        message: circleHistoryMessages.removed(name),
      });
    }),
  },
};
