import { createHash } from 'node:crypto';
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { StackError } from '../startup-errors.ts';

export const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/**
 * Where the built web app goes: dist/web, or WEB_DIST_DIR (relative to the
 * project) so that two test runs in one working tree do not build into the
 * same directory at once.
 */
export const webDist = path.resolve(projectRoot, process.env.WEB_DIST_DIR || 'dist/web');
const stampFile = path.join(webDist, '.source-hash');

// patches/: what patch-package changes in a dependency is built into the app too.
const inputs = ['web', 'sync', 'schema', 'vite.config.ts', 'package-lock.json', 'patches'];

async function hashInto(hash: ReturnType<typeof createHash>, p: string): Promise<void> {
  const s = await stat(p).catch(() => undefined);
  if (!s) return;
  if (s.isDirectory()) {
    const names = (await readdir(p)).filter((n) => n !== 'node_modules' && !n.startsWith('.'));
    names.sort();
    for (const n of names) await hashInto(hash, path.join(p, n));
    return;
  }
  // routeTree.gen.ts is rewritten by the build itself.
  if (p.endsWith('routeTree.gen.ts')) return;
  hash.update(path.relative(projectRoot, p));
  hash.update(await readFile(p));
}

export async function sourceHash(): Promise<string> {
  const hash = createHash('sha256');
  for (const i of inputs) await hashInto(hash, path.join(projectRoot, i));
  return hash.digest('hex');
}

/** Builds the web app unless dist/web was built from exactly these sources. */
export async function ensureWebBuild(log: (line: string) => void): Promise<void> {
  const want = await sourceHash();
  const have = await readFile(stampFile, 'utf8').catch(() => '');
  if (have.trim() === want) return;
  log('Building the web app (first start or changed sources)...');
  // Always the production build: under a test runner (NODE_ENV=test) Vite
  // would bundle React's development build, and the stamp would then pass it
  // as current to `npm run build` and `npm start`.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    const { build } = await import('vite');
    await build({
      configFile: path.join(projectRoot, 'vite.config.ts'),
      mode: 'production',
      logLevel: 'warn',
      build: { outDir: webDist, emptyOutDir: true },
    });
  } catch (e) {
    throw new StackError(
      'web',
      `build failed: ${e instanceof Error ? e.message.split('\n')[0] : e}`,
    );
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
  await writeFile(stampFile, want);
}
