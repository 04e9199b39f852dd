/**
 * The preference a page under it is about (its media, a note to add, a
 * recording), read once for all of them, and what such a page shows until it
 * has it.
 */
import type { Zero } from '@rocicorp/zero';
import { useQuery } from '@rocicorp/zero/react';
import { Navigate } from '@tanstack/react-router';
import { queries } from '../../sync/queries.ts';
import { PreferenceNotFound } from '../components/preference-common.tsx';
import { QueryState } from '../components/query-state.tsx';
import { preferenceMessages } from '../messages/preference.ts';

/**
 * The preference `preferenceId` of `personId`, and `fallback`, what the page
 * shows instead while it has none to show: for a page that changes it, when
 * `mayWrite` is false (useCanWrite), the preference's own page; while it
 * loads, `loading`; once it is known not to be there (or not readable), "not
 * found"; the general error when the query failed. `fallback` is null once the
 * page can show the preference.
 */
export function usePreferencePage(
  personId: string,
  preferenceId: string,
  {
    mayWrite = true,
    loading = preferenceMessages.loading,
  }: { mayWrite?: boolean; loading?: string } = {},
) {
  const [pref, details] = useQuery(queries.preference.byId({ personId, id: preferenceId }));
  if (!mayWrite) {
    return {
      pref,
      fallback: (
        <Navigate
          to="/people/$personId/preferences/$preferenceId"
          params={{ personId, preferenceId }}
          replace
        />
      ),
    };
  }
  if (!pref) {
    return {
      pref,
      fallback: (
        <QueryState
          details={details}
          loading={loading}
          missing={<PreferenceNotFound personId={personId} />}
        />
      ),
    };
  }
  return { pref, fallback: null };
}

/**
 * From the `loader` of the media pages of a preference (`loader: (c) =>
 * loadPreferenceMedia(c)`): its row and its media start to sync.
 */
export function loadPreferenceMedia({
  context,
  params: { personId, preferenceId },
}: {
  context: { zero: Zero };
  params: { personId: string; preferenceId: string };
}) {
  context.zero.preload(queries.preference.byId({ personId, id: preferenceId }), { ttl: '1m' });
  context.zero.preload(queries.media.ofPreference({ personId, preferenceId }), { ttl: '1m' });
}
