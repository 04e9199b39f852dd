import { z } from 'zod';
import { api } from './api-client.ts';

/** Spec §2: the support session id is kept in session storage under `support.{personId}`. */
export const supportKey = (personId: string) => `support.${personId}`;

/** Set when this tab accepted a guest invite of `personId` (Profile, Preference, PreferenceCategory). */
export const guestKey = (personId: string) => `guest.${personId}`;

export function storedSupportSession(personId: string): string | null {
  return sessionStorage.getItem(supportKey(personId));
}

const session = z.object({ id: z.string(), personId: z.string(), active: z.boolean() });

export function startSupportSession(personId: string) {
  return api(`/people/${encodeURIComponent(personId)}/support`, {
    method: 'POST',
    parse: (d) => session.parse(d),
  });
}

export function readSupportSession(personId: string, id: string) {
  return api(`/people/${encodeURIComponent(personId)}/support/${encodeURIComponent(id)}`, {
    parse: (d) => session.parse(d),
  });
}

export function finishSupportSession(personId: string, id: string) {
  return api(`/people/${encodeURIComponent(personId)}/support/${encodeURIComponent(id)}`, {
    method: 'DELETE',
    parse: () => null,
  });
}
