/**
 * zero-cache's own figures, for `npm run bench:load`: a small OTLP/HTTP (JSON)
 * metrics receiver that zero-cache's workers export to (ZERO_METRICS_URL;
 * zero-cache starts OpenTelemetry's SDK when an exporter is named). Its
 * metrics are cumulative per worker process, so the figures of a phase are the
 * difference of two snapshots.
 *
 * The ones read (zero-cache 1.9, `zero-cache/src/services/view-syncer`):
 * - `zero.sync.advance-time`: one client group advanced past one replicated
 *   transaction (all its queries), in seconds;
 * - `zero.sync.ivm.advance-time`: the IVM part of that, per change;
 * - `zero.sync.cvr.flush-time`: a client view record written back;
 * - `zero.sync.pipeline-resets`: a group's pipelines rebuilt (a reset costs a
 *   re-hydration);
 * - `zero.sync.poke.time`: a poke sent to a client.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

type Point = { count: number; sum: number; value: number };
/** A snapshot: per metric name, the totals over every worker and attribute set. */
export type MetricTotals = Map<string, Point>;

type Attr = { key: string; value?: Record<string, unknown> };
type DataPoint = {
  attributes?: Attr[];
  count?: number | string;
  sum?: number;
  asInt?: number | string;
  asDouble?: number;
};
type Metric = {
  name: string;
  histogram?: { dataPoints?: DataPoint[] };
  exponentialHistogram?: { dataPoints?: DataPoint[] };
  sum?: { dataPoints?: DataPoint[] };
};
type Export = {
  resourceMetrics?: {
    resource?: { attributes?: Attr[] };
    scopeMetrics?: { metrics?: Metric[] }[];
  }[];
};

const attrKey = (attrs: Attr[] | undefined) =>
  JSON.stringify(
    (attrs ?? [])
      .map((a) => [a.key, a.value])
      .sort(([a], [b]) => String(a).localeCompare(String(b))),
  );

/** A point's attributes as text: OTLP/JSON gives each value as `{ stringValue }`, `{ intValue }`, ... */
const attrMap = (attrs: Attr[] | undefined) =>
  new Map(
    (attrs ?? []).map((a) => [a.key, String(Object.values(a.value ?? {})[0] ?? '')] as const),
  );

export type MetricsReceiver = {
  /** The URL to give zero-cache for `app` (each app's figures are kept apart). */
  urlFor(app: string): string;
  /**
   * The totals `app`'s zero-cache has reported so far; with `where`, only
   * of the points whose attributes say so (`{ operation: 'mutate' }`).
   */
  snapshot(app: string, where?: Record<string, string>): MetricTotals;
  /** Resolves once every worker of `app` has reported again (or after `timeoutMs`). */
  fresh(app: string, timeoutMs: number): Promise<void>;
  stop(): Promise<void>;
};

export async function startMetricsReceiver(): Promise<MetricsReceiver> {
  /** app -> (worker, metric, attributes) -> the latest cumulative point. */
  const latest = new Map<
    string,
    Map<string, { name: string; attrs: Map<string, string>; point: Point }>
  >();
  /** app -> worker -> when it last reported. */
  const reported = new Map<string, Map<string, number>>();
  const server: Server = createServer((req, res) => {
    const app = /^\/([\w-]+)\/v1\/metrics$/.exec(req.url ?? '')?.[1];
    if (req.method !== 'POST' || !app) {
      res.writeHead(404).end();
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      try {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Export;
        const points = latest.get(app) ?? new Map();
        latest.set(app, points);
        const seen = reported.get(app) ?? new Map<string, number>();
        reported.set(app, seen);
        for (const rm of body.resourceMetrics ?? []) {
          const worker = attrKey(rm.resource?.attributes);
          seen.set(worker, Date.now());
          for (const sm of rm.scopeMetrics ?? []) {
            for (const m of sm.metrics ?? []) {
              const dps =
                m.histogram?.dataPoints ?? m.exponentialHistogram?.dataPoints ?? m.sum?.dataPoints;
              for (const dp of dps ?? []) {
                points.set(`${worker}|${m.name}|${attrKey(dp.attributes)}`, {
                  name: m.name,
                  attrs: attrMap(dp.attributes),
                  point: {
                    count: Number(dp.count ?? 0),
                    sum: Number(dp.sum ?? 0),
                    value: Number(dp.asInt ?? dp.asDouble ?? 0),
                  },
                });
              }
            }
          }
        }
        res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      } catch {
        res.writeHead(400).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    urlFor: (app) => `http://127.0.0.1:${port}/${app}/v1/metrics`,
    snapshot(app, where) {
      const totals: MetricTotals = new Map();
      const wanted = Object.entries(where ?? {});
      for (const { name, attrs, point } of latest.get(app)?.values() ?? []) {
        if (wanted.some(([k, v]) => attrs.get(k) !== v)) continue;
        const t = totals.get(name) ?? { count: 0, sum: 0, value: 0 };
        t.count += point.count;
        t.sum += point.sum;
        t.value += point.value;
        totals.set(name, t);
      }
      return totals;
    },
    async fresh(app, timeoutMs) {
      const asked = Date.now();
      const until = asked + timeoutMs;
      const behind = () => [...(reported.get(app)?.values() ?? [])].some((t) => t <= asked);
      // Nothing ever reported (no receiver configured for it): nothing to wait for.
      if ((reported.get(app)?.size ?? 0) === 0) return;
      while (behind()) {
        if (Date.now() > until) return;
        await new Promise((r) => setTimeout(r, 100));
      }
    },
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** What one phase cost zero-cache, from two snapshots of its totals. */
export type GroupFigures = {
  /** Client groups advanced past a transaction. */
  advances: number;
  /** Mean time of one of those (ms). */
  advanceMs: number;
  /** Mean IVM time of one change through one group's queries (ms). */
  ivmAdvanceMs: number;
  /** CVR flushes, and the mean time of one (ms). */
  cvrFlushes: number;
  cvrFlushMs: number;
  /** Pipeline resets (each re-hydrates a group's queries). */
  pipelineResets: number;
  /** Pokes sent, and the mean time of one (ms). */
  pokes: number;
  pokeMs: number;
};

/** What one metric added between two snapshots. */
export function metricDelta(before: MetricTotals, after: MetricTotals, name: string): Point {
  const a = after.get(name) ?? { count: 0, sum: 0, value: 0 };
  const b = before.get(name) ?? { count: 0, sum: 0, value: 0 };
  return { count: a.count - b.count, sum: a.sum - b.sum, value: a.value - b.value };
}

/** A histogram's mean in ms (zero-cache's are in seconds). */
export const meanMs = (d: { count: number; sum: number }) =>
  d.count > 0 ? (d.sum / d.count) * 1000 : Number.NaN;

export function groupFigures(before: MetricTotals, after: MetricTotals): GroupFigures {
  const delta = (name: string) => metricDelta(before, after, name);
  const advance = delta('zero.sync.advance-time');
  const ivm = delta('zero.sync.ivm.advance-time');
  const flush = delta('zero.sync.cvr.flush-time');
  const poke = delta('zero.sync.poke.time');
  return {
    advances: advance.count,
    advanceMs: meanMs(advance),
    ivmAdvanceMs: meanMs(ivm),
    cvrFlushes: flush.count,
    cvrFlushMs: meanMs(flush),
    pipelineResets: delta('zero.sync.pipeline-resets').value,
    pokes: poke.count,
    pokeMs: meanMs(poke),
  };
}
