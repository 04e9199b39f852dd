/**
 * Abuse limits on invite e-mails and registrations (ADR 014), and
 * what an invite mail may carry. The shared stack raises every limit (all its
 * tests come from 127.0.0.1), so these run the API in-process over the same
 * database, with the default limits and X-Forwarded-For trusted: each test
 * picks its own network addresses and accounts.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { rateLimitMessages } from '../../api/rate-limit.ts';
import { type SignedIn, signIn } from '../harness/clients.ts';
import { sql, stack } from '../harness/db.ts';
import { type InProcessApi, inProcessApi, type SmtpSink, smtpSink } from '../harness/in-process.ts';
import { call, type Reply } from '../harness/rest.ts';

type App = InProcessApi['app'];
const closers: (() => Promise<unknown>)[] = [];

/** The API over the stack's database, with its own settings and mailer, X-Forwarded-For trusted. */
function apiWith(env: Record<string, string>): InProcessApi {
  const api = inProcessApi(stack.databaseUrl, { TRUST_PROXY: 'true', ...env });
  closers.push(api.close);
  return api;
}

let defaults: InProcessApi;
beforeAll(() => {
  defaults = apiWith({});
});
afterAll(async () => {
  for (const close of closers) await close();
});

/** A documentation address (RFC 5737) no other test uses. */
let hosts = 0;
function freshIp() {
  hosts++;
  return `198.51.${100 + Math.floor(hosts / 250)}.${(hosts % 250) + 1}`;
}
// Retried tests run again in the same database: start each run on new addresses.
hosts = Math.floor(Math.random() * 40) * 250;

function address(tag: string) {
  return `${tag}.${Date.now()}.${crypto.randomUUID().slice(0, 8)}@example.org`;
}

function registration(email: string, firstName = 'Hemi', lastName = 'Parata') {
  return {
    email,
    type: 'General',
    acceptedTermsOfService: true,
    person: {
      firstName,
      lastName,
      knownAs: firstName,
      type: 'SupporterAndDecisionMaker',
      personalInformation: {},
    },
  };
}

/** A POST to the in-process `app`, as `who` (or signed out), from the network address `ip`. */
function post(app: App, path: string, body: unknown, ip: string, who?: SignedIn) {
  return call(who, 'POST', path, body, { app, headers: { 'x-forwarded-for': ip } });
}

/** A new account made on the shared stack (its limits are raised), signed in. */
async function account(tag: string, firstName?: string, lastName?: string) {
  const email = address(tag);
  const res = await call(undefined, 'POST', '/api/users', registration(email, firstName, lastName));
  expect(res.status).toBe(201);
  return { email, ...(await signIn(stack.url, email)) };
}

type Account = Awaited<ReturnType<typeof account>>;

/** A profile invite to `to` by e-mail, from `who`, as if from `ip`. */
function inviteByMail(app: App, who: Account, to: string, ip: string) {
  return post(app, `/api/people/${who.personId}/invites`, { kind: 'Profile', email: to }, ip, who);
}

async function invitesTo(email: string) {
  return sql`select id from invite where email = ${email}`;
}

function expectRateLimited(res: Reply, message: (seconds: number) => string) {
  expect(res.status).toBe(429);
  const retryAfter = Number(res.headers.get('retry-after'));
  // The oldest counted e-mail leaves the hour's window in a little under an hour.
  expect(retryAfter).toBeGreaterThan(3500);
  expect(retryAfter).toBeLessThanOrEqual(3600);
  expect(res.body.error).toEqual({ code: 'rate_limited', message: message(retryAfter) });
  return retryAfter;
}

describe('invite e-mails: per account and per network', () => {
  test('the 11th invite e-mail from one account within the hour is refused: 429, Retry-After, no mail, no invite', async () => {
    const { app, mailer } = defaults;
    const who = await account('sender');
    const ip = freshIp();
    for (let i = 0; i < 10; i++) {
      const res = await inviteByMail(app, who, address(`friend${i}`), ip);
      expect(res.status, JSON.stringify(res.body)).toBe(201);
    }
    const eleventh = address('friend10');
    const refused = await inviteByMail(app, who, eleventh, ip);
    const retryAfter = expectRateLimited(refused, rateLimitMessages.inviteAccount);
    expect(rateLimitMessages.inviteAccount(retryAfter)).toBe(
      'You have sent a lot of invitations in a short time. Please wait 60 minutes and try again. You can still create a link to share instead.',
    );
    expect(mailer.mailbox?.list(eleventh)).toEqual([]);
    expect(await invitesTo(eleventh)).toHaveLength(0);

    // The limit is the account's: another network does not help.
    const elsewhere = await inviteByMail(app, who, eleventh, freshIp());
    expect(elsewhere.status).toBe(429);
    expect(mailer.mailbox?.list(eleventh)).toEqual([]);
    // A link sends no mail, so it is not counted.
    const link = await post(
      app,
      `/api/people/${who.personId}/invites`,
      { kind: 'Profile' },
      ip,
      who,
    );
    expect(link.status).toBe(201);
  });

  test('one network address may send a limited number of invite e-mails, across accounts', async () => {
    const { app, mailer } = apiWith({ INVITE_MAIL_LIMIT_PER_IP: '3' });
    const [first, second] = [await account('first'), await account('second')];
    const ip = freshIp();
    expect((await inviteByMail(app, first, address('a'), ip)).status).toBe(201);
    expect((await inviteByMail(app, first, address('b'), ip)).status).toBe(201);
    expect((await inviteByMail(app, second, address('c'), ip)).status).toBe(201);

    const to = address('d');
    expectRateLimited(await inviteByMail(app, second, to, ip), rateLimitMessages.inviteNetwork);
    expect((await inviteByMail(app, first, to, ip)).status).toBe(429);
    expect(mailer.mailbox?.list(to)).toEqual([]);
    expect(await invitesTo(to)).toHaveLength(0);
    // Other networks are not affected.
    expect((await inviteByMail(app, second, to, freshIp())).status).toBe(201);
    expect(mailer.mailbox?.list(to)).toHaveLength(1);
  });

  test('an IPv6 network counts as one: its /64', async () => {
    const { app } = apiWith({ INVITE_MAIL_LIMIT_PER_IP: '1' });
    const who = await account('six');
    const prefix = `2001:db8:${(hosts++ % 65_000).toString(16)}:1`;
    expect((await inviteByMail(app, who, address('x'), `${prefix}::1`)).status).toBe(201);
    expect((await inviteByMail(app, who, address('y'), `${prefix}:ffff::2`)).status).toBe(429);
  });
});

describe('registrations: per network', () => {
  test('the 6th registration from one network within the hour is refused: 429, Retry-After, no account', async () => {
    const { app } = defaults;
    const ip = freshIp();
    // A request the form would refuse is answered 400 and not counted.
    const bad = await post(
      app,
      '/api/users',
      { ...registration(address('bad')), email: 'nope' },
      ip,
    );
    expect(bad.status).toBe(400);
    for (let i = 0; i < 5; i++) {
      const res = await post(app, '/api/users', registration(address(`reg${i}`)), ip);
      expect(res.status).toBe(201);
    }
    const sixth = address('reg5');
    const refused = await post(app, '/api/users', registration(sixth), ip);
    const retryAfter = expectRateLimited(refused, rateLimitMessages.registerNetwork);
    expect(rateLimitMessages.registerNetwork(retryAfter)).toBe(
      'A lot of accounts have been made from your network in a short time. Please wait 60 minutes and try again.',
    );
    expect(await sql`select id from app_user where email = ${sixth}`).toHaveLength(0);
    expect(await sql`select person_id from person_detail where email = ${sixth}`).toHaveLength(0);

    // Someone on another network still registers, with the same address.
    expect((await post(app, '/api/users', registration(sixth), freshIp())).status).toBe(201);
  });

  test('requests at the same moment cannot all slip through', async () => {
    const { app } = defaults;
    const ip = freshIp();
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        post(app, '/api/users', registration(address(`rush${i}`)), ip),
      ),
    );
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(7);
  });
});

describe('the invite mail', () => {
  let smtp: SmtpSink;
  let app: App;
  const MAIL_FROM = 'Preference Bank <no-reply@preference-bank.test>';

  beforeAll(async () => {
    smtp = await smtpSink();
    app = apiWith({ SMTP_URL: smtp.url, MAIL_FROM }).app;
  });
  afterAll(() => smtp.close());

  /** A header of the message as sent, unfolded. */
  function header(data: string, name: string) {
    const head = data.split(/\r?\n\r?\n/)[0]?.replace(/\r?\n[ \t]+/g, ' ') ?? '';
    return new RegExp(`^${name}: (.*)$`, 'im').exec(head)?.[1];
  }

  function sentTo(to: string) {
    const mail = smtp.received.find((m) => m.to === to);
    if (!mail) throw new Error(`no mail to ${to}`);
    return mail;
  }

  test('From is the product; the subject names the inviter; the body gives their name and sign-in address', async () => {
    const who = await account('aroha', 'Aroha', 'Ngata');
    const to = address('whanau');
    const res = await inviteByMail(app, who, to, freshIp());
    expect(res.status).toBe(201);
    const { data } = sentTo(to);
    expect(header(data, 'From')).toBe(MAIL_FROM);
    expect(header(data, 'Subject')).toBe('Aroha Ngata has invited you to Preference Bank');
    expect(header(data, 'Reply-To')).toBeUndefined();
    const text = data.replace(/=\r?\n/g, '');
    expect(text).toContain(
      `This invite is from Aroha Ngata, whose e-mail address is ${who.email}.`,
    );

    // The request has no say in the sender, the subject or the text: such fields are refused.
    for (const extra of [
      { from: 'Your Bank <help@bank.example>' },
      { subject: 'Urgent: your account' },
      { senderName: 'Your Bank' },
      { message: 'Visit https://bank.example now' },
    ]) {
      const victim = address('victim');
      const refused = await post(
        app,
        `/api/people/${who.personId}/invites`,
        { kind: 'Profile', email: victim, ...extra },
        freshIp(),
        who,
      );
      expect(refused.status).toBe(400);
      expect(refused.body.error.code).toBe('invalid');
      expect(smtp.received.filter((m) => m.to === victim)).toEqual([]);
      expect(await invitesTo(victim)).toHaveLength(0);
    }
  });

  test('a name carrying a web address is not repeated: the verified sign-in address stands in', async () => {
    const who = await account('tricky', 'Claim your prize at', 'winner.example');
    const to = address('target');
    const res = await inviteByMail(app, who, to, freshIp());
    expect(res.status).toBe(201);
    const { data } = sentTo(to);
    expect(header(data, 'From')).toBe(MAIL_FROM);
    expect(header(data, 'Subject')).toBe(`${who.email} has invited you to Preference Bank`);
    expect(data).not.toMatch(/prize|winner\.example/i);
    expect(data.replace(/=\r?\n/g, '')).toContain(`This invite is from ${who.email}.`);
  });
});
