/**
 * The contract check every `call` runs (tests/harness/contract.ts): Prism's
 * router and validators, over the document the API serves, find what is
 * unlike it, and count only what the API should not have done.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import { seedId } from '../../api/seed.ts';
import { type SignedIn, signIn } from '../harness/clients.ts';
import { check, counted } from '../harness/contract.ts';
import { stack } from '../harness/db.ts';

const aroha = seedId('person:aroha');
const preference = seedId('preference:aroha:tea');
let dm: SignedIn;

beforeAll(async () => {
  dm = await signIn(stack.url, 'aroha@example.com');
});

const json = { 'content-type': 'application/json' };
const exchange = (e: {
  method: string;
  path: string;
  body?: unknown;
  status: number;
  answer?: unknown;
  headers?: Record<string, string>;
  responseHeaders?: Record<string, string>;
}) => ({
  method: e.method,
  path: e.path,
  headers: { cookie: dm.cookie, ...(e.body === undefined ? {} : json), ...e.headers },
  body: e.body === undefined ? undefined : JSON.stringify(e.body),
  status: e.status,
  responseHeaders: new Headers(
    e.answer === undefined ? e.responseHeaders : { ...json, ...e.responseHeaders },
  ),
  responseText: e.answer === undefined ? '' : JSON.stringify(e.answer),
});

describe('an exchange like the document', () => {
  test('a real GET, its answer and its 304 have nothing unlike it', async () => {
    const path = `/api/people/${aroha}/preferences/${preference}`;
    const res = await fetch(`${stack.url}${path}`, { headers: { cookie: dm.cookie } });
    const text = await res.text();
    expect(res.status).toBe(200);
    const real = exchange({ method: 'GET', path, status: res.status });
    expect(
      await check(stack.url, { ...real, responseHeaders: res.headers, responseText: text }),
    ).toEqual([]);
    const etag = res.headers.get('etag') ?? '';
    expect(
      await check(
        stack.url,
        exchange({ method: 'GET', path, status: 304, headers: { 'if-none-match': etag } }),
      ),
    ).toEqual([]);
  });
});

describe('what is unlike it', () => {
  test('an answer unlike the schema its route says: counted, by field', async () => {
    const found = await check(
      stack.url,
      exchange({
        method: 'GET',
        path: `/api/people/${aroha}/preferences/${preference}`,
        status: 200,
        answer: { id: preference, title: 7 },
      }),
    );
    const messages = counted(200, found).map((v) => `${v.location}: ${v.message}`);
    expect(messages).toEqual(expect.arrayContaining([expect.stringMatching(/^response: .*title/)]));
  });

  test('a status the route never answers: counted', async () => {
    const found = await check(
      stack.url,
      exchange({
        method: 'GET',
        path: `/api/people/${aroha}/preferences`,
        status: 302,
        responseHeaders: { location: 'https://example.com/' },
      }),
    );
    expect(counted(302, found).map((v) => v.location)).toContain('response');
  });

  test('a refusal that is not the error shape: counted', async () => {
    const found = await check(
      stack.url,
      exchange({
        method: 'GET',
        path: `/api/people/${aroha}/preferences/${preference}`,
        status: 404,
        answer: { message: 'gone' },
      }),
    );
    expect(counted(404, found)).toEqual([
      expect.objectContaining({ location: 'response', severity: 'Error' }),
    ]);
  });

  test('a body the document refuses, which the API took: counted', async () => {
    const found = await check(
      stack.url,
      exchange({
        method: 'POST',
        path: `/api/people/${aroha}/preferences`,
        body: { title: 5, feeling: 'like', access: 'General', categoryIds: [] },
        status: 201,
        answer: { id: preference },
      }),
    );
    // (The made-up answer is unlike it too: only the request is looked at here.)
    expect(counted(201, found).filter((v) => v.location === 'request')).toEqual([
      expect.objectContaining({ location: 'request', message: expect.stringMatching(/title/) }),
    ]);
  });

  test('the same body refused by the API (400): found, and not counted', async () => {
    const found = await check(
      stack.url,
      exchange({
        method: 'POST',
        path: `/api/people/${aroha}/preferences`,
        body: { title: 5, feeling: 'like', access: 'General', categoryIds: [] },
        status: 400,
        answer: { error: { code: 'invalid', message: 'Give the preference a title.' } },
      }),
    );
    expect(found.length).toBeGreaterThan(0);
    expect(counted(400, found)).toEqual([]);
  });

  test('a signed-in route asked without a session, and accepted: counted', async () => {
    const found = await check(stack.url, {
      ...exchange({ method: 'GET', path: `/api/people/${aroha}/preferences`, status: 200 }),
      headers: {},
    });
    expect(counted(200, found).filter((v) => v.location === 'request')).toEqual([
      expect.objectContaining({ location: 'request', message: 'Invalid security scheme used' }),
    ]);
  });

  test('a path the document does not have, answered 200: counted', async () => {
    const found = await check(
      stack.url,
      exchange({ method: 'GET', path: '/api/nowhere/at/all', status: 200, answer: {} }),
    );
    expect(counted(200, found)).toHaveLength(1);
  });
});
