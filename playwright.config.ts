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

/**
 * How many workers the run has, each with a stack of its own
 * (tests/e2e/global-setup.ts): `E2E_WORKERS`, else two. Most of a test's
 * time is waiting (a page load, a sync, a timer), so two share a 2-core
 * machine well. Three took the app's tests from 21 to 13 to 15 minutes once
 * traces were off, but under that load a test now and then missed a moment
 * it waited for (a recording's second, a click during a re-render): two it
 * stays (docs/decisions/041-traces-off-and-what-runs-with-what.md).
 */
const workers = Number(process.env.E2E_WORKERS ?? 2);

/** The fault tests (npm run test:faults runs them with the runner's own). */
const faultTests = [
  '**/zero-cache-restart.spec.ts',
  '**/postgres-restart.spec.ts',
  '**/postgres-crash.spec.ts',
  '**/api-restart.spec.ts',
  '**/offline.spec.ts',
];

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  globalSetup: './tests/e2e/global-setup.ts',
  fullyParallel: false,
  // One test at a time on each stack: every worker has a stack of its own
  // (tests/e2e/global-setup.ts), and each test's end puts its database back as
  // it found it (tests/e2e/fixtures.ts).
  workers: Number.isInteger(workers) && workers >= 1 ? workers : 2,
  retries: 0,
  // A test of two devices takes some twenty steps that each wait for a sync:
  // beside another worker's stack and browsers, library-live's took 27–28 s
  // and now and then passed 30 s, while no single step came near its own
  // 10 s. Speed is measured in `npm run bench`, not here.
  timeout: 60_000,
  // A first page load syncs a fresh client group; beside another worker's
  // stack and browser, 5 s was now and then too short for it (a UI's wait,
  // not a speed budget: those are measured in `npm run bench`).
  expect: { timeout: 10_000 },
  reporter: 'list',
  outputDir: '.data/test-results',
  projects: [
    { name: 'app', testIgnore: faultTests },
    // The care visit in Debian's Firefox ESR and WebKitGTK (tests/engines/,
    // docs/decisions/039-three-engines.md), beside the app's tests.
    // No screenshots: for them Playwright puts an inline style into Firefox's
    // pages, and the CSP refuses it (a console error every test fails on).
    {
      name: 'firefox',
      testDir: 'tests/engines',
      testMatch: 'firefox.spec.ts',
      use: { screenshot: 'off' },
    },
    { name: 'webkit', testDir: 'tests/engines', testMatch: 'webkit.spec.ts' },
    // Processes killed and restarted under an open app: after the app's
    // tests, so that no app test runs on a stack a fault test has just
    // restarted; one at a time (two at a time, a clean-clone run's five
    // Postgres crashes under two editors left a screen saving: ADR 041). Listed first with no dependency the run took 14.7 min,
    // not 17.4, but in the next clean-clone run three app tests that ran
    // after the fault tests on that worker's stack failed (docs/testing.md).
    // After the engines' tests too, so none of them runs on a restarted stack.
    {
      name: 'faults',
      testMatch: faultTests,
      workers: 1,
      dependencies: ['app', 'firefox', 'webkit'],
    },
  ],
  use: {
    browserName: 'chromium',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: chromiumArgs,
    },
    // A tablet-sized window, for every browser context a test opens too.
    viewport: { width: 1024, height: 768 },
    // A trace records every action's DOM and screen: it cost a fifth of the
    // run's time (2.0 against 2.5 minutes for 35 tests) and a quarter of its
    // CPU on this 2-core machine (ADR 041). `E2E_TRACE=1` keeps one for each failure;
    // otherwise a failure leaves its screenshot and the page's snapshot
    // (error-context.md).
    trace: process.env.E2E_TRACE === '1' ? 'retain-on-failure' : 'off',
    screenshot: 'only-on-failure',
  },
});
