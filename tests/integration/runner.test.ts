import { spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { freePort, portIsFree, waitFor } from '../../api/dev/ports.ts';
import { processesWithEnv, processStat } from '../../api/dev/stragglers.mjs';
import { projectRoot } from '../../api/dev/web-build.ts';
import { JEMALLOC } from '../../api/dev/zero-cache.ts';
import { isAlive, runStart, type StartOptions } from '../harness/run-start.ts';

const dirs: string[] = [];
async function tempDataDir() {
  const { mkdir } = await import('node:fs/promises');
  await mkdir(path.join(projectRoot, '.data/test'), { recursive: true });
  const d = await mkdtemp(path.join(projectRoot, '.data/test/runner-'));
  dirs.push(d);
  return d;
}
afterAll(async () => {
  for (const d of dirs) await rm(d, { recursive: true, force: true });
});

/** The parent of `pid`. */
function parentOf(pid: number): number {
  return processStat(pid)?.ppid ?? 0;
}

/** The live children of `pid` (Postgres's backends, of a postmaster). */
function childrenOf(pid: number): number[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map(Number)
    .filter((child) => {
      try {
        return parentOf(child) === pid && isAlive(child);
      } catch {
        return false;
      }
    });
}

function occupy(port: number): Promise<net.Server> {
  return new Promise((resolve) => {
    const s = net.createServer();
    s.listen(port, '127.0.0.1', () => resolve(s));
  });
}

/** Two consecutive free ports for zero-cache. */
async function zeroPorts() {
  for (;;) {
    const p = await freePort();
    if (await portIsFree(p + 1)) return p;
  }
}

/** jemalloc is used where Debian's libjemalloc2 is installed (.ci/run installs it). */
const withJemalloc = existsSync(JEMALLOC);
if (!withJemalloc) {
  console.log(`runner: ${JEMALLOC} is not installed; zero-cache runs on the system allocator here`);
}

describe('npm start: bad configuration and faults', () => {
  test('a bad setting exits non-zero with one line naming the variable', async () => {
    const run = runStart({ PORT: 'abc' });
    expect(await run.exited).toBe(1);
    const lines = run.output().trim().split('\n');
    expect(lines).toEqual(['config: Invalid setting PORT: expected a port number']);
  });

  test('a bad DATABASE_URL names the variable and what it expects', async () => {
    const run = runStart({ DATABASE_URL: 'mysql://nope' });
    expect(await run.exited).toBe(1);
    expect(run.output().trim()).toBe(
      'config: Invalid setting DATABASE_URL: expected a postgres:// or postgresql:// URL',
    );
  });

  test('the API port in use: says which, exits non-zero, starts nothing', async () => {
    const port = await freePort();
    const blocker = await occupy(port);
    try {
      const run = runStart({ PORT: String(port), DATA_DIR: await tempDataDir() });
      expect(await run.exited).toBe(1);
      expect(run.output().trim().split('\n').pop()).toBe(
        `api: port ${port} is already in use (set PORT)`,
      );
    } finally {
      blocker.close();
    }
  });

  test('the Postgres port in use: says which and exits non-zero', async () => {
    const pgPort = await freePort();
    const blocker = await occupy(pgPort);
    try {
      const run = runStart({
        PORT: String(await freePort()),
        PG_PORT: String(pgPort),
        DATA_DIR: await tempDataDir(),
      });
      expect(await run.exited).toBe(1);
      expect(run.output().trim().split('\n').pop()).toBe(
        `postgres: port ${pgPort} is already in use (set PG_PORT or DATABASE_URL)`,
      );
    } finally {
      blocker.close();
    }
  });
});

describe('npm start: the whole stack, and how it stops', () => {
  let dataDir: string;
  let env: Record<string, string>;
  let ports: number[];
  /** Every process of zero-cache, its workers too, carries this in its environment. */
  let replica: string;

  beforeAll(async () => {
    dataDir = await tempDataDir();
    const port = await freePort();
    const zeroPort = await zeroPorts();
    const pgPort = await freePort();
    env = {
      PORT: String(port),
      ZERO_PORT: String(zeroPort),
      PG_PORT: String(pgPort),
      S3_DEV_PORT: String(await freePort()),
      DATA_DIR: dataDir,
      ZERO_NUM_SYNC_WORKERS: '1',
      // Debian's libjemalloc2 where it is installed: zero-cache gives memory back (ADR 025).
      ...(withJemalloc ? { ZERO_MALLOC_LIBRARY: JEMALLOC } : {}),
    };
    ports = [port, zeroPort, zeroPort + 1, pgPort];
    replica = `ZERO_REPLICA_FILE=${path.resolve(dataDir, 'zero', 'replica.db')}`;
  });

  type State = { pid: number; postgres: number; zeroCache: number };
  const readState = async (): Promise<State> =>
    JSON.parse(await readFile(path.join(dataDir, 'stack.json'), 'utf8'));

  /** `npm start` until it is ready, and what it says is running. */
  async function startReady(opts: StartOptions = {}, timeoutMs = 60_000) {
    const run = runStart(env, opts);
    try {
      await run.waitForOutput(/Ready in [\d.]+ s: http:\/\/localhost:\d+/, timeoutMs);
    } catch (e) {
      // A start that was too slow is stopped as a user would stop it, so that
      // what it started does not hold the ports the next test starts on.
      run.child.kill('SIGTERM');
      const stopped = await Promise.race([
        run.exited.then(() => true),
        new Promise<false>((r) => setTimeout(() => r(false), 30_000)),
      ]);
      if (!stopped) run.child.kill('SIGKILL');
      throw e;
    }
    return { run, state: await readState() };
  }

  /**
   * The runner, Postgres, zero-cache and its workers are gone, and their ports
   * free; after a stop by the runner (not a kill) its state file is gone too.
   */
  async function expectAllGone(state: State, { stoppedByRunner = true } = {}) {
    for (const pid of [state.pid, state.postgres, state.zeroCache])
      expect(isAlive(pid)).toBe(false);
    expect(await processesWithEnv(replica)).toEqual([]);
    for (const p of ports) expect(await portIsFree(p)).toBe(true);
    expect(existsSync(path.join(dataDir, 'stack.json'))).toBe(!stoppedByRunner);
  }

  test('starts the whole stack and stops every child on SIGTERM', async () => {
    // The first start builds the web app: on two busy cores that can take minutes.
    const { run, state } = await startReady({}, 240_000);
    expect(state).toMatchObject({ url: `http://localhost:${env.PORT}` });
    expect((await fetch(`http://localhost:${env.PORT}/api/health`)).status).toBe(200);
    expect((await fetch(`http://127.0.0.1:${env.ZERO_PORT}/keepalive`)).status).toBe(200);
    // zero-cache's main process and its workers, each with the allocator it was given.
    const zeroProcesses = await processesWithEnv(replica);
    expect(zeroProcesses.length).toBeGreaterThan(1);
    for (const pid of withJemalloc ? zeroProcesses : []) {
      const maps = await readFile(`/proc/${pid}/maps`, 'utf8').catch(() => '');
      // A process may end between the two reads; a live one must have it.
      if (maps) expect(maps).toContain(JEMALLOC);
    }

    run.child.kill('SIGTERM');
    expect(await run.exited).toBe(0);
    await expectAllGone(state);
  }, 300_000);

  test('a closed output pipe (`npm start | head`) stops every child, even with nothing more to write', async () => {
    // The reader leaves right after the Ready line, and the runner has nothing more to say.
    const { run, state } = await startReady({ reader: "sed -u '/^Ready in/q'" });
    // Second start on the same data: no initdb, no rebuild.
    expect(run.output()).not.toMatch(/Building the web app/);
    expect(await run.exited).toBe(0);
    await expectAllGone(state);
  }, 120_000);

  test('a closed output socket: the next line written (EPIPE) stops every child', async () => {
    const { run, state } = await startReady();
    run.child.stdout?.destroy();
    // Something to say: zero-cache died (the runner would restart it).
    process.kill(state.zeroCache, 'SIGKILL');
    expect(await run.exited).toBe(0);
    await expectAllGone(state);
  }, 120_000);

  test('a hang-up (the terminal closed) stops every child', async () => {
    const { run, state } = await startReady({ ownGroup: true });
    // What closing the terminal does: SIGHUP to every process of the job (npm, tsx, the runner).
    process.kill(-(run.child.pid ?? 0), 'SIGHUP');
    expect(await waitFor(async () => !isAlive(state.pid), { timeoutMs: 60_000 })).toBe(true);
    await expectAllGone(state);
  }, 120_000);

  test('the runner killed (SIGKILL): Postgres, zero-cache and its workers stop within seconds', async () => {
    const { run, state } = await startReady();
    process.kill(state.pid, 'SIGKILL');
    const stopped = await waitFor(
      async () =>
        !isAlive(state.postgres) &&
        !isAlive(state.zeroCache) &&
        (await processesWithEnv(replica)).length === 0,
      { timeoutMs: 10_000 },
    );
    expect(stopped).toBe(true);
    await run.exited;
    await expectAllGone(state, { stoppedByRunner: false });
  }, 120_000);

  /** The processes of `npm start` above the runner: tsx (the shell npm runs the script in, exec'd), then npm. */
  function commandAbove(runner: number) {
    const tsx = parentOf(runner);
    return { tsx, npm: parentOf(tsx) };
  }

  /** Postgres's control file says "shut down" (its state field, 1), not stopped mid-run. */
  async function postgresShutDownCleanly() {
    const control = await readFile(path.join(dataDir, 'pg', 'global', 'pg_control'));
    return control.readInt32LE(16) === 1;
  }

  // An editor's stop button or a process manager signals npm, not the runner;
  // a SIGKILL to npm or tsx reaches nobody else.
  test.each([
    ['npm', 'SIGTERM'],
    ['npm', 'SIGINT'],
    ['npm', 'SIGKILL'],
    ['tsx', 'SIGTERM'],
    ['tsx', 'SIGKILL'],
    ['runner', 'SIGINT'],
  ] as const)(
    'npm start: %s sent %s, everything stops within 10 s, Postgres cleanly',
    async (target, signal) => {
      const { run, state } = await startReady({ npm: true });
      const above = commandAbove(state.pid);
      expect(above.npm).toBe(run.child.pid);
      process.kill(target === 'runner' ? state.pid : above[target], signal);
      const stopped = await waitFor(
        async () =>
          ![state.pid, state.postgres, state.zeroCache].some(isAlive) &&
          (await processesWithEnv(replica)).length === 0,
        { timeoutMs: 10_000 },
      );
      // Not stopped: stopped here, so that the next test finds its ports free.
      if (!stopped && isAlive(state.pid)) process.kill(state.pid, 'SIGTERM');
      expect(stopped, `everything stopped within 10 s of ${signal} to ${target}`).toBe(true);
      await run.exited;
      await expectAllGone(state);
      expect(await postgresShutDownCleanly()).toBe(true);
    },
    120_000,
  );

  /** A process that looks like a runner (its command line) and stays until it is killed. */
  function fakeRunner(env: Record<string, string>, orphan: boolean): Promise<number> {
    const keep = `"${process.execPath}" -e 'setInterval(() => {}, 1000)' api/dev/start.ts`;
    // Orphaned: started in the background of a shell that then ends, so that it runs under PID 1.
    const child = spawn(
      'sh',
      ['-c', orphan ? `${keep} >/dev/null 2>&1 & echo $!` : `echo $$; exec ${keep}`],
      {
        env: { PATH: process.env.PATH ?? '', ...env },
        stdio: ['ignore', 'pipe', 'ignore'],
      },
    );
    return new Promise((resolve) =>
      child.stdout.once('data', (d: Buffer) => resolve(Number(String(d).trim()))),
    );
  }

  test('a stack an older npm start left running, its command gone, is stopped by the next start', async () => {
    // What an older runner was left as when npm was stopped: in an npm script, under PID 1.
    const old = await fakeRunner({ npm_lifecycle_event: 'start' }, true);
    expect(await waitFor(async () => parentOf(old) === 1, { timeoutMs: 5_000 })).toBe(true);
    await writeFile(
      path.join(dataDir, 'stack.json'),
      JSON.stringify({ pid: old, url: 'http://localhost:1' }),
    );
    const { run, state } = await startReady({ npm: true });
    expect(run.output()).toContain(
      `Stopped the stack an earlier npm start left running (pid ${old}).`,
    );
    expect(isAlive(old)).toBe(false);
    run.child.kill('SIGTERM');
    await run.exited;
    await expectAllGone(state);
  }, 120_000);

  test('a stack another npm start still runs on the same data is named in one line, and left alone', async () => {
    const other = await fakeRunner({}, false);
    try {
      await writeFile(
        path.join(dataDir, 'stack.json'),
        JSON.stringify({ pid: other, url: 'http://localhost:1' }),
      );
      const run = runStart(env, { npm: true });
      expect(await run.exited).not.toBe(0);
      expect(run.output().trim().split('\n').pop()).toBe(
        `start: an earlier npm start is still running on ${dataDir} (pid ${other}, http://localhost:1): stop it first`,
      );
      expect(isAlive(other)).toBe(true);
    } finally {
      process.kill(other, 'SIGKILL');
      await rm(path.join(dataDir, 'stack.json'), { force: true });
    }
  }, 60_000);

  test('zero-cache dying is started again every time, after a pause that doubles while it keeps dying', async () => {
    const started = await startReady();
    const { run } = started;
    let { state } = started;
    for (const [n, pause] of [
      [1, '1 s'],
      [2, '2 s'],
      [3, '4 s'],
      [4, '8 s'],
    ] as const) {
      // This zero-cache's own marker: what is left of it once it dies.
      const instance = (await readFile(`/proc/${state.zeroCache}/environ`, 'utf8'))
        .split('\0')
        .find((e) => e.startsWith('PB_ZERO_CACHE_INSTANCE='));
      process.kill(state.zeroCache, 'SIGKILL');
      const deaths = () =>
        run
          .output()
          .split('\n')
          .filter((l) => l.startsWith('zero-cache: exited unexpectedly'));
      expect(await waitFor(async () => deaths().length === n, { timeoutMs: 30_000 })).toBe(true);
      expect(deaths().pop()).toBe(
        `zero-cache: exited unexpectedly (signal SIGKILL); restarting it in ${pause}`,
      );
      const previous = state.zeroCache;
      expect(
        await waitFor(async () => (await readState()).zeroCache !== previous, {
          timeoutMs: 60_000,
        }),
      ).toBe(true);
      state = await readState();
      expect(run.output()).toContain(`zero-cache: running again (pid ${state.zeroCache})`);
      expect(await processesWithEnv(instance ?? 'none')).toEqual([]);
      expect((await fetch(`http://127.0.0.1:${env.ZERO_PORT}/keepalive`)).status).toBe(200);
      expect((await fetch(`http://localhost:${env.PORT}/api/health`)).status).toBe(200);
    }
    run.child.kill('SIGTERM');
    expect(await run.exited).toBe(0);
    await expectAllGone(state);
  }, 240_000);

  /** A request that reads the database (a session cookie to look up). */
  const readsTheDatabase = () =>
    fetch(`http://localhost:${env.PORT}/api/session`, {
      headers: { cookie: 'pb_session=not-a-session' },
    })
      .then((r) => r.status)
      .catch(() => 0);
  const databaseReadable = () =>
    waitFor(async () => (await readsTheDatabase()) === 200, { timeoutMs: 60_000 });

  test('Postgres dying in any way is started again every time, and the runner carries on', async () => {
    const started = await startReady();
    const { run } = started;
    let { state } = started;
    expect(await readsTheDatabase()).toBe(200);
    const begun = Date.now();
    const deaths = () =>
      run
        .output()
        .split('\n')
        .filter((l) => l.startsWith('postgres: exited unexpectedly'));

    /** Kills the postmaster with `signal`; the runner says so and starts a new one. */
    const death = async (signal: NodeJS.Signals, exit: string, pause: string) => {
      const previous = state.postgres;
      const n = deaths().length + 1;
      process.kill(previous, signal);
      expect(await waitFor(async () => deaths().length === n, { timeoutMs: 30_000 })).toBe(true);
      expect(deaths().pop()).toBe(
        `postgres: exited unexpectedly (${exit}); restarting it in ${pause}`,
      );
      expect(
        await waitFor(async () => (await readState()).postgres !== previous, {
          timeoutMs: 60_000,
        }),
      ).toBe(true);
      state = await readState();
      expect(isAlive(state.postgres)).toBe(true);
      expect(isAlive(previous)).toBe(false);
      expect(run.output()).toContain(`postgres: running again (pid ${state.postgres})`);
      // The API's pool connects again by itself.
      expect(await databaseReadable()).toBe(true);
    };

    // A crash: SIGKILL to the postmaster (its backends must not keep the data from the next one).
    await death('SIGKILL', 'signal SIGKILL', '1 s');
    // A backend killed: Postgres itself restarts its backends; the API reconnects.
    const before = childrenOf(state.postgres);
    const backend = before[0];
    expect(backend, 'a backend of the postmaster').toBeDefined();
    process.kill(backend ?? 0, 'SIGKILL');
    // Its siblings are stopped and the data recovered before new ones start: a
    // request answered by a sibling not yet stopped proves nothing, and a fast
    // shutdown in the middle of that recovery exits with code 1, not 0.
    expect(
      await waitFor(async () => !childrenOf(state.postgres).some((p) => before.includes(p)), {
        timeoutMs: 60_000,
      }),
    ).toBe(true);
    expect(await databaseReadable()).toBe(true);
    // A fast shutdown (what an operator's `pg_ctl stop -m fast` does).
    await death('SIGINT', 'code 0', '2 s');
    // A third death of the postmaster, within two minutes of the first.
    await death('SIGKILL', 'signal SIGKILL', '4 s');
    expect(Date.now() - begun).toBeLessThan(120_000);

    expect(isAlive(state.pid)).toBe(true);
    expect(
      await waitFor(
        async () =>
          (await fetch(`http://127.0.0.1:${env.ZERO_PORT}/keepalive`).catch(() => undefined))
            ?.status === 200,
        { timeoutMs: 60_000 },
      ),
    ).toBe(true);
    state = await readState();
    run.child.kill('SIGTERM');
    expect(await run.exited).toBe(0);
    await expectAllGone(state);
  }, 300_000);

  test('a parent watch killed: its child is stopped and started again, and a stop right after one leaves nothing running', async () => {
    const started = await startReady();
    const { run } = started;
    let { state } = started;

    // zero-cache's watch: the runner notices, stops the orphan, starts a new zero-cache.
    const zeroBefore = state.zeroCache;
    process.kill(parentOf(zeroBefore), 'SIGKILL');
    expect(
      await waitFor(async () => (await readState()).zeroCache !== zeroBefore, {
        timeoutMs: 60_000,
      }),
    ).toBe(true);
    expect(isAlive(zeroBefore)).toBe(false);
    state = await readState();

    // Postgres's watch: likewise; the old postmaster does not hold the port or the data.
    const pgBefore = state.postgres;
    process.kill(parentOf(pgBefore), 'SIGKILL');
    expect(
      await waitFor(async () => (await readState()).postgres !== pgBefore, { timeoutMs: 60_000 }),
    ).toBe(true);
    expect(isAlive(pgBefore)).toBe(false);
    state = await readState();
    expect(await databaseReadable()).toBe(true);

    // Postgres's watch killed, and the runner stopped at once: nothing is left running.
    const lastPostgres = state.postgres;
    const backends = childrenOf(lastPostgres);
    process.kill(parentOf(lastPostgres), 'SIGKILL');
    run.child.kill('SIGTERM');
    expect(await run.exited).toBe(0);
    await expectAllGone(state);
    expect(
      await waitFor(async () => ![lastPostgres, ...backends].some(isAlive), { timeoutMs: 10_000 }),
    ).toBe(true);
  }, 300_000);
});
