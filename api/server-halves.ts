/**
 * The server half of a change: what must happen on the server when the change
 * commits, declared here, one entry per change, as zbugs' server mutators
 * wrap the shared ones. The executor (api/change.ts) runs it for every way a
 * change comes: Zero's push, REST and the sweeps. Nothing else looks at which
 * change ran.
 *
 * - `within`: in the change's transaction, after its writes: work that must
 *   land or fail with the change (an invite is kept only if its mail went).
 * - `after`: once the change has committed, for that change.
 * - `afterAll`: once the changes of a request or push have committed, however
 *   many of this change it held (files leave the store in one pass).
 *
 * After-commit work that fails is logged; each has a sweep behind it
 * (api/sweeps.ts), so it is late, never lost.
 */
import type { Transaction } from '@rocicorp/zero';
import type { AnyChange, ChangeRun } from '../sync/change.ts';
import { circleChanges } from '../sync/circle.ts';
import type { ZeroContext } from '../sync/context.ts';
import { inviteServerChanges } from '../sync/invite.ts';
import { mediaServerChanges } from '../sync/media.ts';
import { myDataServerChanges } from '../sync/my-data.ts';
import type { AppDeps } from './deps.ts';
import { sendInviteMail } from './invites/send.ts';
import { removeQueued } from './media/sweep.ts';
import { sendDeletionMail } from './my-data/account-deletion.ts';

/**
 * What the executor and the server halves are given. Only the database is
 * always there (a sweep has nothing else); a half that needs more says so.
 */
export type ChangeDeps = Pick<AppDeps, 'zdb'> &
  Partial<Pick<AppDeps, 'db' | 'mailer' | 'config' | 'media' | 'linkEnds'>>;

export type ServerHalf<A, X = unknown> = {
  within?: (on: {
    tx: Transaction;
    args: A;
    ctx: ZeroContext;
    deps: ChangeDeps;
    call: X;
  }) => Promise<void>;
  after?: (on: { args: A; ctx: ZeroContext; deps: ChangeDeps; call: X }) => Promise<void>;
  afterAll?: (deps: ChangeDeps) => Promise<void>;
};

const halves = new Map<AnyChange, ServerHalf<never, never>>();

function serverHalf<O, X = undefined>(
  change: { readonly run: ChangeRun<O> },
  half: ServerHalf<O, X>,
) {
  if (halves.has(change as AnyChange)) throw new Error('a change has one server half');
  halves.set(change as AnyChange, half as ServerHalf<never, never>);
}

/** The server half of `change`, if it has one. */
export function halfOf(change: AnyChange): ServerHalf<unknown, unknown> | undefined {
  return halves.get(change) as ServerHalf<unknown, unknown> | undefined;
}

/** What a half cannot go without; a server built without it is a server fault. */
export function needs<T>(what: T | undefined, name: string): T {
  if (what === undefined) throw new Error(`a change's server half needs ${name}`);
  return what;
}

// A media item deleted: its files leave the store now, not at the next
// sweep (the database queued them with the deletion; what fails here, the
// minute sweep removes).
serverHalf(mediaServerChanges.delete, {
  afterAll: async ({ db, media }) => {
    if (db && media) await removeQueued(db, media);
  },
});

// A link's end set or cleared: the timer that ends it looks again.
serverHalf(circleChanges.setEnd, {
  afterAll: async ({ linkEnds }) => linkEnds?.changed(),
});

// An invite with an address: its mail goes inside the change's transaction,
// so that no invite is left behind when it cannot go.
serverHalf(inviteServerChanges.create, { within: sendInviteMail });

// A deletion asked for is said by e-mail too, so that someone who did not
// ask finds out in time.
serverHalf(myDataServerChanges.askDeletion, { after: sendDeletionMail });
