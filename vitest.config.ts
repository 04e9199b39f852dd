import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Zero's client logs every refused mutation at error level; the tests assert
    // those refusals, so the logs are noise here.
    onConsoleLog: (log) => !/Mutator ".*" app error/.test(log),
    projects: [
      {
        test: {
          name: 'unit',
          // Unit tests first, then the integration tests, never side by side: the
          // layer tests run the type checker, which starved the stack under test.
          sequence: { groupOrder: 0 },
          include: [
            'web/**/*.test.ts',
            'sync/**/*.test.ts',
            'api/**/*.test.ts',
            'schema/**/*.test.ts',
            'tests/bench/**/*.test.ts',
            'tests/stand-ins/**/*.test.ts',
            'tests/static/**/*.test.ts',
            'tests/patches/**/*.test.ts',
          ],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'integration',
          sequence: { groupOrder: 1 },
          include: ['tests/integration/**/*.test.ts'],
          exclude: ['tests/integration/runner.test.ts'],
          globalSetup: ['tests/harness/global-setup.ts'],
          testTimeout: 30_000,
          retry: 0,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
      {
        // `npm start` itself, on stacks of its own: most of its time is waiting
        // for a stack to start, stop or restart a child. `npm run test:unit`
        // runs it in a Vitest of its own beside the other two projects
        // (concurrently): one Vitest runs projects of a group with one worker
        // count, which for the integration files is one.
        test: {
          name: 'runner',
          sequence: { groupOrder: 1 },
          include: ['tests/integration/runner.test.ts'],
          testTimeout: 30_000,
          retry: 0,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
