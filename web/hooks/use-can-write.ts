import { getRouteApi } from '@tanstack/react-router';
import { keepsOwnLibrary } from '../../sync/library-rules.ts';
import { storedSupportSession } from '../support-session.ts';

const personArea = getRouteApi('/people/$personId');

type Me = { id: string; type: string } | null | undefined;

/**
 * Whether this tab may change the library of `personId` (spec §6 write
 * permission): a Decision Maker in their own library (a Supporter has none),
 * or a supporter acting in a support session stored in this tab. A guest of an
 * invite only reads. A Supporter whose level does not allow an item cannot see
 * it at all, so no per-item check is needed here; the server checks every
 * write again. The one write-access rule of the interface: every screen asks it.
 */
export function canWrite(me: Me, personId: string): boolean {
  if (!me) return false;
  if (me.id === personId) return keepsOwnLibrary(me.type);
  return storedSupportSession(personId) !== null;
}

/** `canWrite` for the person area's current person; read on every render. */
export function useCanWrite(personId: string): boolean {
  const { session } = personArea.useRouteContext();
  return canWrite(session.person, personId);
}
