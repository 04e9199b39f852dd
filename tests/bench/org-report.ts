/**
 * What `npm run bench:org` (tests/bench/load.ts, LOAD_SHAPE=org) prints: per
 * step, each write rate's figures, ours beside the bare control, their ratio,
 * and the issue's targets.
 */

import type { Phase, StepResult } from './load.ts';
import {
  describeErrors,
  fmtMb,
  fmtMs,
  fmtMs2,
  fmtPct,
  fmtRatio,
  ratio,
  row,
} from './load-format.ts';

/** The rate the targets are set at (writes a second, the provider's all together). */
export const TARGET_RATE = 10;

function describeScreens(r: StepResult): string {
  if (r.app === 'bare') {
    const home = r.mix.home ?? 0;
    return `${r.clients - home} library clients, ${home} home clients`;
  }
  const devices = r.mix['Decision Maker'] ?? 0;
  const home = r.mix.home ?? 0;
  const levels = Object.entries(r.mix).filter(([k]) => k !== 'Decision Maker' && k !== 'home');
  const inSession = levels.reduce((a, [, v]) => a + v, 0);
  return `${devices} people's own devices (each writes), ${inSession} supporters in session (${levels.map(([k, v]) => `${v} ${k}`).join(', ')}), ${home} supporters on their home`;
}

const phaseAt = (r: StepResult | undefined, rate: number): Phase | undefined =>
  r?.phases.find((p) => p.rate === rate);

export function printOrgStep(n: number, results: StepResult[]) {
  const ours = results.find((r) => r.app === 'ours');
  const bare = results.find((r) => r.app === 'bare');
  const first = ours ?? bare;
  if (!first) return;
  console.log(
    `\n${first.clients} clients (load average ${first.loadAverage.toFixed(1)} at the start; step ${n})`,
  );
  for (const r of [ours, bare]) {
    if (r) console.log(`  ${r.app === 'ours' ? 'ours' : 'control'}: ${describeScreens(r)}`);
  }
  const widths = [6, 22, 22, 14, 20, 24, 18, 30, 16];
  console.log(
    row(
      [
        '  W/s',
        'ours p50 / p99',
        'control p50 / p99',
        'ratio',
        'ack p99 ours / ctl',
        'zero-cache ms/write (x)',
        'Postgres ms/write',
        'ours: advances/write, mean, CVR',
        'missed o / c',
      ],
      widths,
    ),
  );
  for (const p of first.phases) {
    const o = phaseAt(ours, p.rate);
    const c = phaseAt(bare, p.rate);
    const lat = (x: Phase | undefined) =>
      x ? `${fmtMs(x.writeToLastClient.p50)} / ${fmtMs(x.writeToLastClient.p99)}` : '—';
    const g = o?.groups;
    console.log(
      row(
        [
          `  ${p.rate}`,
          lat(o),
          lat(c),
          o && c
            ? `${fmtRatio(ratio(o.writeToLastClient.p50, c.writeToLastClient.p50))} / ${fmtRatio(ratio(o.writeToLastClient.p99, c.writeToLastClient.p99))}`
            : '—',
          `${fmtMs(o?.writerAck.p99 ?? Number.NaN)} / ${fmtMs(c?.writerAck.p99 ?? Number.NaN)}`,
          `${(o?.cpuMsPerWrite.zeroCache ?? Number.NaN).toFixed(1)} / ${(c?.cpuMsPerWrite.zeroCache ?? Number.NaN).toFixed(1)} (${fmtRatio(ratio(o?.cpuMsPerWrite.zeroCache ?? Number.NaN, c?.cpuMsPerWrite.zeroCache ?? Number.NaN))})`,
          `${(o?.cpuMsPerWrite.postgres ?? Number.NaN).toFixed(1)} / ${(c?.cpuMsPerWrite.postgres ?? Number.NaN).toFixed(1)}`,
          g && o
            ? `${(g.advances / o.writes).toFixed(0)}, ${fmtMs2(g.advanceMs)}, ${fmtMs2(g.cvrFlushMs)}`
            : '—',
          `${o?.missed ?? '—'} / ${c?.missed ?? '—'}`,
        ],
        widths,
      ).trimEnd(),
    );
  }
  for (const r of [ours, bare]) {
    if (!r) continue;
    const who = r.app === 'ours' ? 'ours' : 'control';
    const z = r.memory.zeroCache;
    const at = phaseAt(r, TARGET_RATE) ?? r.phases.at(-1);
    console.log(
      `  ${who}: synced in ${fmtMs(r.syncMs)} (${r.synced}/${r.clients}); errors ${describeErrors(r)}; ` +
        `zero-cache memory idle ${fmtMb(z.idle)}, peak ${fmtMb(z.peak)}, after leaving ${fmtMb(z.afterLeave)}; ` +
        `Postgres peak ${fmtMb(r.memory.postgres.peak)}; ` +
        `load generator event-loop delay p99 ${fmtMs(r.clientLoopDelay.p99)}, max ${fmtMs(r.clientLoopDelay.max)}; ` +
        (at
          ? `at ${at.rate}/s CPU zero-cache ${fmtPct(at.cpu.zeroCache)}, Postgres ${fmtPct(at.cpu.postgres)}, API ${fmtPct(at.cpu.api)}, load generator ${fmtPct(at.cpu.clients)}, machine ${fmtPct(at.cpu.machine)} of 200 %`
          : ''),
    );
    for (const d of r.errors.details) console.log(`    ${who}: ${d}`);
  }
}

/** The issue's targets, at TARGET_RATE, step by step. */
export function orgTargets(all: StepResult[]): string[] {
  const verdict = (ok: boolean) => (ok ? 'met' : 'NOT met');
  const lines: string[] = [];
  for (const o of all.filter((r) => r.app === 'ours')) {
    const c = all.find((r) => r.app === 'bare' && r.clients === o.clients);
    const op = phaseAt(o, TARGET_RATE);
    const cp = phaseAt(c, TARGET_RATE);
    if (!op) continue;
    const p99 = op.writeToLastClient.p99;
    lines.push(
      `${o.clients} clients at ${TARGET_RATE}/s: write to every open screen p99 ≤ 1 s: ${fmtMs(p99)}, ${verdict(p99 <= 1000 && op.missed === 0)}`,
    );
    if (!cp) continue;
    const r50 = ratio(op.writeToLastClient.p50, cp.writeToLastClient.p50);
    const r99 = ratio(p99, cp.writeToLastClient.p99);
    const cpu = ratio(op.cpuMsPerWrite.zeroCache, cp.cpuMsPerWrite.zeroCache);
    lines.push(
      `  ≤ 1.3x the control at p50 and p99: ${fmtRatio(r50)} / ${fmtRatio(r99)}, ${verdict(r50 <= 1.3 && r99 <= 1.3)}; ` +
        `write to last client ≤ 1.5x: ${verdict(r50 <= 1.5 && r99 <= 1.5)}; ` +
        `zero-cache CPU a write ≤ 1.3x: ${op.cpuMsPerWrite.zeroCache.toFixed(1)} vs ${cp.cpuMsPerWrite.zeroCache.toFixed(1)} ms, ${fmtRatio(cpu)}, ${verdict(cpu <= 1.3)}`,
    );
  }
  return lines;
}

/** docs/bench/org.md's table: a row a step and rate. */
export function orgMarkdown(all: StepResult[]): string[] {
  const lines = [
    '| clients | W/s | ours p50 / p99 | control p50 / p99 | ratio p50 / p99 | writer ack p99 ours / control | zero-cache CPU ms a write ours / control | Postgres CPU ms a write ours / control | ours: group advances a write, mean advance, CVR flush | missed ours / control | load generator CPU | machine busy |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
  ];
  for (const o of all.filter((r) => r.app === 'ours')) {
    const c = all.find((r) => r.app === 'bare' && r.clients === o.clients);
    for (const op of o.phases) {
      const cp = phaseAt(c, op.rate);
      const lat = (x: Phase | undefined) =>
        x ? `${fmtMs(x.writeToLastClient.p50)} / ${fmtMs(x.writeToLastClient.p99)}` : '—';
      const ms = (x: number | undefined) => (x === undefined ? '—' : x.toFixed(1));
      const g = op.groups;
      lines.push(
        `| ${o.clients} | ${op.rate} | ${lat(op)} | ${lat(cp)} | ${cp ? `${fmtRatio(ratio(op.writeToLastClient.p50, cp.writeToLastClient.p50))} / ${fmtRatio(ratio(op.writeToLastClient.p99, cp.writeToLastClient.p99))}` : '—'} | ${fmtMs(op.writerAck.p99)} / ${cp ? fmtMs(cp.writerAck.p99) : '—'} | ${ms(op.cpuMsPerWrite.zeroCache)} / ${ms(cp?.cpuMsPerWrite.zeroCache)} | ${ms(op.cpuMsPerWrite.postgres)} / ${ms(cp?.cpuMsPerWrite.postgres)} | ${g ? `${(g.advances / op.writes).toFixed(0)}, ${fmtMs2(g.advanceMs)}, ${fmtMs2(g.cvrFlushMs)}` : '—'} | ${op.missed} / ${cp?.missed ?? '—'} | ${fmtPct(op.cpu.clients)} | ${fmtPct(op.cpu.machine)} |`,
      );
    }
  }
  return lines;
}
