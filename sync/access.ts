/**
 * Access to a person's Restricted things, as they see it: a Supporter who
 * opens a Restricted preference in a session is written to the person's
 * history (type Access), once per session and preference. A change table of
 * its own (`access.viewed`), registered with the others (sync/mutators.ts).
 */
import { z } from 'zod';
import { zql } from '../schema/zero-schema.gen.ts';
import { defineChange, historyEntry } from './change.ts';
import { historyMessages } from './history.ts';
import { itemId as id } from './ids.ts';
import { libraryAccess, readablePreferences, requireAuth } from './permissions.ts';

export const viewedArgs = z.object({ personId: id, preferenceId: id });

/**
 * A Supporter opened a Restricted preference: written once per support
 * session and preference, so the person sees who looked at their private
 * things. Only the server writes it; anything else (the owner looking, a
 * General item, a preference the caller may not read, no session) records
 * nothing and says nothing, so the call never tells whether a hidden
 * preference exists.
 */
export const recordView = defineChange(viewedArgs, async (tx, ctx, args) => {
  const me = requireAuth(ctx);
  if (tx.location !== 'server') return undefined;
  const access = await libraryAccess(tx, me, args.personId);
  if (access.kind !== 'supporter') return undefined;
  const pref = await tx.run(
    readablePreferences(ctx, args.personId)
      .where('personId', args.personId)
      .where('id', args.preferenceId)
      .one(),
  );
  if (pref?.access !== 'Restricted') return undefined;
  const session = await tx.run(zql.supportSession.where('id', access.sessionId).one());
  if (!session) return undefined;
  const seen = await tx.run(
    zql.historyEvent
      .where('personId', args.personId)
      .where('type', 'Access')
      .where('relatedId', pref.id)
      .where('createdBy', me.personId)
      .where('createdAt', '>=', session.startedAt)
      .one(),
  );
  if (seen) return undefined;
  return historyEntry('Access', 'Preference', pref, historyMessages.viewedRestricted(pref.title));
});

export const accessChanges = { viewed: recordView };
