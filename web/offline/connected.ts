import type { Zero } from '@rocicorp/zero';

/** Resolves once the client is connected. */
export function whenConnected(zero: Zero): Promise<void> {
  if (zero.connection.state.current.name === 'connected') return Promise.resolve();
  return new Promise((resolve) => {
    const stop = zero.connection.state.subscribe((s) => {
      if (s.name !== 'connected') return;
      stop();
      resolve();
    });
  });
}
