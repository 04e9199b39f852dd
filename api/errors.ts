import { ApplicationError } from '@rocicorp/zero';
import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { z } from 'zod';
import { theirsOf } from '../sync/conflict.ts';
import { codeOf, type ErrorCode, errorMessages } from '../sync/errors.ts';

/** Every refusal from the API has this body: `{error: {code, message}}`. */
function errorJson(
  c: Context,
  status: ContentfulStatusCode,
  code: string,
  message: string,
  theirs?: Record<string, unknown>,
) {
  return c.json({ error: { code, message, ...(theirs && { theirs }) } }, status);
}

export const requestMessages = {
  badBody: 'Please check what you sent.',
  noSuchEndpoint: 'There is no such API endpoint.',
  /** The database cannot be reached (restarting): nothing was done, try again. */
  databaseDown:
    'The service is starting up again and could not do that just now. Nothing was changed: please try again in a moment.',
} as const;

/**
 * Whether `err` (or what caused it: drizzle wraps the driver's error) says the
 * database cannot be reached right now: no connection (refused, closed,
 * timed out) or a server shutting down or starting (SQLSTATE 57P01–57P03,
 * class 08). Such a request is answered 503, not 500: it is not a bug, and
 * the pool connects again by itself once Postgres is back.
 */
export function databaseUnavailable(err: unknown): boolean {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const code = 'code' in e ? String(e.code) : '';
    if (
      /^(ECONNREFUSED|ECONNRESET|EPIPE|ETIMEDOUT|CONNECTION_(CLOSED|ENDED|DESTROYED)|CONNECT_TIMEOUT|DATABASE_UNREACHABLE)$/.test(
        code,
      ) ||
      /^(57P0[123]|08\w{3})$/.test(code)
    ) {
      return true;
    }
    e = 'cause' in e ? e.cause : undefined;
  }
  return false;
}

/**
 * A refusal with a code of this API's own (`email_taken`, `link_expired`, ...):
 * thrown by a handler, answered by app.onError. Refusals of the shared rules
 * are app errors (sync/errors.ts `appError`) and need no status: it follows
 * from their code.
 */
export class Refusal extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: string,
    message: string,
    /** Headers the answer carries (a 429's `Retry-After`). */
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(message);
  }
}

/** Codes of Hono's own 4xx (a malformed JSON body, a body limit), by status. */
const CODE_OF_STATUS: Partial<Record<number, string>> = {
  400: 'invalid',
  401: 'unauthenticated',
  403: 'forbidden',
  404: 'not_found',
  413: 'too_large',
};

/** The status of each refusal code; `internal` is none: it is logged and answered as a 500. */
const STATUS_OF: Record<Exclude<ErrorCode, 'internal'>, ContentfulStatusCode> = {
  invalid: 400,
  conflict: 409,
  changed: 409,
  circle_full: 409,
  library_full: 409,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  invite_expired: 410,
  invite_accepted: 410,
  invite_declined: 410,
  invite_used: 410,
  invite_gone: 410,
  self_support: 400,
  own_invite: 400,
  merge_accounts: 409,
  already_connected: 409,
  email_taken: 409,
  ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED: 400,
  passkey_not_found: 404,
  decide_first: 409,
  already_asked: 409,
  not_asked: 409,
};

/** A refusal thrown by the shared rules (sync/), as this API's JSON error; undefined for any other error. */
function refusalResponse(c: Context, e: unknown): Response | undefined {
  if (!(e instanceof ApplicationError)) return undefined;
  const code = codeOf(e.details) ?? 'invalid';
  const status = (STATUS_OF as Record<string, ContentfulStatusCode | undefined>)[code];
  if (!status) return undefined;
  // A crossing edit says what is stored now, so the caller can choose (sync/conflict.ts).
  return errorJson(c, status, code, e.message || errorMessages.invalid, theirsOf(e.details));
}

/** The first problem zod found, in words a person can act on. */
export function firstIssue(
  error: { readonly issues: readonly z.core.$ZodIssue[] },
  fallback: string = requestMessages.badBody,
) {
  const issue = error.issues[0];
  if (!issue) return fallback;
  // Zod's own wording for a wrong type is technical: name the field instead.
  const field = issue.path.join('.');
  return issue.code === 'invalid_type' || issue.code === 'invalid_value'
    ? `${requestMessages.badBody} (${field || 'body'})`
    : issue.message;
}

/**
 * The one answer to every error a handler throws (app.onError): our
 * refusals as `{error: {code, message}}` with their status; Hono's 4xx in the
 * same shape; anything else logged and answered as a 500 that says nothing
 * of it.
 */
export function errorResponse(err: Error, c: Context): Response {
  if (err instanceof Refusal) {
    for (const [name, value] of Object.entries(err.headers)) c.header(name, value);
    return errorJson(c, err.status, err.code, err.message);
  }
  const refused = refusalResponse(c, err);
  if (refused) return refused;
  if (err instanceof HTTPException && err.status < 500) {
    return errorJson(
      c,
      err.status,
      CODE_OF_STATUS[err.status] ?? 'invalid',
      err.status === 400 ? requestMessages.badBody : err.message || requestMessages.badBody,
    );
  }
  if (databaseUnavailable(err)) {
    console.error(`api: the database cannot be reached (${c.req.method} ${c.req.path})`);
    c.header('retry-after', '2');
    return errorJson(c, 503, 'unavailable', requestMessages.databaseDown);
  }
  console.error(err);
  return errorJson(c, 500, 'internal', errorMessages.internal);
}

/** The app's `notFound`: an API path nothing answers is a JSON 404 like every other refusal. */
export function notFoundResponse(c: Context): Response {
  return c.req.path.startsWith('/api/')
    ? errorJson(c, 404, 'not_found', requestMessages.noSuchEndpoint)
    : c.text('Not found', 404);
}
