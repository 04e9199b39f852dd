/**
 * A small load balancer for the multi-node tests (tests/harness/topology.ts):
 * HTTP requests and WebSocket upgrades in front of several upstreams on this
 * machine, the part a cloud load balancer, nginx or Caddy plays in production
 * (docs/decisions/024-past-one-machine.md).
 *
 * - `round-robin` (the API processes): each request goes to the next upstream.
 * - `client-group` (the view-syncers): sticky per Zero client group (the
 *   `clientGroupID` of the sync URL), as nginx's `hash $arg_clientGroupID`; a
 *   group seen for the first time goes to the upstream with the fewest open
 *   sockets.
 *
 * An upstream that refuses the connection is skipped (and tried last for a
 * while); nothing is retried once a connection was made, so a request is
 * never sent twice. When an upstream's socket closes, so does the client's:
 * a Zero client then reconnects by itself and lands on a live upstream.
 */
import http from 'node:http';
import net from 'node:net';

export type Upstream = { name: string; port: number };

export type Routing = 'round-robin' | 'client-group';

export type ProxiedSocket = {
  upstream: string;
  clientGroupID: string | undefined;
  clientID: string | undefined;
  path: string;
};

export type TestProxy = {
  url: string;
  port: number;
  /** HTTP requests answered by `upstream`, optionally only those whose path starts with `pathPrefix`. */
  served: (upstream: string, pathPrefix?: string) => number;
  /** The WebSockets open now, and where each went. */
  sockets: () => ProxiedSocket[];
  /** Every WebSocket ever opened, in order. */
  history: () => ProxiedSocket[];
  stop: () => Promise<void>;
};

/** How long an upstream that refused a connection is tried last. */
const DOWN_MS = 2000;

export async function startProxy(opts: {
  upstreams: Upstream[];
  routing: Routing;
  port: number;
}): Promise<TestProxy> {
  const { upstreams, routing } = opts;
  const downUntil = new Map<string, number>();
  const open = new Map<net.Socket, ProxiedSocket>();
  const opened: ProxiedSocket[] = [];
  const served: Array<{ upstream: string; path: string }> = [];
  const sticky = new Map<string, string>();
  let next = 0;

  const isDown = (u: Upstream) => (downUntil.get(u.name) ?? 0) > Date.now();
  const openOn = (u: Upstream) => [...open.values()].filter((s) => s.upstream === u.name).length;

  /** Upstreams in the order to try: the routing's choice first, those that just refused last. */
  function candidates(clientGroupID: string | undefined): Upstream[] {
    let first: Upstream | undefined;
    if (routing === 'round-robin') {
      first = upstreams[next++ % upstreams.length];
    } else {
      const name = clientGroupID === undefined ? undefined : sticky.get(clientGroupID);
      first = upstreams.find((u) => u.name === name && !isDown(u));
      first ??= [...upstreams].filter((u) => !isDown(u)).sort((a, b) => openOn(a) - openOn(b))[0];
    }
    const rest = upstreams.filter((u) => u !== first);
    return [...(first ? [first] : []), ...rest.filter((u) => !isDown(u)), ...rest.filter(isDown)];
  }

  const refused = (e: unknown) =>
    e instanceof Error && 'code' in e && (e.code === 'ECONNREFUSED' || e.code === 'ECONNRESET');

  function forward(
    req: http.IncomingMessage,
    res: http.ServerResponse,
    body: Buffer,
    order: Upstream[],
  ) {
    const upstream = order[0];
    if (!upstream) {
      res.writeHead(502, { 'content-type': 'text/plain' }).end('no upstream answered');
      return;
    }
    const headers = { ...req.headers };
    delete headers['transfer-encoding'];
    headers['content-length'] = String(body.length);
    const forwardedFor = [req.headers['x-forwarded-for'], req.socket.remoteAddress]
      .filter(Boolean)
      .join(', ');
    headers['x-forwarded-for'] = forwardedFor;
    let answered = false;
    const out = http.request(
      { host: '127.0.0.1', port: upstream.port, method: req.method, path: req.url, headers },
      (upstreamRes) => {
        answered = true;
        served.push({ upstream: upstream.name, path: req.url ?? '/' });
        res.writeHead(
          upstreamRes.statusCode ?? 502,
          upstreamRes.statusMessage,
          upstreamRes.rawHeaders,
        );
        upstreamRes.pipe(res);
        upstreamRes.on('error', () => res.destroy());
      },
    );
    out.on('error', (e) => {
      if (answered) return res.destroy();
      // Only a connection that was never made is tried elsewhere: the request cannot have arrived.
      if ((e as NodeJS.ErrnoException).code === 'ECONNREFUSED') {
        downUntil.set(upstream.name, Date.now() + DOWN_MS);
        return forward(req, res, body, order.slice(1));
      }
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' });
      res.end(`upstream ${upstream.name}: ${e.message}`);
    });
    out.end(body);
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => forward(req, res, Buffer.concat(chunks), candidates(undefined)));
    req.on('error', () => res.destroy());
  });

  server.on('upgrade', (req: http.IncomingMessage, client: net.Socket, head: Buffer) => {
    const url = new URL(req.url ?? '/', 'http://proxy');
    const clientGroupID = url.searchParams.get('clientGroupID') ?? undefined;
    const clientID = url.searchParams.get('clientID') ?? undefined;
    client.on('error', () => {});
    const attempt = (order: Upstream[]) => {
      const upstream = order[0];
      if (!upstream) {
        client.end('HTTP/1.1 502 Bad Gateway\r\nconnection: close\r\ncontent-length: 0\r\n\r\n');
        return;
      }
      const up = net.connect(upstream.port, '127.0.0.1');
      let connected = false;
      up.once('connect', () => {
        connected = true;
        if (client.destroyed) return up.destroy();
        const lines = [`${req.method} ${req.url} HTTP/${req.httpVersion}`];
        for (let i = 0; i < req.rawHeaders.length; i += 2) {
          lines.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`);
        }
        up.write(`${lines.join('\r\n')}\r\n\r\n`);
        if (head.length) up.write(head);
        const entry: ProxiedSocket = {
          upstream: upstream.name,
          clientGroupID,
          clientID,
          path: url.pathname,
        };
        open.set(client, entry);
        opened.push(entry);
        if (clientGroupID !== undefined) sticky.set(clientGroupID, upstream.name);
        client.pipe(up).pipe(client);
      });
      up.on('error', (e) => {
        if (!connected && refused(e)) {
          downUntil.set(upstream.name, Date.now() + DOWN_MS);
          return attempt(order.slice(1));
        }
        client.destroy();
      });
      up.on('close', () => {
        if (connected) client.destroy();
      });
      client.on('close', () => {
        open.delete(client);
        up.destroy();
      });
    };
    attempt(candidates(clientGroupID));
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, '127.0.0.1', () => resolve());
  });

  return {
    url: `http://127.0.0.1:${opts.port}`,
    port: opts.port,
    served: (upstream, pathPrefix = '') =>
      served.filter((s) => s.upstream === upstream && s.path.startsWith(pathPrefix)).length,
    sockets: () => [...open.values()],
    history: () => [...opened],
    stop: () =>
      new Promise<void>((resolve) => {
        for (const socket of open.keys()) socket.destroy();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
