import { zValidator } from '@hono/zod-validator';
import type { ValidationTargets } from 'hono';
import type { z } from 'zod';
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
