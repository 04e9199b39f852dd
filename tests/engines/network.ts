/**
 * An engine's network: a forward HTTP proxy on this machine that the browser is
 * told to use for everything (Firefox's launch option, WebDriver's `proxy`
 * capability), which the test can cut and restore.
 *
 * - Only this machine is reached: a request for any other host is refused (403,
 *   counted in `refused`), so a browser's own background traffic never leaves.
 * - `cut()` is a dropped Wi-Fi: nothing more passes either way on the open
 *   connections, and new ones are held unanswered, as packets into the void.
 *   Neither engine's driver here has an offline switch (Firefox 140's BiDi
 *   lacks `emulation.setNetworkConditions`; WebDriver classic has none), and
 *   this is what a tablet leaving the Wi-Fi looks like to the page: the
 *   browser still says it is online, and Zero's heartbeat goes unanswered.
 *   `restore()` drops what was held (those connections died in the cut) and
 *   lets everything through again.
 * - `probe`: WebDriver classic cannot read a page's console, so the proxy adds
 *   one same-origin script to every HTML page (the CSP allows 'self') that
 *   keeps each `console.error`, uncaught error, unhandled rejection and CSP
 *   violation in the tab's sessionStorage, for the test to read
 *   (`PROBE_KEY`). Pages are asked for without compression so that the
 *   script can be added.
 */
import http from 'node:http';
import net from 'node:net';
import type { Duplex } from 'node:stream';

export const PROBE_PATH = '/__engines/console-probe.js';
export const PROBE_KEY = '__engineErrors';

/** Kept in the fixtures' words ("console.error: …", "uncaught Name: …"), so one allow-list fits all. */
const probeScript = `(() => {
  if (window.__engineProbe) return;
  window.__engineProbe = true;
  const keep = (m) => {
    try {
      const all = JSON.parse(sessionStorage.getItem(${JSON.stringify(PROBE_KEY)}) || '[]');
      all.push(String(m).slice(0, 2000));
      sessionStorage.setItem(${JSON.stringify(PROBE_KEY)}, JSON.stringify(all));
    } catch {}
  };
  const text = (a) => {
    if (a instanceof Error) return a.name + ': ' + a.message;
    if (typeof a === 'string') return a;
    try { return JSON.stringify(a); } catch { return String(a); }
  };
  const error = console.error.bind(console);
  console.error = (...args) => { keep('console.error: ' + args.map(text).join(' ')); error(...args); };
  addEventListener('error', (e) => keep('uncaught ' + ((e.error && e.error.name) || 'Error') + ': ' + e.message));
  addEventListener('unhandledrejection', (e) => keep('uncaught (in promise) ' + text(e.reason)));
  document.addEventListener('securitypolicyviolation', (e) => keep('console.error: CSP refused ' + e.violatedDirective + ' ' + e.blockedURI));
})();
`;

const LOCAL = new Set(['localhost', '127.0.0.1', '[::1]']);

export type EngineNetwork = {
  /** `host:port` of the proxy, for the browser's settings. */
  address: string;
  port: number;
  cut: () => void;
  restore: () => void;
  /** Requests for hosts other than this machine, refused. */
  refused: () => string[];
  stop: () => Promise<void>;
};

/** A connection between the browser and the app: both ends, to freeze or drop together. */
type Link = { freeze: () => void; drop: () => void };

export async function startEngineNetwork(opts: {
  probe: boolean;
  /**
   * Adds 'unsafe-eval' to the pages' script-src. Playwright's BiDi driver runs
   * its in-page helpers with eval, and Firefox applies the page's CSP to them
   * (Chromium's CDP and Playwright's own Firefox are exempt); the CSP itself
   * is checked in Chromium (tests/e2e/security-headers.spec.ts).
   */
  allowDriverEval?: boolean;
}): Promise<EngineNetwork> {
  let offline = false;
  const links = new Set<Link>();
  const held = new Set<Duplex>();
  const frozen = new Set<Link>();
  const refused: string[] = [];

  const track = (link: Link) => {
    links.add(link);
    return () => links.delete(link);
  };
  /** While cut, a new connection gets no answer at all. */
  const hold = (socket: Duplex) => {
    held.add(socket);
    socket.on('close', () => held.delete(socket));
    socket.on('error', () => {});
  };

  const server = http.createServer((req, res) => {
    let target: URL;
    try {
      target = new URL(req.url ?? '');
    } catch {
      res.writeHead(400).end();
      return;
    }
    if (!LOCAL.has(target.hostname)) {
      refused.push(`${req.method} ${target.origin}`);
      res.writeHead(403).end();
      return;
    }
    if (offline) {
      hold(req.socket);
      return;
    }
    if (opts.probe && target.pathname === PROBE_PATH) {
      res.writeHead(200, {
        'content-type': 'text/javascript; charset=utf-8',
        'cache-control': 'no-store',
      });
      res.end(probeScript);
      return;
    }
    const headers = { ...req.headers };
    if (opts.probe) delete headers['accept-encoding'];
    delete headers['proxy-connection'];
    const upstream = http.request(
      {
        host: '127.0.0.1',
        port: Number(target.port || 80),
        method: req.method,
        path: `${target.pathname}${target.search}`,
        headers,
      },
      (answer) => {
        const type = String(answer.headers['content-type'] ?? '');
        if (opts.probe && type.startsWith('text/html') && !answer.headers['content-encoding']) {
          const chunks: Buffer[] = [];
          answer.on('data', (c: Buffer) => chunks.push(c));
          answer.on('end', () => {
            const html = Buffer.concat(chunks)
              .toString('utf8')
              .replace(/<head>/i, `<head><script src="${PROBE_PATH}"></script>`);
            const out = { ...answer.headers };
            delete out['content-length'];
            delete out.etag;
            res.writeHead(answer.statusCode ?? 502, out);
            res.end(html);
          });
          return;
        }
        const csp = answer.headers['content-security-policy'];
        if (opts.allowDriverEval && typeof csp === 'string')
          answer.headers['content-security-policy'] = csp.replace(
            /script-src 'self'/,
            "script-src 'self' 'unsafe-eval'",
          );
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    const untrack = track({
      freeze: () => {
        req.unpipe(upstream);
        upstream.socket?.pause();
        req.socket.pause();
      },
      drop: () => {
        upstream.destroy();
        req.socket.destroy();
      },
    });
    res.on('close', untrack);
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });

  /** Both ends of a tunnel (CONNECT, or a WebSocket upgrade): bytes pass until a cut. */
  const tunnel = (client: Duplex, target: net.Socket) => {
    const link: Link = {
      freeze: () => {
        client.unpipe(target);
        target.unpipe(client);
        client.pause();
        target.pause();
      },
      drop: () => {
        client.destroy();
        target.destroy();
      },
    };
    const untrack = track(link);
    const end = () => {
      untrack();
      frozen.delete(link);
      link.drop();
    };
    client.on('error', end);
    target.on('error', end);
    client.on('close', end);
    target.on('close', end);
    client.pipe(target);
    target.pipe(client);
  };

  server.on('connect', (req, client: Duplex, head: Buffer) => {
    const [host = '', port = ''] = (req.url ?? '').split(/:(?=\d+$)/);
    if (!LOCAL.has(host)) {
      refused.push(`CONNECT ${req.url}`);
      client.end('HTTP/1.1 403 Forbidden\r\n\r\n');
      return;
    }
    if (offline) {
      hold(client);
      return;
    }
    const target = net.connect(Number(port), '127.0.0.1', () => {
      client.write('HTTP/1.1 200 Connection established\r\n\r\n');
      if (head.length) target.write(head);
      tunnel(client, target);
    });
    target.on('error', () => client.destroy());
  });

  // WebKit sends a WebSocket's upgrade to the proxy with the whole URL (ws://…).
  server.on('upgrade', (req, client: Duplex, head: Buffer) => {
    let target: URL;
    try {
      target = new URL(req.url ?? '');
    } catch {
      client.destroy();
      return;
    }
    if (!LOCAL.has(target.hostname)) {
      refused.push(`UPGRADE ${target.origin}`);
      client.destroy();
      return;
    }
    if (offline) {
      hold(client);
      return;
    }
    const upstream = net.connect(Number(target.port || 80), '127.0.0.1', () => {
      let lines = `${req.method} ${target.pathname}${target.search} HTTP/1.1\r\n`;
      for (let i = 0; i < req.rawHeaders.length; i += 2) {
        const name = req.rawHeaders[i] ?? '';
        if (name.toLowerCase() === 'proxy-connection') continue;
        lines += `${name}: ${req.rawHeaders[i + 1] ?? ''}\r\n`;
      }
      upstream.write(`${lines}\r\n`);
      if (head.length) upstream.write(head);
      tunnel(client, upstream);
    });
    upstream.on('error', () => client.destroy());
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    address: `127.0.0.1:${port}`,
    port,
    cut() {
      offline = true;
      for (const link of links) {
        link.freeze();
        frozen.add(link);
      }
    },
    restore() {
      offline = false;
      for (const link of frozen) link.drop();
      frozen.clear();
      for (const socket of held) socket.destroy();
      held.clear();
    },
    refused: () => [...refused],
    async stop() {
      for (const link of links) link.drop();
      for (const socket of held) socket.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
