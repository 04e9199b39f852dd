import type { Zero } from '@rocicorp/zero';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PROBE_AFTER_MS, PROBE_TIMEOUT_MS, silentLossStore } from './silent-loss.ts';

type State = { name: string; reason?: string };

/** Zero's connection state as the store reads it, and a count of waiting changes. */
function fakes(first: State = { name: 'connected' }) {
  const stateListeners = new Set<(s: State) => void>();
  const state = {
    current: first,
    subscribe(l: (s: State) => void) {
      stateListeners.add(l);
      return () => stateListeners.delete(l);
    },
  };
  const zero = { connection: { state } } as unknown as Zero;
  const waitingListeners = new Set<() => void>();
  const waiting = {
    count: 0,
    subscribe(l: () => void) {
      waitingListeners.add(l);
      return () => waitingListeners.delete(l);
    },
  };
  return {
    store: silentLossStore(zero, waiting),
    publish(s: State) {
      state.current = s;
      for (const l of stateListeners) l(s);
    },
    wait(n: number) {
      waiting.count = n;
      for (const l of waitingListeners) l();
    },
  };
}

/** fetch that answers (true), fails at once (false), or never answers (null). */
function network(answer: { current: boolean | null }) {
  const asked: string[] = [];
  vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
    asked.push(url);
    if (answer.current === true) return Promise.resolve(new Response('{}'));
    if (answer.current === false) return Promise.reject(new TypeError('Load failed'));
    return new Promise((_, reject) => {
      init.signal?.addEventListener('abort', () => reject(init.signal?.reason));
    });
  });
  return asked;
}

describe('a silent loss', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('a waiting change on an open socket asks the server, and no answer in time is silence', async () => {
    const answer = { current: null as boolean | null };
    const asked = network(answer);
    const f = fakes();
    f.wait(1);
    await vi.advanceTimersByTimeAsync(PROBE_AFTER_MS - 1);
    expect(asked).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(asked).toEqual(['/api/health']);
    await vi.advanceTimersByTimeAsync(PROBE_TIMEOUT_MS - 1);
    expect(f.store.get()).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(f.store.get()).toBe(true);

    // Asked again while unanswered, and an answer ends the silence.
    answer.current = true;
    await vi.advanceTimersByTimeAsync(PROBE_TIMEOUT_MS);
    expect(f.store.get()).toBe(false);
  });

  it('an answered question is not silence, and a change answered in time asks nothing', async () => {
    const answer = { current: true as boolean | null };
    const asked = network(answer);
    const f = fakes();
    f.wait(1);
    await vi.advanceTimersByTimeAsync(PROBE_AFTER_MS / 2);
    f.wait(0);
    await vi.advanceTimersByTimeAsync(PROBE_AFTER_MS * 4);
    expect(asked).toEqual([]);

    f.wait(2);
    await vi.advanceTimersByTimeAsync(PROBE_AFTER_MS + 10);
    expect(asked).toHaveLength(1);
    expect(f.store.get()).toBe(false);
  });

  it('a request that fails at once is silence too, and a new connection ends it', async () => {
    const answer = { current: false as boolean | null };
    network(answer);
    const f = fakes();
    f.wait(1);
    await vi.advanceTimersByTimeAsync(PROBE_AFTER_MS + 1);
    expect(f.store.get()).toBe(true);
    f.publish({ name: 'connecting' });
    f.publish({ name: 'connected' });
    expect(f.store.get()).toBe(false);
  });

  it('nothing is asked while Zero is not connected: its own state says that', async () => {
    const asked = network({ current: null });
    const f = fakes({ name: 'connecting' });
    f.wait(3);
    await vi.advanceTimersByTimeAsync(PROBE_AFTER_MS * 10);
    expect(asked).toEqual([]);
    expect(f.store.get()).toBe(false);
  });

  it("Zero's unanswered heartbeat or connection attempt is silence until the next connection", () => {
    network({ current: true });
    const f = fakes();
    f.publish({ name: 'connecting', reason: 'Server ping request failed' });
    expect(f.store.get()).toBe(true);
    // Its next attempt names no reason: still silent.
    f.publish({ name: 'connecting' });
    expect(f.store.get()).toBe(true);
    f.publish({ name: 'connected' });
    expect(f.store.get()).toBe(false);
    f.publish({ name: 'connecting', reason: 'Connection attempt timed out after 10 seconds.' });
    expect(f.store.get()).toBe(true);
    // A service that went away closes the socket: not silence.
    f.publish({ name: 'connected' });
    f.publish({ name: 'connecting', reason: 'WebSocket closed' });
    expect(f.store.get()).toBe(false);
  });
});
