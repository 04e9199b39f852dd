import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import { person, personDetail, user } from '../schema/index.ts';
import { registrationSchema } from '../sync/validation.ts';
import { sessionFromRequest } from './auth/sessions.ts';
import type { AppDeps } from './deps.ts';
import { jsonError } from './errors.ts';
import { recordEvent } from './history.ts';
import { clientNetwork, HOUR_MS, limit, rateLimitMessages, tooMany } from './rate-limit.ts';

export const registrationMessages = {
  taken: 'There is already an account for this e-mail address. Please sign in instead.',
} as const;

const updateUserBody = z.object({ wizardCompleted: z.literal(true) }).strict();

/** POST /api/users (registration, spec §3/§5) and PUT /api/users/{id}. */
export function userRoutes(deps: AppDeps) {
  const { db, config } = deps;
  const app = new Hono();

  app.post('/', async (c) => {
    const parsed = registrationSchema.safeParse(await c.req.json().catch(() => null));
    if (!parsed.success) {
      return jsonError(
        c,
        400,
        'invalid',
        parsed.error.issues[0]?.message ?? 'Please check the form.',
      );
    }
    const r = parsed.data;
    // Counted per network, every valid attempt (a taken address too): one place
    // cannot make accounts, or test which addresses have one, in bulk.
    const allowed = await limit(db, [
      {
        bucket: 'register:ip',
        subject: clientNetwork(c, config.TRUST_PROXY),
        max: config.REGISTRATION_LIMIT_PER_IP,
        windowMs: HOUR_MS,
      },
    ]);
    if (!allowed.ok) {
      return tooMany(c, allowed.retryAfter, rateLimitMessages.registerNetwork(allowed.retryAfter));
    }
    const personId = randomUUID();
    const userId = randomUUID();
    const created = await db
      .transaction(async (tx) => {
        const [existing] = await tx
          .select({ id: user.id })
          .from(user)
          .where(eq(user.email, r.email))
          .limit(1);
        if (existing) return false;
        const now = new Date();
        await tx.insert(person).values({
          id: personId,
          type: r.person.type,
          firstName: r.person.firstName,
          lastName: r.person.lastName,
          knownAs: r.person.knownAs,
          fullName: `${r.person.firstName} ${r.person.lastName}`,
          createdAt: now,
          createdBy: personId,
          updatedAt: now,
          updatedBy: personId,
        });
        // Personal details live apart: fewer people may read them (person_detail).
        await tx.insert(personDetail).values({
          personId,
          phone: r.person.personalInformation.phone || null,
          email: r.email,
          createdAt: now,
          createdBy: personId,
          updatedAt: now,
          updatedBy: personId,
        });
        await tx.insert(user).values({
          id: userId,
          personId,
          email: r.email,
          type: r.type,
          acceptedTermsAt: now,
          createdAt: now,
          updatedAt: now,
        });
        await recordEvent(tx, {
          personId,
          type: 'Create',
          relatedType: 'User',
          relatedId: userId,
          message: 'Registered',
          createdBy: personId,
        });
        return true;
      })
      .catch((e: unknown) => {
        // Two registrations racing for one address: the unique index decides.
        if (e instanceof Error && /unique|duplicate/i.test(`${e.message} ${String(e.cause)}`))
          return false;
        throw e;
      });
    if (!created) return jsonError(c, 409, 'email_taken', registrationMessages.taken);
    return c.json({ userId, personId }, 201);
  });

  /** The signed-in user's own record: today, finishing the onboarding wizard. */
  app.put('/:id', async (c) => {
    const who = await sessionFromRequest(db, c.req.raw.headers);
    if (!who)
      return jsonError(c, 401, 'unauthenticated', 'You must be logged in to view this page');
    if (c.req.param('id') !== who.user.id) {
      return jsonError(c, 403, 'forbidden', 'You can only change your own account.');
    }
    const parsed = updateUserBody.safeParse(await c.req.json().catch(() => null));
    if (!parsed.success) return jsonError(c, 400, 'invalid', 'Nothing to change.');
    await db
      .update(user)
      .set({ wizardCompletedAt: who.user.wizardCompletedAt ?? new Date(), updatedAt: new Date() })
      .where(eq(user.id, who.user.id));
    return c.body(null, 204);
  });

  return app;
}
