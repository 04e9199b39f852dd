import { defineQuery } from '@rocicorp/zero';
import { z } from 'zod';
import { readableLinks } from './permissions.ts';

const personId = z.string().min(1).max(64);

export const supporterLinkQueries = {
  /** The people `personId` supports, with their names. */
  supporting: defineQuery(z.object({ personId }), ({ args, ctx }) =>
    readableLinks(ctx)
      .where('supporterId', args.personId)
      .related('supported')
      .orderBy('createdAt', 'asc'),
  ),
};
