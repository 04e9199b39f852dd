/**
 * Whether this client's connection was lost in silence: a dropped Wi-Fi that
 * the browser does not report (WebKit never says it is offline). A service
 * that went away closes the socket instead, and that is not silence.
 *
 * Two ways find it:
 * - A change left unanswered while the socket still looks open: after
 *   `PROBE_AFTER_MS` the server is asked directly (`/api/health`), and no
 *   answer within `PROBE_TIMEOUT_MS` counts as silence at once. It holds
 *   until a later question is answered or the client connects anew. The
 *   socket is left to Zero: a server that is only slow must not lose it.
 * - Zero's heartbeat (web/zero.ts) went unanswered, or a new connection was
 *   never answered. Read from every state Zero publishes, not from the
 *   current one: Zero names the reason on the state that ends the
 *   connection, and its next attempt a moment later replaces that state with
 *   one that names none. It holds until the next connection.
 */
import type { Zero } from '@rocicorp/zero';

/**
 * Zero 1.9 gives the public state its error's message, not its kind: these are
 * the messages of its PingTimeout and ConnectTimeout errors (zero-client's
 * zero.js); tests/patches/zero-timeout-messages.test.ts fails if a new
 * version words them otherwise.
 */
const SILENT_LOSS = /^Server ping request failed|^Connection attempt timed out/;

/** A change unanswered this long on an open socket is worth a direct question. */
export const PROBE_AFTER_MS = 1_500;
/** How long that question may go unanswered before the server counts as out of reach. */
export const PROBE_TIMEOUT_MS = 2_500;

/** How many changes wait for the server's answer, and when that changes. */
export type Waiting = { subscribe(listener: () => void): () => void; readonly count: number };

type Watch = {
  /** Zero's heartbeat or a new connection went unanswered. */
  heartbeat: boolean;
  /** The server did not answer a direct question while a change waited. */
  unanswered: boolean;
  listeners: Set<() => void>;
};
const watches = new WeakMap<Zero, Watch>();

function watchOf(zero: Zero, waiting: Waiting): Watch {
  const known = watches.get(zero);
  if (known) return known;
  const watch: Watch = { heartbeat: false, unanswered: false, listeners: new Set() };
  watches.set(zero, watch);
  const set = (next: Partial<Pick<Watch, 'heartbeat' | 'unanswered'>>) => {
    const before = watch.heartbeat || watch.unanswered;
    Object.assign(watch, next);
    if ((watch.heartbeat || watch.unanswered) !== before) for (const l of watch.listeners) l();
  };

  let connected = zero.connection.state.current.name === 'connected';
  zero.connection.state.subscribe((s) => {
    const reason = (s as { reason?: unknown }).reason;
    if (s.name === 'connected') {
      // A new connection was answered: whatever was silent is not now.
      if (!connected) set({ heartbeat: false, unanswered: false });
    } else if (typeof reason === 'string' && SILENT_LOSS.test(reason)) {
      set({ heartbeat: true });
    }
    connected = s.name === 'connected';
    schedule();
  });

  let timer: ReturnType<typeof setTimeout> | undefined;
  let asking = false;
  /** Asks while a change waits on an open socket, and again while unanswered. */
  function schedule() {
    if (timer !== undefined || asking) return;
    if (waiting.count === 0 || !connected) {
      if (waiting.count === 0 && watch.unanswered) set({ unanswered: false });
      return;
    }
    timer = setTimeout(
      () => {
        timer = undefined;
        if (waiting.count === 0 || !connected) return schedule();
        asking = true;
        void reachable().then((ok) => {
          asking = false;
          if (ok === watch.unanswered) set({ unanswered: !ok });
          schedule();
        });
      },
      // Unanswered, it asks again as often as a question may take.
      watch.unanswered ? PROBE_TIMEOUT_MS : PROBE_AFTER_MS,
    );
  }
  waiting.subscribe(schedule);
  return watch;
}

/** Whether the server answers a direct question in time (any answer will do). */
async function reachable(): Promise<boolean> {
  const giveUp = new AbortController();
  const timer = setTimeout(() => giveUp.abort(), PROBE_TIMEOUT_MS);
  try {
    await fetch('/api/health', { cache: 'no-store', signal: giveUp.signal });
    return true;
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

export function silentLossStore(zero: Zero, waiting: Waiting) {
  const w = watchOf(zero, waiting);
  return {
    subscribe: (listener: () => void) => {
      w.listeners.add(listener);
      return () => w.listeners.delete(listener);
    },
    get: () => w.heartbeat || w.unanswered,
  };
}
