import type { TestProject } from 'vitest/node';
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
    };
  }
}

/** One real stack (Postgres, zero-cache, API) for all integration tests. */
export default async function setup(project: TestProject) {
  const stack = await startTestStack({ web: 'none', verbose: process.env.HARNESS_VERBOSE === '1' });
  project.provide('stack', {
    url: stack.url,
    zeroUrl: stack.zeroUrl,
    databaseUrl: stack.databaseUrl,
    port: stack.port,
    zeroPort: stack.zeroPort,
    mediaEndpoint: stack.mediaEndpoint,
  });
  return async () => {
    await stack.stop();
  };
}
