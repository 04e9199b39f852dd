/**
 * The caller's access to a person (spec §3 "Access", §6 "Write permission
 * comes from the access record's write flag"), from GET
 * /api/people/{personId}/access. The person area loads it before any screen
 * (web/routes/people.$personId.tsx), screens ask it through
 * hooks/use-can-write.ts, and it is asked again when the support session or
 * the caller's role changes. Answers are fresh for 60 s (spec §9); an older
 * one is used at once and refreshed behind it. Without a network (a care
 * visit with no signal) the last answer this tab had stands, else the local
 * rule decides (use-can-write.ts); the server checks every write anyway.
 */
import { useSyncExternalStore } from 'react';
import { ApiError, call, client } from './api-client.ts';

export type PersonAccess = {
  write: boolean;
  administrator: boolean;
  kind: 'owner' | 'supporter' | 'none';
  /** The person's type when this was answered (a role change asks again). */
  personType: string | null;
};

const FRESH_MS = 60_000;
const KEPT = (personId: string) => `access.${personId}`;

type Entry = { key: string; at: number; access: PersonAccess };
const known = new Map<string, Entry>();
const pending = new Map<string, Promise<PersonAccess | undefined>>();
const listeners = new Set<() => void>();

function publish() {
  for (const l of listeners) l();
}

function kept(personId: string, key: string): PersonAccess | undefined {
  try {
    const v = sessionStorage.getItem(KEPT(personId));
    const e = v ? (JSON.parse(v) as Entry) : undefined;
    return e?.key === key ? e.access : undefined;
  } catch {
    return undefined;
  }
}

async function fetchAccess(personId: string, key: string): Promise<PersonAccess | undefined> {
  try {
    const body = await call(client.people[':personId'].access.$get({ param: { personId } }));
    return {
      write: body.access.write,
      administrator: body.access.administrator,
      kind: body.access.kind,
      personType: body.person.type,
    };
  } catch (e) {
    // No access (a guest of an invite reads what it names): read-only.
    if (e instanceof ApiError && (e.status === 403 || e.status === 404)) {
      return { write: false, administrator: false, kind: 'none', personType: null };
    }
    // Offline or a fault: what this tab last knew, if anything.
    return kept(personId, key);
  }
}

/**
 * The access to `personId` for this tab's support session `sessionId` (null
 * in one's own area): waits for the server only when nothing is known yet.
 */
export function loadAccess(
  personId: string,
  sessionId: string | null,
  opts: { force?: boolean } = {},
): Promise<PersonAccess | undefined> {
  const key = sessionId ?? 'own';
  const entry = known.get(personId);
  const current = entry?.key === key ? entry : undefined;
  if (current && !opts.force && Date.now() - current.at < FRESH_MS) {
    return Promise.resolve(current.access);
  }
  const inFlight = pending.get(`${personId}:${key}`);
  if (inFlight && !opts.force) return current ? Promise.resolve(current.access) : inFlight;
  const p = fetchAccess(personId, key).then((access) => {
    pending.delete(`${personId}:${key}`);
    if (access) {
      const e = { key, at: Date.now(), access };
      known.set(personId, e);
      try {
        sessionStorage.setItem(KEPT(personId), JSON.stringify(e));
      } catch {
        // Storage refused: kept in memory only.
      }
      publish();
    }
    return access;
  });
  pending.set(`${personId}:${key}`, p);
  // Something known for this session: used now, refreshed behind it.
  return current ? Promise.resolve(current.access) : p;
}

/** What is known of the access to `personId` for `sessionId`, without asking. */
export function knownAccess(personId: string, sessionId: string | null): PersonAccess | undefined {
  const e = known.get(personId);
  if (e?.key === (sessionId ?? 'own')) return e.access;
  return kept(personId, sessionId ?? 'own');
}

/** Forgets every answer (sign-out). */
export function forgetAccess() {
  known.clear();
  publish();
}

function subscribe(l: () => void) {
  listeners.add(l);
  return () => {
    listeners.delete(l);
  };
}

/** `knownAccess`, re-rendering when an answer arrives. */
export function useKnownAccess(
  personId: string,
  sessionId: string | null,
): PersonAccess | undefined {
  return useSyncExternalStore(subscribe, () => knownAccessStable(personId, sessionId));
}

// useSyncExternalStore needs a stable snapshot: the entry's own object.
function knownAccessStable(personId: string, sessionId: string | null) {
  const e = known.get(personId);
  return e?.key === (sessionId ?? 'own') ? e.access : undefined;
}
