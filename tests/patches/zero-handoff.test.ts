/**
 * zero-cache hands each WebSocket from the process that accepted it to the
 * worker that serves it (Node's `send(message, socket)`). Node keeps the
 * sender's copy of the socket open, reading, until the receiver acknowledges
 * it, and drops whatever it reads meanwhile. A client that sends as soon as it
 * hears "connected" (Zero's initConnection) then now and then lost that
 * message: connected, and never told anything. patches/@rocicorp+zero+*.patch
 * stops the sender reading before it sends. Here the acknowledgement is held
 * back for a moment, which makes the loss certain without the patch.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, expect, test } from 'vitest';
// zero-cache's own handoff, as patched; the package exports no path to it.
import { installWebSocketHandoff } from '../../node_modules/@rocicorp/zero/out/zero-cache/src/types/websocket-handoff.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const c of cleanups.splice(0)) c();
});

/** Holds back the child's acknowledgement of a passed socket by `ms`. */
function slowAcknowledgement(child: ChildProcess, ms: number) {
  const emit = child.emit.bind(child);
  child.emit = ((event: string, ...args: unknown[]) => {
    const message = args[0] as { cmd?: string } | undefined;
    if (event === 'internalMessage' && message?.cmd === 'NODE_HANDLE_ACK') {
      setTimeout(() => emit(event, ...args), ms);
      return true;
    }
    return emit(event, ...args);
  }) as typeof child.emit;
}

test('a message the client sends right after "connected" reaches the worker the socket was handed to', async () => {
  const child = fork(path.join(here, 'handoff-child.mjs'), {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  cleanups.push(() => child.kill());
  await once(child, 'message');
  slowAcknowledgement(child, 500);
  const got: string[] = [];
  child.on('message', (m: unknown) => {
    if (Array.isArray(m) && m[0] === 'got') got.push(String(m[1]));
  });

  const server = createServer();
  installWebSocketHandoff({} as never, () => ({ payload: null, sender: child }) as never, server);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  cleanups.push(() => server.close());

  const { port } = server.address() as AddressInfo;
  const ws = new WebSocket(`ws://127.0.0.1:${port}/`);
  cleanups.push(() => ws.close());
  const sent = Array.from({ length: 10 }, (_, i) => `message ${i + 1}`);
  ws.addEventListener('message', (e) => {
    if (e.data === 'connected') for (const m of sent) ws.send(m);
  });

  const deadline = Date.now() + 3000;
  while (got.length < sent.length && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 25));
  }
  expect(got).toEqual(sent);
});
