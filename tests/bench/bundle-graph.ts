/**
 * What a page of the built web app loads before it shows, read from Vite's
 * manifest (dist/web/.vite/manifest.json, `build.manifest` in vite.config.ts):
 * the entry and the chunks it imports, then each matched route's split parts
 * (its component, its loader) and the dynamic imports a page makes at once,
 * each with every chunk it imports statically (Vite preloads those with it).
 * Sizes are gzip's, as the API sends them (hono/compress); the modules in each
 * chunk come from its source map.
 */
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { projectRoot, sourceHash, webDist } from '../../api/dev/web-build.ts';

type ManifestChunk = {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
};
export type Manifest = Record<string, ManifestChunk>;

export type PageGraph = {
  /** Chunk files, each with its gzip size in bytes. */
  chunks: Array<{ file: string; gzip: number }>;
  gzip: number;
  /** Every source module in those chunks (paths as the source maps name them). */
  modules: string[];
};

/**
 * A built web app to read: dist/web when it was built from exactly these
 * sources (the e2e run's or `npm start`'s), else a build of its own in
 * dist/web-budget (never dist/web itself: `npm start` in the runner's tests
 * may be building there at the same moment), reused while the sources stay.
 */
export async function freshBuild(): Promise<string> {
  const want = await sourceHash();
  const stamped = async (dir: string) =>
    (await readFile(path.join(dir, '.source-hash'), 'utf8').catch(() => '')).trim() === want &&
    existsSync(path.join(dir, '.vite', 'manifest.json'));
  if (await stamped(webDist)) return webDist;
  const own = path.join(projectRoot, 'dist', 'web-budget');
  if (await stamped(own)) return own;
  const { build } = await import('vite');
  // Vitest sets NODE_ENV=test, and Vite would then build React's development copy.
  const env = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({
      configFile: path.join(projectRoot, 'vite.config.ts'),
      mode: 'production',
      logLevel: 'error',
      build: { outDir: own, emptyOutDir: true },
    });
  } finally {
    process.env.NODE_ENV = env;
  }
  await writeFile(path.join(own, '.source-hash'), want);
  return own;
}

export async function readManifest(dist: string): Promise<Manifest> {
  return JSON.parse(await readFile(path.join(dist, '.vite', 'manifest.json'), 'utf8')) as Manifest;
}

/** The manifest keys of a route file's split parts (`routes/login.index.tsx?tsr-split=component`). */
export function routeParts(manifest: Manifest, routeFile: string): string[] {
  const keys = Object.keys(manifest).filter((k) => k.startsWith(`routes/${routeFile}?tsr-split=`));
  if (keys.length === 0 && !manifest[`routes/${routeFile}`]) {
    throw new Error(`no chunk of routes/${routeFile} in the manifest`);
  }
  return keys;
}

/** The chunks loaded for `keys` (manifest keys), each with its static imports, transitively. */
export async function pageGraph(
  dist: string,
  manifest: Manifest,
  keys: string[],
): Promise<PageGraph> {
  const seen = new Set<string>();
  const stack = [...keys];
  while (stack.length > 0) {
    const key = stack.pop();
    if (key === undefined || seen.has(key)) continue;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the manifest`);
    seen.add(key);
    stack.push(...(chunk.imports ?? []));
  }
  const files = [...new Set([...seen].map((k) => manifest[k]?.file ?? ''))].sort();
  const chunks: PageGraph['chunks'] = [];
  const modules = new Set<string>();
  for (const file of files) {
    const code = await readFile(path.join(dist, file));
    chunks.push({ file, gzip: gzipSync(code).length });
    for (const s of await sourcesOf(dist, file)) modules.add(s);
  }
  return { chunks, gzip: chunks.reduce((n, c) => n + c.gzip, 0), modules: [...modules].sort() };
}

/** The packages of the sync client and of shared text, which only a signed-in page needs. */
export const SYNC_CLIENT =
  /node_modules\/(@rocicorp\/zero|yjs|y-indexeddb|y-protocols|y-textarea)\//;

/** Source modules of one chunk, from its source map. */
async function sourcesOf(dist: string, file: string): Promise<string[]> {
  const map = await readFile(path.join(dist, `${file}.map`), 'utf8').catch(() => undefined);
  return map ? (JSON.parse(map) as { sources: string[] }).sources : [];
}

/**
 * The chunk that `from` imports dynamically and that holds `source` (a path's
 * end, `web/zero.ts`): a module that others import statically too has no
 * manifest entry of its own, only the shared chunk it went into.
 */
async function dynamicChunkOf(
  dist: string,
  manifest: Manifest,
  from: string,
  source: string,
): Promise<string> {
  for (const key of manifest[from]?.dynamicImports ?? []) {
    const file = manifest[key]?.file;
    if (file && (await sourcesOf(dist, file)).some((s) => s.endsWith(source))) return key;
  }
  throw new Error(`${from} imports no chunk with ${source} dynamically`);
}

/**
 * The pages the budget speaks of, as the manifest keys loaded before each
 * shows: the entry (index.html: the app shell, the router and every route's
 * configuration), each matched route's split parts, and what the person area
 * imports at once (the sync client, web/zero.ts, from its guard in the entry).
 */
export async function pages(
  dist: string,
  manifest: Manifest,
): Promise<Record<'signIn' | 'library', string[]>> {
  return {
    signIn: ['index.html', ...routeParts(manifest, 'login.index.tsx')],
    library: [
      'index.html',
      ...routeParts(manifest, 'people.$personId.tsx'),
      ...routeParts(manifest, 'people.$personId.preferences.index.tsx'),
      await dynamicChunkOf(dist, manifest, 'index.html', 'web/zero.ts'),
    ],
  };
}
