/**
 * The runner ends with the command that started it. `npm start` is two
 * processes above the runner: npm, and tsx (the script `exec`s it, so that the
 * shell npm runs it in becomes tsx: a shell waiting on a command passes no
 * signal on, and npm sends SIGINT and SIGTERM only to its child). A SIGKILL to
 * either reaches nobody else: the runner would serve on under PID 1 with every
 * port held, and the next `npm start` would fail on them. So the runner
 * watches those processes and stops the stack, as after Ctrl-C, when one of
 * them is gone (ADR 042).
 */
import { readFileSync } from 'node:fs';
import { processStat } from './stragglers.mjs';

export type Proc = { pid: number; startTime: string };

/** Whether `pid` runs its own environment with npm's mark of a script (`npm_lifecycle_event`). */
function inNpmScript(pid: number): boolean {
  try {
    return readFileSync(`/proc/${pid}/environ`, 'utf8')
      .split('\0')
      .some((e) => e.startsWith('npm_lifecycle_event='));
  } catch {
    return false;
  }
}

/**
 * The processes above `pid` that belong to the command that started it: its
 * parent, and, while an ancestor runs inside an npm script (tsx, the shell),
 * the next one up, up to npm itself. Linux /proc only; elsewhere the list is
 * empty.
 */
export function commandOf(pid: number): Proc[] {
  const chain: Proc[] = [];
  let at = processStat(pid)?.ppid ?? 0;
  while (at > 1) {
    const stat = processStat(at);
    if (!stat) break;
    chain.push({ pid: at, startTime: stat.startTime });
    if (!inNpmScript(at)) break;
    at = stat.ppid;
  }
  return chain;
}

/** Whether `p` still runs: the same process (pids are reused), not a zombie. */
export function stillRuns(p: Proc): boolean {
  const stat = processStat(p.pid);
  return stat !== undefined && stat.state !== 'Z' && stat.startTime === p.startTime;
}

/**
 * Whether the runner `pid` has lost its command: started by npm or tsx, and
 * now parentless (under PID 1) or under a command part of which has gone. A
 * runner of an earlier version, stopped through npm, was left so.
 */
export function orphaned(pid: number): boolean {
  const chain = commandOf(pid);
  if (chain.length === 0) return true;
  const top = chain[chain.length - 1];
  return top !== undefined && inNpmScript(top.pid) && (processStat(top.pid)?.ppid ?? 1) <= 1;
}

/**
 * Calls `gone` (once) when a process of this runner's command is no longer
 * there, checking every `everyMs`. Returns the stop of the watch.
 */
export function watchOwnCommand(gone: (p: Proc) => void, everyMs = 500): () => void {
  const chain = commandOf(process.pid);
  const timer = setInterval(() => {
    const lost = chain.find((p) => !stillRuns(p));
    if (lost) {
      clearInterval(timer);
      gone(lost);
    }
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}

/** Whether `pid` is a runner (this file's entry, api/dev/start.ts). */
function isRunner(pid: number): boolean {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').includes('api/dev/start.ts');
  } catch {
    return false;
  }
}

export type LeftBehind = { pid: number; url: string | undefined; stopped: boolean };

/**
 * A runner an earlier `npm start` left on the same data (its state file,
 * api/dev/start.ts, names it). One that has lost its command is stopped, as
 * Ctrl-C would (SIGKILL after `graceMs`: its parent watches then stop the
 * rest); one whose command still runs (another terminal) is left alone and
 * named, `stopped: false`. Undefined when there is none.
 */
export async function stopLeftBehind(
  stateFile: string,
  graceMs = 20_000,
): Promise<LeftBehind | undefined> {
  let state: { pid?: unknown; url?: unknown };
  try {
    state = JSON.parse(readFileSync(stateFile, 'utf8'));
  } catch {
    return undefined;
  }
  const pid = typeof state.pid === 'number' ? state.pid : 0;
  if (pid <= 1 || pid === process.pid || !isRunner(pid)) return undefined;
  const url = typeof state.url === 'string' ? state.url : undefined;
  if (!orphaned(pid)) return { pid, url, stopped: false };
  const startTime = processStat(pid)?.startTime ?? '';
  const runner = { pid, startTime };
  process.kill(pid, 'SIGTERM');
  const until = Date.now() + graceMs;
  while (stillRuns(runner) && Date.now() < until) await new Promise((r) => setTimeout(r, 200));
  if (stillRuns(runner)) {
    process.kill(pid, 'SIGKILL');
    while (stillRuns(runner)) await new Promise((r) => setTimeout(r, 100));
  }
  return { pid, url, stopped: true };
}
