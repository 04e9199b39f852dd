/**
 * postgres.js 3.4.7 writes a small message on the next tick; when the socket
 * closed in between, `nextWrite` called `null.write` from a timer, an error
 * nothing can catch, and the process died (porsager/postgres#1154, #1208;
 * zero-cache's copy was fixed the same way in rocicorp/mono#6193). Seen here
 * in a clean-clone run: a Postgres restart under the fault test's in-process
 * API took its Playwright worker down. patches/postgres+3.4.7.patch settles
 * the waiting queries as CONNECTION_CLOSED instead, and forgets a cancelled
 * timer, so that the connection can write again. This checks that both of the
 * package's builds carry it (the API imports the ES module; a CommonJS
 * caller gets the other).
 */
import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';

test.each(['src', 'cjs/src'])(
  "postgres.js's %s build settles a write whose socket is gone",
  (dir) => {
    const source = readFileSync(
      new URL(`../../node_modules/postgres/${dir}/connection.js`, import.meta.url),
      'utf8',
    );
    expect(source).toMatch(
      /function nextWrite\(fn\) \{[\s\S]{0,400}if \(!socket\) \{[\s\S]{0,200}error\(Errors\.connection\('CONNECTION_CLOSED', options\)\)/,
    );
    expect(source).toMatch(
      /clearImmediate\(nextWriteTimer\)\n\s+nextWriteTimer = null\n\s+if \(socket\) \{/,
    );
    expect(source).toMatch(/clearImmediate\(nextWriteTimer\)\n\s+chunk = nextWriteTimer = null/);
  },
);
