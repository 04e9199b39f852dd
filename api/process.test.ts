import { once } from 'node:events';
import { createServer } from 'node:http';
import net from 'node:net';
import { expect, test } from 'vitest';
import { freePort } from './dev/ports.ts';
import { serve } from './process.ts';

const within = <T>(p: Promise<T>, ms: number) =>
  Promise.race([p.then(() => 'closed'), new Promise((r) => setTimeout(() => r('still open'), ms))]);

test('close ends every connection: a request in flight, and an upgrade no handler finished', async () => {
  // A request that never gets its answer, and a WebSocket handshake that never
  // completes (a presence socket caught mid-upgrade by a restart).
  const server = createServer(() => {});
  server.on('upgrade', () => {});
  const port = await freePort();
  const { close } = await serve(server, port, '127.0.0.1');

  const pending = net.connect(port, '127.0.0.1');
  await once(pending, 'connect');
  pending.write('GET /slow HTTP/1.1\r\nHost: localhost\r\n\r\n');
  const upgrading = net.connect(port, '127.0.0.1');
  await once(upgrading, 'connect');
  upgrading.write(
    'GET /api/presence HTTP/1.1\r\nHost: localhost\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n\r\n',
  );
  await new Promise((r) => setTimeout(r, 200));

  expect(await within(close(), 3000)).toBe('closed');
  for (const socket of [pending, upgrading]) {
    if (!socket.closed) await once(socket, 'close');
    expect(socket.closed).toBe(true);
  }
});
