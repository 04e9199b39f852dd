import { Zero } from '@rocicorp/zero';
import { schema } from '../../schema/zero-schema.gen.ts';
import type { ZeroContext } from '../../sync/context.ts';
import { mutators } from '../../sync/mutators.ts';

export type SignedIn = { token: string; userId: string; personId: string; cookie: string };

/** Signs in through the development shortcut and returns the session token. */
export async function signIn(baseUrl: string, email: string): Promise<SignedIn> {
  const res = await fetch(`${baseUrl}/api/dev/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email }),
  });
  if (!res.ok) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  const body: unknown = await res.json();
  const setCookie = res.headers.get('set-cookie') ?? '';
  const token = /pb_session=([^;]+)/.exec(setCookie)?.[1];
  if (
    !token ||
    typeof body !== 'object' ||
    body === null ||
    !('userId' in body) ||
    !('personId' in body)
  ) {
    throw new Error('sign-in returned no session');
  }
  return {
    token: decodeURIComponent(token),
    userId: String(body.userId),
    personId: String(body.personId),
    cookie: `pb_session=${token}`,
  };
}

function contextOf(who: SignedIn): ZeroContext {
  return { userID: who.userId, personId: who.personId };
}

/** A Node Zero client authenticated with the session token as a bearer token. */
export function zeroClient(zeroUrl: string, who: SignedIn) {
  return new Zero({
    cacheURL: zeroUrl,
    schema,
    userID: who.userId,
    kvStore: 'mem',
    mutators,
    context: contextOf(who),
    auth: who.token,
  });
}

/** Resolves when `check` holds, or rejects after `timeoutMs` with `what` in the message. */
export async function eventually<T>(
  what: string,
  read: () => T | Promise<T>,
  check: (value: T) => boolean,
  timeoutMs = 5000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: T | undefined;
  while (Date.now() < deadline) {
    last = await read();
    if (check(last)) return last;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`timed out waiting for ${what}; last value: ${JSON.stringify(last)}`);
}
