/**
 * Easy read (the person's own choice, stored on their `person` row and
 * synced to every device they use): pictures first, short lines, large text,
 * on the Decision Maker's own screens. A supporter, in a session or not, sees
 * the normal screens; the person area tells them the person uses easy read.
 *
 * The last value seen is kept in this device's storage, so a page that opens
 * before the row has synced does not show the normal screen first and then
 * change under the reader.
 */
import { useQuery } from '@rocicorp/zero/react';
import { getRouteApi } from '@tanstack/react-router';
import { useEffect } from 'react';
import { shortName } from '../../sync/names.ts';
import { queries } from '../../sync/queries.ts';
import { preloadEasyRead } from '../components/easy-read-lazy.tsx';

const personArea = getRouteApi('/people/$personId');

const keptKey = (personId: string) => `easy-read.${personId}`;

function kept(personId: string): boolean {
  try {
    return localStorage.getItem(keptKey(personId)) === '1';
  } catch {
    return false;
  }
}

export type EasyRead = {
  /** The person's choice (known to everyone who reads their person row). */
  chosen: boolean;
  /** Whether this screen shows in easy read: the choice, in the person's own area. */
  on: boolean;
  /** The person's name as the screens say it. */
  name: string;
};

/** Easy read in the person area (its route context names the reader). */
export function useEasyRead(personId: string): EasyRead {
  const { session } = personArea.useRouteContext();
  return useEasyReadOf(personId, session.person?.id);
}

/** Easy read for `personId`'s screens as `me` reads them (outside the person area: the check-in). */
export function useEasyReadOf(personId: string, me: string | undefined): EasyRead {
  const own = me === personId;
  const [person, details] = useQuery(queries.person.byId({ personId }));
  const synced = person ? person.easyRead : details.type === 'complete' ? false : undefined;
  useEffect(() => {
    if (!own || synced === undefined) return;
    try {
      if (synced) localStorage.setItem(keptKey(personId), '1');
      else localStorage.removeItem(keptKey(personId));
    } catch {
      // A device that keeps nothing shows the normal screen until the row syncs.
    }
  }, [own, synced, personId]);
  const chosen = synced ?? (own && kept(personId));
  const on = own && chosen;
  useEffect(() => {
    if (on) preloadEasyRead();
  }, [on]);
  return { chosen, on, name: shortName(person) };
}
