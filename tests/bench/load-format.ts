/** How the load benches (tests/bench/load.ts, tests/bench/org-report.ts) print their figures. */

export const fmtMs = (ms: number) =>
  !Number.isFinite(ms) ? '—' : ms >= 999.5 ? `${(ms / 1000).toFixed(2)} s` : `${ms.toFixed(0)} ms`;
/** Small times, to a hundredth of a millisecond. */
export const fmtMs2 = (ms: number) => (Number.isFinite(ms) ? `${ms.toFixed(2)} ms` : '—');
export const fmtMb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MB`;
export const fmtPct = (p: number) => `${p.toFixed(0)} %`;
export const ratio = (a: number, b: number) =>
  Number.isFinite(a) && Number.isFinite(b) && b > 0 ? a / b : Number.NaN;
export const fmtRatio = (r: number) => (Number.isFinite(r) ? `${r.toFixed(2)}x` : '—');

export function row(cells: string[], widths: number[]) {
  return cells.map((c, i) => c.padEnd(widths[i] ?? 12)).join(' ');
}

/** What went wrong in a step, by kind (counts). */
export type StepErrors = {
  neverSynced: number;
  /** Errors the clients logged, e.g. a connection attempt that timed out. */
  client: number;
  connection: number;
  reconnect: number;
  query: number;
  refusedWrites: number;
  unacknowledgedWrites: number;
  /** Writes some client that held the library had not after 30 s. */
  missedWrites: number;
};

/** A step's errors in a few words ('0' when none). */
export function describeErrors(r: { errors: StepErrors }): string {
  const e = r.errors;
  const parts = [
    e.neverSynced && `${e.neverSynced} never synced`,
    e.client && `${e.client} client errors`,
    e.connection && `${e.connection} connection`,
    e.reconnect && `${e.reconnect} reconnects`,
    e.query && `${e.query} query`,
    e.refusedWrites && `${e.refusedWrites} refused`,
    e.unacknowledgedWrites && `${e.unacknowledgedWrites} unacked`,
    e.missedWrites && `${e.missedWrites} missed`,
  ].filter(Boolean);
  return parts.length ? parts.join(', ') : '0';
}
