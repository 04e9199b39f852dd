import { describe, expect, test } from 'vitest';
import { freePort } from '../../api/dev/ports.ts';
import { seedId } from '../../api/seed.ts';
import { signIn } from '../harness/clients.ts';
import { sql, stack } from '../harness/db.ts';
import { inProcessApi } from '../harness/in-process.ts';
import { call, raw, startSession } from '../harness/rest.ts';

const arohaPersonId = seedId('person:aroha');

describe('REST: session and sign-in', () => {
  test('signed out, /api/session says so', async () => {
    const { status, body } = await call(undefined, 'GET', '/api/session');
    expect(status).toBe(200);
    expect(body).toMatchObject({ user: null, person: null, zeroCacheUrl: stack.zeroUrl });
  });

  test('sign-in sets an HttpOnly SameSite=Lax cookie; logout revokes the session server-side', async () => {
    const tui = await signIn(stack.url, 'tui@example.com');
    expect((await call(tui, 'GET', '/api/session')).body.user.email).toBe('tui@example.com');

    const out = await call(tui, 'POST', '/api/auth/logout');
    expect(out.status).toBe(204);
    expect((await call(tui, 'GET', '/api/session')).body.user).toBeNull();
    const [row] =
      await sql`select revoked_at from private.session where id = encode(sha256(${tui.token}::bytea), 'hex')`;
    expect(row?.revoked_at).toBeInstanceOf(Date);
    const [event] =
      await sql`select type from history_event where person_id = ${tui.personId} order by created_at desc limit 1`;
    expect(event?.type).toBe('SignOut');
  });

  test('a state-changing request from another origin is refused', async () => {
    const aroha = await signIn(stack.url, 'aroha@example.com');
    const res = await call(aroha, 'POST', '/api/auth/logout', undefined, {
      headers: { origin: 'https://evil.example' },
    });
    expect(res.status).toBe(403);
    expect((await call(aroha, 'GET', '/api/session')).body.user?.email).toBe('aroha@example.com');
  });

  test('unknown API paths answer 404 JSON', async () => {
    const { status, body } = await call(undefined, 'GET', '/api/nothing-here');
    expect(status).toBe(404);
    expect(body).toEqual({
      error: { code: 'not_found', message: 'There is no such API endpoint.' },
    });
  });

  test('Zero endpoints refuse requests without a session (401)', async () => {
    for (const path of ['/api/zero/query', '/api/zero/mutate']) {
      const res = await call(undefined, 'POST', `${path}?schema=zero_0&appID=zero`, raw('[]'));
      expect(res.status).toBe(401);
    }
  });
});

describe('REST: GET /api/people/{personId}/access', () => {
  test('signed out → 401', async () => {
    expect((await call(undefined, 'GET', `/api/people/${arohaPersonId}/access`)).status).toBe(401);
  });

  test('the Decision Maker has write access to herself', async () => {
    const aroha = await signIn(stack.url, 'aroha@example.com');
    const { status, body } = await call(aroha, 'GET', `/api/people/${arohaPersonId}/access`);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      person: { id: arohaPersonId, firstName: 'Aroha' },
      access: { write: true },
    });
  });

  test('a Supporter’s own area is read-only: they keep no library (the write flag says so)', async () => {
    const sam = await signIn(stack.url, 'sam@example.com');
    const { status, body } = await call(sam, 'GET', `/api/people/${sam.personId}/access`);
    expect(status).toBe(200);
    expect(body.access).toEqual({ write: false, administrator: true, kind: 'owner' });
  });

  test('a supporter has access only inside a session; an unrelated user never', async () => {
    const sam = await signIn(stack.url, 'sam@example.com');
    const tui = await signIn(stack.url, 'tui@example.com');
    expect((await call(sam, 'GET', `/api/people/${arohaPersonId}/access`)).status).toBe(403);
    const session = await startSession(sam, arohaPersonId);
    try {
      const inSession = await call(sam, 'GET', `/api/people/${arohaPersonId}/access`);
      expect(inSession.status).toBe(200);
      expect(inSession.body.access).toEqual({
        write: true,
        administrator: false,
        kind: 'supporter',
        level: 'General',
      });
      expect((await call(tui, 'GET', `/api/people/${arohaPersonId}/access`)).status).toBe(403);
    } finally {
      await session.end();
    }
    expect((await call(sam, 'GET', `/api/people/${arohaPersonId}/access`)).status).toBe(403);
  });

  test('the answer carries a per-person token: it works for that person only, and dies with the session', async () => {
    const ana = await signIn(stack.url, 'ana@example.com');
    const anaPersonId = seedId('person:ana');
    const { body } = await call(ana, 'GET', `/api/people/${anaPersonId}/access`);
    expect(body.token).toMatch(/^pat1\./);
    const withToken = (personId: string, token: string) =>
      call(undefined, 'GET', `/api/people/${personId}/access`, undefined, {
        headers: { authorization: `Bearer ${token}` },
      });
    expect((await withToken(anaPersonId, body.token)).status).toBe(200);
    // Scoped: the token does not open another person, even one Ana may see.
    expect((await withToken(arohaPersonId, body.token)).status).toBe(401);
    // Another signature: its last character changed (both are canonical base64url endings).
    const tampered = `${body.token.slice(0, -1)}${body.token.endsWith('A') ? 'E' : 'A'}`;
    expect((await withToken(anaPersonId, tampered)).status).toBe(401);
    await call(ana, 'POST', '/api/auth/logout');
    expect((await withToken(anaPersonId, body.token)).status).toBe(401);
  });

  test('a malformed id → 400 with a JSON error', async () => {
    const aroha = await signIn(stack.url, 'aroha@example.com');
    const { status, body } = await call(aroha, 'GET', `/api/people/${'x'.repeat(65)}/access`);
    expect(status).toBe(400);
    expect(body.error.code).toBe('invalid');
  });
});

describe('production', () => {
  test('the dev mailbox and any development sign-in do not exist', async () => {
    const { app, close } = inProcessApi(stack.databaseUrl, {
      NODE_ENV: 'production',
      ZERO_ADMIN_PASSWORD: 'a-long-enough-password',
      PUBLIC_URL: 'https://app.example.org',
      SMTP_URL: 'smtp://127.0.0.1:1',
      ACCESS_TOKEN_SECRET: 'a-secret-that-is-at-least-32-characters-long',
      S3_BUCKET: 'media-bucket',
    });
    try {
      expect((await app.request('/api/dev/mailbox?to=aroha@example.com')).status).toBe(404);
      const res = await app.request('/api/dev/sign-in', {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: 'https://app.example.org' },
        body: JSON.stringify({ email: 'aroha@example.com' }),
      });
      expect(res.status).toBe(404);
    } finally {
      await close();
    }
  });
});

describe('the database out of reach', () => {
  test('a request that needs it is answered 503 in words, with Retry-After; nothing crashes', async () => {
    // The stack's database, on a port nothing listens on: Postgres down.
    const closed = await freePort();
    const url = new URL(stack.databaseUrl);
    url.port = String(closed);
    const { app, close } = inProcessApi(url.toString());
    try {
      const res = await app.request('/api/session', { headers: { cookie: 'pb_session=whatever' } });
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toBe('2');
      expect(await res.json()).toEqual({
        error: {
          code: 'unavailable',
          message:
            'The service is starting up again and could not do that just now. Nothing was changed: please try again in a moment.',
        },
      });
      // What needs no database still answers.
      expect((await app.request('/api/health')).status).toBe(200);
    } finally {
      await close();
    }
  });
});
