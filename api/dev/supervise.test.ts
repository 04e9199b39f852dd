import { describe, expect, test } from 'vitest';
import type { ExitStatus } from './parent-watch.ts';
import { type Child, supervise } from './supervise.ts';

/** A pretend child process: `die()` ends it as a crash would. */
function fakeChild(pid: number) {
  let die: (s: ExitStatus) => void = () => {};
  const exited = new Promise<ExitStatus>((resolve) => {
    die = resolve;
  });
  let stopped = false;
  const child: Child & { die: () => void; stopped: () => boolean } = {
    pid,
    exited,
    stop: async () => {
      stopped = true;
      die({ code: 0, signal: null });
    },
    die: () => die({ code: null, signal: 'SIGKILL' }),
    stopped: () => stopped,
  };
  return child;
}

const tick = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('supervise: a child that dies is started again', () => {
  test('the pause doubles while it keeps dying, up to the most; each death and restart is one line', async () => {
    const lines: string[] = [];
    let next = 1;
    const children = [fakeChild(next)];
    const s = supervise({
      name: 'zero-cache',
      first: children[0] as ReturnType<typeof fakeChild>,
      start: async () => {
        const c = fakeChild(++next);
        children.push(c);
        return c;
      },
      log: (l) => lines.push(l),
      backoff: { firstMs: 10, maxMs: 40, stableMs: 10_000 },
    });
    for (let i = 0; i < 4; i++) {
      (children.at(-1) as ReturnType<typeof fakeChild>).die();
      await tick(120);
    }
    expect(lines).toEqual([
      'zero-cache: exited unexpectedly (signal SIGKILL); restarting it in 10 ms',
      'zero-cache: running again (pid 2)',
      'zero-cache: exited unexpectedly (signal SIGKILL); restarting it in 20 ms',
      'zero-cache: running again (pid 3)',
      'zero-cache: exited unexpectedly (signal SIGKILL); restarting it in 40 ms',
      'zero-cache: running again (pid 4)',
      'zero-cache: exited unexpectedly (signal SIGKILL); restarting it in 40 ms',
      'zero-cache: running again (pid 5)',
    ]);
    expect(s.current().pid).toBe(5);
    await s.stop();
    expect((children.at(-1) as ReturnType<typeof fakeChild>).stopped()).toBe(true);
  });

  test('a failed start is tried again after a longer pause; after a stable run the pause is short again', async () => {
    const lines: string[] = [];
    let failures = 2;
    let next = 1;
    const first = fakeChild(1);
    let latest = first;
    const s = supervise({
      name: 'postgres',
      first,
      start: async () => {
        if (failures-- > 0) throw new Error('the port is taken');
        latest = fakeChild(++next);
        return latest;
      },
      log: (l) => lines.push(l),
      backoff: { firstMs: 10, maxMs: 1000, stableMs: 100 },
    });
    first.die();
    await tick(150);
    expect(lines).toEqual([
      'postgres: exited unexpectedly (signal SIGKILL); restarting it in 10 ms',
      'postgres: could not restart (postgres: the port is taken); trying again in 20 ms',
      'postgres: could not restart (postgres: the port is taken); trying again in 40 ms',
      'postgres: running again (pid 2)',
    ]);
    // Up longer than stableMs: the next death waits the shortest pause again.
    await tick(150);
    latest.die();
    await tick(50);
    expect(lines.at(-2)).toBe(
      'postgres: exited unexpectedly (signal SIGKILL); restarting it in 10 ms',
    );
    expect(lines.at(-1)).toBe('postgres: running again (pid 3)');
    await s.stop();
  });

  test('stopping during a pause starts nothing and stops the child running', async () => {
    let started = 0;
    const first = fakeChild(1);
    const s = supervise({
      name: 'zero-cache',
      first,
      start: async () => {
        started += 1;
        return fakeChild(2);
      },
      log: () => {},
      backoff: { firstMs: 60_000, maxMs: 60_000, stableMs: 60_000 },
    });
    first.die();
    await tick(10);
    const t0 = Date.now();
    await s.stop();
    expect(Date.now() - t0).toBeLessThan(1000);
    expect(started).toBe(0);
  });
});
