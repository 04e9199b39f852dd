// The receiving end of a WebSocket handoff, as zero-cache's syncer worker is:
// it completes the upgrade on the socket it is given, says "connected", and
// reports every message the client sends.
import { WebSocketServer } from 'ws';

const wss = new WebSocketServer({ noServer: true });
process.on('message', (msg, socket) => {
  if (!Array.isArray(msg) || msg[0] !== 'handoff' || !socket) return;
  const { message, head } = msg[1];
  wss.handleUpgrade(message, socket, Buffer.from(head), (ws) => {
    ws.on('message', (data) => process.send(['got', String(data)]));
    ws.send('connected');
  });
});
process.send(['ready']);
