/**
 * web/offline/silent-loss.ts tells a silent loss from Zero's public state by
 * its message alone (Zero 1.9 gives the state its error's message, not its
 * kind). These are the messages of Zero's PingTimeout and ConnectTimeout
 * errors: a new version that words them otherwise fails here.
 */
import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';

test("Zero's client words its ping and connect timeouts as silent-loss.ts reads them", () => {
  const source = readFileSync(
    new URL(
      '../../node_modules/@rocicorp/zero/out/zero-client/src/client/zero.js',
      import.meta.url,
    ),
    'utf8',
  );
  expect(source).toMatch(/kind: PingTimeout,\s*message: "Server ping request failed"/);
  expect(source).toMatch(/kind: ConnectTimeout,\s*message: `Connection attempt timed out/);
});
