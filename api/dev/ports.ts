import net from 'node:net';

/**
 * Resolves true when `port` can be bound: on `host`, or when none is given on
 * 127.0.0.1 and on all interfaces (`::`, where zero-cache listens; a machine
 * without IPv6 counts as free there).
 */
export async function portIsFree(port: number, host?: string): Promise<boolean> {
  if (host) return canBind(port, host);
  return (await canBind(port, '127.0.0.1')) && (await canBind(port, '::', true));
}

function canBind(port: number, host: string, noFamilyIsFree = false): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', (e: NodeJS.ErrnoException) =>
      resolve(noFamilyIsFree && (e.code === 'EAFNOSUPPORT' || e.code === 'EADDRNOTAVAIL')),
    );
    server.listen({ port, host, exclusive: true }, () => server.close(() => resolve(true)));
  });
}

/**
 * A port that was free a moment ago (for tests and benchmarks), on 127.0.0.1
 * and on all interfaces (zero-cache listens on `::`). Chosen below Linux's
 * ephemeral range (32768-60999): a port from that range can be handed to an
 * outgoing connection between our check and the server's listen, which made
 * zero-cache fail now and then with EADDRINUSE.
 */
export async function freePort(): Promise<number> {
  for (let i = 0; i < 200; i++) {
    const port = 20_000 + Math.floor(Math.random() * 12_000);
    if (await portIsFree(port)) return port;
  }
  return osAssignedPort();
}

/** A port the OS picks (from its ephemeral range). */
function osAssignedPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen({ port: 0, host: '127.0.0.1' }, () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export async function waitFor(
  check: () => Promise<boolean>,
  { timeoutMs, intervalMs = 100 }: { timeoutMs: number; intervalMs?: number },
): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return true;
    await new Promise((r) => setTimeout(r, intervalMs));
  }
  return false;
}
