/**
 * Support sessions (spec §4): a Supporter reaches a Decision Maker's library
 * only inside one. Synced queries, and the change table the REST API runs
 * (api/routes/support.ts): start (or resume) the session of the caller's link, touch
 * it (a supporter's activity keeps it alive), end it, and end idle ones.
 */
import { defineQuery, type Transaction } from '@rocicorp/zero';
import { z } from 'zod';
import { zql } from '../schema/zero-schema.gen.ts';
import { defineChange, type HistoryEntry, historyEntry } from './change.ts';
import { appError } from './errors.ts';
import { itemId as id, idMessages } from './ids.ts';
import { shortName } from './names.ts';
import {
  linkWithActiveSession,
  readableSessions,
  requireAuth,
  takesPartIn,
} from './permissions.ts';
import { lockRows } from './pipeline.ts';

export const supportSessionQueries = {
  /** Sessions in which `personId` is supported (for them: who is supporting me now). */
  forPerson: defineQuery(z.object({ personId: id }), ({ args, ctx }) =>
    readableSessions(ctx).where('personId', args.personId).orderBy('startedAt', 'desc'),
  ),
  /** One session, live: the support header learns at once when it ends. */
  byId: defineQuery(z.object({ id }), ({ args, ctx }) =>
    readableSessions(ctx).where('id', args.id).one(),
  ),
};

export const supportMessages = {
  notConnected: 'You are not connected to this person, so you cannot start a support session.',
  notFound: 'We could not find that support session.',
  ended: 'This support session has ended.',
  invalid: idMessages.invalid,
} as const;

/** Why a session ended, as stored. */
export const END_REASONS = {
  finished: 'finished',
  endedBySupported: 'ended by the person supported',
  inactive: 'inactive',
  signedOut: 'signed out',
} as const;

/** A name for a history message: "Sam", or a neutral word. */
function displayName(p: Parameters<typeof shortName>[0]) {
  return shortName(p) || 'someone';
}

async function nameOf(tx: Transaction, personId: string) {
  return displayName(await tx.run(zql.person.where('id', personId).one()));
}

/** The session `args.id` of `args.personId`, if `me` takes part in it; not_found otherwise. */
async function sessionOf(tx: Transaction, me: string, args: { personId: string; id: string }) {
  const s = await tx.run(
    zql.supportSession.where('id', args.id).where('personId', args.personId).one(),
  );
  if (!s || !takesPartIn(me, s)) throw appError('not_found', supportMessages.notFound);
  return s;
}

export const sessionStartArgs = z.object({
  /** The person to support. */
  personId: id,
  /** The new session's id, used when no session of the link is active. */
  id,
});

/**
 * Starts the caller's support session with `personId`, or carries on in the
 * one another tab or device opened. Only over the API (server).
 */
export const startSession = defineChange(sessionStartArgs, async (tx, ctx, args) => {
  const me = requireAuth(ctx);
  if (tx.location !== 'server') throw appError('forbidden');
  // Two tabs starting at once: the second waits here, then finds the first's session.
  await lockRows(
    tx,
    'SELECT 1 FROM supporter_link WHERE supporter_id = $1 AND supported_id = $2 FOR UPDATE',
    [me.personId, args.personId],
  );
  const link = await tx.run(linkWithActiveSession(me.personId, args.personId));
  if (!link) throw appError('forbidden', supportMessages.notConnected);
  if (link.sessions[0]) return undefined;
  const now = Date.now();
  await tx.mutate.supportSession.insert({
    id: args.id,
    supporterLinkId: link.id,
    personId: args.personId,
    supporterId: me.personId,
    startedAt: now,
    lastActiveAt: now,
    endedAt: null,
    endedReason: null,
  });
  return historyEntry(
    'SessionStart',
    'SupportSession',
    { id: args.id, personId: args.personId },
    `${await nameOf(tx, me.personId)} started a support session`,
  );
});

export const sessionArgs = z.object({ personId: id, id });

/** Reading a session counts as its supporter's activity. */
export const touchSession = defineChange(sessionArgs, async (tx, ctx, args) => {
  const me = requireAuth(ctx);
  const s = await sessionOf(tx, me.personId, args);
  if (s.endedAt === null && s.supporterId === me.personId) {
    await tx.mutate.supportSession.update({ id: s.id, lastActiveAt: Date.now() });
  }
  return undefined;
});

export const endSessionArgs = sessionArgs.extend({
  /** The supporter is signing out of this device: history says that is why it ended. */
  signingOut: z.boolean().optional(),
});

/**
 * Ends a session: its supporter finishing (or signing out), or the person
 * supported ending it. Twice is harmless.
 */
export const endSession = defineChange(endSessionArgs, async (tx, ctx, args) => {
  const me = requireAuth(ctx);
  await lockRows(tx, 'SELECT 1 FROM support_session WHERE id = $1 FOR UPDATE', [args.id]);
  const s = await sessionOf(tx, me.personId, args);
  if (s.endedAt !== null) return undefined;
  const bySupporter = s.supporterId === me.personId;
  const signedOut = bySupporter && args.signingOut === true;
  await tx.mutate.supportSession.update({
    id: s.id,
    endedAt: Date.now(),
    endedReason: signedOut
      ? END_REASONS.signedOut
      : bySupporter
        ? END_REASONS.finished
        : END_REASONS.endedBySupported,
  });
  const name = await nameOf(tx, me.personId);
  return historyEntry(
    'SessionFinish',
    'SupportSession',
    s,
    signedOut
      ? `${name} signed out, which finished a support session`
      : bySupporter
        ? `${name} finished a support session`
        : `${name} ended a support session`,
  );
});

export const endIdleArgs = z.object({ idleMinutes: z.number().int().positive() });

/**
 * Ends every active session idle for longer than `idleMinutes`: a change of
 * the system (no caller), run by the API's sweep. ZQL has no now(), so this
 * write is what makes the end of an idle session visible to every client.
 */
export const endIdleSessions = defineChange(endIdleArgs, async (tx, _ctx, args) => {
  const now = Date.now();
  const idle = await tx.run(
    zql.supportSession
      .where('endedAt', 'IS', null)
      .where('lastActiveAt', '<', now - args.idleMinutes * 60_000),
  );
  const history: HistoryEntry[] = [];
  for (const s of idle) {
    await tx.mutate.supportSession.update({
      id: s.id,
      endedAt: now,
      endedReason: END_REASONS.inactive,
    });
    history.push({
      personId: s.personId,
      type: 'SessionFinish',
      relatedType: 'SupportSession',
      relatedId: s.id,
      message: `${await nameOf(tx, s.supporterId)}'s support session ended after ${args.idleMinutes} minutes without activity`,
    });
  }
  return history;
});

/** Every change of support sessions (sync/change.ts); the API runs them. */
export const supportSessionServerChanges = {
  start: startSession,
  touch: touchSession,
  end: endSession,
  endIdle: endIdleSessions,
};
