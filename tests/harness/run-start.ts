import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { processStat } from '../../api/dev/stragglers.mjs';
import { projectRoot } from '../../api/dev/web-build.ts';

export type StartProcess = {
  child: ChildProcess;
  output: () => string;
  /** Resolves with the exit code (the runner's, also when its output goes to a reader). */
  exited: Promise<number | null>;
  waitForOutput: (re: RegExp, timeoutMs: number) => Promise<string>;
};

export type StartOptions = {
  /**
   * A shell command reading the runner's output through a pipe, as in
   * `npm start | head`, e.g. `sed -u '/^Ready in/q'`, which leaves after that line.
   */
  reader?: string;
  /**
   * A process group of its own, as a terminal's job has: `process.kill(-child.pid,
   * 'SIGHUP')` is then what closing the terminal does.
   */
  ownGroup?: boolean;
  /** Through `npm start` itself (npm, then its shell, tsx and the runner), as a person starts it. */
  npm?: boolean;
};

/** Runs `npm start`'s entry point (api/dev/start.ts) with the given environment. */
export function runStart(env: Record<string, string>, opts: StartOptions = {}): StartProcess {
  const tsx = path.join(projectRoot, 'node_modules/.bin/tsx');
  const [command, args] = opts.npm
    ? ['npm', ['start', '--silent']]
    : opts.reader
      ? ['bash', ['-c', `"$0" api/dev/start.ts | ${opts.reader}; exit "\${PIPESTATUS[0]}"`, tsx]]
      : [tsx, ['api/dev/start.ts']];
  const child = spawn(command, args, {
    cwd: projectRoot,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/root', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: opts.ownGroup ?? false,
  });
  let out = '';
  const listeners = new Set<() => void>();
  const onData = (d: Buffer) => {
    out += d.toString();
    for (const l of listeners) l();
  };
  child.stdout?.on('data', onData);
  child.stderr?.on('data', onData);
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return {
    child,
    output: () => out,
    exited,
    waitForOutput: (re, timeoutMs) =>
      new Promise((resolve, reject) => {
        const check = () => {
          const m = re.exec(out);
          if (m) {
            listeners.delete(check);
            clearTimeout(timer);
            resolve(m[0]);
          }
        };
        const timer = setTimeout(() => {
          listeners.delete(check);
          reject(new Error(`timed out waiting for ${re}; output so far:\n${out}`));
        }, timeoutMs);
        listeners.add(check);
        void exited.then(() => setTimeout(check, 50));
        check();
      }),
  };
}

/** Whether `pid` runs; a zombie (exited, not yet reaped by its new parent) does not. */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  const stat = processStat(pid);
  return stat ? stat.state !== 'Z' : process.platform !== 'linux';
}
