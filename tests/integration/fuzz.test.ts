/**
 * Fuzzing every REST endpoint and every Zero mutator (fast-check)
 * with control characters, huge values, wrong types and other people's ids,
 * as a signed-in person with no link to Aroha. Nothing may answer 5xx (or, for
 * a mutation, an `internal` error), no answer may quote SQL, and nothing in
 * the replicated tables may change.
 *
 * The routes are read from the app itself (Hono's route list), so a new
 * endpoint is fuzzed without anyone remembering to add it here.
 */
import fc from 'fast-check';
import { beforeAll, describe, expect, test } from 'vitest';
import { seedId } from '../../api/seed.ts';
import { mutators } from '../../sync/mutators.ts';
import { type SignedIn, signIn } from '../harness/clients.ts';
import { sql, stack } from '../harness/db.ts';
import { inProcessApi } from '../harness/in-process.ts';

/** Whose rows the fuzzer aims at: Aroha's, which the fuzzing account may not touch. */
const foreignIds = [
  seedId('person:aroha'),
  seedId('preference:aroha:tea'),
  seedId('preference:aroha:medication'),
  seedId('category:aroha:food'),
  seedId('category:aroha:health'),
  seedId('note:aroha:tea'),
  seedId('link:sam->aroha'),
  seedId('person:ana'),
  seedId('user:aroha'),
  seedId('organisation:kowhai'),
];

const SQL_WORDS = /failed query|insert into|update "|select .* from|params:|syntax error/i;

/** Tables whose rows the fuzzer must not change (every replicated table). */
const TABLES = [
  'person',
  'person_detail',
  'app_user',
  'preference',
  'category',
  'preference_category',
  'note',
  'media',
  'review',
  'supporter_link',
  'support_session',
  'invite',
  'history_event',
  'organisation',
  'organisation_member',
  'subscription',
  'survey_response',
];

/** A fingerprint of every row of those tables. */
async function fingerprint(): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const t of TABLES) {
    const [row] = await sql`
      select count(*)::int || ':' || coalesce(md5(string_agg(x::text, '|' order by x::text)), '') as f
      from ${sql(t)} x`;
    out[t] = String(row?.f);
  }
  return out;
}

const controlChar = fc.constantFrom('\u0000', '\u0001', '\u0007', '\u001b', '\u007f', '\u000b');
/** Strings an attacker sends: control characters, huge, unicode, ids of others, markup. */
const nastyString = fc.oneof(
  fc.string(),
  fc.tuple(fc.string(), controlChar, fc.string()).map(([a, c, b]) => `${a}${c}${b}`),
  fc.constantFrom(...foreignIds),
  fc.nat(200_000).map((n) => 'x'.repeat(n)),
  fc.constantFrom(
    '',
    ' ',
    '%00',
    '../../etc/passwd',
    "'; drop table preference; --",
    '<script>alert(1)</script>',
    '\uD800',
    '😀'.repeat(300),
  ),
);
const nastyValue: fc.Arbitrary<unknown> = fc.oneof(
  nastyString,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(nastyString, { maxLength: 30 }),
  fc.dictionary(nastyString, nastyString, { maxKeys: 5 }),
);
/** Fields our bodies and arguments use, so values land where handlers look. */
const fieldNames = [
  'id',
  'personId',
  'preferenceId',
  'categoryId',
  'categoryIds',
  'parentId',
  'title',
  'description',
  'body',
  'name',
  'email',
  'access',
  'accessLevel',
  'status',
  'feeling',
  'reviewSchedule',
  'reviewId',
  'supportedId',
  'heroMediaId',
  'spokenMediaId',
  'photoId',
  'contentType',
  'contentLength',
  'firstName',
  'lastName',
  'bio',
  'kind',
  'targetId',
];
const nastyObject = fc.dictionary(fc.constantFrom(...fieldNames), nastyValue, { maxKeys: 8 });
const nastyBody = fc.oneof(
  { weight: 4, arbitrary: nastyObject },
  { weight: 1, arbitrary: nastyValue },
);
const pathParam = fc.oneof(
  fc.constantFrom(...foreignIds),
  nastyString.filter((s) => s.length < 5000),
);

/** Endpoints whose job is to end the caller's own session or send mail to anyone: left out. */
const SKIP = new Set(['POST /api/auth/logout']);

type Route = { method: string; path: string };

let who: SignedIn;
const routes: Route[] = [];
let before: Record<string, string>;

beforeAll(async () => {
  who = await signIn(stack.url, 'tui@example.com');
  // The route list, from the app itself.
  const { app, close } = inProcessApi(stack.databaseUrl);
  try {
    const seen = new Set<string>();
    for (const r of app.routes) {
      if (!r.path.startsWith('/api/') || r.path.includes('*') || r.method === 'ALL') continue;
      const key = `${r.method} ${r.path}`;
      if (seen.has(key) || SKIP.has(key)) continue;
      seen.add(key);
      routes.push({ method: r.method, path: r.path });
    }
  } finally {
    await close();
  }
  before = await fingerprint();
});

function fill(path: string, values: string[]): string {
  let i = 0;
  // A lone surrogate cannot be put in a URL at all (encodeURIComponent throws):
  // a browser sends U+FFFD in its place, and so does this.
  const sendable = (v: string) => v.replace(/\p{Cs}/gu, '\ufffd');
  return path.replace(/:[A-Za-z]+/g, () =>
    encodeURIComponent(sendable(values[i++ % values.length] ?? '')),
  );
}

describe('fuzzing', () => {
  test('the app has routes to fuzz', () => {
    expect(routes.length).toBeGreaterThan(40);
  });

  test('every REST endpoint: no 5xx, no SQL in the answer', async () => {
    const seen: string[] = [];
    for (const route of routes) {
      await fc.assert(
        fc.asyncProperty(
          fc.array(pathParam, { minLength: 1, maxLength: 4 }),
          nastyBody,
          fc.dictionary(
            fc.constantFrom('query', 'parentId', 'categoryId', 'to', 'token', 'planId'),
            nastyString,
            {
              maxKeys: 2,
            },
          ),
          async (params, body, query) => {
            const url = new URL(`${stack.url}${fill(route.path, params)}`);
            for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v.slice(0, 2000));
            const hasBody = route.method !== 'GET' && route.method !== 'HEAD';
            const payload = hasBody ? (JSON.stringify(body) ?? 'null') : undefined;
            const res = await fetch(url, {
              method: route.method,
              redirect: 'manual',
              headers: { 'content-type': 'application/json', cookie: who.cookie },
              ...(payload === undefined ? {} : { body: payload }),
            }).catch(async (e: unknown) => {
              // A request refused before its body is read (over the size
              // limit, a control character in the path) is answered and its
              // connection closed: a client still sending sees the close
              // first. That is a refusal, not a fault, as long as the server
              // still answers the next request.
              const code = (e as { cause?: { code?: string } }).cause?.code;
              if (payload !== undefined && (code === 'EPIPE' || code === 'ECONNRESET')) {
                expect((await fetch(`${stack.url}/api/health`)).status).toBe(200);
                return undefined;
              }
              throw e;
            });
            if (!res) return;
            const text = await res.text();
            if (res.status >= 500 || SQL_WORDS.test(text)) {
              seen.push(`${route.method} ${url.pathname} → ${res.status} ${text.slice(0, 200)}`);
            }
            expect(res.status).toBeLessThan(500);
            expect(text).not.toMatch(SQL_WORDS);
          },
        ),
        { numRuns: 12, seed: 20261123 },
      );
    }
    expect(seen).toEqual([]);
    expect(await fingerprint()).toEqual(before);
  }, 600_000);

  test('every Zero mutator: refused with one of our codes, never an internal error or SQL', async () => {
    const names: string[] = [];
    const walk = (o: object, prefix: string) => {
      for (const [k, v] of Object.entries(o)) {
        if (typeof v === 'function' || (typeof v === 'object' && v && 'mutatorName' in v)) {
          names.push(`${prefix}${k}`);
        } else if (typeof v === 'object' && v) walk(v, `${prefix}${k}.`);
      }
    };
    walk(mutators as unknown as object, '');
    expect(names.length).toBeGreaterThan(10);
    const ourCodes = ['invalid', 'not_found', 'forbidden', 'unauthenticated', 'conflict'];
    for (const name of names) {
      await fc.assert(
        fc.asyncProperty(nastyBody, async (args) => {
          const clientID = crypto.randomUUID();
          const res = await fetch(`${stack.url}/api/zero/mutate?schema=zero_0&appID=zero`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', cookie: who.cookie },
            body: JSON.stringify({
              clientGroupID: crypto.randomUUID(),
              mutations: [
                { type: 'custom', id: 1, clientID, name, args: [args], timestamp: Date.now() },
              ],
              pushVersion: 1,
              timestamp: Date.now(),
              requestID: crypto.randomUUID(),
            }),
          });
          const text = await res.text();
          expect(res.status).toBeLessThan(500);
          expect(text).not.toMatch(SQL_WORDS);
          const json = JSON.parse(text) as {
            mutations?: { result: { error?: string; details?: { code?: string } } }[];
          };
          const result = json.mutations?.[0]?.result;
          expect(result?.error).toBe('app');
          expect(ourCodes).toContain(result?.details?.code);
        }),
        { numRuns: 12, seed: 20261123 },
      );
    }
    expect(await fingerprint()).toEqual(before);
  }, 600_000);
});

describe('Zero endpoints: malformed and deeply nested bodies', () => {
  const endpoints = ['/api/zero/mutate', '/api/zero/query'];
  /** JSON text of `value` wrapped `depth` deep in arrays and objects, in turn (built as text: stringify would overflow). */
  const nested = (depth: number, value = '1'): string => {
    const open: string[] = [];
    const close: string[] = [];
    for (let i = 0; i < depth; i++) {
      open.push(i % 2 ? '{"a":' : '[');
      close.push(i % 2 ? '}' : ']');
    }
    return open.join('') + value + close.reverse().join('');
  };
  /** A push whose one mutation carries `args`: well formed but for them. */
  const pushWith = (args: string) =>
    JSON.stringify({
      clientGroupID: crypto.randomUUID(),
      mutations: [
        {
          type: 'custom',
          id: 1,
          clientID: crypto.randomUUID(),
          name: 'preference.update',
          args: ['ARGS'],
          timestamp: Date.now(),
        },
      ],
      pushVersion: 1,
      timestamp: Date.now(),
      requestID: crypto.randomUUID(),
    }).replace('"ARGS"', args);
  const send = async (path: string, body: string) => {
    const res = await fetch(`${stack.url}${path}?schema=zero_0&appID=zero`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: who.cookie },
      body,
    });
    const text = await res.text();
    return {
      status: res.status,
      text,
      json: (() => {
        try {
          return JSON.parse(text) as unknown;
        } catch {
          return undefined;
        }
      })(),
    };
  };
  const refusedAsBadInput = (r: Awaited<ReturnType<typeof send>>) => {
    expect(r.status, r.text.slice(0, 300)).toBe(400);
    expect(r.json).toEqual({ error: { code: 'invalid', message: expect.any(String) } });
    expect(r.text).not.toMatch(SQL_WORDS);
  };

  test('nested thousands deep (the whole body, or one change’s arguments): 400 with the error shape', async () => {
    for (const path of endpoints) {
      for (const depth of [65, 1_000, 100_000]) {
        refusedAsBadInput(await send(path, nested(depth)));
      }
      refusedAsBadInput(await send(path, pushWith(nested(5_000, '"x"'))));
    }
    expect(await fingerprint()).toEqual(before);
  }, 60_000);

  test('anything that is not a push or a query request: 400 with the error shape, never 5xx', async () => {
    const notJson = fc.constantFrom('{', '[1,', 'nul', '{"a":}', '', '"text"', '42', 'null');
    const otherJson = fc.jsonValue({ maxDepth: 6 }).map((v) => JSON.stringify(v));
    for (const path of endpoints) {
      await fc.assert(
        fc.asyncProperty(fc.oneof(notJson, otherJson), async (body) => {
          refusedAsBadInput(await send(path, body));
        }),
        { numRuns: 40, seed: 20261127 },
      );
    }
    expect(await fingerprint()).toEqual(before);
  }, 120_000);
});
