/**
 * The REST API's reference, as a page to read, in development: Redocly's
 * build of the OpenAPI document (api/openapi.ts) into one self-contained
 * page, made on the first request with the project's own @redocly/cli. The
 * CLI is a development dependency, so production has no page and answers
 * 404, as it does for the mailbox.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../deps.ts';
import { Refusal, requestMessages } from '../errors.ts';

const run = promisify(execFile);

/** The page's own scripts and styles are inline; it asks nothing of anyone else. */
const PAGE_CSP = [
  "default-src 'none'",
  "script-src 'unsafe-inline'",
  "style-src 'unsafe-inline'",
  'img-src data:',
  'font-src data:',
  'worker-src blob:',
  "connect-src 'self'",
  "frame-ancestors 'none'",
].join('; ');

async function build(document: object): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'api-reference-'));
  try {
    const doc = path.join(dir, 'openapi.json');
    const page = path.join(dir, 'reference.html');
    await writeFile(doc, JSON.stringify(document));
    const cli = createRequire(import.meta.url).resolve('@redocly/cli/bin/cli.js');
    await run(process.execPath, [cli, 'build-docs', doc, '-o', page], {
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
      timeout: 60_000,
    });
    return await readFile(page, 'utf8');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export function referenceRoutes(deps: AppDeps, document: () => Promise<object>) {
  const production = deps.config.NODE_ENV === 'production';
  let page: Promise<string> | undefined;
  return new Hono<AppEnv>().get('/', async (c) => {
    if (production) throw new Refusal(404, 'not_found', requestMessages.noSuchEndpoint);
    page ??= document().then(build);
    // A failed build is tried again on the next request.
    page.catch(() => {
      page = undefined;
    });
    c.header('content-security-policy', PAGE_CSP);
    return c.html(await page);
  });
}
