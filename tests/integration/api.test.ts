import postgres from 'postgres';
import { afterAll, describe, expect, inject, test } from 'vitest';
import { loadConfig } from '../../api/config.ts';
import { connect } from '../../api/db.ts';
import { seedId } from '../../api/seed.ts';
import { createApp } from '../../api/server.ts';
import { createZeroDb } from '../../api/zero/db-provider.ts';
import { signIn } from '../harness/clients.ts';

const stack = inject('stack');
const sql = postgres(stack.databaseUrl, { max: 2, onnotice: () => {} });
afterAll(() => sql.end());

const arohaPersonId = seedId('person:aroha');

async function get(path: string, cookie?: string) {
  const res = await fetch(`${stack.url}${path}`, { headers: cookie ? { cookie } : {} });
  return { status: res.status, body: await res.json().catch(() => null) };
}

describe('REST: session and sign-in', () => {
  test('signed out, /api/session says so', async () => {
    const { status, body } = await get('/api/session');
    expect(status).toBe(200);
    expect(body).toMatchObject({ user: null, person: null, zeroCacheUrl: stack.zeroUrl });
  });

  test('dev sign-in refuses a malformed e-mail (400) and an unknown one (404) with clear messages', async () => {
    const bad = await fetch(`${stack.url}/api/dev/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'not-an-email' }),
    });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({
      error: { code: 'invalid', message: 'Please enter a valid email address.' },
    });
    const unknown = await fetch(`${stack.url}/api/dev/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'nobody@example.com' }),
    });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({
      error: { code: 'unknown_email', message: "We don't have an account for nobody@example.com" },
    });
  });

  test('sign-in sets an HttpOnly SameSite=Lax cookie; logout revokes the session server-side', async () => {
    const res = await fetch(`${stack.url}/api/dev/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'TUI@example.com' }),
    });
    const setCookie = res.headers.get('set-cookie') ?? '';
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    const cookie = setCookie.split(';')[0] ?? '';
    expect((await get('/api/session', cookie)).body.user.email).toBe('tui@example.com');

    const out = await fetch(`${stack.url}/api/auth/logout`, {
      method: 'POST',
      headers: { cookie },
    });
    expect(out.status).toBe(204);
    expect((await get('/api/session', cookie)).body.user).toBeNull();
    const [row] =
      await sql`select count(*)::int as n from private.session where revoked_at is not null`;
    expect(row?.n).toBeGreaterThan(0);
  });

  test('a state-changing request from another origin is refused', async () => {
    const res = await fetch(`${stack.url}/api/dev/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'https://evil.example' },
      body: JSON.stringify({ email: 'aroha@example.com' }),
    });
    expect(res.status).toBe(403);
    expect(res.headers.get('set-cookie')).toBeNull();
  });

  test('unknown API paths answer 404 JSON', async () => {
    const { status, body } = await get('/api/nothing-here');
    expect(status).toBe(404);
    expect(body).toEqual({
      error: { code: 'not_found', message: 'There is no such API endpoint.' },
    });
  });

  test('Zero endpoints refuse requests without a session (401)', async () => {
    for (const path of ['/api/zero/query', '/api/zero/mutate']) {
      const res = await fetch(`${stack.url}${path}?schema=zero_0&appID=zero`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '[]',
      });
      expect(res.status).toBe(401);
    }
  });
});

describe('REST: GET /api/people/{personId}/access', () => {
  test('signed out → 401', async () => {
    expect((await get(`/api/people/${arohaPersonId}/access`)).status).toBe(401);
  });

  test('the Decision Maker has write access to herself', async () => {
    const aroha = await signIn(stack.url, 'aroha@example.com');
    const { status, body } = await get(`/api/people/${arohaPersonId}/access`, aroha.cookie);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      person: { id: arohaPersonId, firstName: 'Aroha' },
      access: { write: true },
    });
  });

  test('a supporter has access only inside a session; an unrelated user never', async () => {
    const sam = await signIn(stack.url, 'sam@example.com');
    const tui = await signIn(stack.url, 'tui@example.com');
    expect((await get(`/api/people/${arohaPersonId}/access`, sam.cookie)).status).toBe(403);
    const id = crypto.randomUUID();
    await sql`insert into support_session (id, supporter_link_id, person_id, supporter_id)
              values (${id}, ${seedId('link:sam->aroha')}, ${arohaPersonId}, ${sam.personId})`;
    try {
      const inSession = await get(`/api/people/${arohaPersonId}/access`, sam.cookie);
      expect(inSession.status).toBe(200);
      expect(inSession.body.access).toEqual({ write: true, kind: 'supporter', level: 'General' });
      expect((await get(`/api/people/${arohaPersonId}/access`, tui.cookie)).status).toBe(403);
    } finally {
      await sql`update support_session set ended_at = now() where id = ${id}`;
    }
    expect((await get(`/api/people/${arohaPersonId}/access`, sam.cookie)).status).toBe(403);
  });

  test('a malformed id → 400 with a JSON error', async () => {
    const aroha = await signIn(stack.url, 'aroha@example.com');
    const { status, body } = await get(`/api/people/${'x'.repeat(65)}/access`, aroha.cookie);
    expect(status).toBe(400);
    expect(body.error.code).toBe('invalid');
  });
});

describe('production', () => {
  test('the development sign-in route does not exist', async () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      DATABASE_URL: stack.databaseUrl,
      ZERO_ADMIN_PASSWORD: 'a-long-enough-password',
      PUBLIC_URL: 'https://app.example.org',
    });
    const { sql: s, db } = connect(stack.databaseUrl, { max: 1 });
    try {
      const app = createApp({ config, sql: s, db, zdb: createZeroDb(s) });
      const res = await app.request('/api/dev/sign-in', {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: 'https://app.example.org' },
        body: JSON.stringify({ email: 'aroha@example.com' }),
      });
      expect(res.status).toBe(404);
    } finally {
      await s.end();
    }
  });
});
