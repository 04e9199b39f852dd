/**
 * Support sessions (spec §4, §7): a Supporter reaches a Decision Maker's library
 * only inside one. POST starts (or resumes) the session of the caller's link,
 * GET reads it (and, for its supporter, counts as activity), DELETE ends it.
 * Sessions also end after SUPPORT_SESSION_IDLE_MINUTES without activity
 * (`endIdleSessions`, run every minute by the stack).
 */
import { randomUUID } from 'node:crypto';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import { person, supporterLink, supportSession } from '../schema/index.ts';
import { takesPartIn } from '../sync/permissions.ts';
import { callerFor } from './auth/caller.ts';
import type { Db } from './db.ts';
import { jsonError } from './errors.ts';
import { recordEvent } from './history.ts';
import type { AppDeps } from './server.ts';

export const supportMessages = {
  notConnected: 'You are not connected to this person, so you cannot start a support session.',
  notFound: 'We could not find that support session.',
  ended: 'This support session has ended.',
  invalid: 'That is not a valid id.',
} as const;

const idParam = z.string().min(1).max(64);

function view(s: typeof supportSession.$inferSelect) {
  return {
    id: s.id,
    personId: s.personId,
    supporterId: s.supporterId,
    supporterLinkId: s.supporterLinkId,
    startedAt: s.startedAt.getTime(),
    lastActiveAt: s.lastActiveAt.getTime(),
    endedAt: s.endedAt?.getTime() ?? null,
    endedReason: s.endedReason,
    active: s.endedAt === null,
  };
}

function displayName(p: { knownAs: string | null; firstName: string | null } | undefined) {
  return p?.knownAs ?? p?.firstName ?? 'someone';
}

export function supportRoutes(deps: AppDeps) {
  const { db } = deps;
  const app = new Hono();

  app.post('/:personId/support', async (c) => {
    const personId = idParam.safeParse(c.req.param('personId'));
    if (!personId.success) return jsonError(c, 400, 'invalid', supportMessages.invalid);
    const who = await callerFor(deps, c, personId.data);
    if (!who)
      return jsonError(c, 401, 'unauthenticated', 'You must be logged in to view this page');
    const result = await db.transaction(async (tx) => {
      const [link] = await tx
        .select()
        .from(supporterLink)
        .where(
          and(
            eq(supporterLink.supporterId, who.person.id),
            eq(supporterLink.supportedId, personId.data),
          ),
        )
        .for('update')
        .limit(1);
      if (!link) return undefined;
      const [active] = await tx
        .select()
        .from(supportSession)
        .where(and(eq(supportSession.supporterLinkId, link.id), isNull(supportSession.endedAt)))
        .limit(1);
      // Another tab or device already opened one: carry on in it.
      if (active) return { session: active, created: false, accessLevel: link.accessLevel };
      const [created] = await tx
        .insert(supportSession)
        .values({
          id: randomUUID(),
          supporterLinkId: link.id,
          personId: personId.data,
          supporterId: who.person.id,
        })
        .returning();
      if (!created) return undefined;
      await recordEvent(tx, {
        personId: personId.data,
        type: 'SessionStart',
        relatedType: 'SupportSession',
        relatedId: created.id,
        message: `${displayName(who.person)} started a support session`,
        createdBy: who.person.id,
      });
      return { session: created, created: true, accessLevel: link.accessLevel };
    });
    if (!result) return jsonError(c, 403, 'forbidden', supportMessages.notConnected);
    // The link's level: the tab asks for the library at it without waiting to sync it.
    return c.json(
      { ...view(result.session), accessLevel: result.accessLevel },
      result.created ? 201 : 200,
    );
  });

  /** The session, for its supporter or the person supported. For the supporter it counts as activity. */
  app.get('/:personId/support/:id', async (c) => {
    const personId = idParam.safeParse(c.req.param('personId'));
    const id = idParam.safeParse(c.req.param('id'));
    if (!personId.success || !id.success)
      return jsonError(c, 400, 'invalid', supportMessages.invalid);
    const who = await callerFor(deps, c, personId.data);
    if (!who)
      return jsonError(c, 401, 'unauthenticated', 'You must be logged in to view this page');
    const [s] = await db
      .select()
      .from(supportSession)
      .where(and(eq(supportSession.id, id.data), eq(supportSession.personId, personId.data)))
      .limit(1);
    if (!s || !takesPartIn(who.person.id, s)) {
      return jsonError(c, 404, 'not_found', supportMessages.notFound);
    }
    if (s.endedAt === null && s.supporterId === who.person.id) {
      const [touched] = await db
        .update(supportSession)
        .set({ lastActiveAt: new Date() })
        .where(and(eq(supportSession.id, s.id), isNull(supportSession.endedAt)))
        .returning();
      return c.json(view(touched ?? s));
    }
    return c.json(view(s));
  });

  /** Ends the session: its supporter finishing, or the person supported ending it. */
  app.delete('/:personId/support/:id', async (c) => {
    const personId = idParam.safeParse(c.req.param('personId'));
    const id = idParam.safeParse(c.req.param('id'));
    if (!personId.success || !id.success)
      return jsonError(c, 400, 'invalid', supportMessages.invalid);
    const who = await callerFor(deps, c, personId.data);
    if (!who)
      return jsonError(c, 401, 'unauthenticated', 'You must be logged in to view this page');
    const outcome = await db.transaction(async (tx) => {
      const [s] = await tx
        .select()
        .from(supportSession)
        .where(and(eq(supportSession.id, id.data), eq(supportSession.personId, personId.data)))
        .for('update')
        .limit(1);
      if (!s || !takesPartIn(who.person.id, s)) return 'missing';
      if (s.endedAt) return 'ended';
      const bySupporter = s.supporterId === who.person.id;
      await tx
        .update(supportSession)
        .set({
          endedAt: new Date(),
          endedReason: bySupporter ? 'finished' : 'ended by the person supported',
        })
        .where(eq(supportSession.id, s.id));
      await recordEvent(tx, {
        personId: s.personId,
        type: 'SessionFinish',
        relatedType: 'SupportSession',
        relatedId: s.id,
        message: bySupporter
          ? `${displayName(who.person)} finished a support session`
          : `${displayName(who.person)} ended a support session`,
        createdBy: who.person.id,
      });
      return 'done';
    });
    if (outcome === 'missing') return jsonError(c, 404, 'not_found', supportMessages.notFound);
    // Finishing twice is harmless: the session is over either way.
    return c.body(null, 204);
  });

  return app;
}

/**
 * Ends every active session idle for longer than `idleMinutes`, with a history
 * event each. Returns how many ended. ZQL has no now(), so this write is what
 * makes the end of an idle session visible to every client.
 */
export async function endIdleSessions(db: Db, idleMinutes: number): Promise<number> {
  return db.transaction(async (tx) => {
    const ended = await tx
      .update(supportSession)
      .set({ endedAt: new Date(), endedReason: 'inactive' })
      .where(
        and(
          isNull(supportSession.endedAt),
          lt(supportSession.lastActiveAt, sql`now() - make_interval(mins => ${idleMinutes})`),
        ),
      )
      .returning();
    for (const s of ended) {
      const [supporter] = await tx
        .select({ knownAs: person.knownAs, firstName: person.firstName })
        .from(person)
        .where(eq(person.id, s.supporterId));
      await recordEvent(tx, {
        personId: s.personId,
        type: 'SessionFinish',
        relatedType: 'SupportSession',
        relatedId: s.id,
        message: `${displayName(supporter)}'s support session ended after ${idleMinutes} minutes without activity`,
        createdBy: null,
      });
    }
    return ended.length;
  });
}
