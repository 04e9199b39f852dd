import { useQuery } from '@rocicorp/zero/react';
import { getRouteApi } from '@tanstack/react-router';
import { isAdministrator, type LibraryAccess } from '../../sync/permissions.ts';
import { queries } from '../../sync/queries.ts';

const personArea = getRouteApi('/people/$personId');

/**
 * Whether the caller administers `personId` right now (sync/permissions.ts
 * isAdministrator): the person themselves, or an Administrator link with an
 * active session, read live from `circle.myLink`. The server decides again.
 */
export function useIsAdministrator(personId: string): boolean {
  const { session } = personArea.useRouteContext();
  const own = session.person?.id === personId;
  const [link] = useQuery(queries.circle.myLink({ personId }), { enabled: !own });
  const active = link?.sessions[0];
  const access: LibraryAccess = own
    ? { kind: 'owner', write: true }
    : link && active
      ? { kind: 'supporter', level: link.accessLevel, sessionId: active.id, write: true }
      : { kind: 'none', write: false };
  return isAdministrator(access);
}
