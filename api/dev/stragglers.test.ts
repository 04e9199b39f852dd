import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { expect, test } from 'vitest';
import { killStragglers, processesWithEnv } from './stragglers.mjs';

test.runIf(process.platform === 'linux')(
  'kills every process carrying the marker, also one in a session of its own',
  async () => {
    const marker = `PB_TEST_MARK=${randomBytes(6).toString('hex')}`;
    const [key, value] = marker.split('=') as [string, string];
    // Like a zero-cache worker: detached (own session), outliving whoever started it.
    const kids = [0, 1].map(() =>
      spawn('sleep', ['60'], {
        env: { ...process.env, [key]: value },
        detached: true,
        stdio: 'ignore',
      }),
    );
    const exits = kids.map((k) => new Promise((r) => k.on('exit', r)));
    expect((await processesWithEnv(marker)).sort()).toEqual(kids.map((k) => k.pid).sort());
    expect(await killStragglers(marker)).toBe(2);
    await Promise.all(exits);
    expect(await processesWithEnv(marker)).toEqual([]);
    // A marker nobody carries kills nothing.
    expect(await killStragglers(`${marker}-other`)).toBe(0);
  },
);
