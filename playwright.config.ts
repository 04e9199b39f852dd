import { defineConfig } from '@playwright/test';

/** Debian's Chromium; browsers are never downloaded here. Flags from DEVELOPERS.md. */
export const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  globalSetup: './tests/e2e/global-setup.ts',
  fullyParallel: false,
  // One test at a time: the tests share one stack, and each one's end puts the
  // database back as it found it (tests/e2e/fixtures.ts).
  workers: 1,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 5_000 },
  reporter: 'list',
  outputDir: '.data/test-results',
  use: {
    browserName: 'chromium',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: chromiumArgs,
    },
    // A tablet-sized window, for every browser context a test opens too.
    viewport: { width: 1024, height: 768 },
    trace: 'retain-on-failure',
  },
});
