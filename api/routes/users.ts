import { randomUUID } from 'node:crypto';
import { ApplicationError } from '@rocicorp/zero';
import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import { z } from 'zod';
import { accountServerChanges } from '../../sync/account.ts';
import { appError, errorMessages } from '../../sync/errors.ts';
import { personServerChanges } from '../../sync/person.ts';
import { registrationSchema } from '../../sync/validation.ts';
import { answers } from '../answers.ts';
import { signedIn } from '../auth/caller.ts';
import { runChange } from '../change.ts';
import type { AppDeps, AppEnv } from '../deps.ts';
import { clientNetwork, HOUR_MS, limit, rateLimited, rateLimitMessages } from '../rate-limit.ts';
import { valid } from '../validate.ts';

export const registrationMessages = {
  taken: errorMessages.email_taken,
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
        answers(
          201,
          'Registered: the user and their person.',
          z.object({ userId: z.string(), personId: z.string() }),
        ),
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
            throw rateLimited(
              allowed.retryAfter,
              rateLimitMessages.registerNetwork(allowed.retryAfter),
            );
          }
          const personId = randomUUID();
          const userId = randomUUID();
          // The caller is the person registering: the ids made here are theirs.
          await runChange(
            deps,
            accountServerChanges.register,
            { userID: userId, personId },
            r,
          ).catch((e: unknown) => {
            // Two registrations racing for one address: the unique index decides.
            if (
              !(e instanceof ApplicationError) &&
              e instanceof Error &&
              /unique|duplicate/i.test(`${e.message} ${String(e.cause)}`)
            ) {
              throw appError('email_taken');
            }
            throw e;
          });
          return c.json({ userId, personId }, 201);
        },
      )
      /** The signed-in user's own record: finishing the onboarding wizard (sync/person.ts completeWizard). */
      .on(
        ['PUT', 'PATCH'],
        '/:id',
        answers(204, 'Changed.'),
        signedIn(deps),
        ownAccount,
        valid('json', updateUserBody, registrationMessages.nothingToChange),
        async (c) => {
          await runChange(deps, personServerChanges.completeWizard, c.var.session.auth, {
            userId: c.var.session.user.id,
          });
          return c.body(null, 204);
        },
      )
  );
}
