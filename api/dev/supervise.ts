/**
 * Keeps one child process of the stack (Postgres, zero-cache) running:
 * when it dies on its own it is started again after a pause that doubles
 * with each death in a row (1 s, 2 s, 4 s … at most 30 s), back to 1 s once
 * it has stayed up a minute. Each death and each failed start is said in one
 * line; the stack never stops by itself (a care visit goes on, and
 * the server comes back when whatever killed the process is gone).
 */
import { describeFailure } from '../startup-errors.ts';
import { describeExit, type ExitStatus } from './parent-watch.ts';

export type Child = { pid: number; exited: Promise<ExitStatus>; stop: () => Promise<void> };

export type Backoff = { firstMs: number; maxMs: number; stableMs: number };

export const DEFAULT_BACKOFF: Backoff = { firstMs: 1000, maxMs: 30_000, stableMs: 60_000 };

export type Supervised<C extends Child> = {
  /** The process running now (a new one after each restart). */
  current: () => C;
  /** Stops restarting, waits for a start under way, and stops the process. */
  stop: () => Promise<void>;
};

export function supervise<C extends Child>(opts: {
  name: string;
  first: C;
  start: () => Promise<C>;
  log: (line: string) => void;
  /** A new process runs (its pid changed). */
  restarted?: (child: C) => void;
  backoff?: Backoff;
}): Supervised<C> {
  const backoff = opts.backoff ?? DEFAULT_BACKOFF;
  let child = opts.first;
  let startedAt = Date.now();
  let inARow = 0;
  let stopping = false;
  let wake: () => void = () => {};
  let restarting: Promise<void> = Promise.resolve();

  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  const seconds = (ms: number) => (ms < 1000 ? `${ms} ms` : `${Math.round(ms / 100) / 10} s`);
  const nextDelay = () => {
    inARow += 1;
    return Math.min(backoff.maxMs, backoff.firstMs * 2 ** (inARow - 1));
  };

  const watch = (c: C) => {
    void c.exited.then((status) => {
      if (stopping || c !== child) return;
      if (Date.now() - startedAt >= backoff.stableMs) inARow = 0;
      let delay = nextDelay();
      opts.log(
        `${opts.name}: exited unexpectedly (${describeExit(status)}); restarting it in ${seconds(delay)}`,
      );
      restarting = (async () => {
        for (;;) {
          await pause(delay);
          if (stopping) return;
          try {
            const next = await opts.start();
            if (stopping) {
              await next.stop();
              return;
            }
            child = next;
            startedAt = Date.now();
            watch(next);
            opts.restarted?.(next);
            opts.log(`${opts.name}: running again (pid ${next.pid})`);
            return;
          } catch (e) {
            delay = nextDelay();
            opts.log(
              `${opts.name}: could not restart (${describeFailure(e, opts.name)}); trying again in ${seconds(delay)}`,
            );
          }
        }
      })();
    });
  };
  watch(child);

  return {
    current: () => child,
    stop: async () => {
      stopping = true;
      wake();
      await restarting;
      await child.stop();
    },
  };
}
