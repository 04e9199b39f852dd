/**
 * The REST API's contract, checked by an outside tool on every call the
 * integration tests make through `call` (tests/harness/rest.ts): Stoplight
 * Prism's own router and validators (`@stoplight/prism-http`, what
 * `prism proxy` runs on each exchange) check the request and the answer
 * against the document the API serves at /api/openapi.json.
 *
 * Prism runs in this process rather than as `prism proxy` in front of the API:
 * the proxy re-sends what it forwards (it follows redirects, re-encodes
 * bodies, adds CORS headers) and so changes the very exchanges the tests
 * assert. The checks are the same; ADR 047 says more.
 */
import { appendFileSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { IHttpOperation } from '@stoplight/types';
import { projectRoot } from '../../api/dev/web-build.ts';

export type Violation = {
  location: 'request' | 'response';
  severity: 'Error' | 'Warning';
  code?: string | number;
  message: string;
  path?: string[];
};

/** Every exchange checked, one JSON line each, with what was found: the run's summary. */
export const exchangesLog = path.join(projectRoot, '.data', 'test', 'contract-exchanges.jsonl');

/**
 * The violations that make an exchange unlike the document:
 * - any in the response: whatever the API answers, the document says it;
 * - any in a request the API accepted (below 400): what it takes, the document
 *   says it takes. A request the API refused was meant to be unlike the
 *   document (a test of bad input), and Prism saying so agrees with the API.
 */
export function counted(status: number, violations: Violation[]): Violation[] {
  return violations.filter((v) => v.location === 'response' || status < 400);
}

/**
 * The document as Prism's router reads it: the same paths and schemas, each
 * path carrying the server's base (`/api`), since requests name the whole path.
 */
export function withBase(doc: {
  paths: Record<string, unknown>;
  servers?: { url: string }[];
}): Record<string, unknown> {
  const base = doc.servers?.[0]?.url ?? '';
  const paths = Object.fromEntries(Object.entries(doc.paths).map(([p, v]) => [base + p, v]));
  const { servers: _servers, ...rest } = doc;
  return { ...rest, paths };
}

// Prism's packages are CommonJS with fp-ts answers (Either: `_tag` Left/Right).
type Either<L, R> = { _tag: 'Left'; left: L } | { _tag: 'Right'; right: R };
type Diagnostic = {
  message: string;
  severity: number;
  code?: string | number;
  path?: (string | number)[];
};
type HttpRequest = {
  method: string;
  url: { path: string; query: Record<string, string | string[]> };
  headers: Record<string, string>;
  body: unknown;
};
type HttpResponse = { statusCode: number; headers: Record<string, string>; body: unknown };
type Validator<E> = (o: { resource: IHttpOperation; element: E }) => Either<Diagnostic[], E>;

const load = createRequire(import.meta.url);
const prism = load('@stoplight/prism-http') as {
  getHttpOperationsFromSpec: (doc: object) => Promise<IHttpOperation[]>;
};
const route = (load('@stoplight/prism-http/dist/router') as { default: unknown }).default as (o: {
  resources: IHttpOperation[];
  input: HttpRequest;
}) => Either<Error, IHttpOperation>;
const validator = load('@stoplight/prism-http/dist/validator') as {
  validateInput: Validator<HttpRequest>;
  validateSecurity: Validator<HttpRequest>;
  validateOutput: Validator<HttpResponse>;
};

// DiagnosticSeverity: Error 0, Warning 1, Information 2, Hint 3; only the
// first two are findings (the proxy's `--errors` acts on Error alone).
const SEVERITY = ['Error', 'Warning'] as const;

function findings(
  location: Violation['location'],
  validate: () => Either<Diagnostic[], unknown>,
): Violation[] {
  let result: Either<Diagnostic[], unknown>;
  try {
    result = validate();
  } catch (e) {
    // Prism cannot read it at all (a path that is not valid percent-encoding).
    const message = `Prism could not read it: ${e instanceof Error ? e.message : String(e)}`;
    return [{ location, severity: 'Error', message }];
  }
  if (result._tag === 'Right') return [];
  return result.left.flatMap((d): Violation[] => {
    const severity = SEVERITY[d.severity];
    if (!severity) return [];
    return [
      {
        location,
        severity,
        message: d.message,
        ...(d.code === undefined ? {} : { code: d.code }),
        ...(d.path ? { path: d.path.map(String) } : {}),
      },
    ];
  });
}

let operations: Promise<IHttpOperation[]> | undefined;

/** The API's operations as Prism reads them, from the document it serves (once per file). */
function operationsOf(apiUrl: string): Promise<IHttpOperation[]> {
  operations ??= (async () => {
    const res = await fetch(`${apiUrl}/api/openapi.json`);
    if (!res.ok) throw new Error(`the API's OpenAPI document: ${res.status}`);
    return prism.getHttpOperationsFromSpec(withBase(await res.json()));
  })();
  return operations;
}

function lowerCased(headers: Headers | Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  const entries = headers instanceof Headers ? headers.entries() : Object.entries(headers);
  for (const [k, v] of entries) out[k.toLowerCase()] = v;
  return out;
}

/** A body as Prism's server reads it: JSON parsed when it says it is JSON, else text. */
function bodyOf(text: string | undefined, contentType: string | undefined): unknown {
  if (!text) return null;
  if (/\bjson\b/.test(contentType ?? '')) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}

/** Where one exchange with the API is unlike its document, in Prism's words. */
export async function check(
  apiUrl: string,
  exchange: {
    method: string;
    path: string;
    headers: Record<string, string>;
    body: string | undefined;
    status: number;
    responseHeaders: Headers;
    responseText: string;
  },
): Promise<Violation[]> {
  const resources = await operationsOf(apiUrl);
  const url = new URL(exchange.path, 'http://api.invalid');
  const query: Record<string, string | string[]> = {};
  for (const key of new Set(url.searchParams.keys())) {
    const all = url.searchParams.getAll(key);
    query[key] = all.length === 1 ? (all[0] ?? '') : all;
  }
  const headers = lowerCased(exchange.headers);
  if (exchange.body !== undefined) headers['content-length'] ??= String(exchange.body.length);
  const input: HttpRequest = {
    method: exchange.method.toLowerCase(),
    url: { path: url.pathname, query },
    headers,
    body: bodyOf(exchange.body, headers['content-type']),
  };
  const found = route({ resources, input });
  if (found._tag === 'Left') {
    return [{ location: 'request', severity: 'Warning', message: found.left.message }];
  }
  const resource = found.right;
  const responseHeaders = lowerCased(exchange.responseHeaders);
  const output: HttpResponse = {
    statusCode: exchange.status,
    headers: responseHeaders,
    body: bodyOf(exchange.responseText, responseHeaders['content-type']),
  };
  return [
    ...findings('request', () => validator.validateSecurity({ resource, element: input })),
    ...findings('request', () => validator.validateInput({ resource, element: input })),
    ...findings('response', () => validator.validateOutput({ resource, element: output })),
  ];
}

let logReady = false;

/** Keeps an exchange, with what Prism found in it, for the run's summary. */
export function record(entry: {
  method: string;
  path: string;
  status: number;
  violations: Violation[];
  counted: Violation[];
}) {
  if (!logReady) {
    mkdirSync(path.dirname(exchangesLog), { recursive: true });
    logReady = true;
  }
  appendFileSync(exchangesLog, `${JSON.stringify(entry)}\n`);
}

/** The run's summary of the exchanges checked, for the log. */
export function summary(lines: string): string {
  let exchanges = 0;
  let found = 0;
  let unlike = 0;
  for (const line of lines.split('\n')) {
    if (!line) continue;
    const e = JSON.parse(line) as { violations: unknown[]; counted: unknown[] };
    exchanges++;
    if (e.violations.length) found++;
    unlike += e.counted.length;
  }
  return `contract (Prism): ${exchanges} REST exchanges checked against the OpenAPI document; ${found} refusals of input unlike it; ${unlike} unlike it otherwise`;
}
