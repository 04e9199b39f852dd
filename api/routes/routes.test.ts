/**
 * The API's shape: each resource is one sub-app at a prefix that names it,
 * and no two sub-apps answer the same request, so the order in which
 * api/routes/index.ts mounts them does not matter.
 */
import { readFile } from 'node:fs/promises';
import { describe, expect, test } from 'vitest';
import type { AppDeps } from '../deps.ts';
import { apiRoutes } from './index.ts';

// Building the routes reads these and nothing else; no route runs here.
const deps = {
  mailer: {},
  config: { publicUrl: 'http://localhost:3000', SUPPORT_SESSION_IDLE_MINUTES: 30 },
} as unknown as AppDeps;

const segments = (p: string) => p.split('/').filter(Boolean);

/** Whether some request path matches both route patterns. */
function overlap(a: string, b: string): boolean {
  const x = segments(a);
  const y = segments(b);
  if (x.length !== y.length) return false;
  return x.every((s, i) => {
    const t = y[i] as string;
    return s === t || s.startsWith(':') || t.startsWith(':');
  });
}

async function mounts(): Promise<string[]> {
  const source = await readFile(new URL('./index.ts', import.meta.url), 'utf8');
  return [...source.matchAll(/\.route\(\s*'([^']+)'/g)].map((m) => m[1] as string);
}

describe('the API’s routes', () => {
  test('the overlap of two patterns is what a router sees', () => {
    expect(overlap('/people/:personId/media/storage', '/people/:personId/media/:id')).toBe(true);
    expect(overlap('/people/:personId/media', '/people/:personId/media/:id')).toBe(false);
    expect(overlap('/invites/:id/accept', '/invites/:id/decline')).toBe(false);
  });

  test('each sub-app is mounted once, at a prefix that names its resource', async () => {
    const prefixes = await mounts();
    expect(prefixes.length).toBeGreaterThan(30);
    expect(new Set(prefixes).size).toBe(prefixes.length);
    for (const prefix of prefixes) {
      expect(segments(prefix).filter((s) => !s.startsWith(':')).length, prefix).toBeGreaterThan(0);
      // Under a person, the resource is named after the person's id.
      if (prefix.startsWith('/people/')) expect(segments(prefix).length, prefix).toBeGreaterThan(2);
    }
  });

  test('a record that answers PUT answers PATCH alike (a file, a logo, is only replaced)', () => {
    const routes = apiRoutes(deps).routes;
    const puts = routes.filter((r) => r.method === 'PUT' && !r.path.endsWith('/logo'));
    expect(puts.length).toBeGreaterThan(8);
    const patched = new Set(routes.filter((r) => r.method === 'PATCH').map((r) => r.path));
    expect(puts.map((r) => r.path).filter((p) => !patched.has(p))).toEqual([]);
  });

  test('no two sub-apps answer the same request', async () => {
    const prefixes = await mounts();
    // A route belongs to the mount whose prefix is the longest start of its base path.
    const mountOf = (basePath: string) =>
      prefixes
        .filter((p) => {
          const x = segments(p);
          const y = segments(basePath);
          return x.length <= y.length && x.every((s, i) => s === y[i]);
        })
        .sort((a, b) => b.length - a.length)[0] ?? '(none)';
    const routes = apiRoutes(deps).routes.filter((r) => r.method !== 'ALL');
    const crossing: string[] = [];
    for (const [i, r] of routes.entries()) {
      for (const q of routes.slice(i + 1)) {
        if (r.method !== q.method || !overlap(r.path, q.path)) continue;
        const [a, b] = [mountOf(r.basePath), mountOf(q.basePath)];
        if (a !== b) crossing.push(`${r.method} ${r.path} (${a}) ~ ${q.path} (${b})`);
      }
    }
    expect(crossing).toEqual([]);
  });
});
