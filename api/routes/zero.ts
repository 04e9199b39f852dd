import { mustGetQuery, type ReadonlyJSONValue } from '@rocicorp/zero';
import {
  type ApplicationError,
  handleMutateRequest,
  handleQueryRequest,
  isApplicationError,
} from '@rocicorp/zero/server';
import { Hono } from 'hono';
import { z } from 'zod';
import { schema } from '../../schema/zero-schema.gen.ts';
import { outboxKeyOf } from '../../sync/change.ts';
import { appError, codeOf, ErrorCode, errorMessages } from '../../sync/errors.ts';
import { changeNamed } from '../../sync/mutators.ts';
import { queries } from '../../sync/queries.ts';
import { signedIn } from '../auth/caller.ts';
import { type AfterCommit, applyServerChange, type ChangeDeps, runLater } from '../change.ts';
import type { Db } from '../db.ts';
import type { AppEnv } from '../deps.ts';
import { edgeMessages, hasControlCharacters } from '../edge.ts';
import { databaseUnavailable, requestMessages } from '../errors.ts';
import { valid } from '../validate.ts';
import { answerOf, forgetRefusals } from '../zero/answers.ts';
import {
  type Answer,
  DatabaseUnreachable,
  databaseAnswers,
  mutationKey,
  PushLedger,
  pushDatabase,
  type ZeroDb,
} from '../zero/db-provider.ts';

/**
 * zero-cache names its app and shard in the query string (`appID`, and
 * `schema` = `<appID>_<shard>`, where it keeps each client's last mutation);
 * the mutate handler writes there. This stack runs the default app and shard
 * (api/dev/zero-cache.ts sets neither), so anything else is refused before
 * it reaches a statement.
 */
const ZERO_APP_ID = 'zero';
const ZERO_UPSTREAM_SCHEMA = `${ZERO_APP_ID}_0`;

export const zeroEndpointMessages = {
  badParams: 'This request did not come from our sync service.',
  noSuchChange: 'There is no such change.',
} as const;

/** Codes a client may read as they are: ours (sync/errors.ts), `internal` already reworded. */
const OUR_CODES = new Set<string>(Object.values(ErrorCode));

type MutationResult = { id: unknown; result: Record<string, unknown> };

/**
 * A refusal as a client may read it: ours (an app error with one of
 * sync/errors.ts's codes) as it is; anything else (a database error, whose
 * message quotes the statement and its parameters) as `internal` in words,
 * the details to the server log only.
 */
function clientAnswer(message: string | undefined, details: unknown): Answer {
  const code = codeOf(details);
  if (code && OUR_CODES.has(code)) return { code, message: message ?? '', details };
  console.error('zero mutate: mutation failed:', message);
  return {
    code: ErrorCode.internal,
    message: errorMessages.internal,
    details: { code: ErrorCode.internal },
  };
}

/**
 * What a client may read of a mutate response: our refusals (an app error
 * with one of sync/errors.ts's codes) as they are; any other failure (a
 * database error, whose message quotes the statement and its parameters) as a
 * code and a human message, the details to the server log only.
 */
function sanitizeMutateResponse(res: unknown): unknown {
  if (typeof res !== 'object' || res === null) return res;
  const r = res as Record<string, unknown>;
  if (r.kind === 'MutateResponse' && Array.isArray(r.mutations)) {
    return {
      ...r,
      mutations: (r.mutations as MutationResult[]).map((m) => {
        const result = m.result;
        if (result?.error !== 'app') return m;
        const code = codeOf(result.details);
        if (code && OUR_CODES.has(code)) return m;
        const answer = clientAnswer(result.message as string | undefined, result.details);
        return {
          ...m,
          result: { error: 'app', message: answer.message, details: answer.details },
        };
      }),
    };
  }
  if ('message' in r && typeof r.kind === 'string') {
    // PushFailed / TransformFailed: keep the kind, reason and ids zero-cache needs.
    console.error(`zero: ${r.kind}:`, r.message);
    const { details: _details, ...rest } = r;
    return { ...rest, message: errorMessages.internal };
  }
  return res;
}

/** As sanitizeMutateResponse, for a query response: each failed query keeps parse errors only. */
function sanitizeQueryResponse(res: unknown): unknown {
  if (typeof res !== 'object' || res === null) return res;
  const r = res as Record<string, unknown>;
  if (r.kind === 'QueryResponse' && Array.isArray(r.queries)) {
    return {
      ...r,
      queries: (r.queries as Record<string, unknown>[]).map((q) => {
        if (q.error === undefined || q.error === 'parse') return q;
        const code = codeOf(q.details);
        if (code && OUR_CODES.has(code)) return q;
        console.error('zero query: failed:', q.message);
        const { details: _details, ...rest } = q;
        return { ...rest, message: errorMessages.internal };
      }),
    };
  }
  return sanitizeMutateResponse(res);
}

/**
 * This stack's app and shard: the mutate handler writes to `<appID>_<shard>`,
 * so anything else is refused before it reaches a statement.
 */
const zeroParams = z.looseObject({
  schema: z.literal(ZERO_UPSTREAM_SCHEMA),
  appID: z.literal(ZERO_APP_ID),
});

/**
 * A push (an object) or query (an array) request; Zero's handlers check its
 * shape. Its values are not walked here: the edge has bounded how deep it
 * nests (api/edge.ts boundedNesting).
 */
const zeroBody = z.custom<ReadonlyJSONValue>(
  (v) => typeof v === 'object' && v !== null,
  requestMessages.badBody,
);

/**
 * A body Zero's own parser refused (PushFailed or TransformFailed with reason
 * `parse`) did not come from zero-cache as it is: 400 in the API's error
 * shape, like any other malformed request, instead of a 200 describing it.
 */
function refuseUnparsed(res: unknown) {
  if (typeof res !== 'object' || res === null) return;
  const r = res as { kind?: unknown; reason?: unknown; message?: unknown };
  if ((r.kind === 'PushFailed' || r.kind === 'TransformFailed') && r.reason === 'parse') {
    throw appError('invalid', requestMessages.badBody);
  }
}

const keyParam = z.object({
  key: z.string().regex(/^[\w-]{1,64}$/, 'This is not the key of a change.'),
});

/** GET /answers/{key}: only the caller's own changes; another's key reads as not refused. */
export function answerRoutes(deps: { db: Db }) {
  return new Hono<AppEnv>().get(
    '/answers/:key',
    signedIn(deps),
    valid('param', keyParam),
    async (c) => {
      const answer = await answerOf(deps.db, c.var.session.auth.userID, c.req.valid('param').key);
      c.header('cache-control', 'no-store');
      return c.json(answer);
    },
  );
}

/**
 * zero-cache forwards the browser's cookie (ZERO_*_FORWARD_COOKIES) to these
 * endpoints; the session it names decides `ctx`. No session → 401, which puts
 * the client in `needs-auth` until it reconnects after signing in.
 */
export function zeroRoutes(deps: ChangeDeps & { db: Db; zdb: ZeroDb }) {
  return new Hono<AppEnv>()
    .route('/', answerRoutes(deps))
    .post('/query', signedIn(deps), valid('json', zeroBody), async (c) => {
      const ctx = c.var.session.auth;
      const res = await handleQueryRequest({
        handler: (name, args) => mustGetQuery(queries, name).fn({ args, ctx }),
        schema,
        body: c.req.valid('json'),
        query: new URL(c.req.url).searchParams,
        userID: ctx.userID,
      });
      refuseUnparsed(res);
      return c.json(sanitizeQueryResponse(res) as Record<string, unknown>);
    })
    .post(
      '/mutate',
      signedIn(deps),
      valid('query', zeroParams, zeroEndpointMessages.badParams),
      valid('json', zeroBody),
      async (c) => {
        const ctx = c.var.session.auth;
        // What the committed changes left for after their commit (their server halves).
        const later: AfterCommit[] = [];
        // Each refusal of an outbox change is kept where the outbox can ask for
        // it, in the transaction that records it (api/zero/answers.ts).
        const ledger = new PushLedger(ctx.userID, (e) => clientAnswer(e.message, e.details));
        const res = await handleMutateRequest({
          // A database that could not be reached is waited for, and never
          // recorded as the change's answer (pushDatabase).
          dbProvider: pushDatabase(deps.zdb, { ledger }),
          handler: (transact, mutation) => {
            const key = mutationKey(mutation.clientID, mutation.id);
            const changeKey = outboxKeyOf(mutation.args[0]);
            if (changeKey) ledger.keys.set(key, changeKey);
            const refuse = (e: ApplicationError) => {
              ledger.refused.set(key, e);
              return e;
            };
            // The edge's rule for Zero: one mutation with a control character is
            // refused on its own (a refused push would hold up the client's queue).
            if (hasControlCharacters(mutation.args)) {
              throw refuse(appError('invalid', edgeMessages.controlCharacters));
            }
            const change = changeNamed(mutation.name);
            if (!change) throw refuse(appError('invalid', zeroEndpointMessages.noSuchChange));
            const mine: AfterCommit[] = [];
            const committed = transact(async (tx, name, args) => {
              try {
                const parsed = change.args.safeParse(args);
                if (!parsed.success) {
                  throw appError(
                    'invalid',
                    parsed.error.issues[0]?.message ?? requestMessages.badBody,
                  );
                }
                mine.length = 0;
                await applyServerChange(deps, change, tx, ctx, parsed.data, mine);
                // Sent again and landed this time: an earlier refusal of it no longer stands.
                if (changeKey && (args as { replayed?: unknown } | undefined)?.replayed === true) {
                  await forgetRefusals(tx, ctx.userID, changeKey);
                }
              } catch (e) {
                // Our refusals pass as they are; arguments its schema refuses are
                // `invalid` with the schema's first message. Anything else (a
                // database error quotes its statement and parameters) is logged
                // here and becomes a code and a message: Zero stores the result it
                // is given and replicates it to the client.
                if (isApplicationError(e)) throw e;
                // The database went away mid-change: not an answer, tried again (pushDatabase).
                if (databaseUnavailable(e)) throw e;
                // A connection cut mid-statement can surface as any error: when
                // the database does not answer now, it was the database's.
                if (!(await databaseAnswers(deps.db))) throw new DatabaseUnreachable(e);
                console.error(`zero mutate: ${name} failed:`, e);
                throw appError('internal');
              }
            });
            // Answered with an error, the change rolled back: its half's after-work is dropped.
            return committed.then((res) => {
              if (!('error' in res.result)) later.push(...mine);
              return res;
            });
          },
          body: c.req.valid('json'),
          query: new URL(c.req.url).searchParams,
          userID: ctx.userID,
          // Zero warns, with a stack, at every refusal: those are our answers, not
          // faults. Real failures are logged above.
          logLevel: 'error',
        });
        refuseUnparsed(res);
        // Not awaited: the client's answer does not wait for a mail or a file store.
        void runLater(later);
        return c.json(sanitizeMutateResponse(res) as Record<string, unknown>);
      },
    );
}
