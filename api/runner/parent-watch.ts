import { spawn } from 'node:child_process';
import type { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';

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
  const exited = new Promise<ExitStatus>((resolve) => {
    watch.on('exit', (code, signal) => resolve({ code, signal }));
    // The watch could not start (then it emits no exit).
    watch.on('error', () => resolve({ code: 127, signal: null }));
  });
  const pid = new Promise<number>((resolve) => {
    watch.on('message', (m: unknown) => {
      if (typeof m === 'object' && m !== null && 'pid' in m && typeof m.pid === 'number') {
        resolve(m.pid);
      }
    });
    void exited.then(() => resolve(-1));
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
