/**
 * The OpenAPI document (api/openapi.ts): every route is in it, with the
 * input its validators check, and Redocly's recommended rules find nothing
 * (redocly.yaml).
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { AppDeps } from './deps.ts';
import { projectRoot } from './dev/web-build.ts';
import { errorResponse } from './errors.ts';
import { apiRoutes } from './routes/index.ts';

const run = promisify(execFile);

// Building the routes reads these and nothing else; no route that needs more runs here.
const deps = {
  mailer: {},
  config: { publicUrl: 'http://localhost:3000', SUPPORT_SESSION_IDLE_MINUTES: 30 },
} as unknown as AppDeps;

type Doc = {
  openapi: string;
  servers: { url: string }[];
  paths: Record<string, Record<string, Record<string, unknown>>>;
};

const app = apiRoutes(deps);
let doc: Doc;
let dir: string;

beforeAll(async () => {
  const res = await app.request('/openapi.json');
  expect(res.status).toBe(200);
  doc = (await res.json()) as Doc;
  dir = await mkdtemp(path.join(tmpdir(), 'openapi-'));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('the OpenAPI document at /api/openapi.json', () => {
  test('OpenAPI 3.1, served under /api', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.servers).toEqual([{ url: '/api' }]);
  });

  test('every route of the API is in it', () => {
    const asDoc = (p: string) => p.replace(/:([A-Za-z]+)/g, '{$1}');
    const missing = app.routes
      .filter((r) => r.method !== 'ALL')
      .filter((r) => !doc.paths[asDoc(r.path)]?.[r.method.toLowerCase()])
      .map((r) => `${r.method} ${r.path}`);
    expect(missing).toEqual([]);
    expect(Object.keys(doc.paths).length).toBeGreaterThan(80);
  });

  test('a route’s input is what its validator checks, and refusals have one shape', () => {
    const create = doc.paths['/people/{personId}/invites']?.post as {
      requestBody: { content: Record<string, { schema: { properties: object } }> };
      responses: Record<string, { content?: Record<string, { schema: { $ref: string } }> }>;
      security: unknown[];
    };
    expect(
      Object.keys(create.requestBody.content['application/json']?.schema.properties ?? {}),
    ).toEqual(expect.arrayContaining(['kind', 'email', 'expiresInDays']));
    expect(create.responses['4XX']?.content?.['application/json']?.schema.$ref).toBe(
      '#/components/schemas/Error',
    );
    expect(create.security).toEqual([{ session: [] }, { bearer: [] }]);
    // No sign-in: what a share link shows.
    expect(doc.paths['/shared-profiles/{token}']?.get?.security).toEqual([]);
  });

  test('a write of one resource takes If-Match and may answer 412', () => {
    const put = doc.paths['/people/{personId}/preferences/{id}']?.put as {
      parameters: { in: string; name: string }[];
      responses: Record<string, unknown>;
    };
    expect(put.parameters).toContainEqual(
      expect.objectContaining({ in: 'header', name: 'If-Match' }),
    );
    expect(put.responses['412']).toBeDefined();
  });

  test('a body a change checks is described by that change’s schema, less what the route sets', () => {
    type Body = {
      required?: boolean;
      content: Record<string, { schema: { properties?: object; required?: string[] } }>;
    };
    const create = doc.paths['/people/{personId}/preferences']?.post?.requestBody as Body;
    const schema = create.content['application/json']?.schema;
    expect(Object.keys(schema?.properties ?? {})).toEqual(
      expect.arrayContaining(['title', 'feeling', 'access', 'categoryIds']),
    );
    // The id is made by the route, the person is the path's.
    expect(Object.keys(schema?.properties ?? {})).not.toContain('id');
    expect(Object.keys(schema?.properties ?? {})).not.toContain('personId');
    expect(schema?.required).toEqual(expect.arrayContaining(['title']));
    // Every field optional: the body may be left out.
    const exports = doc.paths['/people/{personId}/exports']?.post?.requestBody as Body;
    expect(exports.required).toBe(false);
  });

  test('a route that says what it answers is described by exactly that', () => {
    type Answer = { content?: Record<string, { schema: { properties?: object } }> };
    const item = doc.paths['/people/{personId}/preferences/{id}'] as Record<
      string,
      { responses: Record<string, Answer> }
    >;
    const ok = item.get?.responses['200']?.content?.['application/json']?.schema;
    expect(Object.keys(ok?.properties ?? {})).toEqual(
      expect.arrayContaining(['id', 'title', 'access', 'reviewStatus', 'categories']),
    );
    expect(Object.keys(item.get?.responses ?? {})).not.toContain('2XX');
    expect(Object.keys(item.delete?.responses ?? {})).toEqual(expect.arrayContaining(['204']));
    expect(Object.keys(item.delete?.responses ?? {})).not.toContain('2XX');
    // A route that does not say is described in general words.
    const shared = doc.paths['/shared-profiles/{token}']?.get?.responses as object;
    expect(Object.keys(shared)).toContain('2XX');
  });

  test('a one-page profile’s easy-read and large-print PDFs: files, by format, for the person and by a link', () => {
    type Param = { in: string; name: string; schema?: { enum?: string[] } };
    type Get = {
      parameters: Param[];
      responses: Record<string, { content?: Record<string, unknown> }>;
      security: unknown[];
    };
    const own = doc.paths['/people/{personId}/profiles/{id}/pdf/{format}']?.get as Get;
    const shared = doc.paths['/shared-profiles/{token}/pdf/{format}']?.get as Get;
    for (const op of [own, shared]) {
      expect(Object.keys(op.responses['200']?.content ?? {})).toEqual(['application/pdf']);
      expect(
        op.parameters.find((p) => p.in === 'path' && p.name === 'format')?.schema?.enum,
      ).toEqual(['easy-read', 'large-print']);
    }
    expect(own.security).toEqual([{ session: [] }, { bearer: [] }]);
    expect(shared.security).toEqual([]);
  });

  test('redirects and revalidation are answers of their routes', () => {
    const responses = (p: string) =>
      Object.keys((doc.paths[p]?.get?.responses as object | undefined) ?? {});
    expect(responses('/people/{personId}/media/{id}/signed/redirect')).toContain('302');
    expect(responses('/people/{personId}/exports/{id}/download')).toContain('302');
    expect(responses('/people/{personId}/preferences/{id}')).toContain('304');
    expect(responses('/people/{personId}/preferences')).not.toContain('304');
  });

  test('in development, a page to read it (Redocly’s reference); none in production', async () => {
    const res = await app.request('/dev/reference');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.headers.get('content-security-policy')).toMatch(/script-src 'unsafe-inline'/);
    const page = await res.text();
    expect(page).toContain('Preference Bank API');
    // Every operation is on the page, by its summary.
    expect(page).toContain('POST /people/{personId}/preferences');
    const production = apiRoutes({
      ...deps,
      config: { ...deps.config, NODE_ENV: 'production' },
    } as AppDeps).onError(errorResponse);
    expect((await production.request('/dev/reference')).status).toBe(404);
  }, 60_000);

  test('Redocly’s recommended rules find no error and no warning', async () => {
    const file = path.join(dir, 'openapi.json');
    await writeFile(file, JSON.stringify(doc));
    const redocly = path.join(projectRoot, 'node_modules/.bin/redocly');
    const { stdout, stderr } = await run(
      redocly,
      ['lint', file, '--config', path.join(projectRoot, 'redocly.yaml'), '--format=summary'],
      {
        env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
        timeout: 60_000,
      },
    );
    const said = `${stdout}${stderr}`;
    expect(said).toContain('Your API description is valid');
    expect(said).not.toMatch(/warning|error/i);
  });
});
