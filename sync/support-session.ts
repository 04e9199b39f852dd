import { defineQuery } from '@rocicorp/zero';
import { z } from 'zod';
import { readableSessions } from './permissions.ts';

const id = z.string().min(1).max(64);

export const supportSessionQueries = {
  /** Sessions in which `personId` is supported (for them: who is supporting me now). */
  forPerson: defineQuery(z.object({ personId: id }), ({ args, ctx }) =>
    readableSessions(ctx).where('personId', args.personId).orderBy('startedAt', 'desc'),
  ),
  /** One session, live: the support header learns at once when it ends. */
  byId: defineQuery(z.object({ id }), ({ args, ctx }) =>
    readableSessions(ctx).where('id', args.id).one(),
  ),
};
