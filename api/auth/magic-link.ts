/**
 * E-mail magic links, our own provider behind the spec's paths (§7):
 *
 *   POST /api/authentication/email/track/authenticate   {email, challengeType}
 *        → {message, challengeId, token}; mails a link holding a second secret.
 *   POST /api/authentication/email/verify/email-magic-link/finalize
 *        Authorization: Bearer <link secret>, {challengeId}: the link was opened
 *        (on any device). Plays the role of the spec's third-party finalize.
 *   POST /api/authentication/email/track/complete?token=<challenge token> {challengeId}
 *        polled by the tab that asked: 202 until the link is opened, then signs
 *        that tab in (once).
 *
 * Both secrets are 256 random bits, stored only as SHA-256 hashes; the link is
 * single-use and expires after 15 minutes.
 */
import { randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { and, count, eq, gt, isNotNull, isNull } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import { magicLinkChallenge, person, user } from '../../schema/index.ts';
import { emailAddress, validationMessages } from '../../sync/validation.ts';
import { clientIp } from '../client-ip.ts';
import { jsonError } from '../errors.ts';
import { escapeHtml } from '../mail/mailer.ts';
import type { AppDeps } from '../server.ts';
import { hashToken, signInUser } from './sessions.ts';

export const MAGIC_LINK_TTL_MS = 15 * 60 * 1000;
export const RATE_WINDOW_MS = 15 * 60 * 1000;
const PROVIDER = 'email';

export const magicLinkMessages = {
  sent: 'Check your email for a sign-in link.',
  // The login route looks for "register" in this message (spec §2).
  unknown: 'We could not find an account for this e-mail address. Please register.',
  invalid: 'This sign-in link is not valid. Please ask for a new one.',
  used: 'This sign-in link has already been used. Please ask for a new one.',
  expired: 'This sign-in link has expired (links last 15 minutes). Please ask for a new one.',
  finished: 'This sign-in has already been completed. Please ask for a new link to sign in again.',
  limitEmail:
    'Too many sign-in e-mails have been sent to this address. Please wait 15 minutes and try again.',
  limitIp: 'Too many sign-in attempts from your network. Please wait 15 minutes and try again.',
  verified: 'You are signed in on the device where you asked for this link.',
} as const;

function secret(): string {
  return randomBytes(32).toString('base64url');
}

function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

const authenticateBody = z.object({
  email: emailAddress,
  challengeType: z.literal('EMAIL_MAGIC_LINK', {
    message: 'challengeType must be EMAIL_MAGIC_LINK',
  }),
  /** Carried through to the link, so the invite survives the round trip (issue 4). */
  inviteId: z.string().max(64).optional(),
});
const challengeBody = z.object({ challengeId: z.uuid() });
const tokenParam = z.string().min(20).max(100);

function linkMail(publicUrl: string, to: string, link: string) {
  const minutes = MAGIC_LINK_TTL_MS / 60_000;
  const text = [
    'Kia ora,',
    '',
    'Use this link to sign in to Preference Bank:',
    '',
    link,
    '',
    `The link works once and expires in ${minutes} minutes. You can open it on any device: the browser where you asked for it will be signed in.`,
    '',
    'If you did not ask to sign in, you can ignore this e-mail; nobody can sign in without the link.',
    '',
    `Preference Bank, ${publicUrl}`,
  ].join('\n');
  const html = `<!doctype html><html lang="en"><body style="font-family: system-ui, sans-serif; font-size: 18px; line-height: 1.5; color: #1d1b26">
<p>Kia ora,</p>
<p>Use this link to sign in to Preference Bank:</p>
<p><a href="${escapeHtml(link)}" style="color: #4e4285; font-weight: 600">Sign in to Preference Bank</a></p>
<p>The link works once and expires in ${minutes} minutes. You can open it on any device: the browser where you asked for it will be signed in.</p>
<p>If you did not ask to sign in, you can ignore this e-mail; nobody can sign in without the link.</p>
</body></html>`;
  return { to, subject: 'Your sign-in link for Preference Bank', text, html };
}

export function magicLinkRoutes(deps: AppDeps) {
  const { db, config } = deps;
  const secure = config.NODE_ENV === 'production';
  const app = new Hono();

  app.use('/:provider/*', async (c, next) => {
    if (c.req.param('provider') !== PROVIDER) {
      return jsonError(c, 404, 'not_found', 'There is no such authentication provider.');
    }
    await next();
  });

  app.post('/:provider/track/authenticate', async (c) => {
    const parsed = authenticateBody.safeParse(await c.req.json().catch(() => null));
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const onEmail = issue?.path[0] === 'email';
      return jsonError(
        c,
        400,
        'invalid',
        onEmail ? validationMessages.email : (issue?.message ?? 'Invalid request.'),
      );
    }
    const { email } = parsed.data;
    const ip = clientIp(c, config.TRUST_PROXY);
    const since = new Date(Date.now() - RATE_WINDOW_MS);

    const [byIp] = await db
      .select({ n: count() })
      .from(magicLinkChallenge)
      .where(and(eq(magicLinkChallenge.ip, ip), gt(magicLinkChallenge.createdAt, since)));
    if ((byIp?.n ?? 0) >= config.MAGIC_LINK_LIMIT_PER_IP) {
      c.header('retry-after', String(RATE_WINDOW_MS / 1000));
      return jsonError(c, 429, 'rate_limited', magicLinkMessages.limitIp);
    }
    const [byEmail] = await db
      .select({ n: count() })
      .from(magicLinkChallenge)
      .where(
        and(
          eq(magicLinkChallenge.email, email),
          isNotNull(magicLinkChallenge.userId),
          gt(magicLinkChallenge.createdAt, since),
        ),
      );
    if ((byEmail?.n ?? 0) >= config.MAGIC_LINK_LIMIT_PER_EMAIL) {
      c.header('retry-after', String(RATE_WINDOW_MS / 1000));
      return jsonError(c, 429, 'rate_limited', magicLinkMessages.limitEmail);
    }

    const [found] = await db.select().from(user).where(eq(user.email, email)).limit(1);
    const linkSecret = secret();
    const browserSecret = secret();
    const id = randomUUID();
    // Every attempt is recorded (unknown addresses too) so the per-address limit holds.
    await db.insert(magicLinkChallenge).values({
      id,
      email,
      userId: found?.id ?? null,
      tokenHash: hashToken(linkSecret),
      browserTokenHash: hashToken(browserSecret),
      expiresAt: new Date(Date.now() + MAGIC_LINK_TTL_MS),
      ip,
    });
    if (!found)
      return c.json({ message: magicLinkMessages.unknown, challengeId: null, token: null });

    const link = new URL(`/login/link/${id}/${linkSecret}`, config.publicUrl);
    if (parsed.data.inviteId) link.searchParams.set('inviteId', parsed.data.inviteId);
    await deps.mailer.send(linkMail(config.publicUrl, email, link.toString()));
    return c.json({ message: magicLinkMessages.sent, challengeId: id, token: browserSecret });
  });

  app.post('/:provider/verify/email-magic-link/finalize', async (c) => {
    const bearer = /^Bearer\s+(\S+)$/i.exec(c.req.header('authorization') ?? '')?.[1];
    const body = challengeBody.safeParse(await c.req.json().catch(() => null));
    const token = tokenParam.safeParse(bearer);
    if (!body.success || !token.success)
      return jsonError(c, 400, 'invalid_link', magicLinkMessages.invalid);
    const [row] = await db
      .select()
      .from(magicLinkChallenge)
      .where(eq(magicLinkChallenge.id, body.data.challengeId))
      .limit(1);
    // A missing challenge and a wrong secret look the same.
    if (!row?.userId || !sameHash(row.tokenHash, hashToken(token.data))) {
      return jsonError(c, 400, 'invalid_link', magicLinkMessages.invalid);
    }
    if (row.usedAt) return jsonError(c, 410, 'link_used', magicLinkMessages.used);
    if (row.expiresAt.getTime() <= Date.now())
      return jsonError(c, 410, 'link_expired', magicLinkMessages.expired);
    // Single use, also under concurrent clicks.
    const used = await db
      .update(magicLinkChallenge)
      .set({ usedAt: new Date() })
      .where(and(eq(magicLinkChallenge.id, row.id), isNull(magicLinkChallenge.usedAt)))
      .returning({ id: magicLinkChallenge.id });
    if (used.length === 0) return jsonError(c, 410, 'link_used', magicLinkMessages.used);
    return c.json({ verified: true, message: magicLinkMessages.verified });
  });

  app.post('/:provider/track/complete', async (c) => {
    const token = tokenParam.safeParse(c.req.query('token'));
    const body = challengeBody.safeParse(await c.req.json().catch(() => null));
    if (!token.success || !body.success)
      return jsonError(c, 400, 'invalid_link', magicLinkMessages.invalid);
    const [row] = await db
      .select()
      .from(magicLinkChallenge)
      .where(eq(magicLinkChallenge.id, body.data.challengeId))
      .limit(1);
    if (!row?.userId || !sameHash(row.browserTokenHash, hashToken(token.data))) {
      return jsonError(c, 400, 'invalid_link', magicLinkMessages.invalid);
    }
    if (row.completedAt) return jsonError(c, 410, 'already_complete', magicLinkMessages.finished);
    if (!row.usedAt) {
      if (row.expiresAt.getTime() <= Date.now()) {
        return jsonError(c, 410, 'link_expired', magicLinkMessages.expired);
      }
      return c.json({ status: 'pending' }, 202);
    }
    const done = await db
      .update(magicLinkChallenge)
      .set({ completedAt: new Date() })
      .where(and(eq(magicLinkChallenge.id, row.id), isNull(magicLinkChallenge.completedAt)))
      .returning({ id: magicLinkChallenge.id });
    if (done.length === 0) return jsonError(c, 410, 'already_complete', magicLinkMessages.finished);
    const [account] = await db
      .select({ user, person })
      .from(user)
      .innerJoin(person, eq(person.id, user.personId))
      .where(eq(user.id, row.userId))
      .limit(1);
    if (!account) return jsonError(c, 400, 'invalid_link', magicLinkMessages.invalid);
    await signInUser(
      c,
      db,
      { userId: account.user.id, personId: account.person.id },
      { method: 'email link', secure },
    );
    return c.json({
      status: 'complete',
      user: { id: account.user.id, email: account.user.email, personId: account.person.id },
      person: {
        id: account.person.id,
        firstName: account.person.firstName,
        knownAs: account.person.knownAs,
        type: account.person.type,
      },
    });
  });

  return app;
}
