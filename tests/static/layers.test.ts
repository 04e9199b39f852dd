import { execFile } from 'node:child_process';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, test } from 'vitest';
import { projectRoot } from '../../api/runner/web-build.ts';

const run = promisify(execFile);
const tsc = path.join(projectRoot, 'node_modules/.bin/tsc');
// Probes live outside the source folders (so nothing else sees them), in a project
// that extends the real one and adds the probe to its file list.
const probeDir = path.join(projectRoot, '.data', `layer-probe-${process.pid}`);
afterEach(async () => {
  await rm(probeDir, { recursive: true, force: true });
});

/** Type-checks one project with an extra file in it; returns tsc's output (empty when clean). */
async function checkWith(project: 'web' | 'sync', source: string): Promise<string> {
  await mkdir(probeDir, { recursive: true });
  await writeFile(path.join(probeDir, 'probe.ts'), source);
  const config = path.join(probeDir, `tsconfig.${project}.json`);
  await writeFile(
    config,
    JSON.stringify({
      extends: `../../${project}/tsconfig.json`,
      // As the real project: web/ follows api/'s declarations for the typed client.
      ...(project === 'web' ? { references: [{ path: '../../api' }] } : {}),
      include: [
        `../../${project}/**/*.ts`,
        `../../${project}/**/*.tsx`,
        '../../sync/**/*.ts',
        '../../schema/**/*.ts',
        './probe.ts',
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

// Each case runs the type checker (seconds, more when the integration tests run alongside).
describe('layer boundaries (DESIGN.md §2) fail the type check', { timeout: 120_000 }, () => {
  test('web/ may not import node:* built-ins', async () => {
    const out = await checkWith(
      'web',
      "import { readFileSync } from 'node:fs';\nexport const x = readFileSync;\n",
    );
    expect(out).toMatch(/TS2307: Cannot find module 'node:fs'/);
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
    const out = await checkWith('sync', 'export const x = [document.title, process.env];\n');
    expect(out).toMatch(/Cannot find name 'document'/);
    expect(out).toMatch(/Cannot find name 'process'/);
  });

  test('a clean file passes, so the failures above are about the imports', async () => {
    expect(await checkWith('web', 'export const x = 1;\n')).toBe('');
  });
});
