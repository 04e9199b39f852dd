import { useZero } from '@rocicorp/zero/react';
import { getRouteApi } from '@tanstack/react-router';
import { useEffect } from 'react';
import type { Access } from '../../schema/enums.ts';
import { mutators } from '../../sync/mutators.ts';

const personArea = getRouteApi('/people/$personId');

/**
 * A Supporter opening a Restricted preference is written to the person's
 * history (sync/access.ts recordView; the server keeps one per session).
 * Not a change of the person's own: it goes to Zero directly, not through
 * the outbox, so it never shows as "changes waiting" in the status line.
 */
export function useRecordView(personId: string, preference?: { id: string; access: Access }) {
  const zero = useZero();
  const { session } = personArea.useRouteContext();
  const forSomeoneElse = session.person.id !== personId;
  const restricted = preference?.access === 'Restricted';
  const preferenceId = preference?.id;
  useEffect(() => {
    if (!forSomeoneElse || !restricted || !preferenceId) return;
    // What the server answers is not this screen's business: it records or ignores.
    void zero.mutate(mutators.access.viewed({ personId, preferenceId })).server.catch(() => {});
  }, [zero, forSomeoneElse, restricted, personId, preferenceId]);
}
