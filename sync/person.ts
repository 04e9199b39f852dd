import { defineQuery } from '@rocicorp/zero';
import { z } from 'zod';
import { readablePeople, readablePersonDetails } from './permissions.ts';

export const personByIdArgs = z.object({ personId: z.string().min(1).max(64) });

export const personQueries = {
  /**
   * Everyone whose name the caller may see: themselves and the people linked
   * to them (permissions.ts personReadableBy). The library screens take
   * authors from here; anyone not in it gets a neutral byline.
   */
  readable: defineQuery(({ ctx }) => readablePeople(ctx)),
  byId: defineQuery(personByIdArgs, ({ args, ctx }) =>
    readablePeople(ctx).where('id', args.personId).one(),
  ),
  /**
   * A person's personal details (bio, phone, contact e-mail, pronouns), for
   * the person themselves and their Administrator in a support session
   * (permissions.ts personDetailReadableBy); nothing for anyone else.
   */
  detail: defineQuery(personByIdArgs, ({ args, ctx }) =>
    readablePersonDetails(ctx).where('personId', args.personId).one(),
  ),
};
