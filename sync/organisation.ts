/**
 * Organisations (spec §2 /organisations, §3, §6, §7): who may read
 * them is sync/permissions.ts readableOrganisations; these are the synced
 * queries of the pages and the menu, and the words the REST edge refuses
 * with. Organisations are made and changed by the platform, outside this
 * app: nothing here writes.
 */
import { defineQuery } from '@rocicorp/zero';
import { z } from 'zod';
import { itemId } from './library-fields.ts';
import { readableOrganisations } from './permissions.ts';

export const organisationMessages = {
  /** Spec §6, §8: for a non-member and for an id that names nothing alike. */
  noPermission: "You don't have permission to view this organisation.",
  badId: 'That is not a valid organisation id.',
  noLogo: 'This organisation has no logo.',
} as const;

export const organisationByIdArgs = z.object({ id: itemId });

export const organisationQueries = {
  /**
   * The caller's organisations, by name (every organisation, for a platform
   * user): the list page, and whether the menu offers the entry.
   */
  mine: defineQuery(({ ctx }) => readableOrganisations(ctx).orderBy('name', 'asc')),
  /** One organisation with its members and their names; nothing when the caller may not read it. */
  byId: defineQuery(organisationByIdArgs, ({ args, ctx }) =>
    readableOrganisations(ctx)
      .where('id', args.id)
      .related('members', (m) => m.orderBy('createdAt', 'asc').related('person'))
      .one(),
  ),
};
