import { type SessionInfo, sessionSchema } from '../sync/session.ts';
import { api } from './api-client.ts';

let cached: Promise<SessionInfo> | undefined;

/** The signed-in user, fetched once and shared by every route guard. */
export function getSession(): Promise<SessionInfo> {
  cached ??= api('/session', { parse: (d) => sessionSchema.parse(d) }).catch((e: unknown) => {
    cached = undefined;
    throw e;
  });
  return cached;
}

export function forgetSession() {
  cached = undefined;
}
