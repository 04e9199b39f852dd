/**
 * A run generated from the OpenAPI document alone, by outside tools, as a
 * fresh person would meet the API: Portman (@apideck/portman) turns the
 * document into a Postman collection with a contract test on every
 * operation and fuzzed variations of every body and query (fields left out,
 * numbers past their bounds, strings past their lengths), and Newman runs it.
 * Nothing the document does not say is given, but who is asking (a new
 * person's session, as a bearer token) and which person the `/people/{personId}`
 * routes are about (theirs). Whatever it sends, the API never answers 5xx
 * and never drops the connection.
 */
import { execFile } from 'node:child_process';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, test } from 'vitest';
import { projectRoot } from '../../api/dev/web-build.ts';
import { registerAndSignIn } from '../harness/clients.ts';
import { stack } from '../harness/db.ts';

const run = promisify(execFile);
const load = createRequire(import.meta.url);

type Item = {
  name: string;
  item?: Item[];
  request?: { url?: { variable?: { key: string; value: string }[] } };
};
type Execution = {
  item: { name: string };
  response?: { code: number; text: () => string };
  requestError?: { message: string };
};
type Summary = {
  run: {
    executions: Execution[];
    stats: { requests: { total: number }; assertions: { total: number; failed: number } };
  };
};
const newman = load('newman') as {
  run: (
    options: object,
    done: (err: Error | null, summary: Summary) => void,
  ) => { on: (e: string, f: () => void) => void };
};

/** The contract test on every operation, and the fuzzed variations of each. */
const fuzz = {
  requiredFields: { enabled: true },
  minimumNumberFields: { enabled: true },
  maximumNumberFields: { enabled: true },
  minLengthFields: { enabled: true },
  maxLengthFields: { enabled: true },
};
const portmanConfig = {
  version: 1.0,
  tests: {
    contractTests: [
      { openApiOperation: '*::/*', statusSuccess: { enabled: true } },
      { openApiOperation: '*::/*', schemaValidation: { enabled: true } },
    ],
    variationTests: [
      {
        openApiOperation: '*::/*',
        variations: [
          {
            name: 'Fuzzed',
            fuzzing: [{ requestBody: [fuzz], requestQueryParams: [fuzz] }],
            tests: { contractTests: [{ statusCode: { enabled: true, code: 400 } }] },
          },
        ],
      },
    ],
  },
};

function leaves(items: Item[]): Item[] {
  return items.flatMap((i) => (i.item ? leaves(i.item) : [i]));
}

test('Portman’s contract and fuzzed run, through Newman, as a fresh person: no 5xx', async () => {
  const dir = path.join(projectRoot, '.data', 'test', 'generated-run');
  await mkdir(dir, { recursive: true });
  const me = await registerAndSignIn(stack.url, 'generated');

  // The document as the API serves it, at the stack's address; a bearer token
  // stands for the session (Postman sends no cookie of ours).
  const doc = await (await fetch(`${stack.url}/api/openapi.json`)).json();
  doc.servers = [{ url: `${stack.url}/api` }];
  for (const item of Object.values(doc.paths) as Record<string, { security?: unknown[] }>[]) {
    for (const op of Object.values(item)) {
      if (op.security?.length) op.security = [{ bearer: [] }];
    }
  }
  const docFile = path.join(dir, 'openapi.json');
  const configFile = path.join(dir, 'portman.json');
  const collectionFile = path.join(dir, 'collection.json');
  await writeFile(docFile, JSON.stringify(doc));
  await writeFile(
    configFile,
    JSON.stringify({
      ...portmanConfig,
      globals: { securityOverwrites: { bearer: { token: me.token } } },
    }),
  );
  const portman = load.resolve('@apideck/portman/bin/portman');
  await run(process.execPath, [portman, '-l', docFile, '-c', configFile, '-o', collectionFile], {
    cwd: dir,
    timeout: 120_000,
  });

  const collection = JSON.parse(await readFile(collectionFile, 'utf8')) as {
    item: Item[];
    variable?: { key: string; value: string }[];
  };
  const requests = leaves(collection.item);
  // The routes about a person are about this one.
  for (const r of requests) {
    for (const v of r.request?.url?.variable ?? []) if (v.key === 'personId') v.value = me.personId;
  }
  // Signing out ends the session the rest runs with: it goes last.
  const last = (i: Item) => (/logout/.test(i.name) ? 1 : 0);
  collection.item = [...collection.item].sort((a, b) => last(a) - last(b));
  collection.variable = [
    ...(collection.variable ?? []).filter((v) => v.key !== 'bearerToken'),
    { key: 'bearerToken', value: me.token },
  ];

  const summary = await new Promise<Summary>((resolve, reject) => {
    newman.run({ collection, reporters: [], bail: false, timeoutRequest: 20_000 }, (err, s) =>
      err ? reject(err) : resolve(s),
    );
  });
  const codes: Record<string, number> = {};
  const failures: string[] = [];
  for (const e of summary.run.executions) {
    const code = e.response?.code;
    codes[code ?? 'none'] = (codes[code ?? 'none'] ?? 0) + 1;
    if (code === undefined || code >= 500) {
      failures.push(
        `${e.item.name}: ${code ?? e.requestError?.message} ${e.response?.text() ?? ''}`,
      );
    }
  }
  const result = {
    operations: Object.values(doc.paths).flatMap((i) => Object.keys(i as object)).length,
    requests: summary.run.stats.requests.total,
    answers: codes,
    contractAssertions: summary.run.stats.assertions,
    serverErrors: failures.length,
  };
  await writeFile(path.join(dir, 'result.json'), JSON.stringify(result, null, 2));
  console.log(`generated run: ${JSON.stringify(result)}`);
  expect(result.requests).toBeGreaterThan(result.operations);
  expect(failures).toEqual([]);
}, 300_000);
