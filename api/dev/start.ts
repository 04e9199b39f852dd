/**
 * `npm start` / `npm run dev`: the whole stack in one process tree.
 * Prints one line naming the failing part and exits non-zero when anything
 * fails. Ctrl-C, SIGTERM, a closed terminal (SIGHUP) or a closed output pipe
 * (`npm start | head`) stops zero-cache, the API and Postgres, in that order;
 * should the runner itself be killed, its children stop by themselves
 * (parent-watch.ts).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, fstatSync } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { loadConfig } from '../config.ts';
import { describeFailure } from '../startup-errors.ts';
import { stopLeftBehind, watchOwnCommand } from './own-command.ts';
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
let outputWatch: ChildProcess | undefined;

async function shutdown(code: number) {
  // A stop request during start-up: let startStack finish (or clean up after
  // itself) first, so that no child it has already spawned is left behind.
  if (starting) {
    exitAfterStart ??= code;
    return;
  }
  if (stopping) return;
  stopping = true;
  await stack?.stop();
  if (stateDir) await rm(stateFile(stateDir), { force: true });
  outputWatch?.kill();
  process.exit(code);
}

/**
 * `npm start | head` closes the runner's output, most likely once it has
 * nothing more to say. GNU tail (coreutils 8.28 or later) notices the reader of
 * a pipe going away without writing to it, and dies of SIGPIPE: run on our
 * output, it turns that into a stop request. It follows nothing (/dev/null) and
 * ends with the runner (--pid). Where there is no such tail, the next line
 * written stops the runner instead (EPIPE, below).
 */
function watchOutput(onClosed: () => void): ChildProcess | undefined {
  if (!fstatSync(1).isFIFO()) return undefined;
  const tail = spawn('tail', ['-f', `--pid=${process.pid}`, '/dev/null'], {
    stdio: ['ignore', 'inherit', 'ignore'],
  });
  tail.on('error', () => {});
  tail.on('exit', (_code, signal) => {
    if (signal === 'SIGPIPE') onClosed();
  });
  return tail;
}

process.on('SIGINT', () => void shutdown(0));
process.on('SIGTERM', () => void shutdown(0));
process.on('SIGHUP', () => void shutdown(0));
// A closed pipe or terminal: nobody reads any more, so stop rather than crash
// (which would leave the children to their parent watches) or serve on unseen.
process.stdout.on('error', () => void shutdown(0));
process.stderr.on('error', () => void shutdown(0));
outputWatch = watchOutput(() => void shutdown(0));
// npm, its shell or tsx stopped without passing it on (api/dev/own-command.ts).
watchOwnCommand((p) => {
  console.log(`npm start's own process ${p.pid} has ended: stopping.`);
  void shutdown(0);
});
// The API runs in this process. An error nothing caught (a call to a database
// that died under it, say) is said in one line and the stack carries on:
// Node's default would end the runner, and with it the whole stack, because
// one child died. Each part recovers by itself (supervise.ts, the pool).
process.on('unhandledRejection', (e) => console.error(describeFailure(e, 'api')));
process.on('uncaughtException', (e) => console.error(describeFailure(e, 'api')));

try {
  const config = loadConfig();
  const verbose = process.env.STACK_VERBOSE === '1';
  const left = await stopLeftBehind(stateFile(config.DATA_DIR));
  if (left?.stopped) {
    console.log(`Stopped the stack an earlier npm start left running (pid ${left.pid}).`);
  } else if (left) {
    throw new Error(
      `an earlier npm start is still running on ${config.DATA_DIR} (pid ${left.pid}${left.url ? `, ${left.url}` : ''}): stop it first`,
    );
  }
  const writeState = async (s: Stack) => {
    await mkdir(config.DATA_DIR, { recursive: true });
    await writeFile(
      stateFile(config.DATA_DIR),
      JSON.stringify({ pid: process.pid, ...s.pids, url: s.url, zeroUrl: s.zeroUrl }),
    );
    stateDir = config.DATA_DIR;
  };
  stack = await startStack({
    config,
    web: dev ? 'vite' : 'static',
    log: (line) => console.log(line),
    ...(verbose ? { childLog: (line: string) => console.log(line) } : {}),
    pidsChanged: () => {
      if (stack && !stopping) void writeState(stack);
    },
  });
  starting = false;
  if (exitAfterStart !== undefined) await shutdown(exitAfterStart);
  // What is running, for operators and tests (removed on a clean stop).
  await writeState(stack);
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(`Ready in ${seconds} s: ${stack.url}  (zero-cache ${stack.zeroUrl})`);
  // Runs until a signal stops it: a child that dies is started again (api/dev/supervise.ts).
} catch (e) {
  starting = false;
  console.error(describeFailure(e));
  await shutdown(1);
}
