/**
 * Starts a real, throwaway stack for tests and benchmarks: its own embedded
 * PostgreSQL cluster (wal_level=logical) in a temporary directory, migrated and
 * seeded with the demo circle, plus the API and zero-cache on free ports.
 * `stop()` stops every process it started and deletes the cluster.
 */
import { appendFileSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { loadConfig } from '../../api/config.ts';
import { connect } from '../../api/db.ts';
import { freePort, portIsFree, waitFor } from '../../api/dev/ports.ts';
import { startEmbeddedPostgres } from '../../api/dev/postgres.ts';
import { type Stack, startStack } from '../../api/dev/stack.ts';
import { killStragglers } from '../../api/dev/stragglers.mjs';
import { projectRoot } from '../../api/dev/web-build.ts';
import { ensureDatabase } from '../../api/migrate.ts';
import { seedDemo } from '../../api/seed.ts';

export type TestStack = Stack & {
  port: number;
  zeroPort: number;
  pgPid: number;
  dataDir: string;
  /** The development media store (S3 protocol) the stack started. */
  mediaEndpoint: string;
  /**
   * Stops Postgres (a fast shutdown: every client's connection is closed, as
   * in a real restart) and starts it again on the same port and data; the
   * API and zero-cache are left to notice and recover by themselves.
   */
  restartPostgres: () => Promise<void>;
};

/** Two consecutive free ports (zero-cache takes ZERO_PORT and ZERO_PORT + 1). */
export async function freePortPair(): Promise<number> {
  for (let i = 0; i < 50; i++) {
    const p = await freePort();
    if (p < 65535 && (await portIsFree(p + 1))) return p;
  }
  throw new Error('no two consecutive free ports');
}

/** Appends each line, with the time, to `file`: synchronously, so a crash loses nothing. */
function fileLog(file: string) {
  return (line: string) => {
    try {
      appendFileSync(file, `${new Date().toISOString()} ${line}\n`);
    } catch {
      // A log that cannot be written must not stop the stack.
    }
  };
}

export async function startTestStack(
  opts: {
    seed?: boolean;
    web?: 'static' | 'none';
    verbose?: boolean;
    /**
     * Where the child processes' output (zero-cache at warn level, Postgres)
     * goes when not verbose: a file a stalled test can quote from.
     */
    logFile?: string;
    /** More settings (api/config.ts), e.g. the menu's external links. */
    env?: Record<string, string>;
  } = {},
): Promise<TestStack> {
  const base = path.join(projectRoot, '.data', 'test');
  const { mkdir } = await import('node:fs/promises');
  await mkdir(base, { recursive: true });
  await sweepStaleStacks(base);
  const dataDir = await mkdtemp(path.join(base, 'stack-'));
  // Who owns this stack: a later run sweeps it if this process dies without stopping it.
  await writeFile(path.join(dataDir, 'owner.pid'), String(process.pid));
  const pgPort = await freePort();
  let pg = await startEmbeddedPostgres({ dataDir, port: pgPort }).catch(async (e: unknown) => {
    await rm(dataDir, { recursive: true, force: true });
    throw e;
  });
  try {
    const databaseUrl = pg.url(`test_${path.basename(dataDir).replace(/\W/g, '_').toLowerCase()}`);
    await ensureDatabase(databaseUrl);
    const port = await freePort();
    const zeroPort = await freePortPair();
    const s3Port = await freePort();
    const config = loadConfig({
      NODE_ENV: 'test',
      HOST: 'localhost',
      PORT: String(port),
      ZERO_PORT: String(zeroPort),
      S3_DEV_PORT: String(s3Port),
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      ZERO_NUM_SYNC_WORKERS: '1',
      // TEST_ZERO_LOG_LEVEL=info traces a stalled client group's view-syncer into the log file.
      ZERO_LOG_LEVEL:
        opts.verbose || opts.logFile ? (process.env.TEST_ZERO_LOG_LEVEL ?? 'warn') : 'error',
      // Every test signs in from 127.0.0.1; the rate-limit tests use their own addresses.
      MAGIC_LINK_LIMIT_PER_IP: '100000',
      MAGIC_LINK_LIMIT_PER_EMAIL: '50',
      // Likewise for invite e-mails and registrations (tests/integration/abuse-limits.test.ts
      // checks the limits on an app of its own, with the defaults).
      INVITE_MAIL_LIMIT_PER_ACCOUNT: '100000',
      INVITE_MAIL_LIMIT_PER_IP: '100000',
      REGISTRATION_LIMIT_PER_IP: '100000',
      ...opts.env,
    });
    const log = opts.verbose
      ? (l: string) => console.log(l)
      : opts.logFile
        ? fileLog(opts.logFile)
        : undefined;
    const stack = await startStack({
      config,
      web: opts.web ?? 'static',
      ...(log ? { log, childLog: log } : {}),
    });
    if (opts.seed ?? true) {
      const { sql, db } = connect(databaseUrl, { max: 1 });
      await seedDemo(db);
      await sql.end();
    }
    return {
      ...stack,
      port,
      zeroPort,
      get pgPid() {
        return pg.pid;
      },
      dataDir,
      mediaEndpoint: `http://localhost:${s3Port}`,
      restartPostgres: async () => {
        await pg.stop();
        pg = await startEmbeddedPostgres({ dataDir, port: pgPort });
      },
      stop: async () => {
        await stack.stop();
        await pg.stop();
        await rm(dataDir, { recursive: true, force: true });
      },
    };
  } catch (e) {
    await pg.stop();
    await rm(dataDir, { recursive: true, force: true });
    throw e;
  }
}

export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * Throwaway directories (`<prefix>…` under `base`) left behind by a run that
 * was killed (its teardown never ran): their owner process is gone, or they
 * have no owner file and are over ten minutes old. `stopOthers` stops their
 * processes but Postgres by the ids they left (never by name); Postgres is
 * stopped by its pid file; then the directory is deleted. Those of a run
 * still going are left alone.
 */
export async function sweepStale(
  base: string,
  prefix: string,
  stopOthers: (dir: string) => Promise<void>,
) {
  for (const name of await readdir(base).catch(() => [] as string[])) {
    if (!name.startsWith(prefix)) continue;
    const dir = path.join(base, name);
    const owner = Number(await readFile(path.join(dir, 'owner.pid'), 'utf8').catch(() => ''));
    if (owner > 0 && alive(owner)) continue;
    if (!(owner > 0)) {
      const age = Date.now() - ((await stat(dir).catch(() => undefined))?.mtimeMs ?? Date.now());
      if (age < 10 * 60_000) continue;
    }
    await stopOthers(dir);
    const pgPid = Number(
      (await readFile(path.join(dir, 'pg', 'postmaster.pid'), 'utf8').catch(() => '')).split(
        '\n',
      )[0],
    );
    if (pgPid > 0 && alive(pgPid)) {
      process.kill(pgPid, 'SIGINT'); // fast shutdown
      await waitFor(async () => !alive(pgPid), { timeoutMs: 10_000 });
    }
    await rm(dir, { recursive: true, force: true });
  }
}

/** Stacks of a killed run: their zero-cache (by its replica's path) and Postgres. */
function sweepStaleStacks(base: string) {
  return sweepStale(base, 'stack-', async (dir) => {
    await killStragglers(`ZERO_REPLICA_FILE=${path.resolve(dir, 'zero', 'replica.db')}`);
  });
}
