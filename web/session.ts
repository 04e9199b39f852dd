import type { SessionInfo } from '../sync/session.ts';
import { call, client } from './api-client.ts';

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
