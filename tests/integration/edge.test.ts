/**
 * At the API's edge: every API response carries
 * nosniff, no framing and no-store; bodies over the limit are refused before
 * they are parsed; control characters (NUL above all) in a path, a query or a
 * body get a 400 and change nothing; and no answer ever quotes SQL.
 */
import http from 'node:http';
import { beforeAll, describe, expect, test } from 'vitest';
import { seedId } from '../../api/seed.ts';
import { mutators } from '../../sync/mutators.ts';
import { queries } from '../../sync/queries.ts';
import { type SignedIn, signIn } from '../harness/clients.ts';
import { sql, stack } from '../harness/db.ts';
import { call } from '../harness/rest.ts';
import { type Client, client, serverResult } from '../harness/zero.ts';

const aroha = seedId('person:aroha');
const tea = seedId('preference:aroha:tea');
const food = seedId('category:aroha:food');
const teaNote = seedId('note:aroha:tea');

let dm: SignedIn;
let z: Client;
beforeAll(async () => {
  dm = await signIn(stack.url, 'aroha@example.com');
  z = client(dm);
  await z.run(queries.preference.byId({ personId: aroha, id: tea }), { type: 'complete' });
});

const SQL_WORDS = /failed query|insert into|update "|select |params:|statement|postgres/i;

async function teaNow() {
  return (await sql`select * from preference where id = ${tea}`)[0];
}

/** The rows of the tea's description as shared text (sync/shared-text.ts). */
async function textRowsOfTea() {
  const rows =
    await sql`select id from text_update where preference_id = ${tea} and note_id is null`;
  return rows.map((r) => String(r.id));
}

describe('headers on every API response', () => {
  for (const [what, path] of [
    ['a JSON read', `/api/people/${aroha}/preferences/${tea}`],
    ['the session', '/api/session'],
    ['an unknown endpoint', '/api/nothing-here'],
    ['a refusal', `/api/people/${aroha}/preferences/${crypto.randomUUID()}`],
  ] as const) {
    test(`${what}: nosniff, no framing, no-store`, async () => {
      const res = await call(dm, 'GET', path);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
      expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(res.headers.get('cache-control')).toBe('no-store');
    });
  }
});

/**
 * Announces a body of `length` bytes and sends none of it: the answer must
 * come from the announced length alone, before anything is read or parsed.
 */
function statusForLength(method: string, path: string, length: number, cookie?: string) {
  return new Promise<number>((resolve, reject) => {
    const req = http.request(`${stack.url}${path}`, {
      method,
      agent: false,
      headers: {
        'content-type': 'application/json',
        'content-length': length,
        ...(cookie ? { cookie } : {}),
      },
    });
    req.on('response', (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
      req.destroy();
    });
    req.on('error', reject);
    req.flushHeaders();
  });
}

describe('size', () => {
  test('a JSON body over 1 MB is refused with 413 before it is read, and nothing changes', async () => {
    const before = await teaNow();
    const status = await statusForLength(
      'PUT',
      `/api/people/${aroha}/preferences/${tea}`,
      2 * 1024 * 1024,
      dm.cookie,
    );
    expect(status).toBe(413);
    expect(await teaNow()).toEqual(before);
  });

  test('an 8 MB body to the sign-in endpoint is refused with 413', async () => {
    expect(
      await statusForLength('POST', '/api/authentication/email/track/authenticate', 8 << 20),
    ).toBe(413);
  });

  test('the refusal is JSON with a code', async () => {
    // Small enough to be read whole before the answer: the body of the answer.
    const res = await call(dm, 'PUT', `/api/people/${aroha}/preferences/${tea}`, {
      description: 'x'.repeat(1024 * 1024 + 10),
    });
    expect(res.status).toBe(413);
    expect((res.body as { error: { code: string } }).error.code).toBe('too_large');
  });
});

describe('control characters', () => {
  const nul = '\u0000';
  const fields: [string, string, string, Record<string, unknown>][] = [
    ['a preference title', 'PUT', `/api/people/${aroha}/preferences/${tea}`, { title: `T${nul}` }],
    [
      'a preference description',
      'PUT',
      `/api/people/${aroha}/preferences/${tea}`,
      { description: `D${nul}` },
    ],
    [
      'a category name',
      'PUT',
      `/api/people/${aroha}/preferences/categories/${food}`,
      { title: `C${nul}` },
    ],
    ['a note body', 'PUT', `/api/people/${aroha}/notes/${teaNote}`, { body: `N${'\u0007'}` }],
    [
      'a new preference',
      'POST',
      `/api/people/${aroha}/preferences`,
      { title: `New${nul}`, categoryIds: [food] },
    ],
    [
      'the sign-in e-mail',
      'POST',
      '/api/authentication/email/track/authenticate',
      { email: `aroha${nul}@example.com`, challengeType: 'EMAIL_MAGIC_LINK' },
    ],
    ['a key', 'PUT', `/api/people/${aroha}/preferences/${tea}`, { [`ti${nul}tle`]: 'x' }],
  ];
  for (const [what, method, path, body] of fields) {
    test(`${what} with a control character: 400 with a clear message, nothing changed`, async () => {
      const before = await teaNow();
      const count = await sql`select count(*)::int n from preference`;
      const res = await call(dm, method, path, body);
      expect(res.status).toBe(400);
      const json = res.body as { error: { code: string; message: string } };
      expect(json.error.code).toBe('invalid');
      expect(json.error.message).toMatch(/control characters/);
      expect(await teaNow()).toEqual(before);
      expect(await sql`select count(*)::int n from preference`).toEqual(count);
    });
  }

  test('line breaks and tabs in a description are kept', async () => {
    const before = await teaNow();
    const rowsBefore = await textRowsOfTea();
    try {
      const res = await call(dm, 'PUT', `/api/people/${aroha}/preferences/${tea}`, {
        description: 'Hot,\r\n\twith milk.',
      });
      expect(res.status).toBe(200);
      expect((await teaNow())?.description).toBe('Hot,\r\n\twith milk.');
    } finally {
      // The description as seeded: its shared text's rows too (the write added one),
      // or the next change typed into it would bring this text back.
      const added = (await textRowsOfTea()).filter((id) => !rowsBefore.includes(id));
      if (added.length) await sql`delete from text_update where id in ${sql(added)}`;
      await sql`update preference set description = ${before?.description ?? null} where id = ${tea}`;
    }
  });

  for (const path of [
    `/api/people/${aroha}/preferences/${tea}%00`,
    `/api/people/%00/preferences`,
    `/api/people/${aroha}/preferences?query=a%00b`,
    `/api/people/${aroha}/preferences/%E0%A4%A`,
  ]) {
    test(`a path or query of ${path.split('/').pop()}: 400, never 500`, async () => {
      const res = await call(dm, 'GET', path);
      expect(res.status).toBe(400);
      expect((res.body as { error: { code: string } }).error.code).toBe('invalid');
    });
  }

  test('a Zero mutation with NUL in a title is refused with a message, not SQL', async () => {
    const before = await teaNow();
    const result = await serverResult(
      z,
      mutators.preference.update({ id: tea, title: `Tea${nul}` }),
    );
    expect(result.type).toBe('error');
    if (result.type !== 'error') return;
    expect(result.error.message).toMatch(/control characters/);
    expect(result.error.message).not.toMatch(SQL_WORDS);
    expect(await teaNow()).toEqual(before);
    // The client's queue is not held up: the next change goes through.
    const next = await serverResult(
      z,
      mutators.preference.update({ id: tea, title: before?.title }),
    );
    expect(next.type).toBe('success');
  });
});

describe('errors never echo SQL', () => {
  test('a mutation that fails in the database answers a code and a message', async () => {
    // The database refuses this one write (a trigger standing in for any
    // failure a mutator does not foresee): its error quotes the statement.
    await sql`create or replace function pg_temp_refuse_marker() returns trigger language plpgsql as $$
              begin
                if new.message like '%Refuse me%' then raise exception 'refused by the database'; end if;
                return new;
              end $$`;
    await sql`create trigger refuse_marker before insert on history_event
              for each row execute function pg_temp_refuse_marker()`;
    const before = await teaNow();
    try {
      const result = await serverResult(
        z,
        mutators.preference.update({ id: tea, title: 'Refuse me' }),
      );
      expect(result.type).toBe('error');
      if (result.type !== 'error') return;
      expect(result.error.message).toBe('Sorry, something went wrong. Please try again.');
      expect(result.error.message).not.toMatch(SQL_WORDS);
      expect(await teaNow()).toEqual(before);
    } finally {
      await sql`drop trigger refuse_marker on history_event`;
      await sql`drop function pg_temp_refuse_marker()`;
    }
  });

  test('?schema=private on the mutate endpoint is refused without a statement', async () => {
    const res = await fetch(`${stack.url}/api/zero/mutate?schema=private&appID=zero`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: dm.cookie },
      body: JSON.stringify({
        clientGroupID: 'g',
        mutations: [
          {
            type: 'custom',
            id: 1,
            clientID: 'c',
            name: 'preference.update',
            args: [{ id: tea, title: 'x' }],
            timestamp: Date.now(),
          },
        ],
        pushVersion: 1,
        timestamp: Date.now(),
        requestID: 'r',
      }),
    });
    const text = await res.text();
    expect(res.status).toBe(400);
    expect(text).not.toMatch(SQL_WORDS);
    expect(text).not.toMatch(/private\./);
  });
});

describe('writes only from this site', () => {
  const push = (extra: Record<string, string>) =>
    call(
      dm,
      'POST',
      '/api/zero/mutate?schema=zero_0&appID=zero',
      {
        clientGroupID: 'g',
        mutations: [
          {
            type: 'custom',
            id: 1,
            clientID: 'c',
            name: 'preference.update',
            args: [{ id: tea, title: 'From elsewhere' }],
            timestamp: Date.now(),
          },
        ],
        pushVersion: 1,
        timestamp: Date.now(),
        requestID: 'r',
      },
      { headers: extra },
    );

  for (const [what, extra] of [
    ['another origin', { origin: 'https://evil.example' }],
    ['another site (Sec-Fetch-Site)', { 'sec-fetch-site': 'cross-site' }],
    ['a sibling site (Sec-Fetch-Site)', { 'sec-fetch-site': 'same-site' }],
  ] as const) {
    test(`a JSON PUT, a DELETE and a Zero push from ${what}, with a valid cookie: 403, nothing changed`, async () => {
      const before = await teaNow();
      const put = await call(
        dm,
        'PUT',
        `/api/people/${aroha}/preferences/${tea}`,
        { title: 'Hijacked' },
        { headers: extra },
      );
      expect(put.status).toBe(403);
      expect(put.body).toEqual({
        error: {
          code: 'bad_origin',
          message: 'This request came from another site and was refused.',
        },
      });
      const del = await call(dm, 'DELETE', `/api/people/${aroha}/notes/${teaNote}`, undefined, {
        headers: extra,
      });
      expect(del.status).toBe(403);
      expect((await push(extra)).status).toBe(403);
      expect(await teaNow()).toEqual(before);
      const [note] = await sql`select id from note where id = ${teaNote}`;
      expect(note?.id).toBe(teaNote);
    });
  }

  test('from this site, the same PUT is made', async () => {
    const before = await teaNow();
    const res = await call(
      dm,
      'PUT',
      `/api/people/${aroha}/preferences/${tea}`,
      { title: 'Tea (same site)' },
      { headers: { origin: new URL(stack.url).origin, 'sec-fetch-site': 'same-origin' } },
    );
    expect(res.status).toBe(200);
    await call(dm, 'PUT', `/api/people/${aroha}/preferences/${tea}`, { title: before?.title });
  });
});

describe('crossing edits over REST (sync/conflict.ts)', () => {
  test('a field changed since the caller read it is refused with what is stored, and nothing changes', async () => {
    const before = await teaNow();
    const path = `/api/people/${aroha}/preferences/${tea}`;
    const res = await call(dm, 'PUT', path, {
      title: 'Tea, mine',
      access: before?.access,
      base: { title: 'What I read an hour ago', access: before?.access },
    });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({
      error: {
        code: 'changed',
        message: 'Someone else changed this while you were editing. Choose which to keep.',
        theirs: { title: before?.title },
      },
    });
    expect(await teaNow()).toEqual(before);
    // From what is stored, it goes through; a base with an unknown field is bad input.
    const ok = await call(dm, 'PUT', path, { title: 'Tea, mine', base: { title: before?.title } });
    expect(ok.status).toBe(200);
    expect((await teaNow())?.title).toBe('Tea, mine');
    const bad = await call(dm, 'PUT', path, { title: 'x', base: { description: 'y' } });
    expect(bad.status).toBe(400);
    await call(dm, 'PUT', path, { title: before?.title });
  });
});
