import { spawn } from 'node:child_process';
import type { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { killGroup, killStragglers, processStat } from './stragglers.mjs';

const wrapper = fileURLToPath(new URL('./parent-watch.mjs', import.meta.url));

export type ExitStatus = { code: number | null; signal: NodeJS.Signals | null };

/** `code 1` or `signal SIGKILL`, for the runner's one line. */
export function describeExit({ code, signal }: ExitStatus): string {
  return signal ? `signal ${signal}` : `code ${code}`;
}

export type WatchedOptions = {
  command: string;
  args: string[];
  env?: NodeJS.ProcessEnv;
  uid?: number;
  gid?: number;
  /** How to stop the child: each signal in turn, the next after the grace time if it still runs. */
  stopSignals: Array<[NodeJS.Signals, number]>;
  /** An environment entry every process of the child carries: killed, all of them, when it exits. */
  marker?: string;
};

export type WatchedChild = {
  /** The child's own pid (not its watch's), or -1 when it never started. */
  pid: Promise<number>;
  stdout: Readable;
  stderr: Readable;
  /** How the child exited, once it and (with a marker) every process of it are gone. */
  exited: Promise<ExitStatus>;
  /** Stops the child as its watch does when this process dies; resolves once it has exited. */
  stop: () => Promise<ExitStatus>;
};

/**
 * Starts `command` under a parent watch (parent-watch.mjs): if this process
 * dies, SIGKILL included, the child is stopped within its grace times rather
 * than left running. The watch is detached (a process group of its own), so a
 * terminal's Ctrl-C or hang-up reaches only the runner, which stops its
 * children in order.
 */
export function spawnWatched(opts: WatchedOptions): WatchedChild {
  const { env, ...spec } = opts;
  const watch = spawn(process.execPath, [wrapper, JSON.stringify(spec)], {
    ...(env ? { env } : {}),
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  /** The child, as the watch reported it: its pid and when it started (pids are reused). */
  let child: { pid: number; startedAt: string | undefined } | undefined;
  const pid = new Promise<number>((resolve) => {
    watch.on('message', (m: unknown) => {
      if (typeof m === 'object' && m !== null && 'pid' in m && typeof m.pid === 'number') {
        child = { pid: m.pid, startedAt: startTimeOf(m.pid) };
        resolve(m.pid);
      }
    });
    watch.on('exit', () => resolve(-1));
    watch.on('error', () => resolve(-1));
  });
  const exited = new Promise<ExitStatus>((resolve) => {
    watch.on('exit', (code, signal) => {
      // The watch ends after its child, unless it was itself killed: then its
      // child runs on, parentless. It is stopped here as the watch would have
      // (the stack starts it again as after any death), so that nothing is
      // left running and its port is free for the next one.
      const orphan = child;
      void (async () => {
        if (
          orphan &&
          orphan.startedAt !== undefined &&
          startTimeOf(orphan.pid) === orphan.startedAt
        ) {
          await stopOrphan(orphan.pid, orphan.startedAt, opts.stopSignals);
        }
        // What the child forked is in the watch's process group (and, having
        // left it, carries the marker).
        if (watch.pid !== undefined) await killGroup(watch.pid);
        if (opts.marker) await killStragglers(opts.marker);
        resolve({ code, signal });
      })();
    });
    // The watch could not start (then it emits no exit).
    watch.on('error', () => resolve({ code: 127, signal: null }));
  });
  // Both are pipes (stdio above); the types cannot tell with an IPC channel among them.
  const { stdout, stderr } = watch;
  if (!stdout || !stderr) throw new Error('parent watch: no output pipes');
  return {
    pid,
    stdout,
    stderr,
    exited,
    stop: () => {
      if (watch.connected) watch.disconnect();
      return exited;
    },
  };
}

/**
 * When `pid` started, or undefined when it no longer runs (or is a zombie):
 * with the pid, it names one process, not whichever later gets the same pid.
 */
function startTimeOf(pid: number): string | undefined {
  const stat = processStat(pid);
  return stat && stat.state !== 'Z' ? stat.startTime : undefined;
}

/** Stops a child whose watch died: its stop signals in turn, each after the last one's grace. */
async function stopOrphan(
  pid: number,
  startedAt: string,
  stopSignals: Array<[NodeJS.Signals, number]>,
) {
  const runs = () => startTimeOf(pid) === startedAt;
  for (const [signal, graceMs] of stopSignals) {
    if (!runs()) return;
    try {
      process.kill(pid, signal);
    } catch {
      return; // gone
    }
    const until = Date.now() + Math.max(graceMs, 1_000);
    while (runs() && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
  }
}
