/**
 * The stack as `npm start` runs it (api/dev/start.ts in a process of its
 * own, Postgres supervised by it), on free ports and a throwaway data
 * directory: for the fault tests that kill its parts and expect the runner to
 * bring them back. `stop()` stops the runner as Ctrl-C would, checks that it
 * left nothing running, and deletes the data.
 */
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { DATABASE_NAME } from '../../api/dev/local-database.ts';
import { freePort, waitFor } from '../../api/dev/ports.ts';
import { killStragglers } from '../../api/dev/stragglers.mjs';
import { projectRoot } from '../../api/dev/web-build.ts';
import { isAlive, runStart, type StartProcess } from './run-start.ts';
import { freePortPair, sweepStale } from './stack.ts';

/** What the runner says is running (DATA_DIR/stack.json). */
export type RunnerState = { pid: number; postgres: number; zeroCache: number };

export type RunnerStack = {
  url: string;
  databaseUrl: string;
  dataDir: string;
  run: StartProcess;
  state: () => Promise<RunnerState>;
  stop: () => Promise<void>;
};

export async function startRunnerStack(env: Record<string, string> = {}): Promise<RunnerStack> {
  const base = path.join(projectRoot, '.data', 'test');
  await mkdir(base, { recursive: true });
  await sweepStale(base, 'runner-stack-', (dir) =>
    killStragglers(`ZERO_REPLICA_FILE=${path.resolve(dir, 'zero', 'replica.db')}`).then(() => {}),
  );
  const dataDir = await mkdtemp(path.join(base, 'runner-stack-'));
  await writeFile(path.join(dataDir, 'owner.pid'), String(process.pid));
  const port = await freePort();
  const pgPort = await freePort();
  const run = runStart({
    PORT: String(port),
    ZERO_PORT: String(await freePortPair()),
    PG_PORT: String(pgPort),
    S3_DEV_PORT: String(await freePort()),
    DATA_DIR: dataDir,
    ZERO_NUM_SYNC_WORKERS: '1',
    ...env,
  });
  const state = async (): Promise<RunnerState> =>
    JSON.parse(await readFile(path.join(dataDir, 'stack.json'), 'utf8'));
  const stop = async () => {
    const last = await state().catch(() => undefined);
    if (run.child.exitCode === null && run.child.signalCode === null) run.child.kill('SIGTERM');
    const stopped = await Promise.race([
      run.exited.then(() => true),
      new Promise<false>((r) => setTimeout(() => r(false), 60_000)),
    ]);
    if (!stopped) run.child.kill('SIGKILL');
    // The runner's own children stop with it (their parent watches); wait for them.
    if (last) {
      await waitFor(async () => !isAlive(last.postgres) && !isAlive(last.zeroCache), {
        timeoutMs: 30_000,
      });
    }
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    await run.waitForOutput(/Ready in [\d.]+ s: http:\/\/localhost:\d+/, 180_000);
  } catch (e) {
    await stop();
    throw e;
  }
  const password = (await readFile(path.join(dataDir, 'pg-password'), 'utf8')).trim();
  return {
    url: `http://localhost:${port}`,
    databaseUrl: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${pgPort}/${DATABASE_NAME}`,
    dataDir,
    run,
    state,
    stop,
  };
}
