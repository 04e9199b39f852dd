import { mkdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { projectRoot } from '../../api/dev/web-build.ts';
import { exchangesLog, summary } from './contract.ts';
import { startTestStack } from './stack.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    stack: {
      url: string;
      zeroUrl: string;
      databaseUrl: string;
      port: number;
      zeroPort: number;
      mediaEndpoint: string;
      /** zero-cache's warnings and the runner's lines, for a stalled test to quote. */
      logFile: string;
      /** zero-cache's process (its workers are its children), for a stalled test's report. */
      zeroCachePid: number;
    };
  }
}

/** One real stack (Postgres, zero-cache, API) for all integration tests. */
export default async function setup(project: TestProject) {
  const logs = path.join(projectRoot, '.data', 'test', 'logs');
  await mkdir(logs, { recursive: true });
  const logFile = path.join(logs, `integration-${process.pid}.log`);
  await rm(exchangesLog, { force: true });
  const stack = await startTestStack({
    web: 'none',
    verbose: process.env.HARNESS_VERBOSE === '1',
    logFile,
  });
  project.provide('stack', {
    url: stack.url,
    zeroUrl: stack.zeroUrl,
    databaseUrl: stack.databaseUrl,
    port: stack.port,
    zeroPort: stack.zeroPort,
    mediaEndpoint: stack.mediaEndpoint,
    logFile,
    zeroCachePid: stack.pids.zeroCache ?? 0,
  });
  return async () => {
    const exchanges = await readFile(exchangesLog, 'utf8').catch(() => '');
    if (exchanges) console.log(summary(exchanges));
    await stack.stop();
    // TEST_KEEP_LOG=1 keeps it for reading after the run.
    if (process.env.TEST_KEEP_LOG !== '1') await rm(logFile, { force: true });
  };
}
