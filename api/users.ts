import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import { z } from 'zod';
import { person, personDetail, user } from '../schema/index.ts';
import { appError } from '../sync/errors.ts';
import { personChanges } from '../sync/person.ts';
import { registrationSchema } from '../sync/validation.ts';
import { signedIn } from './auth/caller.ts';
import { runChange } from './change.ts';
import type { AppDeps, AppEnv } from './deps.ts';
import { Refusal } from './errors.ts';
import { recordEvent } from './history.ts';
import { clientNetwork, HOUR_MS, limit, rateLimitMessages, tooMany } from './rate-limit.ts';
import { valid } from './validate.ts';

export const registrationMessages = {
  taken: 'There is already an account for this e-mail address. Please sign in instead.',
  checkForm: 'Please check the form.',
  notYours: 'You can only change your own account.',
  nothingToChange: 'Nothing to change.',
} as const;

const updateUserBody = z.object({ wizardCompleted: z.literal(true) }).strict();

/** POST /api/users (registration, spec §3/§5) and PUT /api/users/{id}. */
export function userRoutes(deps: AppDeps) {
  const { db, config } = deps;
  /** The signed-in user's own record only. */
  const ownAccount = createMiddleware<AppEnv>(async (c, next) => {
    if (c.req.param('id') !== c.var.session.user.id) {
      throw appError('forbidden', registrationMessages.notYours);
    }
    await next();
  });

  return (
    new Hono<AppEnv>()
      .post(
        '/',
        // The form's own words: the registration page shows the message as is.
        valid('json', registrationSchema, (error) =>
          appError('invalid', error.issues[0]?.message ?? registrationMessages.checkForm),
        ),
        async (c) => {
          const r = c.req.valid('json');
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
            throw tooMany(
              c,
              allowed.retryAfter,
              rateLimitMessages.registerNetwork(allowed.retryAfter),
            );
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
          if (!created) throw new Refusal(409, 'email_taken', registrationMessages.taken);
          return c.json({ userId, personId }, 201);
        },
      )
      /** The signed-in user's own record: finishing the onboarding wizard (sync/person.ts completeWizard). */
      .put(
        '/:id',
        signedIn(deps),
        ownAccount,
        valid('json', updateUserBody, registrationMessages.nothingToChange),
        async (c) => {
          await runChange(deps.zdb, personChanges.completeWizard, c.var.session.auth, {
            userId: c.var.session.user.id,
          });
          return c.body(null, 204);
        },
      )
  );
}
