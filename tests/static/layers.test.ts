import { execFile } from 'node:child_process';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { build } from 'esbuild';
import { afterAll, describe, expect, test } from 'vitest';
import { projectRoot } from '../../api/dev/web-build.ts';

const run = promisify(execFile);
const tsc = path.join(projectRoot, 'node_modules/.bin/tsc');
// Probes live outside the source folders (so nothing else sees them), in a project
// that extends the real one and adds the probe to its file list.
const probeDir = path.join(projectRoot, '.data', `layer-probe-${process.pid}`);
afterAll(async () => {
  await rm(probeDir, { recursive: true, force: true });
});

/**
 * Type-checks one project with extra files in it (name → source); returns
 * tsc's output (empty when clean). Each check is one run of the type checker.
 */
async function checkWith(project: 'web' | 'sync', probes: Record<string, string>): Promise<string> {
  const dir = path.join(probeDir, project);
  await mkdir(dir, { recursive: true });
  for (const [name, source] of Object.entries(probes)) {
    await writeFile(path.join(dir, name), source);
  }
  const config = path.join(dir, 'tsconfig.json');
  await writeFile(
    config,
    JSON.stringify({
      extends: `../../../${project}/tsconfig.json`,
      // As the real project: web/ follows api/'s declarations for the typed client.
      ...(project === 'web' ? { references: [{ path: '../../../api' }] } : {}),
      include: [
        `../../../${project}/**/*.ts`,
        `../../../${project}/**/*.tsx`,
        '../../../sync/**/*.ts',
        '../../../schema/**/*.ts',
        './*.ts',
      ],
    }),
  );
  try {
    await run(tsc, ['-p', config, '--noEmit'], { cwd: projectRoot });
    return '';
  } catch (e) {
    return e && typeof e === 'object' && 'stdout' in e ? String(e.stdout) : String(e);
  }
}

/** The lines of tsc's output that name `file`. */
const linesOf = (out: string, file: string) => out.split('\n').filter((l) => l.includes(file));

const biome = path.join(projectRoot, 'node_modules/.bin/biome');

/** Lints a file placed in web/ for the moment (Biome's layer rules match by folder); its diagnostics, empty when clean. */
async function lintInWeb(source: string): Promise<string> {
  const file = path.join(projectRoot, 'web', `.layer-probe-${process.pid}.ts`);
  await writeFile(file, source);
  try {
    await run(biome, ['lint', file], { cwd: projectRoot });
    return '';
  } catch (e) {
    return e && typeof e === 'object' && 'stderr' in e
      ? `${String(e.stderr)}${'stdout' in e ? String(e.stdout) : ''}`
      : String(e);
  } finally {
    await rm(file, { force: true });
  }
}

// The two projects are checked once each, side by side (each check takes
// seconds): beside each forbidden probe is a clean one, and the output must
// name the forbidden probe and nothing else, so the failures are about the imports.
const checks = () =>
  (checked ??= Promise.all([
    checkWith('web', {
      'node-import.ts': "import { readFileSync } from 'node:fs';\nexport const x = readFileSync;\n",
      'clean.ts': 'export const y = 1;\n',
    }),
    checkWith('sync', {
      'globals.ts': 'export const x = [document.title, process.env];\n',
      'clean.ts': 'export const y = 1;\n',
    }),
  ]));
let checked: Promise<[string, string]> | undefined;

describe('layer boundaries (DESIGN.md §2) fail the type check', { timeout: 120_000 }, () => {
  test('web/ may not import node:* built-ins', async () => {
    const [web] = await checks();
    expect(linesOf(web, 'node-import.ts').join('\n')).toMatch(
      /TS2307: Cannot find module 'node:fs'/,
    );
  });

  // The web project references api/ for one type, the typed client's `Api`
  // (web/api-client.ts): Biome is the guard against any other import of api/.
  test("web/ may not import api/ (Biome), the typed client's one type import aside", async () => {
    const refused = await lintInWeb(
      "import { loadConfig } from '../api/config.ts';\nexport const x = loadConfig;\n",
    );
    expect(refused).toMatch(/web\/, sync\/ and schema\/ may not import api\//);
    expect(await lintInWeb('export const x = 1;\n')).toBe('');
  });

  test('sync/ has neither the DOM nor Node', async () => {
    const [, sync] = await checks();
    const found = linesOf(sync, 'globals.ts').join('\n');
    expect(found).toMatch(/Cannot find name 'document'/);
    expect(found).toMatch(/Cannot find name 'process'/);
  });

  test('a clean file passes, so the failures above are about the imports', async () => {
    const [web, sync] = await checks();
    // Every error line names a forbidden probe: the clean probes and the real
    // sources type-check in the same runs.
    const errors = (out: string) => out.split('\n').filter((l) => /error TS\d+/.test(l));
    expect(errors(web).filter((l) => !l.includes('node-import.ts'))).toEqual([]);
    expect(errors(sync).filter((l) => !l.includes('globals.ts'))).toEqual([]);
    expect(errors(web).length).toBeGreaterThan(0);
  });
});

/**
 * The modules bundled from `entry` (a path from the project's root), as `npm run
 * build` bundles the production entry (api/dev/server-build.ts): what that
 * process loads, packages aside. esbuild resolves the imports, so this is the
 * graph production runs (dynamic imports included, type-only imports not).
 */
async function bundledModules(entry: string): Promise<string[]> {
  const result = await build({
    absWorkingDir: projectRoot,
    entryPoints: [entry],
    bundle: true,
    write: false,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    packages: 'external',
    metafile: true,
    logLevel: 'silent',
  });
  return Object.keys(result.metafile.inputs);
}

/** Modules of the development stack or the tests, which the production image does not hold. */
const notForProduction = (modules: string[]) =>
  modules.filter((m) => m.startsWith('api/dev/') || m.startsWith('tests/'));

describe('the production entry imports nothing of the development stack or the tests', () => {
  test('api/main.ts and everything it imports stay out of api/dev/ and tests/', async () => {
    const modules = await bundledModules('api/main.ts');
    // The graph was walked: the API process and its routes are in it.
    expect(modules).toContain('api/process.ts');
    expect(modules).toContain('api/routes/index.ts');
    expect(notForProduction(modules)).toEqual([]);
  });

  test('an import of api/dev/ is seen, so the check above is about the imports', async () => {
    const dir = path.join(probeDir, 'production');
    await mkdir(dir, { recursive: true });
    await writeFile(
      path.join(dir, 'entry.ts'),
      "export { freePort } from '../../../api/dev/ports.ts';\nexport { loadConfig } from '../../../api/config.ts';\n",
    );
    const modules = await bundledModules(path.relative(projectRoot, path.join(dir, 'entry.ts')));
    expect(notForProduction(modules)).toEqual(['api/dev/ports.ts']);
  });
});
