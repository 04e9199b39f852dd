import { getRouteApi } from '@tanstack/react-router';
import { useEffect } from 'react';
import { loadAccess, useKnownAccess } from '../access.ts';
import { canWrite } from '../navigation/write-guard.ts';
import { storedSupportSession } from '../support-session.ts';
import { useMyType } from './use-my-type.ts';

const personArea = getRouteApi('/people/$personId');

/** `canWrite` for the person area's current person, live (role, session, answers). */
export function useCanWrite(personId: string): boolean {
  const { session } = personArea.useRouteContext();
  const type = useMyType();
  const own = session.person.id === personId;
  const sessionId = own ? null : storedSupportSession(personId);
  const access = useKnownAccess(personId, sessionId);
  const stale = own && access !== undefined && access.personType !== type;
  useEffect(() => {
    if (stale) void loadAccess(personId, sessionId, { force: true });
  }, [stale, personId, sessionId]);
  return canWrite({ id: session.person.id, type }, personId, access);
}
