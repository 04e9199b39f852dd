/**
 * A TCP relay in front of Postgres that counts round trips: a turn is the
 * client speaking again after Postgres has answered. Statements sent
 * together (pipelined) before any answer arrives are one turn; statements
 * each sent after the previous one's answer are one turn each. Used to
 * count what one change costs in waits on the database, which is what its
 * latency is made of on a real network.
 */
import net from 'node:net';

export type PgTurns = {
  /** `databaseUrl` with its host and port replaced by the relay's. */
  url: string;
  /** Turns so far, over every connection through the relay. */
  turns: () => number;
  stop: () => Promise<void>;
};

/**
 * `rttMs`: a network's round trip added to every exchange (half each way), as
 * between an API and a managed Postgres in another zone; 0 is this machine's
 * loopback. Bytes keep their order.
 */
export async function pgTurns(databaseUrl: string, { rttMs = 0 } = {}): Promise<PgTurns> {
  const target = new URL(databaseUrl);
  let turns = 0;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port), target.hostname);
    sockets.add(client).add(upstream);
    // As postgres.js's own socket: a small write goes out at once (no Nagle delay).
    client.setNoDelay(true);
    upstream.setNoDelay(true);
    // Who spoke last on this connection: a client write after an answer opens a turn.
    let answered = true;
    // Timers of one delay fire in the order they were set: bytes keep their order.
    const later = (send: () => void) => (rttMs > 0 ? setTimeout(send, rttMs / 2) : send());
    client.on('data', (chunk) => {
      if (answered) turns++;
      answered = false;
      later(() => upstream.write(chunk));
    });
    upstream.on('data', (chunk) => {
      answered = true;
      later(() => client.write(chunk));
    });
    const close = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on('close', close).on('error', close);
    upstream.on('close', close).on('error', close);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  const url = new URL(databaseUrl);
  url.hostname = '127.0.0.1';
  url.port = String(port);
  return {
    url: url.toString(),
    turns: () => turns,
    stop: async () => {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
