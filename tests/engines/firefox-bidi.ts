/**
 * Debian's Firefox ESR for Playwright's BiDi Firefox (`channel: 'moz-firefox'`):
 * Playwright starts this file's shell twin (firefox-bidi.sh) as the browser.
 * It starts /usr/bin/firefox-esr with the same arguments and stands between
 * Playwright and Firefox's WebDriver BiDi socket, passing every message
 * through, except the few commands Playwright 1.65 sends that Firefox 140
 * does not know: Playwright stops at the first "unknown command", though none
 * of these matters to the tests here (docs/decisions/039-three-engines.md).
 * They are answered as done, and each is said once on stderr, which
 * Playwright keeps in its browser log.
 *
 * `emulation.setNetworkConditions` (offline) is deliberately not among them:
 * a test that asks for it must fail, not believe it is offline.
 */
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import WebSocket, { WebSocketServer } from 'ws';

const FIREFOX = process.env.ENGINES_FIREFOX_PATH ?? '/usr/bin/firefox-esr';

/** Playwright 1.65's commands that Firefox 140 ESR answers with "unknown command". */
export const answeredHere = new Set([
  // A buffer for response bodies (Response.body() in a test): none of ours reads one.
  'network.addDataCollector',
  // Where downloads go: no test here downloads.
  'browser.setDownloadBehavior',
  // Screen size and orientation, and prefers-color-scheme/reduced-motion: the
  // viewport itself is set with browsingContext.setViewport, which Firefox knows.
  'emulation.setScreenOrientationOverride',
  'emulation.setScreenSettingsOverride',
  'emulation.setMediaFeaturesOverride',
  // @playwright/test gives every context `locale: 'en-US'`; Firefox's own is en-US here too.
  'emulation.setLocaleOverride',
]);

const firefox = spawn(FIREFOX, process.argv.slice(2), { stdio: ['ignore', 'inherit', 'pipe'] });
for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const)
  process.on(signal, () => firefox.kill(signal));
firefox.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));

const said = new Set<string>();
const lines = createInterface({ input: firefox.stderr });
lines.on('line', (line) => {
  const m = /WebDriver BiDi listening on (ws:\/\/\S+)/.exec(line);
  if (!m?.[1]) {
    process.stderr.write(`${line}\n`);
    return;
  }
  const upstream = m[1];
  const relay = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  relay.on('listening', () => {
    const address = relay.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    process.stderr.write(`WebDriver BiDi listening on ws://127.0.0.1:${port}\n`);
  });
  relay.on('connection', (client, req) => {
    const server = new WebSocket(`${upstream}${req.url ?? ''}`, { perMessageDeflate: false });
    const early: WebSocket.RawData[] = [];
    server.on('open', () => {
      for (const m of early.splice(0)) server.send(m.toString());
    });
    client.on('message', (data) => {
      const text = data.toString();
      const msg = JSON.parse(text) as { id?: number; method?: string };
      if (msg.method && answeredHere.has(msg.method)) {
        if (!said.has(msg.method)) {
          said.add(msg.method);
          process.stderr.write(`firefox-bidi: ${msg.method} answered here (Firefox lacks it)\n`);
        }
        client.send(JSON.stringify({ type: 'success', id: msg.id, result: {} }));
        return;
      }
      if (server.readyState === WebSocket.OPEN) server.send(text);
      else early.push(data);
    });
    server.on('message', (data) => client.send(data.toString()));
    server.on('close', () => client.close());
    client.on('close', () => server.close());
    server.on('error', () => client.terminate());
    client.on('error', () => server.terminate());
  });
});
