import { defineQuery } from '@rocicorp/zero';
import { z } from 'zod';
import { readablePeople } from './permissions.ts';

export const personByIdArgs = z.object({ personId: z.string().min(1).max(64) });

export const personQueries = {
  byId: defineQuery(personByIdArgs, ({ args, ctx }) =>
    readablePeople(ctx).where('id', args.personId).one(),
  ),
};
