import { Zero } from '@rocicorp/zero';
import { z } from 'zod';
import { schema } from '../../schema/zero-schema.gen.ts';
import type { ZeroContext } from '../../sync/context.ts';
import { mutators } from '../../sync/mutators.ts';
import { openMagicLink } from './magic-link.ts';

export type SignedIn = { token: string; userId: string; personId: string; cookie: string };

/** Signs in through the real e-mail magic link (dev mailbox) and returns the session token. */
export async function signIn(baseUrl: string, email: string): Promise<SignedIn> {
  const { challengeId, completeUrl } = await openMagicLink(baseUrl, email);
  const res = await fetch(completeUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ challengeId }),
  });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  const body = completed.parse(await res.json());
  const token = /pb_session=([^;]+)/.exec(res.headers.get('set-cookie') ?? '')?.[1];
  if (!token) throw new Error('sign-in set no session cookie');
  return {
    token: decodeURIComponent(token),
    userId: body.user.id,
    personId: body.person.id,
    cookie: `pb_session=${token}`,
  };
}

/**
 * A brand-new account (POST /api/users, a SupporterAndDecisionMaker with no
 * connections), signed in: a guest-to-be, or anyone unrelated.
 */
export async function registerAndSignIn(baseUrl: string, prefix: string): Promise<SignedIn> {
  const email = `${prefix}.${Date.now()}.${crypto.randomUUID().slice(0, 8)}@example.org`;
  const res = await fetch(`${baseUrl}/api/users`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      email,
      type: 'General',
      acceptedTermsOfService: true,
      person: {
        firstName: 'Guest',
        lastName: 'Person',
        knownAs: 'Guest',
        type: 'SupporterAndDecisionMaker',
        personalInformation: {},
      },
    }),
  });
  if (res.status !== 201) throw new Error(`registration failed: ${res.status} ${await res.text()}`);
  return signIn(baseUrl, email);
}

const completed = z.object({
  status: z.literal('complete'),
  user: z.object({ id: z.string() }),
  person: z.object({ id: z.string() }),
});

function contextOf(who: SignedIn): ZeroContext {
  return { userID: who.userId, personId: who.personId };
}

/**
 * A Node Zero client authenticated with the session token as a bearer token,
 * like a new device: its own storage. (Replicache's 'mem' store is one map per
 * process keyed by name, so without a storage key of its own every client of a
 * user reopened the same client group: a new client then answered
 * `run(…, {type: 'complete'})` from a closed client's cached rows, and its
 * mutation ids collided with that client's ("Ignoring mutation … already
 * processed"), which left `.server` unsettled.)
 */
export function zeroClient(zeroUrl: string, who: SignedIn) {
  return new Zero({
    cacheURL: zeroUrl,
    schema,
    userID: who.userId,
    storageKey: crypto.randomUUID(),
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
