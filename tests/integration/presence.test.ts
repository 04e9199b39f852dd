/**
 * Presence (api/routes/presence.ts): who else has a preference open, and in
 * which field, over a WebSocket that follows the read rule: a General
 * supporter is refused on a Restricted preference and so never learns who is
 * there; a peer that closes its page or drops its connection is gone at once,
 * one that falls silent (a lost network) when the timeout has passed since its
 * last word, and one that loses its session within seconds.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import WebSocket from 'ws';
import { freePort } from '../../api/dev/ports.ts';
import { seedId } from '../../api/seed.ts';
import { colourOf, type PresencePeers } from '../../sync/presence.ts';
import { type SignedIn, signIn } from '../harness/clients.ts';
import { stack } from '../harness/db.ts';
import { inProcessApi, serveWithSockets } from '../harness/in-process.ts';
import { type Session, startSession } from '../harness/rest.ts';

const aroha = seedId('person:aroha');
const tea = seedId('preference:aroha:tea');
const medication = seedId('preference:aroha:medication');
const origin = new URL(stack.url).origin;
const opened: WebSocket[] = [];
let dm: SignedIn;
let riley: SignedIn;
let sam: SignedIn;
let samSession: Session;

beforeAll(async () => {
  dm = await signIn(stack.url, 'aroha@example.com');
  riley = await signIn(stack.url, 'riley@example.com');
  sam = await signIn(stack.url, 'sam@example.com');
  await startSession(riley, aroha);
  samSession = await startSession(sam, aroha);
});
afterAll(async () => {
  for (const s of opened) s.terminate();
});

/** A presence socket as a browser opens it; resolves once open, or with the refusal's status. */
function connect(who: SignedIn | null, preferenceId: string, from = origin, base = stack.url) {
  const url = `${base.replace(/^http/, 'ws')}/api/people/${aroha}/presence/${preferenceId}`;
  const socket = new WebSocket(url, {
    headers: { origin: from, ...(who && { cookie: who.cookie }) },
  });
  opened.push(socket);
  const peers: PresencePeers['peers'][] = [];
  socket.on('message', (data) => {
    const message = JSON.parse(String(data)) as PresencePeers;
    if (message.type === 'peers') peers.push(message.peers);
  });
  const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
  const ready = new Promise<number>((resolve) => {
    socket.on('open', () => resolve(101));
    socket.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
    socket.on('error', () => resolve(0));
  });
  const latest = () => peers.at(-1);
  const say = (field: string | null) => socket.send(JSON.stringify({ type: 'here', field }));
  return { socket, ready, closed, latest, say };
}

async function until<T>(what: () => T, ok: (v: T) => boolean, ms = 5_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = what();
    if (ok(v)) return v;
    if (Date.now() > end) throw new Error(`timed out; last: ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('presence', () => {
  test('two people on one preference see each other, the field each is in, and a leaver goes at once', async () => {
    const mine = connect(dm, medication);
    const theirs = connect(riley, medication);
    expect(await mine.ready).toBe(101);
    expect(await theirs.ready).toBe(101);
    const seen = await until(mine.latest, (p) => (p?.length ?? 0) === 1);
    expect(seen?.[0]).toMatchObject({
      personId: riley.personId,
      name: 'Riley Parata',
      colour: colourOf(riley.personId),
      field: null,
    });
    expect((await until(theirs.latest, (p) => (p?.length ?? 0) === 1))?.[0]?.name).toBe(
      'Aroha Ngata',
    );
    theirs.say('description');
    await until(mine.latest, (p) => p?.[0]?.field === 'description');
    // A name a browser gives itself is not taken: there is no such field to send.
    theirs.socket.send(JSON.stringify({ type: 'here', field: 'description', name: 'Aroha' }));
    theirs.socket.close();
    await until(mine.latest, (p) => p?.length === 0, 2_000);
    mine.socket.close();
  });

  test('a peer whose connection drops without a closing word goes at once', async () => {
    const mine = connect(dm, medication);
    const theirs = connect(riley, medication);
    expect(await mine.ready).toBe(101);
    expect(await theirs.ready).toBe(101);
    await until(mine.latest, (p) => p?.length === 1);
    // The TCP connection ends with no WebSocket close frame (a killed browser).
    theirs.socket.terminate();
    await until(mine.latest, (p) => p?.length === 0, 2_000);
    mine.socket.close();
  });

  test('a silent peer is let go when the timeout has passed since its last word; one that beats stays', async () => {
    // The API in this process, with a short timeout, so that the test need not
    // wait the real one (PRESENCE_TIMEOUT_MS) to see the rule.
    const timeoutMs = 1_000;
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const api = inProcessApi(
      stack.databaseUrl,
      { PUBLIC_URL: base },
      { presenceTimeoutMs: timeoutMs },
    );
    const server = await serveWithSockets(api.app, port);
    try {
      const mine = connect(dm, medication, base, base);
      const theirs = connect(riley, medication, base, base);
      expect(await mine.ready).toBe(101);
      expect(await theirs.ready).toBe(101);
      await until(mine.latest, (p) => p?.length === 1);
      // Both beat for well past the timeout: each beat puts it back, so nobody leaves.
      const beating = setInterval(() => mine.say(null), timeoutMs / 4);
      try {
        for (let i = 0; i < 6; i++) {
          theirs.say('title');
          await new Promise((r) => setTimeout(r, timeoutMs / 2));
        }
        expect(mine.latest()?.map((p) => p.field)).toEqual(['title']);
        // Riley's last word; then silence, as from a tablet whose network is gone.
        theirs.say('description');
        const lastWord = Date.now();
        await until(mine.latest, (p) => p?.[0]?.field === 'description');
        await until(mine.latest, (p) => p?.length === 0, 3 * timeoutMs);
        const after = Date.now() - lastWord;
        // Gone when the timeout has passed, not a sweep's period later.
        expect(after).toBeGreaterThanOrEqual(timeoutMs - 50);
        expect(after).toBeLessThan(timeoutMs + 700);
        expect(await theirs.closed).toBe(4408);
        // Aroha, who kept beating, is still there.
        expect(mine.socket.readyState).toBe(WebSocket.OPEN);
      } finally {
        clearInterval(beating);
      }
      mine.socket.close();
    } finally {
      await server.close();
      await api.close();
    }
  });

  test('a General supporter is refused on a Restricted preference and nobody sees them there', async () => {
    const mine = connect(dm, medication);
    expect(await mine.ready).toBe(101);
    const general = connect(sam, medication);
    expect(await general.ready).toBe(404);
    // Sam may be on the General one.
    const onTea = connect(sam, tea);
    expect(await onTea.ready).toBe(101);
    await new Promise((r) => setTimeout(r, 300));
    expect(mine.latest() ?? []).toEqual([]);
    onTea.socket.close();
    mine.socket.close();
  });

  test('signed out, from another site, or for a malformed id: refused before any socket opens', async () => {
    expect(await connect(null, tea).ready).toBe(401);
    expect(await connect(dm, tea, 'https://evil.example').ready).toBe(403);
    expect(await connect(dm, 'x'.repeat(65)).ready).toBe(400);
  });

  test('a supporter whose session ends is closed at their next beat, and leaves', async () => {
    const mine = connect(dm, tea);
    const theirs = connect(sam, tea);
    expect(await mine.ready).toBe(101);
    expect(await theirs.ready).toBe(101);
    await until(mine.latest, (p) => p?.length === 1);
    await samSession.end();
    // The check runs at most once a beat (5 s): the next beat after that is refused.
    await new Promise((r) => setTimeout(r, 5_100));
    theirs.say(null);
    expect(await theirs.closed).toBe(4403);
    await until(mine.latest, (p) => p?.length === 0, 2_000);
    mine.socket.close();
  });
});
