import { mustGetMutator, mustGetQuery } from '@rocicorp/zero';
import { handleMutateRequest, handleQueryRequest } from '@rocicorp/zero/server';
import { Hono } from 'hono';
import { schema } from '../../schema/zero-schema.gen.ts';
import { queries } from '../../sync/queries.ts';
import { sessionFromRequest } from '../auth/sessions.ts';
import type { Db } from '../db.ts';
import { jsonError } from '../errors.ts';
import type { ZeroDb } from './db-provider.ts';
import { serverMutators } from './server-mutators.ts';

/**
 * zero-cache forwards the browser's cookie (ZERO_*_FORWARD_COOKIES) to these
 * endpoints; the session it names decides `ctx`. No session → 401, which puts
 * the client in `needs-auth` until it reconnects after signing in.
 */
export function zeroRoutes(deps: { db: Db; zdb: ZeroDb }) {
  const dbProvider = deps.zdb;
  const app = new Hono();

  app.post('/query', async (c) => {
    const who = await sessionFromRequest(deps.db, c.req.raw.headers);
    if (!who)
      return jsonError(c, 401, 'unauthenticated', 'You must be logged in to view this page');
    const ctx = who.auth;
    return c.json(
      await handleQueryRequest({
        handler: (name, args) => mustGetQuery(queries, name).fn({ args, ctx }),
        schema,
        request: c.req.raw,
        userID: ctx.userID,
      }),
    );
  });

  app.post('/mutate', async (c) => {
    const who = await sessionFromRequest(deps.db, c.req.raw.headers);
    if (!who)
      return jsonError(c, 401, 'unauthenticated', 'You must be logged in to view this page');
    const ctx = who.auth;
    return c.json(
      await handleMutateRequest({
        dbProvider,
        handler: (transact) =>
          transact((tx, name, args) => mustGetMutator(serverMutators, name).fn({ tx, args, ctx })),
        request: c.req.raw,
        userID: ctx.userID,
      }),
    );
  });

  return app;
}
