/**
 * The bare control for `npm run bench`: the smallest Zero 1.9 app
 * that does what the edit bench measures, so that our figure can be printed
 * beside its floor. One table (`bare_item`, 200 rows), one synced query (every
 * row, by id; no permission filter), one custom mutator (set a title; no
 * checks), an HTTP server that answers zero-cache's /query and /mutate with
 * Zero's own handlers and serves one page with a tiny client (no React), and a
 * zero-cache started as the app's own (api/dev/zero-cache.ts).
 *
 * Measured as tests/bench/run.ts's editLatency(): in Debian's Chromium, two
 * browser contexts on the page; the viewer arms a MutationObserver, the editor
 * takes t0 and calls the mutator, the viewer reports when the new title is in
 * its DOM (t1). The first five changes warm up and are not counted.
 */
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import type { Server } from 'node:http';
import path from 'node:path';
import { createAdaptorServer } from '@hono/node-server';
import {
  type AnyQuery,
  createBuilder,
  createSchema,
  defineMutatorsWithType,
  defineMutatorWithType,
  defineQueriesWithType,
  defineQueryWithType,
  type MutatorDefinitions,
  type MutatorRegistry,
  mustGetMutator,
  mustGetQuery,
  type QueryDefinitions,
  type QueryRegistry,
  type Schema,
  string,
  type Transaction,
  table,
} from '@rocicorp/zero';
import { handleMutateRequest, handleQueryRequest } from '@rocicorp/zero/server';
import { zeroPostgresJS } from '@rocicorp/zero/server/adapters/postgresjs';
import { build } from 'esbuild';
import { Hono } from 'hono';
import { chromium } from 'playwright-core';
import postgres from 'postgres';
import { freePort } from '../../api/dev/ports.ts';
import { type EmbeddedPostgresHandle, startEmbeddedPostgres } from '../../api/dev/postgres.ts';
import { projectRoot } from '../../api/dev/web-build.ts';
import { startZeroCache, type ZeroCacheHandle } from '../../api/dev/zero-cache.ts';
import { ensureDatabase } from '../../api/migrate.ts';
import { chromiumArgs } from '../../playwright.config.ts';
import { freePortPair } from '../harness/stack.ts';
import type { MetricsReceiver } from './load-metrics.ts';
import { armObserver } from './observe.ts';
import { type ServersLeg, watchServersLeg } from './servers-leg.ts';
import { summarise } from './stats.ts';
import { type Split, type SplitSummary, splitOf, summariseSplit, wsStamps } from './ws-split.ts';

const ROWS = 200;
const USER_ID = 'bench';
const EDITED_ID = 'item-100';
const WARM_UP = 5;
/**
 * Rows the bare mutator also inserts, into a table no query reads: what a
 * replicated row nobody holds costs zero-cache, as our history and handover
 * rows are beside the preference (BENCH_BARE_SIDE_ROWS; none by default).
 */
const SIDE_ROWS = Number(process.env.BENCH_BARE_SIDE_ROWS ?? 0);

// The bare app, server side. The app's own types are registered as Zero's
// defaults (sync/context.ts, schema/zero-schema.gen.ts), so everything here is
// typed with the *WithType builders rather than the defaults.
const bareItem = table('bare_item').columns({ id: string(), title: string() }).primaryKey('id');
const bareLog = table('bare_log').columns({ id: string(), title: string() }).primaryKey('id');
const bareSchema = createSchema({ tables: [bareItem, bareLog] });
type BareSchema = typeof bareSchema;
const zql = createBuilder(bareSchema);

const defineBareQuery = defineQueryWithType<BareSchema, undefined>();
const bareQueries = defineQueriesWithType<BareSchema>()({
  items: defineBareQuery(() => zql.bare_item.orderBy('id', 'asc')),
});

type SetTitleArgs = { id: string; title: string };
const defineBareMutator = defineMutatorWithType<BareSchema, undefined>();
const bareMutators = defineMutatorsWithType<BareSchema>()({
  setTitle: defineBareMutator(
    async ({ tx, args }: { tx: Transaction<BareSchema>; args: SetTitleArgs; ctx: undefined }) => {
      await tx.mutate.bare_item.update({ id: args.id, title: args.title });
      for (let i = 0; i < SIDE_ROWS; i++) {
        await tx.mutate.bare_log.insert({ id: crypto.randomUUID(), title: args.title });
      }
    },
  ),
});

/**
 * The same app, browser side, as source for esbuild (the client must define the
 * same schema, query and mutator: Zero runs them there too, and matches them by
 * name). Renders each row's title into `<li data-testid="preference-title">`,
 * updating a title in place; `window.__edit(id, title)` runs the mutator and
 * leaves its server result in `window.__last`.
 */
const CLIENT_SOURCE = `
import { Zero, createBuilder, createSchema, defineMutator, defineMutators, defineQueries, defineQuery, string, table } from '@rocicorp/zero';
const bareItem = table('bare_item').columns({ id: string(), title: string() }).primaryKey('id');
const bareLog = table('bare_log').columns({ id: string(), title: string() }).primaryKey('id');
const schema = createSchema({ tables: [bareItem, bareLog] });
const zql = createBuilder(schema);
const queries = defineQueries({ items: defineQuery(() => zql.bare_item.orderBy('id', 'asc')) });
const mutators = defineMutators({
  setTitle: defineMutator(async ({ tx, args }) => {
    await tx.mutate.bare_item.update({ id: args.id, title: args.title });
  }),
});
const zero = new Zero({ cacheURL: __CACHE_URL__, schema, userID: __USER_ID__, kvStore: __KV_STORE__, mutators });
const list = document.getElementById('list');
const items = new Map();
zero.materialize(queries.items()).addListener((rows) => {
  for (const row of rows) {
    let li = items.get(row.id);
    if (!li) {
      li = document.createElement('li');
      li.dataset.testid = 'preference-title';
      items.set(row.id, li);
      list.append(li);
    }
    if (li.textContent !== row.title) li.textContent = row.title;
  }
});
window.__edit = (id, title) => {
  window.__last = zero.mutate(mutators.setTitle({ id, title })).server;
};
`;

const PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Bare Zero control</title></head>
<body><ul id="list"></ul><script type="module" src="/app.js"></script></body></html>`;

async function bundleClient(cacheURL: string, kvStore: 'mem' | 'idb'): Promise<string> {
  const out = await build({
    stdin: {
      contents: CLIENT_SOURCE,
      resolveDir: projectRoot,
      loader: 'js',
      sourcefile: 'bare.js',
    },
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    write: false,
    logLevel: 'error',
    define: {
      __CACHE_URL__: JSON.stringify(cacheURL),
      __USER_ID__: JSON.stringify(USER_ID),
      __KV_STORE__: JSON.stringify(kvStore),
      'process.env.NODE_ENV': JSON.stringify('production'),
    },
  });
  const file = out.outputFiles[0];
  if (!file) throw new Error('esbuild produced no bundle');
  return file.text;
}

/**
 * zero-cache's two endpoints (at the paths startZeroCache gives it) for a bare
 * Zero app: one user, no context, its synced queries by name and its mutators
 * in a Postgres transaction. The edit bench's control serves them, and so does
 * the load bench's (tests/bench/load-bare.ts).
 */
export function bareZeroEndpoints<
  S extends Schema,
  QD extends QueryDefinitions,
  MD extends MutatorDefinitions,
>(app: {
  schema: S;
  queries: QueryRegistry<QD, S>;
  mutators: MutatorRegistry<MD, S>;
  userID: string;
  sql: postgres.Sql;
}) {
  const dbProvider = zeroPostgresJS(app.schema, app.sql);
  // Zero's registry types are the app's (registered defaults); a bare app's are its own.
  const query = (name: string, args: unknown) =>
    (mustGetQuery(app.queries, name) as unknown as AnyQueryFn).fn({ args, ctx: undefined });
  const mutator = (name: string) => mustGetMutator(app.mutators, name) as unknown as AnyMutatorFn;
  return new Hono()
    .post('/api/zero/query', async (c) =>
      Response.json(
        await handleQueryRequest({
          handler: (name, args) => query(name, args),
          schema: app.schema,
          request: c.req.raw,
          userID: app.userID,
        }),
      ),
    )
    .post('/api/zero/mutate', async (c) =>
      Response.json(
        await handleMutateRequest({
          dbProvider,
          handler: (transact) =>
            transact((tx, name, args) => mutator(name).fn({ tx, args, ctx: undefined })),
          request: c.req.raw,
          userID: app.userID,
        }),
      ),
    );
}
type AnyQueryFn = { fn: (o: { args: unknown; ctx: undefined }) => AnyQuery };
type AnyMutatorFn = { fn: (o: { tx: unknown; args: unknown; ctx: undefined }) => Promise<void> };

/** zero-cache's endpoints and the page. */
function bareApp(sql: postgres.Sql, script: string) {
  return bareZeroEndpoints({
    schema: bareSchema,
    queries: bareQueries,
    mutators: bareMutators,
    userID: USER_ID,
    sql,
  })
    .get('/', (c) => c.html(PAGE))
    .get('/app.js', (c) => c.body(script, 200, { 'content-type': 'text/javascript' }));
}

/** As window.__seen, but gives up after 10 s (a broken control must not hang the bench). */
const SEEN = `Promise.race([window.__seen, new Promise((_, reject) => setTimeout(() => reject(new Error('the change never reached the viewer')), 10000))])`;

type FetchHandler = Parameters<typeof createAdaptorServer>[0]['fetch'];

function listen(server: Server, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
}

function close(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}

export type BareBackend = {
  /** The app's HTTP server (zero-cache's endpoints and whatever else `app` serves). */
  url: string;
  zeroUrl: string;
  databaseUrl: string;
  /** Postgres's postmaster and zero-cache's main process, for the load bench's readings. */
  pids: { postgres: number; zeroCache: number };
  stop: () => Promise<void>;
};

/**
 * The server side of a bare Zero app, shared by the edit bench's control and
 * the load bench's (tests/bench/load.ts): an embedded Postgres cluster of its
 * own in `.data/bench-bare-*` (`setup` creates and fills its tables), an HTTP
 * server for zero-cache's /api/zero/query and /api/zero/mutate made by `app`,
 * and a zero-cache with one sync worker, as the app's stack has. `stop()`
 * stops all of it and deletes the cluster; a failed start cleans up too.
 */
export async function startBareBackend(opts: {
  setup: (sql: postgres.Sql) => Promise<void>;
  app: (sql: postgres.Sql, zeroUrl: string) => Promise<{ fetch: FetchHandler }>;
  log?: (line: string) => void;
  /** zero-cache's sync workers: 1 unless said otherwise, as the app's stack has. */
  syncWorkers?: number;
  /** Where its zero-cache sends its OpenTelemetry metrics, as the app's stack can (ZERO_METRICS_URL). */
  metrics?: { url: string; intervalMs: number };
  /** zero-cache's malloc library (ZERO_MALLOC_LIBRARY), as the app's stack has. */
  mallocLibrary?: string | undefined;
}): Promise<BareBackend> {
  await mkdir(path.join(projectRoot, '.data'), { recursive: true });
  const dir = await mkdtemp(path.join(projectRoot, '.data', 'bench-bare-'));
  const cleanups: Array<() => Promise<unknown>> = [() => rm(dir, { recursive: true, force: true })];
  const stop = async () => {
    for (const fn of cleanups.reverse()) {
      await fn().catch((e: unknown) => console.error('bare control: clean-up failed:', e));
    }
    cleanups.length = 0;
  };
  try {
    const pg: EmbeddedPostgresHandle = await startEmbeddedPostgres({
      dataDir: dir,
      port: await freePort(),
    });
    cleanups.push(() => pg.stop());
    const databaseUrl = pg.url('bare');
    await ensureDatabase(databaseUrl);
    const sql = postgres(databaseUrl, { max: 4, onnotice: () => {} });
    cleanups.push(() => sql.end());
    await opts.setup(sql);

    const port = await freePort();
    const zeroPort = await freePortPair();
    const zeroUrl = `http://localhost:${zeroPort}`;
    const server = createAdaptorServer({ fetch: (await opts.app(sql, zeroUrl)).fetch }) as Server;
    await listen(server, port);
    cleanups.push(() => close(server));

    const zeroCache: ZeroCacheHandle = await startZeroCache({
      upstreamDb: databaseUrl,
      port: zeroPort,
      apiUrl: `http://127.0.0.1:${port}`,
      dataDir: path.join(dir, 'zero'),
      numSyncWorkers: opts.syncWorkers ?? 1,
      mallocLibrary: opts.mallocLibrary,
      metrics: opts.metrics,
      logLevel: 'error',
      production: false,
      ...(opts.log ? { log: opts.log } : {}),
    });
    cleanups.push(() => zeroCache.stop());
    return {
      url: `http://localhost:${port}`,
      zeroUrl,
      databaseUrl,
      pids: { postgres: pg.pid, zeroCache: zeroCache.pid },
      stop,
    };
  } catch (e) {
    await stop();
    throw e;
  }
}

export async function bareEditLatency(opts: {
  iterations: number;
  /** The client's store: `mem` (default) as the brief's bare app; the app itself uses `idb`. */
  kvStore?: 'mem' | 'idb';
  log?: (line: string) => void;
  /** Where its zero-cache reports its figures: then the servers leg is taken apart too. */
  metrics?: MetricsReceiver;
}): Promise<{
  p50: number;
  p95: number;
  max: number;
  n: number;
  split: SplitSummary;
  serversLeg: ServersLeg | undefined;
}> {
  const cleanups: Array<() => Promise<unknown>> = [];
  const cleanUp = async () => {
    for (const fn of cleanups.reverse()) {
      await fn().catch((e: unknown) => console.error('bare control: clean-up failed:', e));
    }
  };
  try {
    const backend = await startBareBackend({
      setup: async (sql) => {
        await sql`create table bare_item (id text primary key, title text not null)`;
        await sql`create table bare_log (id text primary key, title text not null)`;
        const rows = Array.from({ length: ROWS }, (_, i) => ({
          id: `item-${String(i).padStart(3, '0')}`,
          title: `Item ${i}`,
        }));
        await sql`insert into bare_item ${sql(rows)}`;
      },
      app: async (sql, zeroUrl) => bareApp(sql, await bundleClient(zeroUrl, opts.kvStore ?? 'mem')),
      ...(opts.log ? { log: opts.log } : {}),
      ...(opts.metrics ? { metrics: { url: opts.metrics.urlFor('bare'), intervalMs: 1000 } } : {}),
    });
    cleanups.push(() => backend.stop());

    const browser = await chromium.launch({
      executablePath: '/usr/bin/chromium',
      args: chromiumArgs,
    });
    cleanups.push(() => browser.close());
    const [ctxA, ctxB] = await Promise.all([browser.newContext(), browser.newContext()]);
    if (!ctxA || !ctxB) throw new Error('no contexts');
    for (const c of [ctxA, ctxB]) await c.addInitScript(wsStamps);
    const editor = await ctxA.newPage();
    const viewer = await ctxB.newPage();
    const url = `${backend.url}/`;
    const allRows = `document.querySelectorAll('[data-testid="preference-title"]').length === ${ROWS}`;
    for (const page of [viewer, editor]) {
      page.on('pageerror', (e) => opts.log?.(`bare page error: ${e.message}`));
      await page.goto(url);
      await page.waitForFunction(allRows, undefined, { timeout: 30_000 });
    }

    const samples: number[] = [];
    const splits: Split[] = [];
    let leg: Awaited<ReturnType<typeof watchServersLeg>> | undefined;
    for (let i = 0; i < opts.iterations + WARM_UP; i++) {
      if (i === WARM_UP && opts.metrics) leg = await watchServersLeg(opts.metrics, 'bare');
      const title = `Bare title #${i} ${Date.now()}`;
      // Arm the observer in the viewer first, then change in the editor.
      // Strings, not functions: tsx's keepNames would inject a helper the page lacks.
      await viewer.evaluate(armObserver(title));
      const t0 = Number(
        await editor.evaluate(
          `(() => { const t = performance.timeOrigin + performance.now(); window.__edit(${JSON.stringify(EDITED_ID)}, ${JSON.stringify(title)}); return t; })()`,
        ),
      );
      const t1 = Number(await viewer.evaluate(SEEN));
      if (!Number.isFinite(t1)) throw new Error('viewer observer missing');
      if (i >= WARM_UP) samples.push(t1 - t0);
      const split = i >= WARM_UP ? await splitOf(editor, viewer, t0, t1) : undefined;
      if (split) splits.push(split);
      // As run.ts waits for "Saved": the server has confirmed the change.
      const result = (await editor.evaluate('window.__last')) as { type?: string } | undefined;
      if (result?.type !== 'success') {
        throw new Error(`the bare mutator failed: ${JSON.stringify(result)}`);
      }
    }
    const serversLeg = await leg?.end();
    return { ...summarise(samples), split: summariseSplit(splits), serversLeg };
  } finally {
    await cleanUp();
  }
}
