/**
 * The care visit in WebKit: Debian's WebKitGTK (MiniBrowser), driven through
 * WebKitWebDriver (WebDriver classic, webdriver.ts) on a virtual X display
 * (xvfb.ts: MiniBrowser has no headless mode in WebKitGTK 2.50), with
 * Chromium as the other person's tablet. WebDriver classic cannot read the
 * console: the engine's network (network.ts) adds a same-origin probe script
 * to each page that keeps every console.error, uncaught error and CSP
 * violation, read here at the end of each test. It is also the engine's
 * offline switch, which WebDriver classic lacks.
 */
import { expect } from '@playwright/test';
import { test as base } from '../e2e/fixtures.ts';
import * as visit from './care-visit.ts';
import { type EngineTab, signInWebKit, WebDriverTab } from './engine.ts';
import { type EngineNetwork, startEngineNetwork } from './network.ts';
import { type Driver, startDriver } from './webdriver.ts';
import { type Display, startXvfb } from './xvfb.ts';

const DRIVER = '/usr/bin/WebKitWebDriver';
const MINIBROWSER = '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';

/** Zero 1.9's passing errors, as tests/e2e/fixtures.ts allows them in Chromium. */
const zeroTransients = [
  /No validated connection is available for shared query work/,
  /Error during persist .*ChunkNotFoundError/,
  // WebKitGTK now and then holds a freshly loaded page's first IndexedDB read
  // (Zero's "reading the cookie") past Zero's 10 s connect timeout after
  // quick full-page loads in a row; Zero tries again and connects (ADR 039).
  /Failed to connect .*Connection attempt timed out after 10 seconds.*reading the cookie\\"\]\]"/,
];

const test = base.extend<
  { engine: visit.Engine },
  { display: Display; net: EngineNetwork; driver: Driver }
>({
  display: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures must destructure their first argument.
    async ({}, use) => {
      const display = await startXvfb();
      await use(display);
      await display.stop();
    },
    { scope: 'worker' },
  ],
  net: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures must destructure their first argument.
    async ({}, use) => {
      const net = await startEngineNetwork({ probe: true });
      await use(net);
      await net.stop();
    },
    { scope: 'worker' },
  ],
  driver: [
    async ({ display }, use) => {
      const driver = await startDriver(DRIVER, { DISPLAY: display.display });
      await use(driver);
      await driver.stop();
    },
    { scope: 'worker' },
  ],
  engine: async ({ driver, net, app, allowedConsoleErrors, restoreDatabase: _ }, use, testInfo) => {
    // A session is a fresh MiniBrowser with a profile of its own (cookies, storage).
    const asked = Date.now();
    const session = await driver.newSession({
      browserName: 'MiniBrowser',
      proxy: { proxyType: 'manual', httpProxy: net.address },
      // The page cache off: the steps load pages in a row, as a person rarely
      // does, and a page left mid-sync sat frozen in the back/forward cache with
      // an IndexedDB transaction open, holding the next page's first read for
      // 15–30 s (ADR 039).
      'webkitgtk:browserOptions': {
        binary: MINIBROWSER,
        args: ['--automation', '--enable-page-cache=false'],
      },
    });
    // A session the driver had to be restarted for (webdriver.ts) does not
    // take the visit's own time.
    const waited = Date.now() - asked;
    if (waited > 10_000) testInfo.setTimeout(testInfo.timeout + waited);
    await session.setWindowRect({ width: 1024, height: 768 });
    const tabs: WebDriverTab[] = [];
    let signedIn = false;
    await use({
      net,
      async open(email?: string): Promise<EngineTab> {
        const handle = tabs.length
          ? (await session.newWindow()).handle
          : await session.windowHandle();
        const tab = new WebDriverTab(session, handle, app.url);
        tabs.push(tab);
        if (email && !signedIn) {
          await signInWebKit(tab, email);
          signedIn = true;
        }
        return tab;
      },
    });
    net.restore();
    const found: string[] = [];
    for (const tab of tabs) found.push(...(await tab.consoleErrors()));
    await session.end().catch(() => {});
    const allowed = [...Object.values(allowedConsoleErrors), ...zeroTransients];
    expect(
      found.filter((m) => !allowed.some((r) => r.test(m))),
      'console errors and uncaught errors in the WebKit pages',
    ).toEqual([]);
  },
});

type Given = Omit<visit.Ctx, 'baseUrl'> & { app: { url: string } };
const ctx = ({ engine, device, sql, library, app }: Given): visit.Ctx => ({
  engine,
  device,
  sql,
  library,
  baseUrl: app.url,
});

// A whole visit of two browsers and a stack beside the other worker's tests.
test.describe.configure({ timeout: 90_000 });

test('webkit: sign-in with the link opened in the same browser', async ({
  engine,
  device,
  sql,
  library,
  app,
}) => {
  await visit.signInSameBrowser(ctx({ engine, device, sql, library, app }));
});

test('webkit: sign-in with the 6-digit code, the link opened in WebKit, asked in Chromium', async ({
  engine,
  device,
  sql,
  library,
  app,
}) => {
  await visit.signInWithCode(ctx({ engine, device, sql, library, app }));
});

test('webkit: the library and a preference page', async ({ engine, device, sql, library, app }) => {
  await visit.libraryAndPreference(ctx({ engine, device, sql, library, app }));
});

test('webkit: an edit seen live in Chromium, and Chromium’s in WebKit', async ({
  engine,
  device,
  sql,
  library,
  app,
}) => {
  await visit.editSeenLiveBothWays(ctx({ engine, device, sql, library, app }));
});

// By the app's own links after the first page: a full-page load while the
// last page sits in WebKit's back/forward cache mid-sync waited on that page's
// IndexedDB transaction (ADR 039).
test('webkit: a support session started and finished by Sam; ended elsewhere, its rows leave live', async ({
  engine,
  device,
  sql,
  library,
  app,
}) => {
  await visit.supportSession(ctx({ engine, device, sql, library, app }));
});

test('webkit: co-editing one description with Chromium', async ({
  engine,
  device,
  sql,
  library,
  app,
}) => {
  await visit.coEditing(ctx({ engine, device, sql, library, app }));
});

test.describe(() => {
  test.use({
    allowedConsoleErrors: {
      // Offline, Zero's client logs each connection that fails (its heartbeat unanswered).
      offline: /Failed to connect .*(Server ping request failed|Connection attempt timed out)/,
    },
  });
  test('webkit: offline (its proxy cut, no WebDriver offline switch): edits wait and arrive after', async ({
    engine,
    device,
    sql,
    library,
    app,
  }) => {
    await visit.offlineEdits(ctx({ engine, device, sql, library, app }));
  });
});

// WebKitGTK's MiniBrowser has no authenticator (and WebDriver classic no
// virtual one): the page says so instead of offering to add a passkey.
test('webkit: the passkeys page says WebAuthn is not supported, with no add control', async ({
  engine,
  device,
  sql,
  library,
  app,
}) => {
  const seen = await visit.passkeysPage(ctx({ engine, device, sql, library, app }));
  test.info().annotations.push({ type: 'passkeys', description: JSON.stringify(seen) });
  expect(seen).toEqual({ unsupported: true, addButton: 0 });
});
