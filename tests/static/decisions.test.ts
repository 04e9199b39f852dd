/**
 * The decision records (docs/decisions/) are cited from code and docs by path
 * ("docs/decisions/017-shared-text-and-presence.md", or its number alone) and
 * by number ("ADR 039"). A cited record must exist, each record has a status
 * and a date, and the index lists every one.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { projectRoot } from '../../api/dev/web-build.ts';

const decisionsDir = path.join(projectRoot, 'docs/decisions');
const records = readdirSync(decisionsDir).filter((n) => /^\d{3}-.+\.md$/.test(n));
const numbers = new Set(records.map((n) => n.slice(0, 3)));

const roots = ['api', 'sync', 'web', 'schema', 'tests', 'docs', 'migrations', '.ci'];
const kinds = /\.(ts|tsx|mts|mjs|js|md|sql|css|html|sh|json)$|^run$/;

function* files(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === 'screenshots' || name === 'bench') continue;
    const p = path.join(dir, name);
    if (statSync(p).isDirectory()) yield* files(p);
    else if (kinds.test(name)) yield p;
  }
}

function citations() {
  const found: Array<{ file: string; cited: string; ok: boolean }> = [];
  const all = [
    ...roots.flatMap((r) => [...files(path.join(projectRoot, r))]),
    path.join(projectRoot, 'README.md'),
  ];
  for (const file of all) {
    const text = readFileSync(file, 'utf8');
    const rel = path.relative(projectRoot, file);
    for (const m of text.matchAll(/docs\/decisions\/(\d{3})([a-z0-9-]*)(\.md)?/g)) {
      const [cited, n, slug] = m;
      const ok = slug ? records.includes(`${n}${slug}.md`) : numbers.has(n ?? '');
      found.push({ file: rel, cited, ok });
    }
    for (const m of text.matchAll(/\bADRs? (\d{3})\b/g)) {
      found.push({ file: rel, cited: m[0], ok: numbers.has(m[1] ?? '') });
    }
  }
  return found;
}

describe('decision records', () => {
  test('every record cited from code, tests and docs exists', () => {
    const all = citations();
    expect(all.length).toBeGreaterThan(50);
    expect(all.filter((c) => !c.ok)).toEqual([]);
  });

  test('every record has a status and a date', () => {
    for (const name of records) {
      const text = readFileSync(path.join(decisionsDir, name), 'utf8');
      expect(text, name).toMatch(/^Status: \S/m);
      expect(text, name).toMatch(/^Date: \d{4}-\d{2}-\d{2}/m);
    }
  });

  test('the index lists every record, by its file', () => {
    const index = readFileSync(path.join(decisionsDir, 'README.md'), 'utf8');
    for (const name of records) expect(index, name).toContain(`(${name})`);
  });
});
