/**
 * Whether this client's connection was lost in silence: Zero's heartbeat, or
 * a new connection, got no answer at all (a dropped Wi-Fi; WebKit never says
 * it is offline). A service that went away closes the socket instead, and
 * that is not silence. It holds until the next connection.
 *
 * Read from every state Zero publishes, not from the current one: Zero names
 * the reason on the state that ends the connection, and its next attempt a
 * moment later replaces that state with one that names none.
 */
import type { Zero } from '@rocicorp/zero';

/**
 * Zero 1.9 gives the public state its error's message, not its kind: these are
 * the messages of its PingTimeout and ConnectTimeout errors (zero-client's
 * zero.js). The silent-loss e2e test (tests/e2e/offline-status.spec.ts) fails
 * if a new version words them otherwise.
 */
const SILENT_LOSS = /^Server ping request failed|^Connection attempt timed out/;

type Watch = { silent: boolean; listeners: Set<() => void> };
const watches = new WeakMap<Zero, Watch>();

function watchOf(zero: Zero): Watch {
  let w = watches.get(zero);
  if (w) return w;
  const watch: Watch = { silent: false, listeners: new Set() };
  w = watch;
  watches.set(zero, watch);
  zero.connection.state.subscribe((s) => {
    const reason = (s as { reason?: unknown }).reason;
    const silent =
      s.name === 'connected'
        ? false
        : typeof reason === 'string' && SILENT_LOSS.test(reason)
          ? true
          : watch.silent;
    if (silent === watch.silent) return;
    watch.silent = silent;
    for (const l of watch.listeners) l();
  });
  return watch;
}

export function silentLossStore(zero: Zero) {
  const w = watchOf(zero);
  return {
    subscribe: (listener: () => void) => {
      w.listeners.add(listener);
      return () => w.listeners.delete(listener);
    },
    get: () => w.silent,
  };
}
