/**
 * `npm start` / `npm run dev`: the whole stack in one process tree.
 * Prints one line naming the failing part and exits non-zero when anything
 * fails; Ctrl-C / SIGTERM stops zero-cache, the API and Postgres, in that order.
 */
import { existsSync } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { loadConfig } from '../config.ts';
import { describeFailure } from './errors.ts';
import { type Stack, startStack } from './stack.ts';

const stateFile = (dataDir: string) => path.join(dataDir, 'stack.json');

const dev = process.argv.includes('--dev');
if (existsSync('.env')) process.loadEnvFile('.env');

const started = Date.now();
let stack: Stack | undefined;
let stopping = false;

let stateDir: string | undefined;
let starting = true;
let exitAfterStart: number | undefined;

async function shutdown(code: number) {
  // A signal during start-up: let startStack finish (or clean up after itself)
  // first, so that no child it has already spawned is left behind.
  if (starting) {
    exitAfterStart ??= code;
    return;
  }
  if (stopping) return;
  stopping = true;
  await stack?.stop();
  if (stateDir) await rm(stateFile(stateDir), { force: true });
  process.exit(code);
}

process.on('SIGINT', () => void shutdown(0));
process.on('SIGTERM', () => void shutdown(0));

try {
  const config = loadConfig();
  const verbose = process.env.STACK_VERBOSE === '1';
  stack = await startStack({
    config,
    web: dev ? 'vite' : 'static',
    log: (line) => console.log(line),
    ...(verbose ? { childLog: (line: string) => console.log(line) } : {}),
  });
  starting = false;
  if (exitAfterStart !== undefined) await shutdown(exitAfterStart);
  await mkdir(config.DATA_DIR, { recursive: true });
  // What is running, for operators and tests (removed on a clean stop).
  await writeFile(
    stateFile(config.DATA_DIR),
    JSON.stringify({ pid: process.pid, ...stack.pids, url: stack.url, zeroUrl: stack.zeroUrl }),
  );
  stateDir = config.DATA_DIR;
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(`Ready in ${seconds} s: ${stack.url}  (zero-cache ${stack.zeroUrl})`);
  const why = await stack.failed;
  console.error(why);
  await shutdown(1);
} catch (e) {
  starting = false;
  console.error(describeFailure(e));
  await shutdown(1);
}
