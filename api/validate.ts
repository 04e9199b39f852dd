import { zValidator } from '@hono/zod-validator';
import type { ValidationTargets } from 'hono';
import { z } from 'zod';
import { appError } from '../sync/errors.ts';
import { firstIssue } from './errors.ts';

/**
 * Hono's zod validator with this API's refusal: input its schema refuses is a
 * 400 `{error: {code: 'invalid', message}}` (app.onError answers the thrown
 * refusal), the message the schema's first issue unless `message` is given.
 * The handler reads the parsed value with `c.req.valid(target)`, typed, and
 * Hono's typed client (`hc`) learns the route's input from it.
 */
export function valid<T extends keyof ValidationTargets, S extends z.ZodType>(
  target: T,
  schema: S,
  message?: string,
) {
  return zValidator(target, schema, (result) => {
    if (!result.success) throw appError('invalid', message ?? firstIssue(result.error));
  });
}

/**
 * The params of a `/people/:personId/...` route with more after it: the
 * person (checked by personRoute) and the route's own ids. The validator
 * declares every param, so the typed client asks for all of them.
 */
export function personParams<T extends z.ZodRawShape>(shape: T) {
  return z.object({ personId: z.string(), ...shape });
}
