import { zValidator } from '@hono/zod-validator';
import type { ValidationTargets } from 'hono';
import { resolver, uniqueSymbol } from 'hono-openapi';
import { z } from 'zod';
import { appError } from '../sync/errors.ts';
import { firstIssue, Refusal } from './errors.ts';

/**
 * What input a schema refuses is answered with: a message (code `invalid`,
 * 400), a refusal of the route's own (`invalid_link`), or a function of what
 * zod found.
 */
type Refuse = string | Refusal | ((error: ZodFound) => Error);

/** What zod found wrong, in any of its error classes. */
type ZodFound = { readonly issues: readonly z.core.$ZodIssue[] };

/**
 * Hono's zod validator with this API's refusal: input its schema refuses is a
 * 400 `{error: {code: 'invalid', message}}` (app.onError answers the thrown
 * refusal), the message the schema's first issue unless `refuse` says
 * otherwise. The handler reads the parsed value with `c.req.valid(target)`,
 * typed, and Hono's typed client (`hc`) learns the route's input from it.
 * The same schema describes the route's input in the OpenAPI document
 * (api/openapi.ts): hono-openapi reads it from the middleware, as it reads
 * its own validator's.
 */
export function valid<T extends keyof ValidationTargets, S extends z.ZodType>(
  target: T,
  schema: S,
  refuse?: Refuse,
) {
  const middleware = zValidator(target, schema, (result) => {
    if (result.success) return;
    if (refuse instanceof Refusal) throw refuse;
    if (typeof refuse === 'function') throw refuse(result.error);
    throw appError('invalid', refuse ?? firstIssue(result.error));
  });
  return Object.assign(middleware, { [uniqueSymbol]: { target, ...resolver(schema) } });
}

/**
 * The params of a `/people/:personId/...` route with more after it: the
 * person (checked by personRoute) and the route's own ids. The validator
 * declares every param, so the typed client asks for all of them.
 */
export function personParams<T extends z.ZodRawShape>(shape: T) {
  return z.object({ personId: z.string(), ...shape });
}
