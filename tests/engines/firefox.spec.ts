/**
 * The care visit in Firefox: Debian's Firefox ESR (140), driven by Playwright
 * over WebDriver BiDi (`channel: 'moz-firefox'`, through firefox-bidi.sh),
 * with Chromium as the other person's tablet. The e2e fixtures watch the
 * Firefox pages' console too (BiDi's log events), and put the database back
 * after each test. Firefox's network is a proxy the test can cut (network.ts):
 * Firefox 140 has no BiDi offline switch.
 */
import { type Browser, expect, firefox } from '@playwright/test';
import { test as base } from '../e2e/fixtures.ts';
import * as visit from './care-visit.ts';
import { type EngineTab, PlaywrightTab, signInFirefox } from './engine.ts';
import { type EngineNetwork, startEngineNetwork } from './network.ts';

const FIREFOX_BIDI = new URL('./firefox-bidi.sh', import.meta.url).pathname;

const test = base.extend<{ engine: visit.Engine }, { net: EngineNetwork; firefox: Browser }>({
  net: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures must destructure their first argument.
    async ({}, use) => {
      const net = await startEngineNetwork({ probe: false, allowDriverEval: true });
      await use(net);
      await net.stop();
    },
    { scope: 'worker' },
  ],
  firefox: [
    async ({ net }, use) => {
      const browser = await firefox.launch({
        channel: 'moz-firefox',
        executablePath: FIREFOX_BIDI,
        headless: true,
        // Per-context proxies are not honoured by Firefox 140's BiDi; the browser's is.
        proxy: { server: `http://${net.address}` },
        firefoxUserPrefs: {
          // Firefox never sends localhost through a proxy unless told to.
          'network.proxy.allow_hijacking_localhost': true,
          'network.proxy.no_proxies_on': '',
          // ...and then no longer counts it a secure context (no crypto.randomUUID,
          // no WebAuthn, no service worker) unless this testing pref says it still is.
          'network.proxy.testing_localhost_is_secure_when_hijacked': true,
          // Firefox's own checks of the outside world (refused by the proxy anyway).
          'network.captive-portal-service.enabled': false,
          'network.connectivity-service.enabled': false,
        },
      });
      await use(browser);
      await browser.close();
    },
    { scope: 'worker' },
  ],
  engine: async ({ firefox, net, app, consoleErrors, restoreDatabase: _ }, use) => {
    const context = await firefox.newContext({ viewport: { width: 1024, height: 768 } });
    consoleErrors.watch(context);
    let signedIn = false;
    await use({
      net,
      async open(email?: string): Promise<EngineTab> {
        if (email && !signedIn) {
          await signInFirefox(context, app.url, email);
          signedIn = true;
        }
        return new PlaywrightTab(await context.newPage(), app.url);
      },
    });
    net.restore();
    await context.close();
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

test.use({
  allowedConsoleErrors: {
    // Leaving a page while Zero is still connecting: Firefox runs the socket's
    // close handler as the page goes (Chromium does not), and Zero's client logs
    // the closed socket at error level. The next page connects anew.
    leaving: /Failed to connect .*WebSocket connection closed cleanly/,
  },
});

/**
 * The care visit's steps (care-visit.ts, where each asserts what the person
 * sees), each a test of its own, as in webkit.spec.ts.
 */
const steps: Array<[string, (c: visit.Ctx) => Promise<unknown>]> = [
  ['sign-in with the link opened in the same browser', visit.signInSameBrowser],
  [
    'sign-in with the 6-digit code, the link opened in Firefox, asked in Chromium',
    visit.signInWithCode,
  ],
  ['the library and a preference page', visit.libraryAndPreference],
  ['an edit seen live in Chromium, and Chromium’s in Firefox', visit.editSeenLiveBothWays],
  [
    'a support session started and finished by Sam; ended elsewhere, its rows leave live',
    visit.supportSession,
  ],
  ['co-editing one description with Chromium', visit.coEditing],
];
for (const [name, step] of steps) {
  test(`firefox: ${name}`, async ({ engine, device, sql, library, app }) => {
    await step(ctx({ engine, device, sql, library, app }));
  });
}

test.describe(() => {
  test.use({
    allowedConsoleErrors: {
      // Offline, Firefox logs each socket it cannot open, and Zero's client each failed connection.
      offline: /can’t establish a connection to the server at ws:|Failed to connect/,
      // A page left while its presence socket is still opening (the reload
      // after the proxy comes back): Firefox's own words, not the app's.
      leftWhileOpening:
        /The connection to ws:\/\/\S+\/presence\/\S+ was interrupted while the page was loading/,
    },
  });
  test('firefox: offline (its proxy cut, no BiDi offline switch): edits wait and arrive after', async ({
    engine,
    device,
    sql,
    library,
    app,
  }) => {
    await visit.offlineEdits(ctx({ engine, device, sql, library, app }));
  });
});

test('firefox: the passkeys page without an authenticator shows the add control', async ({
  engine,
  device,
  sql,
  library,
  app,
}) => {
  const seen = await visit.passkeysPage(ctx({ engine, device, sql, library, app }));
  // Firefox has WebAuthn; with no authenticator, the page offers to add one.
  expect(seen).toEqual({ unsupported: false, addButton: 1 });
});
