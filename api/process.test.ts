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

test('an idle keep-alive connection outlives Node’s 5 s default, so a client reusing it is not reset', async () => {
  const server = createServer((_req, res) => res.end('ok'));
  const port = await freePort();
  const { close } = await serve(server, port, '127.0.0.1');
  try {
    const socket = net.connect(port, '127.0.0.1');
    await once(socket, 'connect');
    const ask = async () => {
      socket.write('GET / HTTP/1.1\r\nHost: localhost\r\nConnection: keep-alive\r\n\r\n');
      const [chunk] = (await once(socket, 'data')) as [Buffer];
      return chunk.toString();
    };
    expect(await ask()).toMatch(/^HTTP\/1\.1 200/);
    // Past Node's default of 5 s idle (checked about once a second), the
    // connection is still there and answers.
    await new Promise((r) => setTimeout(r, 7_000));
    expect(socket.closed).toBe(false);
    expect(await ask()).toMatch(/^HTTP\/1\.1 200/);
    socket.destroy();
  } finally {
    await close();
  }
}, 15_000);
