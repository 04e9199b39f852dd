import { ACCESS_LEVELS, type AccessLevel } from '../schema/enums.ts';
import { call, client } from './api-client.ts';

/** Spec §2: the support session id is kept in session storage under `support.{personId}`. */
const SUPPORT_PREFIX = 'support.';
export const supportKey = (personId: string) => `${SUPPORT_PREFIX}${personId}`;

/** Every support session this tab holds: the person supported and the session's id. */
export function storedSupportSessions(): Array<{ personId: string; id: string }> {
  const found: Array<{ personId: string; id: string }> = [];
  for (let i = 0; i < sessionStorage.length; i++) {
    const key = sessionStorage.key(i);
    if (!key?.startsWith(SUPPORT_PREFIX)) continue;
    const id = sessionStorage.getItem(key);
    if (id) found.push({ personId: key.slice(SUPPORT_PREFIX.length), id });
  }
  return found;
}

/** Set when this tab accepted a guest invite of `personId` (Profile, Preference, PreferenceCategory). */
export const guestKey = (personId: string) => `guest.${personId}`;

export function storedSupportSession(personId: string): string | null {
  return sessionStorage.getItem(supportKey(personId));
}

/**
 * The level of this tab's link to `personId`, as last known (set when the
 * session starts, corrected whenever the link syncs): the library is asked
 * for at this level at once, without waiting for the link to sync first.
 */
export const supportLevelKey = (personId: string) => `supportLevel.${personId}`;

export function storedSupportLevel(personId: string): AccessLevel | undefined {
  const v = sessionStorage.getItem(supportLevelKey(personId));
  return ACCESS_LEVELS.find((l) => l === v);
}

/** Forgets this tab's support session for `personId` (and the level kept with it). */
export function forgetSupportSession(personId: string) {
  sessionStorage.removeItem(supportKey(personId));
  sessionStorage.removeItem(supportLevelKey(personId));
}

const supportSession = client.people[':personId'].support;

export function startSupportSession(personId: string) {
  return call(supportSession.$post({ param: { personId } }));
}

export function readSupportSession(personId: string, id: string) {
  return call(supportSession[':id'].$get({ param: { personId, id } }));
}

/** Ends the session; `signingOut`: because its supporter is signing out (history says so). */
export function finishSupportSession(personId: string, id: string, signingOut = false) {
  return call(
    supportSession[':id'].$delete({
      param: { personId, id },
      query: signingOut ? { reason: 'signed-out' } : {},
    }),
  );
}
