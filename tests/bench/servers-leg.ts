/**
 * The servers leg of one edit, taken apart from zero-cache's own figures
 * (its OpenTelemetry metrics, tests/bench/load-metrics.ts), for `npm run
 * bench` (run.ts for ours, bare-control.ts for the bare app):
 *
 * - the push: zero-cache's request to the API's mutate endpoint, from the
 *   request to its answer (the API's transaction and Postgres's commit are
 *   inside it);
 * - replicated: what zero-cache replicates of each edit, in changed rows;
 * - from the commit to the clients: zero-cache's end-to-end serving lag,
 *   from Postgres's commit time (carried by replication) to the poke's end,
 *   once for each client group;
 * - in each group: its advance past the edit (of which the IVM), its CVR
 *   flush and its poke.
 *
 * The frames of the pages (ws-split.ts) give the rest: the push leaving the
 * editor, and the first frame of the editor's and the viewer's pokes. The
 * figures are means over the edits of one phase: metrics are totals.
 */
import { type MetricsReceiver, meanMs, metricDelta } from './load-metrics.ts';
import { fmt } from './stats.ts';

export type ServersLeg = {
  /** Pushes zero-cache forwarded to the API in the phase. */
  pushes: number;
  /** Mean of one, request to answer (ms). */
  apiMutateMs: number;
  /** Rows zero-cache replicated per replicated transaction, and transactions per push. */
  rowsPerTransaction: number;
  transactionsPerPush: number;
  /** Mean commit-to-poke-end time of a client group (ms), and such observations per push. */
  commitToPokedMs: number;
  servedPerPush: number;
  /** Mean time of one group's advance, and of its IVM per change (ms); advances per push. */
  advanceMs: number;
  ivmMs: number;
  advancesPerPush: number;
  /** Mean CVR flush (ms), and flushes per push. */
  cvrFlushMs: number;
  flushesPerPush: number;
  /** Mean poke (ms), and pokes per push. */
  pokeMs: number;
  pokesPerPush: number;
};

const per = (n: number, of: number) => (of > 0 ? n / of : Number.NaN);

/** Starts watching `app`'s figures: `end()` gives the servers leg of what ran in between. */
export async function watchServersLeg(receiver: MetricsReceiver, app: string) {
  const snap = async () => {
    // Every worker must have reported since the moment asked (they report each interval).
    await receiver.fresh(app, 15_000);
    return { all: receiver.snapshot(app), mutate: receiver.snapshot(app, { operation: 'mutate' }) };
  };
  const before = await snap();
  return {
    async end(): Promise<ServersLeg> {
      const after = await snap();
      const d = (name: string) => metricDelta(before.all, after.all, `zero.${name}`);
      const api = metricDelta(before.mutate, after.mutate, 'zero.server.api.request_duration');
      const pushes = api.count;
      const transactions = d('replication.transactions').value;
      const served = d('sync.e2e_serving_lag');
      const advance = d('sync.advance-time');
      const flush = d('sync.cvr.flush-time');
      const poke = d('sync.poke.time');
      return {
        pushes,
        apiMutateMs: meanMs(api),
        rowsPerTransaction: per(d('replication.changes').value, transactions),
        transactionsPerPush: per(transactions, pushes),
        commitToPokedMs: meanMs(served),
        servedPerPush: per(served.count, pushes),
        advanceMs: meanMs(advance),
        ivmMs: meanMs(d('sync.ivm.advance-time')),
        advancesPerPush: per(advance.count, pushes),
        cvrFlushMs: meanMs(flush),
        flushesPerPush: per(flush.count, pushes),
        pokeMs: meanMs(poke),
        pokesPerPush: per(poke.count, pushes),
      };
    },
  };
}

/** The servers leg as lines of the bench's report, ours beside the bare app's. */
export function serversLegLines(ours: ServersLeg, bare: ServersLeg | undefined): string[] {
  const n = (x: number, digits = 1) => (Number.isFinite(x) ? x.toFixed(digits) : 'n/a');
  const ms = (x: number) => (Number.isFinite(x) ? fmt(x) : 'n/a');
  const both = (f: (s: ServersLeg) => string) => `${f(ours)}${bare ? ` / ${f(bare)}` : ''}`;
  return [
    `  the servers leg from zero-cache's own figures, means over ${ours.pushes}${bare ? ` / ${bare.pushes}` : ''} edits, ours / bare:`,
    `    push to the API and its answer (transaction and commit inside): ${both((s) => ms(s.apiMutateMs))}`,
    `    replicated: ${both((s) => n(s.rowsPerTransaction))} rows a transaction, ${both((s) => n(s.transactionsPerPush, 2))} transactions an edit`,
    `    commit to a group's poke end: ${both((s) => ms(s.commitToPokedMs))} (${both((s) => n(s.servedPerPush, 2))} groups served an edit)`,
    `    a group's advance: ${both((s) => ms(s.advanceMs))} (${both((s) => n(s.advancesPerPush, 2))} an edit), of which IVM a change ${both((s) => ms(s.ivmMs))}`,
    `    its CVR flush: ${both((s) => ms(s.cvrFlushMs))} (${both((s) => n(s.flushesPerPush, 2))} an edit); its poke: ${both((s) => ms(s.pokeMs))} (${both((s) => n(s.pokesPerPush, 2))} an edit)`,
  ];
}
