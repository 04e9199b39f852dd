import { mkdtemp, readFile, rm } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { freePort, portIsFree } from '../../api/runner/ports.ts';
import { processesWithEnv } from '../../api/runner/stragglers.ts';
import { projectRoot } from '../../api/runner/web-build.ts';
import { isAlive, runStart } from '../harness/run-start.ts';

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

  test('starts the whole stack, stops every child on SIGTERM, restarts on the same data, and reports zero-cache dying', async () => {
    const dataDir = await tempDataDir();
    const port = await freePort();
    const zeroPort = await zeroPorts();
    const pgPort = await freePort();
    const env = {
      PORT: String(port),
      ZERO_PORT: String(zeroPort),
      PG_PORT: String(pgPort),
      S3_DEV_PORT: String(await freePort()),
      DATA_DIR: dataDir,
      ZERO_NUM_SYNC_WORKERS: '1',
    };
    const first = runStart(env);
    await first.waitForOutput(/Ready in [\d.]+ s: http:\/\/localhost:\d+/, 120_000);
    const state = JSON.parse(await readFile(path.join(dataDir, 'stack.json'), 'utf8'));
    expect(state).toMatchObject({ url: `http://localhost:${port}` });
    expect((await fetch(`http://localhost:${port}/api/health`)).status).toBe(200);
    expect((await fetch(`http://127.0.0.1:${zeroPort}/keepalive`)).status).toBe(200);

    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(isAlive(state.postgres)).toBe(false);
    expect(isAlive(state.zeroCache)).toBe(false);
    for (const p of [port, zeroPort, zeroPort + 1, pgPort]) expect(await portIsFree(p)).toBe(true);

    // Second start: same data directory, no initdb, no rebuild.
    const second = runStart(env);
    await second.waitForOutput(/Ready in [\d.]+ s/, 60_000);
    expect(second.output()).not.toMatch(/Building the web app/);
    const state2 = JSON.parse(await readFile(path.join(dataDir, 'stack.json'), 'utf8'));

    // zero-cache dies: the runner says so in one line, stops the rest and exits non-zero.
    const replica = `ZERO_REPLICA_FILE=${path.resolve(dataDir, 'zero', 'replica.db')}`;
    // Its main process and its workers.
    expect((await processesWithEnv(replica)).length).toBeGreaterThan(1);
    process.kill(state2.zeroCache, 'SIGKILL');
    expect(await second.exited).toBe(1);
    expect(second.output()).toMatch(/^zero-cache: exited unexpectedly/m);
    expect(isAlive(state2.postgres)).toBe(false);
    for (const p of [port, pgPort]) expect(await portIsFree(p)).toBe(true);
    // Killing zero-cache's main process would leave its workers (each in a
    // session of its own) running; the runner kills them too.
    expect(
      await processesWithEnv(`ZERO_REPLICA_FILE=${path.resolve(dataDir, 'zero', 'replica.db')}`),
    ).toEqual([]);
  }, 240_000);
});
