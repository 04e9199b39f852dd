/**
 * A client process of the load bench (tests/bench/load.ts), forked by it so
 * that hundreds of Zero clients do not share an event loop with the API and
 * the bench. It hosts viewers (`open`) or writers (`writer`), each a Node Zero
 * client with an in-memory store and a storage key of its own (so a client
 * group of its own), and reports over IPC:
 *
 * - a viewer subscribes to what the library screen subscribes to
 *   (web/routes/people.$personId.preferences.index.tsx: the library's rows,
 *   its categories, the people it names, the page title's person; a supporter
 *   also their link, their own person row and the support header's session),
 *   or, in the control, to the bare table's one query; a listener on the
 *   library's rows reports when the client first holds each write;
 * - a writer holds the row it edits (the edit screen's query), calls the real
 *   mutator on a schedule, and reports each write's t0 and when its `.server`
 *   promise resolved.
 *
 * A viewer that jumps from write 3 to write 5 (zero-cache may fold changes
 * into one poke) has had write 4 as well: it counts for both, at that time.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import {
  type Connection,
  type MutatorResultDetails,
  type TypedView,
  Zero,
  type ZeroOptions,
} from '@rocicorp/zero';
import { mutators } from '../../sync/mutators.ts';
import { queries } from '../../sync/queries.ts';
import { zeroClient } from '../harness/clients.ts';
import { BARE_USER_ID, bareLoadMutators, bareLoadQueries, bareLoadSchema } from './load-bare.ts';
import type { Signed } from './load-data.ts';
import {
  type FromClient,
  now,
  type PlannedWrite,
  type Problem,
  parseTag,
  type Target,
  type ToClient,
  taggedTitle,
  type ViewerSpec,
} from './load-protocol.ts';

/** LOAD_VIEW=rows (tests/bench/load.ts): a viewer holds the library's rows and nothing else. */
const ROWS_ONLY = process.env.LOAD_VIEW === 'rows';

function send(m: FromClient) {
  process.send?.(m);
}

// The bench gone (finished, failed or killed): nothing here may outlive it.
process.on('disconnect', () => process.exit(0));

type Rows = readonly { id: string; title: string }[];
type AnyZero = { close: () => Promise<void> };

/**
 * What a client logs: its errors (a connection attempt that timed out, a push
 * that failed) count as problems, one line each, instead of pages of output;
 * warnings (slow materialisations, hundreds a step under load) are dropped.
 */
const logSink: NonNullable<ZeroOptions['logSink']> = {
  log(level: string, _context: unknown, ...args: unknown[]) {
    if (level !== 'error') return;
    const text = args
      .map((a) => (typeof a === 'string' ? a : a instanceof Error ? a.message : JSON.stringify(a)))
      .join(' ');
    problem('client', text);
  },
};
const logLevel = 'error';

type OurZero = ReturnType<typeof zeroClient>;

/** Our app's client, as the tests make it (tests/harness/clients.ts), quieter. */
function ourZero(zeroUrl: string, who: Signed): OurZero {
  return zeroClient(zeroUrl, who, { logLevel, logSink });
}

/**
 * The control's client. Zero's types are the app's (its schema and context
 * are registered as Zero's defaults, sync/context.ts), so this one is typed
 * by hand: the calls the bench makes, nothing more.
 */
type BareClient = {
  connection: Connection;
  materialize(
    q:
      | ReturnType<typeof bareLoadQueries.library>
      | ReturnType<typeof bareLoadQueries.libraryOf>
      | ReturnType<typeof bareLoadQueries.recentOf>,
  ): TypedView<Rows>;
  mutate(m: ReturnType<typeof bareLoadMutators.setTitle>): {
    server: Promise<MutatorResultDetails>;
  };
  close(): Promise<void>;
};

function bareZero(zeroUrl: string): BareClient {
  const options = {
    cacheURL: zeroUrl,
    schema: bareLoadSchema,
    userID: BARE_USER_ID,
    storageKey: crypto.randomUUID(),
    kvStore: 'mem',
    mutators: bareLoadMutators,
    logLevel,
    logSink,
  };
  return new Zero(
    options as unknown as ConstructorParameters<typeof Zero>[0],
  ) as unknown as BareClient;
}

/** Connection trouble: any fatal state, and every reconnect after the first connection. */
function watchConnection(zero: { connection: Connection }) {
  let connected = false;
  zero.connection.state.subscribe((state) => {
    if (state.name === 'connected') connected = true;
    else if (state.name === 'connecting' && connected) problem('reconnect', state.reason ?? '');
    else if (state.name === 'error' || state.name === 'disconnected') {
      problem('connection', `${state.name}: ${state.reason}`);
    } else if (state.name === 'needs-auth') {
      problem('connection', `needs-auth: ${JSON.stringify(state.reason)}`);
    }
  });
}

function problem(kind: Problem, detail: string) {
  send({ type: 'problem', kind, detail: detail.slice(0, 300) });
}

// ---------------------------------------------------------------------------
// Viewers
// ---------------------------------------------------------------------------

type Viewer = {
  zero: AnyZero;
  synced: boolean;
  counted: boolean;
  /** The rows it watches, by id: the targets of its own library. */
  watch: Map<string, number>;
  /** The writer it also is (its own writes do not count as seen). */
  writes?: number | undefined;
  /** Per writer, the last write this client has had. */
  seenMax: number[];
};

let step = '';
let targets: Target[] = [];
let viewers: Viewer[] = [];
const loopDelay = monitorEventLoopDelay({ resolution: 10 });
const pendingSynced: number[] = [];
/** `${w}:${k}` -> [count, last, first] since the last flush. */
const pendingSeen = new Map<string, [number, number, number]>();

function markSynced(v: Viewer, t: number) {
  if (v.synced) return;
  v.synced = true;
  pendingSynced.push(t);
}

function sawRows(v: Viewer, rows: Rows | undefined, resultType: string) {
  if (!rows) return;
  const t = now();
  let present = 0;
  for (const row of rows) {
    const w = v.watch.get(row.id);
    if (w === undefined) continue;
    present++;
    const tag = parseTag(row.title);
    if (!v.counted || !tag || tag.step !== step || tag.w !== w || w === v.writes) continue;
    const from = v.seenMax[w] ?? 0;
    for (let k = from + 1; k <= tag.k; k++) {
      const key = `${w}:${k}`;
      const had = pendingSeen.get(key);
      if (had) {
        had[0]++;
        had[1] = Math.max(had[1], t);
        had[2] = Math.min(had[2], t);
      } else pendingSeen.set(key, [1, t, t]);
    }
    if (tag.k > from) v.seenMax[w] = tag.k;
  }
  if (resultType === 'complete' && present === v.watch.size) markSynced(v, t);
}

/** A viewer that also writes: ready once it holds its row, as the edit screen would. */
function becomeWriter(v: Viewer, w: number, write: Writer['write']) {
  const target = targets[w];
  if (!target) throw new Error(`no target for writer ${w}`);
  writers.set(w, { zero: v.zero, write, target, step, own: false });
  send({ type: 'writer-ready', w });
}

function openViewer(spec: ViewerSpec): Viewer {
  const library = spec.libraryId;
  const v: Viewer = {
    zero: { close: async () => {} },
    synced: false,
    counted: false,
    watch: new Map(
      spec.screen === 'home'
        ? []
        : targets.flatMap((t, w) =>
            library === undefined || t.libraryId === library ? [[t.id, w] as const] : [],
          ),
    ),
    writes: spec.writes,
    seenMax: [],
  };
  const listen = <T>(view: TypedView<T>, rowsOf?: (data: T) => Rows | undefined) => {
    view.addListener((data, resultType, error) => {
      if (resultType === 'error') problem('query', JSON.stringify(error ?? {}));
      if (rowsOf) sawRows(v, rowsOf(data as T), resultType);
      if (spec.writes !== undefined && v.synced && !writers.has(spec.writes)) {
        const w = spec.writes;
        const id = targets[w]?.id ?? '';
        becomeWriter(v, w, (title) =>
          spec.app === 'bare'
            ? (v.zero as BareClient).mutate(bareLoadMutators.setTitle({ id, title })).server
            : (v.zero as OurZero).mutate(mutators.preference.update({ id, title })).server,
        );
      }
    });
  };
  /** Home: synced once its first query is whole (it watches no row). */
  const home = <T>(view: TypedView<T>) => {
    view.addListener((_data, resultType, error) => {
      if (resultType === 'error') problem('query', JSON.stringify(error ?? {}));
      if (resultType === 'complete') markSynced(v, now());
    });
  };
  if (spec.app === 'bare') {
    const zero = bareZero(spec.zeroUrl);
    v.zero = zero;
    watchConnection(zero);
    if (spec.libraryId === undefined) {
      listen(zero.materialize(bareLoadQueries.library()), (rows) => rows);
    } else if (spec.screen === 'home') {
      home(zero.materialize(bareLoadQueries.recentOf({ personId: spec.libraryId })));
    } else {
      listen(
        zero.materialize(bareLoadQueries.libraryOf({ personId: spec.libraryId })),
        (rows) => rows,
      );
    }
    return v;
  }
  const zero = ourZero(spec.zeroUrl, spec.who);
  v.zero = zero;
  watchConnection(zero);
  const personId = spec.libraryId;
  const me = spec.who.personId;
  if (spec.screen === 'home') {
    // A supporter's home outside a session (web/routes/people.$personId.supporting.index.tsx):
    // what changed for the people they support, and who those people are.
    home(zero.materialize(queries.handover.changes({})));
    listen(zero.materialize(queries.circle.supported({ personId: me })));
    listen(zero.materialize(queries.person.readable()));
    listen(zero.materialize(queries.person.byId({ personId: me })));
    return v;
  }
  // As web/hooks/use-library-queries.ts chooses them.
  if (spec.supporting) {
    const { level, sessionId } = spec.supporting;
    listen(
      zero.materialize(queries.preference.supported({ personId, level })),
      (person) => person?.preferences,
    );
    if (ROWS_ONLY) return v;
    listen(zero.materialize(queries.category.supported({ personId, level })));
    listen(zero.materialize(queries.circle.myLink({ personId })));
    listen(zero.materialize(queries.person.byId({ personId: me })));
    listen(zero.materialize(queries.supportSession.byId({ id: sessionId })));
  } else {
    listen(zero.materialize(queries.preference.list({ personId })), (rows) => rows);
    if (ROWS_ONLY) return v;
    listen(zero.materialize(queries.category.forLibrary({ personId })));
  }
  listen(zero.materialize(queries.person.readable()));
  listen(zero.materialize(queries.person.byId({ personId })));
  return v;
}

function flush() {
  if (pendingSynced.length > 0) send({ type: 'synced', times: pendingSynced.splice(0) });
  if (pendingSeen.size > 0) {
    const items: Array<[number, number, number, number, number]> = [];
    for (const [key, [count, last, first]] of pendingSeen) {
      const [w, k] = key.split(':').map(Number);
      items.push([w ?? 0, k ?? 0, count, last, first]);
    }
    pendingSeen.clear();
    send({ type: 'seen', items });
  }
}
setInterval(flush, 200).unref();

// ---------------------------------------------------------------------------
// Writers
// ---------------------------------------------------------------------------

type Writer = {
  zero: AnyZero;
  write: (
    title: string,
  ) => Promise<{ type: 'success' } | { type: 'error'; error: { message: string } }>;
  target: Target;
  step: string;
  /** A client of its own (closed with the writers), not a viewer that also writes. */
  own: boolean;
};

const writers = new Map<number, Writer>();

/** A writer is ready once it holds the row it edits, as the edit screen does. */
function openWriter(m: Extract<ToClient, { type: 'writer' }>): Promise<Writer> {
  const { spec, target } = m;
  return new Promise((resolve) => {
    const ready = (zero: AnyZero, write: Writer['write']) =>
      resolve({ zero, write, target, step: m.step, own: true });
    if (spec.app === 'bare') {
      const zero = bareZero(spec.zeroUrl);
      watchConnection(zero);
      const view = zero.materialize(bareLoadQueries.library());
      const stop = view.addListener((rows, resultType) => {
        if (resultType !== 'complete' || !rows.some((r) => r.id === target.id)) return;
        stop();
        ready(
          zero,
          (title) => zero.mutate(bareLoadMutators.setTitle({ id: target.id, title })).server,
        );
      });
      return;
    }
    const zero = ourZero(spec.zeroUrl, spec.who);
    watchConnection(zero);
    const view = zero.materialize(
      queries.preference.byId({ personId: spec.libraryId, id: target.id }),
    );
    const stop = view.addListener((row, resultType) => {
      if (resultType !== 'complete' || !row) return;
      stop();
      // A form's save also sends `base` (the values it started from); left out
      // here so that one refused write would not make every later one crossed.
      ready(
        zero,
        (title) => zero.mutate(mutators.preference.update({ id: target.id, title })).server,
      );
    });
  });
}

/** Makes, each at its time, the planned writes of the writers this process holds. */
function runWrites(items: PlannedWrite[]) {
  for (const [w, k, at] of items) {
    const writer = writers.get(w);
    if (!writer) continue;
    setTimeout(
      () => {
        const t0 = now();
        const server = writer.write(taggedTitle(writer.target.title, writer.step, w, k));
        send({ type: 'sent', w, k, t0 });
        server.then(
          (r) =>
            send(
              r.type === 'success'
                ? { type: 'wrote', w, k, ack: now() }
                : { type: 'wrote', w, k, ack: now(), error: r.error.message },
            ),
          (e: unknown) => send({ type: 'wrote', w, k, ack: now(), error: String(e) }),
        );
      },
      Math.max(0, at - now()),
    );
  }
}

// ---------------------------------------------------------------------------

process.on('message', (m: ToClient) => {
  switch (m.type) {
    case 'open':
      step = m.step;
      targets = m.targets;
      viewers = m.viewers.map(openViewer);
      break;
    case 'count': {
      const perTarget = targets.map(() => 0);
      for (const v of viewers) {
        v.counted = v.synced;
        if (!v.counted) continue;
        for (const w of v.watch.values())
          if (w !== v.writes) perTarget[w] = (perTarget[w] ?? 0) + 1;
      }
      loopDelay.reset();
      loopDelay.enable();
      send({ type: 'counted', n: viewers.filter((v) => v.counted).length, perTarget });
      break;
    }
    case 'writer':
      void openWriter(m).then((writer) => {
        writers.set(m.w, writer);
        send({ type: 'writer-ready', w: m.w });
      });
      break;
    case 'writes':
      runWrites(m.items);
      break;
    case 'close':
      void (async () => {
        loopDelay.disable();
        flush();
        const ms = (ns: number) => (Number.isFinite(ns) ? ns / 1e6 : 0);
        const stats = {
          p50: ms(loopDelay.percentile(50)),
          p99: ms(loopDelay.percentile(99)),
          max: ms(loopDelay.max),
        };
        const closing = [
          ...viewers.map((v) => v.zero),
          ...[...writers.values()].filter((w) => w.own).map((w) => w.zero),
        ];
        viewers = [];
        writers.clear();
        await Promise.all(closing.map((z) => z.close()));
        send({ type: 'closed', loopDelay: stats });
      })();
      break;
  }
});
