/**
 * Stands between the runner and one of its children (Postgres, zero-cache) so
 * that the child cannot outlive the runner: the runner starts it with an IPC
 * channel, and when that channel closes, because the runner asked for a stop
 * (it disconnects) or because it died (even of SIGKILL, when no handler of its
 * own runs), this stops the child with its stop signals and their grace times.
 * Plain JavaScript, so that Node runs it without tsx; started by parent-watch.ts.
 *
 * argv[2] is JSON: { command, args, uid?, gid?, stopSignals: [[signal, graceMs], …], marker? }.
 * It tells the runner its child's pid ({ pid }). When the child exits, it kills
 * what is left in its own process group (the child's forks) and whatever still
 * carries `marker` in its environment (zero-cache's workers live in sessions
 * of their own), then exits as its child did, signal included.
 */
import { spawn } from 'node:child_process';
import { constants } from 'node:os';
import { killGroup, killStragglers } from './stragglers.mjs';

const spec = JSON.parse(process.argv[2] ?? '{}');
const ids = spec.uid === undefined ? {} : { uid: spec.uid, gid: spec.gid };

// The child writes straight into the runner's pipes; it runs as `uid` (Postgres
// as the postgres user when the runner is root), this process as the runner's
// user, which may signal it.
const child = spawn(spec.command, spec.args, { ...ids, stdio: ['ignore', 'inherit', 'inherit'] });

let stopping = false;
function stop() {
  if (stopping) return;
  stopping = true;
  let after = 0;
  for (const [signal, graceMs] of spec.stopSignals) {
    setTimeout(() => child.kill(signal), after);
    after += graceMs;
  }
}

child.on('spawn', () => {
  if (process.connected) process.send?.({ pid: child.pid });
});
child.on('error', (e) => {
  console.error(`could not start: ${e.message}`);
  process.exit(127);
});
child.on('exit', async (code, signal) => {
  // What the child forked and left behind: in this watch's process group
  // (Postgres's backends outlive a killed postmaster for a while), or, having
  // left it, carrying the marker (zero-cache's workers).
  await killGroup(process.pid);
  if (spec.marker) await killStragglers(spec.marker);
  if (signal) {
    // Die of the same signal, so the runner sees what the child saw.
    process.removeAllListeners(signal);
    process.kill(process.pid, signal);
  }
  process.exit(code ?? 128 + (signal ? constants.signals[signal] : 0));
});

process.on('disconnect', stop);
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, stop);
