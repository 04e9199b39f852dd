import { Zero } from '@rocicorp/zero';
import { schema } from '../schema/zero-schema.gen.ts';
import type { ZeroContext } from '../sync/context.ts';
import { mutators } from '../sync/mutators.ts';
import type { SessionInfo } from '../sync/session.ts';

/** Typed as the registered context (not narrowed), as Zero's generics expect. */
function contextOf(u: { id: string; personId: string }): ZeroContext {
  return { userID: u.id, personId: u.personId };
}

let current: { userID: string; zero: Zero } | undefined;

/**
 * One Zero client per signed-in user. Auth travels as the session cookie, which
 * zero-cache forwards to the API (docs/decisions/002-auth-to-zero.md).
 */
export function zeroFor(session: SessionInfo): Zero {
  const u = session.user;
  if (!u) throw new Error('zeroFor needs a signed-in user');
  if (current?.userID === u.id) return current.zero;
  void current?.zero.close();
  const context = contextOf(u);
  const zero = new Zero({
    schema,
    cacheURL: session.zeroCacheUrl,
    userID: u.id,
    mutators,
    context,
    kvStore: 'idb',
  });
  current = { userID: u.id, zero };
  return zero;
}

/** Sign-out: close the client and drop its local database (a client group belongs to one user). */
export async function dropZero() {
  const z = current?.zero;
  current = undefined;
  await z?.delete();
}
