/**
 * A stack of a test's own, started for it and stopped after it: for the fault
 * tests (postgres-restart, zero-cache-restart), which would disturb the tests
 * around them on the shared stack.
 */
import { startTestStack, type TestStack } from '../harness/stack.ts';
import { test as shared } from './fixtures.ts';

export const test = shared.extend<{ ownStack: TestStack }>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures must destructure their first argument.
  ownStack: async ({}, use) => {
    const stack = await startTestStack({ web: 'static' });
    try {
      await use(stack);
    } finally {
      await stack.stop();
    }
  },
  baseURL: async ({ ownStack }, use) => {
    await use(ownStack.url);
  },
  app: async ({ ownStack }, use) => {
    await use({ url: ownStack.url, databaseUrl: ownStack.databaseUrl });
  },
});
