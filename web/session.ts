import { redirect } from '@tanstack/react-router';
import type { SessionInfo } from '../sync/session.ts';
import { call, client } from './api-client.ts';
import { messages } from './messages.ts';

let cached: Promise<SessionInfo> | undefined;

/** The signed-in user, fetched once and shared by every route guard. */
export function getSession(): Promise<SessionInfo> {
  cached ??= call(client.session.$get()).catch((e: unknown) => {
    cached = undefined;
    throw e;
  });
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
