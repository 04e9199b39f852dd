/**
 * The production entry's build: api/main.ts bundled into
 * dist/server/main.mjs for plain `node` (ADR 015). The packages it imports stay
 * in node_modules, installed with `npm ci --omit=dev`.
 */
import path from 'node:path';
import { build } from 'esbuild';
import { StackError } from '../startup-errors.ts';
import { projectRoot } from './web-build.ts';

/** Where the production entry is built. */
export const serverBundle = path.join(projectRoot, 'dist/server/main.mjs');

/** Builds the bundle; resolves to what it imports from outside itself (packages, Node built-ins). */
export async function buildServer(outfile: string = serverBundle): Promise<string[]> {
  const result = await build({
    entryPoints: [path.join(projectRoot, 'api/main.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    packages: 'external',
    sourcemap: true,
    logLevel: 'warning',
    metafile: true,
  }).catch((e: unknown) => {
    throw new StackError('api', `could not bundle api/main.ts: ${String(e)}`);
  });
  const imports = Object.values(result.metafile.outputs).flatMap((o) =>
    o.imports.filter((i) => i.external).map((i) => i.path),
  );
  return [...new Set(imports)].sort();
}
