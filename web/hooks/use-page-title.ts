/**
 * A page title that names what the page shows (WCAG 2.4.2): "Bath time –
 * Aroha’s library – Preference Bank". A route's static title
 * (web/navigation/page-title.ts) stands until the data is there; the page then
 * names itself, and gives the static title back when it closes.
 */

import { useQuery } from '@rocicorp/zero/react';
import { useEffect } from 'react';
import { shortName } from '../../sync/names.ts';
import { queries } from '../../sync/queries.ts';
import { messages } from '../messages.ts';
import { pageTitle } from '../navigation/page-title.ts';

export function usePageTitle(...parts: (string | undefined | null)[]) {
  const title = parts.every((p) => p) ? pageTitle(parts.join(' – ')) : undefined;
  useEffect(() => {
    if (!title) return;
    const before = document.title;
    document.title = title;
    return () => {
      if (document.title === title) document.title = before;
    };
  }, [title]);
}

/** "Aroha’s library": whose library this is, once their name has synced. */
export function useLibraryName(personId: string): string | undefined {
  const [person] = useQuery(queries.person.byId({ personId }));
  if (!person) return undefined;
  const first = shortName(person);
  return first ? messages.titles.libraryOf(first) : undefined;
}
