import { describe, expect, test } from 'vitest';
import { browserCookieName, magicLinkMessages } from '../../api/auth/magic-link.ts';
import { signIn } from '../harness/clients.ts';
import { sql, stack } from '../harness/db.ts';
import { inProcessApi, smtpSink } from '../harness/in-process.ts';
import {
  askForLink,
  finalizeLink,
  linkSecret,
  mailedLink,
  openMagicLink,
  readMailbox,
} from '../harness/magic-link.ts';
import { call } from '../harness/rest.ts';

const authenticate = (email: string) =>
  call(undefined, 'POST', '/api/authentication/email/track/authenticate', {
    email,
    challengeType: 'EMAIL_MAGIC_LINK',
  });

let registered = 0;
async function register(prefix: string) {
  const email = `${prefix}.${Date.now()}.${registered++}@example.org`;
  const res = await call(undefined, 'POST', '/api/users', {
    email,
    type: 'General',
    acceptedTermsOfService: true,
    person: {
      firstName: 'Mere',
      lastName: 'Kingi',
      knownAs: 'Mere',
      type: 'SupporterAndDecisionMaker',
      personalInformation: { phone: '021 555 0100' },
    },
  });
  expect(res.status).toBe(201);
  return { email, ...(res.body as { userId: string; personId: string }) };
}

describe('registration: POST /api/users', () => {
  test('creates a person (both roles, knownAs = first name) and a user who has not finished onboarding', async () => {
    const { email, personId, userId } = await register('new');
    const [p] = await sql`select p.type, p.first_name, p.known_as, d.phone from person p
                          join person_detail d on d.person_id = p.id where p.id = ${personId}`;
    expect(p).toEqual({
      type: 'SupporterAndDecisionMaker',
      first_name: 'Mere',
      known_as: 'Mere',
      phone: '021 555 0100',
    });
    const [u] =
      await sql`select email, wizard_completed_at, accepted_terms_at from app_user where id = ${userId}`;
    expect(u?.email).toBe(email);
    expect(u?.wizard_completed_at).toBeNull();
    expect(u?.accepted_terms_at).toBeInstanceOf(Date);
  });

  test('refuses an address that already has an account (409) and bad input (400), changing nothing', async () => {
    const before = await sql`select count(*)::int n from person`;
    const payload = (email: string, extra: Record<string, unknown> = {}) => ({
      email,
      type: 'General',
      acceptedTermsOfService: true,
      person: {
        firstName: 'A',
        lastName: 'B',
        knownAs: 'A',
        type: 'SupporterAndDecisionMaker',
        personalInformation: {},
      },
      ...extra,
    });
    const send = (body: unknown) => call(undefined, 'POST', '/api/users', body);
    const taken = await send(payload('AROHA@example.com'));
    expect(taken.status).toBe(409);
    expect(taken.body.error.message).toMatch(/already an account/);
    const noTerms = await send(payload('x@example.org', { acceptedTermsOfService: false }));
    expect(noTerms.status).toBe(400);
    expect(noTerms.body.error.message).toBe('Please accept the terms of service.');
    const badPhone = await send({
      ...payload('y@example.org'),
      person: { ...payload('').person, personalInformation: { phone: 'call me' } },
    });
    expect(badPhone.status).toBe(400);
    expect(await sql`select count(*)::int n from person`).toEqual(before);
  });
});

describe('magic link', () => {
  test('an unknown address gets a message that mentions registering, and no challenge', async () => {
    const { status, body } = await authenticate('nobody@example.com');
    expect(status).toBe(200);
    expect(body).toEqual({
      message: magicLinkMessages.unknown,
      challengeId: null,
      token: null,
      code: null,
    });
    expect(body.message).toMatch(/register/);
    expect(await readMailbox(stack.url, 'nobody@example.com')).toEqual([]);
  });

  test('a malformed address or challenge type is a 400 with a clear message', async () => {
    expect((await authenticate('not-an-email')).body.error.message).toBe(
      'Please enter a valid email address.',
    );
    const wrongType = await call(
      undefined,
      'POST',
      '/api/authentication/email/track/authenticate',
      {
        email: 'aroha@example.com',
        challengeType: 'SMS',
      },
    );
    expect(wrongType.status).toBe(400);
    expect(
      (await call(undefined, 'POST', '/api/authentication/email/../other/track/authenticate', {}))
        .status,
    ).toBe(404);
  });

  test('the mail names the product and the expiry; the secrets are random and stored only as hashes', async () => {
    const { email } = await register('mail');
    const { body } = await authenticate(email);
    const [mail] = await readMailbox(stack.url, email);
    expect(mail?.subject).toBe('Your sign-in link for Preference Bank');
    expect(mail?.text).toMatch(/Preference Bank/);
    expect(mail?.text).toMatch(/expires in 15 minutes/);
    const link = await mailedLink(stack.url, email, body.challengeId);
    const secret = new URL(link).pathname.split('/').pop() ?? '';
    expect(Buffer.from(secret, 'base64url').length).toBeGreaterThanOrEqual(16);
    const [row] = await sql`select token_hash, browser_token_hash, expires_at - created_at as ttl
                            from private.magic_link_challenge where id = ${body.challengeId}`;
    expect(row?.token_hash).not.toContain(secret);
    expect(row?.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row?.browser_token_hash).not.toBe(body.token);
  });

  test('the asking side waits (202) until the link is opened, then is signed in exactly once', async () => {
    const { email, personId } = await register('wait');
    const { body, headers } = await authenticate(email);
    const complete = () =>
      call(
        undefined,
        'POST',
        `/api/authentication/email/track/complete?token=${encodeURIComponent(body.token)}`,
        {
          challengeId: body.challengeId,
        },
      );
    expect((await complete()).status).toBe(202);
    const link = await mailedLink(stack.url, email, body.challengeId);
    const cookie = (headers.getSetCookie()[0] ?? '').split(';')[0] ?? '';
    const fin = await call(
      undefined,
      'POST',
      '/api/authentication/email/verify/email-magic-link/finalize',
      { challengeId: body.challengeId },
      { headers: { authorization: `Bearer ${linkSecret(link)}`, cookie } },
    );
    expect(fin.status).toBe(200);
    const done = await complete();
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ status: 'complete', person: { id: personId } });
    expect(done.headers.get('set-cookie')).toMatch(/pb_session=.*HttpOnly.*SameSite=Lax/i);
    const again = await complete();
    expect(again.status).toBe(410);
    expect(again.body.error.message).toBe(magicLinkMessages.finished);
    const [event] =
      await sql`select type, message from history_event where person_id = ${personId} and type = 'SignIn'`;
    expect(event).toEqual({ type: 'SignIn', message: 'Signed in with an e-mail link' });
  });

  test('a reused link, a tampered link and an expired link are refused with clear messages', async () => {
    const { email } = await register('refuse');
    const opened = await openMagicLink(stack.url, email);
    const link = await mailedLink(stack.url, email, opened.challengeId);
    const secret = new URL(link).pathname.split('/').pop() ?? '';
    const finalize = (challengeId: string, s: string) =>
      call(
        undefined,
        'POST',
        '/api/authentication/email/verify/email-magic-link/finalize',
        { challengeId },
        { headers: { authorization: `Bearer ${s}` } },
      );

    const reused = await finalize(opened.challengeId, secret);
    expect(reused.status).toBe(410);
    expect(reused.body.error.message).toBe(magicLinkMessages.used);

    const { body: second } = await authenticate(email);
    const secret2 =
      new URL(await mailedLink(stack.url, email, second.challengeId)).pathname.split('/').pop() ??
      '';
    const tampered = await finalize(second.challengeId, `${secret2.slice(0, -2)}xx`);
    expect(tampered.status).toBe(400);
    expect(tampered.body.error.message).toBe(magicLinkMessages.invalid);
    const wrongChallenge = await finalize(crypto.randomUUID(), secret2);
    expect(wrongChallenge.body.error.message).toBe(magicLinkMessages.invalid);

    await sql`update private.magic_link_challenge set expires_at = now() - interval '1 second' where id = ${second.challengeId}`;
    const expired = await finalize(second.challengeId, secret2);
    expect(expired.status).toBe(410);
    expect(expired.body.error.message).toBe(magicLinkMessages.expired);
    const pending = await call(
      undefined,
      'POST',
      `/api/authentication/email/track/complete?token=${encodeURIComponent(second.token)}`,
      {
        challengeId: second.challengeId,
      },
    );
    expect(pending.status).toBe(410);
    // A wrong browser token cannot complete someone else's challenge.
    const { body: third } = await authenticate(email);
    const stolen = await call(
      undefined,
      'POST',
      `/api/authentication/email/track/complete?token=${encodeURIComponent(second.token)}`,
      {
        challengeId: third.challengeId,
      },
    );
    expect(stolen.status).toBe(400);
  });

  test(`one address may ask for a limited number of links in 15 minutes (429 after that)`, async () => {
    const { email } = await register('limit');
    const limit = 50; // MAGIC_LINK_LIMIT_PER_EMAIL in the test harness
    for (let i = 0; i < limit; i++) expect((await authenticate(email)).status).toBe(200);
    const refused = await authenticate(email);
    expect(refused.status).toBe(429);
    expect(refused.body.error).toEqual({
      code: 'rate_limited',
      message: magicLinkMessages.limitEmail,
    });
    expect(refused.headers.get('retry-after')).toBe('900');
    expect((await readMailbox(stack.url, email)).length).toBe(limit);
  });

  test('one network address may make a limited number of attempts (429 after that)', async () => {
    const { app, close } = inProcessApi(stack.databaseUrl, {
      MAGIC_LINK_LIMIT_PER_IP: '3',
      TRUST_PROXY: 'true',
    });
    try {
      const from = (ip: string) =>
        app.request('/api/authentication/email/track/authenticate', {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
          body: JSON.stringify({
            email: `unknown-${ip}@example.org`,
            challengeType: 'EMAIL_MAGIC_LINK',
          }),
        });
      const ip = `203.0.113.${Math.floor(Math.random() * 200) + 1}`;
      for (let i = 0; i < 3; i++) expect((await from(ip)).status).toBe(200);
      const refused = await from(ip);
      expect(refused.status).toBe(429);
      expect(refused.headers.get('retry-after')).toBe('900');
      expect((await refused.json()).error).toEqual({
        code: 'rate_limited',
        message: magicLinkMessages.limitIp,
      });
      expect((await from('198.51.100.7')).status).toBe(200);
    } finally {
      await close();
    }
  });

  test('signing in again rotates the session: the previous one is revoked', async () => {
    const first = await signIn(stack.url, 'riley@example.com');
    const opened = await openMagicLink(stack.url, 'riley@example.com');
    const res = await fetch(opened.completeUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: first.cookie },
      body: JSON.stringify({ challengeId: opened.challengeId }),
    });
    expect(res.status).toBe(200);
    const session = await call(first, 'GET', '/api/session');
    expect(session.body.user).toBeNull();
  });
});

/** A browser the attacker asks from, so the opener can be told where the sign-in was asked. */
const ATTACKER_UA = {
  'user-agent':
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
};

async function challengeRow(id: string) {
  const [row] = await sql`select code_hash, user_agent, used_at, cancelled_at, attempts
                          from private.magic_link_challenge where id = ${id}`;
  return row;
}

/** The asking tab's poll, as the attacker's waiting tab makes it. */
async function poll(asked: { challengeId: string; token: string }) {
  return call(
    undefined,
    'POST',
    `/api/authentication/email/track/complete?token=${encodeURIComponent(asked.token)}`,
    {
      challengeId: asked.challengeId,
    },
  );
}

async function finalize(
  asked: { challengeId: string; secret: string },
  opts: { cookie?: string; code?: string } = {},
) {
  const res = await finalizeLink(stack.url, asked, opts);
  return { status: res.status, body: await res.json().catch(() => null) };
}

/** A code that is not the right one. */
const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('a link opened on another browser asks for the code (ADR 012)', () => {
  test('the asking browser gets a path-limited HttpOnly cookie and a 6-digit code; only a hash of the code is stored', async () => {
    const { email } = await register('code');
    const res = await call(
      undefined,
      'POST',
      '/api/authentication/email/track/authenticate',
      { email, challengeType: 'EMAIL_MAGIC_LINK' },
      { headers: ATTACKER_UA },
    );
    const body = res.body;
    expect(body.code).toMatch(/^\d{6}$/);
    const [cookie, ...others] = res.headers.getSetCookie();
    expect(others).toEqual([]);
    expect(cookie).toMatch(new RegExp(`^${browserCookieName(body.challengeId)}=[^;]{40,};`));
    expect(cookie).toMatch(/; Max-Age=900(;|$)/);
    expect(cookie).toMatch(/; Path=\/api\/authentication\/email(;|$)/);
    expect(cookie).toMatch(/; HttpOnly(;|$)/);
    expect(cookie).toMatch(/; SameSite=Lax(;|$)/);
    const row = await challengeRow(body.challengeId);
    expect(row?.code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row?.code_hash).not.toContain(body.code);
    expect(row?.user_agent).toBe(ATTACKER_UA['user-agent']);
  });

  test("the victim opens the attacker's link: nobody is signed in until the code is given", async () => {
    const { email } = await register('victim');
    const attacker = await askForLink(stack.url, email, ATTACKER_UA);

    // The victim's browser has no cookie of the asking browser.
    const opened = await finalize(attacker);
    expect(opened.status).toBe(200);
    expect(opened.body).toEqual({
      status: 'confirm',
      askedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      browser: 'Chrome on Windows',
    });
    expect(JSON.stringify(opened.body)).not.toContain(attacker.code);
    expect((await challengeRow(attacker.challengeId))?.used_at).toBeNull();
    expect((await poll(attacker)).status).toBe(202);

    // A wrong code is refused and counted; a malformed one is refused and not counted.
    const bad = await finalize(attacker, { code: wrong(attacker.code) });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toEqual({ code: 'wrong_code', message: magicLinkMessages.wrongCode(4) });
    const malformed = await finalize(attacker, { code: '12ab56' });
    expect(malformed.status).toBe(400);
    expect(malformed.body.error).toEqual({
      code: 'invalid_code',
      message: magicLinkMessages.invalidCode,
    });
    expect((await challengeRow(attacker.challengeId))?.attempts).toBe(1);
    expect((await poll(attacker)).status).toBe(202);

    // Only the code shown on the asking screen signs that screen in (spaces allowed).
    const right = await finalize(attacker, {
      code: `${attacker.code.slice(0, 3)} ${attacker.code.slice(3)}`,
    });
    expect(right.status).toBe(200);
    expect(right.body).toEqual({
      status: 'verified',
      verified: true,
      message: magicLinkMessages.verified,
    });
    const done = await poll(attacker);
    expect(done.status).toBe(200);
    expect(done.body.status).toBe('complete');
    expect((await finalize(attacker, { code: attacker.code })).status).toBe(410);
  });

  test('five wrong codes end the link, and the asking tab is told', async () => {
    const { email } = await register('guess');
    const asked = await askForLink(stack.url, email);
    for (let left = 4; left > 0; left--) {
      const r = await finalize(asked, { code: wrong(asked.code) });
      expect(r.status).toBe(400);
      expect(r.body.error.message).toBe(magicLinkMessages.wrongCode(left));
    }
    const fifth = await finalize(asked, { code: wrong(asked.code) });
    expect(fifth.status).toBe(410);
    expect(fifth.body.error).toEqual({
      code: 'too_many_codes',
      message: magicLinkMessages.tooManyCodes,
    });
    // Dead now: even the right code, even the asking browser.
    const late = await finalize(asked, { code: asked.code });
    expect(late.status).toBe(410);
    expect(late.body.error.code).toBe('too_many_codes');
    expect((await finalize(asked, { cookie: asked.cookie })).status).toBe(410);
    const row = await challengeRow(asked.challengeId);
    expect(row?.attempts).toBe(5);
    expect(row?.used_at).toBeNull();
    const polled = await poll(asked);
    expect(polled.status).toBe(410);
    expect(polled.body.error).toEqual({
      code: 'too_many_codes',
      message: magicLinkMessages.tooManyCodes,
    });
  });

  test('"I did not ask for this" stops the sign-in; the asking tab gets a clear refusal', async () => {
    const { email } = await register('cancel');
    const attacker = await askForLink(stack.url, email, ATTACKER_UA);
    expect((await finalize(attacker)).body.status).toBe('confirm');
    const cancel = (secret: string) =>
      call(
        undefined,
        'POST',
        '/api/authentication/email/verify/email-magic-link/cancel',
        { challengeId: attacker.challengeId },
        { headers: { authorization: `Bearer ${secret}` } },
      );
    // Only the link's holder may stop it.
    expect((await cancel(`${attacker.secret.slice(0, -2)}xx`)).status).toBe(400);
    expect((await challengeRow(attacker.challengeId))?.cancelled_at).toBeNull();

    const stopped = await cancel(attacker.secret);
    expect(stopped.status).toBe(200);
    expect(stopped.body).toEqual({ status: 'cancelled', message: magicLinkMessages.cancelledDone });
    expect((await challengeRow(attacker.challengeId))?.cancelled_at).toBeInstanceOf(Date);

    const polled = await poll(attacker);
    expect(polled.status).toBe(410);
    expect(polled.body.error).toEqual({
      code: 'sign_in_cancelled',
      message: magicLinkMessages.cancelled,
    });
    const late = await finalize(attacker, { code: attacker.code });
    expect(late.status).toBe(410);
    expect(late.body.error).toEqual({
      code: 'link_cancelled',
      message: magicLinkMessages.linkCancelled,
    });
    expect((await challengeRow(attacker.challengeId))?.used_at).toBeNull();
  });

  test("the asking browser opens its own link in one step; another challenge's cookie does not count", async () => {
    const { email, personId } = await register('same');
    const asked = await askForLink(stack.url, email);
    const other = await askForLink(stack.url, email);
    // The cookie of another sign-in, renamed to this one: not this browser's secret.
    const forged = `${browserCookieName(asked.challengeId)}=${other.cookie.split('=')[1]}`;
    expect((await finalize(asked, { cookie: forged })).body.status).toBe('confirm');

    const opened = await finalize(asked, { cookie: asked.cookie });
    expect(opened.status).toBe(200);
    expect(opened.body).toEqual({
      status: 'verified',
      verified: true,
      message: magicLinkMessages.verified,
    });
    const done = await poll(asked);
    expect(done.status).toBe(200);
    expect(done.body.person.id).toBe(personId);
  });

  test('the mail says to ignore it if you did not ask, and never carries the code', async () => {
    const { email } = await register('ignore');
    const asked = await askForLink(stack.url, email);
    const [mail] = await readMailbox(stack.url, email);
    expect(mail?.text).toContain(magicLinkMessages.mailIgnore);
    expect(mail?.html).toContain(magicLinkMessages.mailIgnore);
    expect(mail?.text).not.toContain(asked.code);
    expect(mail?.html).not.toContain(asked.code);
    expect(mail?.text).not.toContain(`${asked.code.slice(0, 3)} ${asked.code.slice(3)}`);
  });

  test('bad finalize and cancel bodies are clear 400s and change nothing', async () => {
    const { email } = await register('badbody');
    const asked = await askForLink(stack.url, email);
    const auth = { authorization: `Bearer ${asked.secret}` };
    const tooLong = await call(
      undefined,
      'POST',
      '/api/authentication/email/verify/email-magic-link/finalize',
      { challengeId: asked.challengeId, code: '1'.repeat(50) },
      { headers: auth },
    );
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.error.code).toBe('invalid_code');
    const noId = await call(
      undefined,
      'POST',
      '/api/authentication/email/verify/email-magic-link/cancel',
      {},
      { headers: auth },
    );
    expect(noId.status).toBe(400);
    expect(noId.body.error.code).toBe('invalid_link');
    const row = await challengeRow(asked.challengeId);
    expect(row).toMatchObject({ attempts: 0, used_at: null, cancelled_at: null });
  });
});

describe('mail over SMTP (SMTP_URL set)', () => {
  test('the sign-in mail goes to the SMTP server, not the dev mailbox', async () => {
    const smtp = await smtpSink();
    const received = smtp.received;
    // The test run's own limits: Ana signs in in many tests, within one window.
    const { app, close } = inProcessApi(stack.databaseUrl, {
      SMTP_URL: smtp.url,
      MAGIC_LINK_LIMIT_PER_EMAIL: '1000',
      MAGIC_LINK_LIMIT_PER_IP: '100000',
    });
    try {
      const res = await app.request('/api/authentication/email/track/authenticate', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'ana@example.com', challengeType: 'EMAIL_MAGIC_LINK' }),
      });
      expect(res.status).toBe(200);
      expect(received).toHaveLength(1);
      expect(received[0]?.to).toBe('ana@example.com');
      expect(received[0]?.data).toMatch(/Subject: Your sign-in link for Preference Bank/);
      expect(received[0]?.data).toMatch(/\/login\/link\//);
      expect((await app.request('/api/dev/mailbox?to=ana@example.com')).status).toBe(404);
    } finally {
      await close();
      await smtp.close();
    }
  });
});
