/**
 * The bare control alone (tests/bench/bare-control.ts), launched as
 * `npm run bench` launches run.ts: `npx tsx tests/bench/bare-control-cli.ts`
 * (npx puts the project's Node 22 first on the PATH). BENCH_ITERATIONS
 * (default 100); BENCH_BARE_KVSTORE=idb gives the client IndexedDB, as the app
 * has; BENCH_VERBOSE=1 prints zero-cache's log and page errors.
 */
import { bareEditLatency } from './bare-control.ts';
import { fmt } from './stats.ts';

const iterations = Number(process.env.BENCH_ITERATIONS ?? 100);
const kvStore = process.env.BENCH_BARE_KVSTORE === 'idb' ? 'idb' : 'mem';
const r = await bareEditLatency({
  iterations,
  kvStore,
  ...(process.env.BENCH_VERBOSE ? { log: (line: string) => console.log(line) } : {}),
});
console.log(
  `bare edit: p50 ${fmt(r.p50)}, p95 ${fmt(r.p95)}, max ${fmt(r.max)} (n=${r.n}, kvStore ${kvStore}); p50 editor ${fmt(r.split.editor)}, servers ${fmt(r.split.servers)}, poke ${fmt(r.split.poke)}, viewer ${fmt(r.split.viewer)}`,
);
