/**
 * Message catalogues: each group of words has one module, under a name no
 * other module exports. The words a rule refuses with live beside the rule
 * (`sync/…`: `*RuleMessages`, or a group of its own), an API route's in its
 * route (`*ApiMessages`), and what a page says in `web/messages/` — so an
 * import never has to be renamed to tell two catalogues apart.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from 'vitest';
import { projectRoot } from '../../api/dev/web-build.ts';

test('no two modules export a message catalogue of the same name', async () => {
  const files: string[] = [];
  for (const dir of ['api', 'sync', 'web']) {
    for (const f of await readdir(path.join(projectRoot, dir), { recursive: true })) {
      if (/\.tsx?$/.test(f) && !/\.(test|gen)\.ts$/.test(f)) files.push(path.join(dir, f));
    }
  }
  const where = new Map<string, string[]>();
  for (const file of files) {
    const text = await readFile(path.join(projectRoot, file), 'utf8');
    for (const m of text.matchAll(/export const (\w+Messages)\b/g)) {
      const name = m[1] ?? '';
      where.set(name, [...(where.get(name) ?? []), file]);
    }
  }
  const twice = [...where].filter(([, files]) => files.length > 1);
  expect(twice).toEqual([]);
  expect(where.size).toBeGreaterThan(30);
});
