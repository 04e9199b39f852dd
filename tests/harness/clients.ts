import { Zero, type ZeroOptions } from '@rocicorp/zero';
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

/** What `register` may say about the new person; the rest is a guest's. */
export type NewPerson = {
  firstName?: string;
  lastName?: string;
  knownAs?: string;
  personalInformation?: Record<string, string>;
};

/** Registers a brand-new account (POST /api/users): a SupporterAndDecisionMaker with no connections. */
export async function register(baseUrl: string, email: string, person: NewPerson = {}) {
  const guest = {
    firstName: 'Guest',
    lastName: 'Person',
    knownAs: 'Guest',
    personalInformation: {},
  };
  const res = await fetch(`${baseUrl}/api/users`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      email,
      type: 'General',
      acceptedTermsOfService: true,
      person: { ...guest, ...person, type: 'SupporterAndDecisionMaker' },
    }),
  });
  if (res.status !== 201) throw new Error(`registration failed: ${res.status} ${await res.text()}`);
}

/** A brand-new account, signed in: a guest-to-be, or anyone unrelated. */
export async function registerAndSignIn(baseUrl: string, prefix: string): Promise<SignedIn> {
  const email = `${prefix}.${Date.now()}.${crypto.randomUUID().slice(0, 8)}@example.org`;
  await register(baseUrl, email);
  return signIn(baseUrl, email);
}

const completed = z.object({
  status: z.literal('complete'),
  user: z.object({ id: z.string() }),
  person: z.object({ id: z.string() }),
});

function contextOf(who: Pick<SignedIn, 'userId' | 'personId'>): ZeroContext {
  return { userID: who.userId, personId: who.personId };
}

/**
 * A Node Zero client authenticated with the session token as a bearer token,
 * like a new device, with storage of its own: Replicache's 'mem' store is one
 * map per process keyed by name, so clients of one user without their own
 * storage key would share a client group (a new client would answer
 * `run(…, {type: 'complete'})` from a closed client's cached rows, and its
 * mutation ids would collide with that client's, leaving `.server` unsettled).
 */
export function zeroClient(
  zeroUrl: string,
  who: Pick<SignedIn, 'token' | 'userId' | 'personId'>,
  /**
   * How much it says, and where (the load bench counts its errors); and a
   * context of its own, for a client that claims more than the session
   * gives (the server decides from the session, whatever the client says).
   */
  opts: Pick<ZeroOptions, 'logLevel' | 'logSink'> & { context?: ZeroContext } = {},
) {
  const { context = contextOf(who), ...logging } = opts;
  return new Zero({
    cacheURL: zeroUrl,
    schema,
    userID: who.userId,
    storageKey: crypto.randomUUID(),
    kvStore: 'mem',
    mutators,
    context,
    auth: who.token,
    ...logging,
  });
}

/**
 * Resolves when `check` holds, or rejects after `timeoutMs` with `what` in the
 * message. The default is generous on purpose: `npm test` runs the integration
 * files beside the runner's own stacks and the type checker on two cores, and a
 * live change that takes 60 ms alone once took over 5 s there. How fast things
 * arrive is measured by `npm run bench`, not here.
 */
export async function eventually<T>(
  what: string,
  read: () => T | Promise<T>,
  check: (value: T) => boolean,
  timeoutMs = 15_000,
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
