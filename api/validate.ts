import { zValidator } from '@hono/zod-validator';
import type { ValidationTargets } from 'hono';
import { describeRoute, resolver, uniqueSymbol } from 'hono-openapi';
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

/**
 * A route that answers with a redirect (to a signed URL, to Stripe), said in
 * the OpenAPI document beside its other answers.
 */
export function redirects(status: 302 | 303, to: string) {
  return describeRoute({
    responses: {
      [status]: {
        description: `A redirect to ${to}.`,
        headers: { Location: { schema: { type: 'string', format: 'uri' } } },
      },
    },
  });
}

/**
 * A GET answered with its version (api/versions.ts `versioned`): an `ETag`,
 * and 304 without a body when `If-None-Match` names it. Said in the document.
 */
export const revalidates = describeRoute({
  parameters: [
    {
      in: 'header',
      name: 'If-None-Match',
      required: false,
      description: 'The ETag of a version already held: answered 304 when it is current.',
      schema: { type: 'string' },
    },
  ],
  responses: {
    304: { description: 'Not modified: the version in If-None-Match is current.' },
  },
});

/** Any JSON object: the change the route makes checks its fields. */
const objectBody = z.record(z.string(), z.unknown());

/**
 * A JSON body the route hands to `change`, which checks its fields with its
 * own schema (and words the refusal): the route itself takes any object, as
 * before. The OpenAPI document describes the body by that same schema, less
 * `made`: the fields the route sets itself (from the path, or new ids), which
 * win over any in the body.
 */
export function changeBody(
  change: { readonly args: z.ZodType },
  made: readonly string[] = [],
  /** Fields the route gives a value when the body has none: optional in the document. */
  defaulted: readonly string[] = [],
) {
  const middleware = valid('json', objectBody);
  const described = resolver(change.args);
  const toOpenAPISchema: typeof described.toOpenAPISchema = async (options) => {
    const result = await described.toOpenAPISchema(options);
    const schema = result.schema as { properties?: Record<string, unknown>; required?: string[] };
    for (const name of made) delete schema.properties?.[name];
    if (schema.required) {
      schema.required = schema.required.filter(
        (name) => !made.includes(name) && !defaulted.includes(name),
      );
      if (schema.required.length === 0) delete schema.required;
    }
    return result;
  };
  return Object.assign(middleware, {
    [uniqueSymbol]: { target: 'json', ...described, toOpenAPISchema },
  });
}
