import { redirect } from '@tanstack/react-router';
import type { SessionInfo } from '../sync/session.ts';
import { call, client } from './api-client.ts';
import { messages } from './messages.ts';

let cached: Promise<SessionInfo> | undefined;

/**
 * The last session the server confirmed, for opening the app without a
 * network (a care visit with no signal): the synced library is on this device
 * already, and every change is checked by the server when it is sent. Sign-out
 * clears it with the rest of localStorage (web/routes/logout.tsx).
 */
const KEPT = 'pb-session';

function keep(s: SessionInfo) {
  try {
    if (s.user) localStorage.setItem(KEPT, JSON.stringify(s));
    else localStorage.removeItem(KEPT);
  } catch {
    // Storage full or refused: the app still works online.
  }
}

function kept(): SessionInfo | undefined {
  try {
    const s = localStorage.getItem(KEPT);
    return s ? (JSON.parse(s) as SessionInfo) : undefined;
  } catch {
    return undefined;
  }
}

/** The signed-in user, fetched once and shared by every route guard. */
export function getSession(): Promise<SessionInfo> {
  cached ??= call(client.session.$get()).then(
    (s) => {
      keep(s);
      return s;
    },
    (e: unknown) => {
      cached = undefined;
      // No answer at all (offline): the session this device last had.
      const offline = e instanceof TypeError ? kept() : undefined;
      if (offline) return offline;
      throw e;
    },
  );
  return cached;
}

export function forgetSession() {
  cached = undefined;
}

/** A session with someone signed in. */
export type SignedIn = SessionInfo & {
  user: NonNullable<SessionInfo['user']>;
  person: NonNullable<SessionInfo['person']>;
};

/**
 * The sign-in guard of every page for someone signed in (the person area,
 * onboarding, the invite onboarding): the session, or a redirect to /login
 * that says why. The one place the routes check it.
 */
export async function requireSignIn(): Promise<SignedIn> {
  const s = await getSession();
  if (!s.user || !s.person) {
    throw redirect({ to: '/login', search: { message: messages.errors.loggedOut } });
  }
  return s as SignedIn;
}
