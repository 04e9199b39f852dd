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
          include: [
            'web/**/*.test.ts',
            'sync/**/*.test.ts',
            'api/**/*.test.ts',
            'schema/**/*.test.ts',
            'tests/bench/**/*.test.ts',
            'tests/static/**/*.test.ts',
          ],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          globalSetup: ['tests/harness/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
