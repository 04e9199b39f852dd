import type { Zero } from '@rocicorp/zero';
import { useQuery } from '@rocicorp/zero/react';
import { getRouteApi } from '@tanstack/react-router';
import { useEffect, useMemo } from 'react';
import { ACCESS, type Access } from '../../schema/enums.ts';
import { ACCESSES_FOR_LEVEL } from '../../sync/permissions.ts';
import { queries } from '../../sync/queries.ts';
import { storedSupportLevel, storedSupportSession, supportLevelKey } from '../support-session.ts';

const personArea = getRouteApi('/people/$personId');

/** Whether `me` works in `personId`'s library in a support session stored in this tab. */
function isSupporting(me: string | undefined, personId: string) {
  return me !== personId && storedSupportSession(personId) !== null;
}

/**
 * Starts, from a route loader, the library queries its screen reads, chosen
 * as the hooks below choose them: one's own (`categories`: which category
 * query), or a supporter's at the level their session started with.
 */
/**
 * From a route's `loader` (`loader: (c) => loadLibrary(c, reads)`): starts the
 * library's synced queries its screen shows before the component renders:
 * `preferences`, and the categories `list` (the category screens) or
 * `forLibrary` (the lists of preferences).
 */
export function loadLibrary(
  {
    context,
    params,
  }: {
    context: { zero: Zero; session: { person: { id: string } | null } };
    params: { personId: string };
  },
  reads: { preferences?: true; categories?: 'list' | 'forLibrary' },
) {
  preloadLibrary(context.zero, context.session.person?.id, params.personId, reads);
}

export function preloadLibrary(
  zero: Zero,
  me: string | undefined,
  personId: string,
  reads: { preferences?: true; categories?: 'list' | 'forLibrary' },
) {
  const opts = { ttl: '1m' } as const;
  if (isSupporting(me, personId)) {
    const level = storedSupportLevel(personId);
    if (!level) return;
    if (reads.preferences) zero.preload(queries.preference.supported({ personId, level }), opts);
    if (reads.categories) zero.preload(queries.category.supported({ personId, level }), opts);
    return;
  }
  if (reads.preferences) zero.preload(queries.preference.list({ personId }), opts);
  if (reads.categories) zero.preload(queries.category[reads.categories]({ personId }), opts);
}
const EMPTY: readonly never[] = [];

/**
 * Whether this tab works in a support session for `personId`, and the level of
 * the caller's link (undefined until it has synced). The library queries of a
 * supporter name that level (ADR 010: one permission check per library).
 */
export function useSupportLevel(personId: string) {
  const { session } = personArea.useRouteContext();
  const supporting = isSupporting(session.person?.id, personId);
  const [link] = useQuery(queries.circle.myLink({ personId }), { enabled: supporting });
  const synced = link?.accessLevel;
  // Until the link has synced, the level the session started with (a level
  // changed since asks for nothing until the link brings the new one).
  useEffect(() => {
    if (supporting && synced) sessionStorage.setItem(supportLevelKey(personId), synced);
  }, [supporting, synced, personId]);
  return { supporting, level: synced ?? (supporting ? storedSupportLevel(personId) : undefined) };
}

/** Everyone whose name the caller may see, by id (authors and bylines come from here). */
export function usePeople() {
  const [people] = useQuery(queries.person.readable());
  return useMemo(() => new Map(people.map((p) => [p.id, p])), [people]);
}

/** The published preferences the caller may read in `personId`'s library. */
export function usePreferenceRows(personId: string) {
  const { supporting, level } = useSupportLevel(personId);
  const [supported, supportedDetails] = useQuery(
    queries.preference.supported({ personId, level: level ?? 'General' }),
    { enabled: supporting && level !== undefined },
  );
  const [own, ownDetails] = useQuery(queries.preference.list({ personId }), {
    enabled: !supporting,
  });
  return supporting
    ? { rows: supported?.preferences ?? EMPTY, details: supportedDetails }
    : { rows: own, details: ownDetails };
}

/**
 * The categories the caller may see in `personId`'s library (hidden ones too),
 * each with its links to the published preferences the caller may see.
 */
export function useCategories(personId: string, opts: { forLibrary?: boolean } = {}) {
  const { supporting, level } = useSupportLevel(personId);
  const [supported, supportedDetails] = useQuery(
    queries.category.supported({ personId, level: level ?? 'General' }),
    { enabled: supporting && level !== undefined },
  );
  // The library screens join links to the rows they show (category.forLibrary).
  const own = opts.forLibrary ? queries.category.forLibrary : queries.category.list;
  const [mine, ownDetails] = useQuery(own({ personId }), { enabled: !supporting });
  return supporting
    ? { categories: supported?.categories ?? EMPTY, details: supportedDetails }
    : { categories: mine, details: ownDetails };
}

/** The accesses the caller may give an item: all in their own library, what their level reads in a session. */
export function useAllowedAccess(personId: string): readonly Access[] {
  const { supporting, level } = useSupportLevel(personId);
  return supporting && level ? ACCESSES_FOR_LEVEL[level] : ACCESS;
}
