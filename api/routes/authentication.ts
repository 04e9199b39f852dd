/**
 * Signing in with an e-mail magic link, under /api/authentication/email (spec
 * §7): the endpoints and how they answer; api/auth/magic-link.ts says how the
 * link, its secrets and the code work (ADR 012).
 */
import { randomUUID } from 'node:crypto';
import { and, count, eq, gt, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import { type Context, Hono } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { z } from 'zod';
import { magicLinkChallenge, person, user } from '../../schema/index.ts';
import { appError } from '../../sync/errors.ts';
import { emailAddress, signInCode, validationMessages } from '../../sync/validation.ts';
import { browserName } from '../auth/browser-name.ts';
import {
  BROWSER_COOKIE_PATH,
  browserCookieName,
  type Challenge,
  codeHash,
  linkMail,
  MAGIC_LINK_TTL_MS,
  MAX_CODE_ATTEMPTS,
  magicLinkMessages,
  newCode,
  RATE_WINDOW_MS,
  refusals,
  type SignInAsked,
  sameHash,
  secret,
} from '../auth/magic-link.ts';
import { hashToken, signInUser } from '../auth/sessions.ts';
import type { AppDeps, AppEnv } from '../deps.ts';
import { Refusal } from '../errors.ts';
import { clientNetwork, rateLimited } from '../rate-limit.ts';
import { valid } from '../validate.ts';

const authenticateBody = z.object({
  email: emailAddress,
  challengeType: z.literal('EMAIL_MAGIC_LINK', {
    message: 'challengeType must be EMAIL_MAGIC_LINK',
  }),
  /** Carried through to the link, so the invite survives the round trip. */
  inviteId: z.string().max(64).optional(),
});
const challengeBody = z.object({ challengeId: z.uuid() });
/** Opening the link: the code is given only where another browser opened it. */
const finalizeBody = challengeBody.extend({ code: signInCode.optional() });
const secretToken = z.string().min(20).max(100);
/** The link's secret, as the opened link sends it. */
const linkHeader = z.object({
  authorization: z.string().regex(/^Bearer\s+\S{20,100}$/i),
});
const tokenQuery = z.object({ token: secretToken });

export function authenticationRoutes(deps: AppDeps) {
  const { db, config } = deps;
  const secure = config.NODE_ENV === 'production';

  async function challengeById(id: string): Promise<Challenge | undefined> {
    const [row] = await db
      .select()
      .from(magicLinkChallenge)
      .where(eq(magicLinkChallenge.id, id))
      .limit(1);
    return row;
  }

  /**
   * The challenge behind an opened link: the bearer secret must match it. A
   * missing challenge and a wrong secret look the same.
   */
  async function openedLink(
    authorization: string,
    challengeId: string,
  ): Promise<{ row: Challenge; linkSecret: string }> {
    const linkSecret = authorization.replace(/^Bearer\s+/i, '');
    const row = await challengeById(challengeId);
    if (!row?.userId || !sameHash(row.tokenHash, hashToken(linkSecret))) {
      throw refusals.invalidLink();
    }
    return { row, linkSecret };
  }

  /** Why a link can no longer be confirmed, as a refusal; null when it still can. */
  function linkRefusal(row: Challenge): Refusal | null {
    if (row.cancelledAt) return new Refusal(410, 'link_cancelled', magicLinkMessages.linkCancelled);
    if (row.usedAt) return refusals.used();
    if (row.expiresAt.getTime() <= Date.now()) return refusals.expired();
    if (row.attempts >= MAX_CODE_ATTEMPTS) return refusals.tooManyCodes();
    return null;
  }

  /** The refusal of a link that changed under a request: how it stands now. */
  async function refusalNow(id: string, otherwise: () => Refusal): Promise<Refusal> {
    const now = await challengeById(id);
    return (now && linkRefusal(now)) ?? otherwise();
  }

  /** The request carries the cookie that the asking browser got for this challenge. */
  function fromAskingBrowser(c: Context, row: Challenge): boolean {
    const value = getCookie(c, browserCookieName(row.id));
    return !!value && value.length <= 100 && sameHash(row.browserTokenHash, hashToken(value));
  }

  function forgetAskingBrowser(c: Context, challengeId: string) {
    deleteCookie(c, browserCookieName(challengeId), { path: BROWSER_COOKIE_PATH, secure });
  }

  /**
   * Marks a link neither used nor cancelled as one or the other, once, also
   * under concurrent clicks; false when it was already settled.
   */
  async function settleOpenLink(id: string, as: { usedAt: Date } | { cancelledAt: Date }) {
    const settled = await db
      .update(magicLinkChallenge)
      .set(as)
      .where(
        and(
          eq(magicLinkChallenge.id, id),
          isNull(magicLinkChallenge.usedAt),
          isNull(magicLinkChallenge.cancelledAt),
        ),
      )
      .returning({ id: magicLinkChallenge.id });
    return settled.length > 0;
  }

  /** Marks the link used (once, also under concurrent clicks): the asking tab's poll then completes. */
  async function confirm(row: Challenge) {
    if (!(await settleOpenLink(row.id, { usedAt: new Date() })))
      throw await refusalNow(row.id, refusals.used);
    return { status: 'verified', verified: true, message: magicLinkMessages.verified } as const;
  }

  /**
   * A code typed by the person who opened the link elsewhere. A try is counted
   * before the code is compared, in one conditional update, so that a burst of
   * parallel guesses still gets only MAX_CODE_ATTEMPTS in all.
   */
  async function checkCode(row: Challenge, linkSecret: string, code: string) {
    const [counted] = await db
      .update(magicLinkChallenge)
      .set({ attempts: sql`${magicLinkChallenge.attempts} + 1` })
      .where(
        and(
          eq(magicLinkChallenge.id, row.id),
          lt(magicLinkChallenge.attempts, MAX_CODE_ATTEMPTS),
          isNull(magicLinkChallenge.usedAt),
          isNull(magicLinkChallenge.cancelledAt),
          gt(magicLinkChallenge.expiresAt, new Date()),
        ),
      )
      .returning({ attempts: magicLinkChallenge.attempts });
    if (!counted) throw await refusalNow(row.id, refusals.tooManyCodes);
    if (row.codeHash && sameHash(row.codeHash, codeHash(linkSecret, code))) return confirm(row);
    const left = MAX_CODE_ATTEMPTS - counted.attempts;
    throw left > 0
      ? new Refusal(400, 'wrong_code', magicLinkMessages.wrongCode(left))
      : refusals.tooManyCodes();
  }

  const link = valid('header', linkHeader, refusals.invalidLink);

  return new Hono<AppEnv>()
    .post(
      '/track/authenticate',
      valid('json', authenticateBody, (error) => {
        const issue = error.issues[0];
        const onEmail = issue?.path[0] === 'email';
        return appError(
          'invalid',
          onEmail ? validationMessages.email : (issue?.message ?? 'Invalid request.'),
        );
      }),
      async (c) => {
        const { email, inviteId } = c.req.valid('json');
        // Counted by network, as every per-network limit (an IPv6 address by its /64).
        const ip = clientNetwork(c, config.TRUST_PROXY);
        const since = new Date(Date.now() - RATE_WINDOW_MS);

        const [byIp] = await db
          .select({ n: count() })
          .from(magicLinkChallenge)
          .where(and(eq(magicLinkChallenge.ip, ip), gt(magicLinkChallenge.createdAt, since)));
        if ((byIp?.n ?? 0) >= config.MAGIC_LINK_LIMIT_PER_IP) {
          throw rateLimited(RATE_WINDOW_MS / 1000, magicLinkMessages.limitIp);
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
          throw rateLimited(RATE_WINDOW_MS / 1000, magicLinkMessages.limitEmail);
        }

        const [found] = await db.select().from(user).where(eq(user.email, email)).limit(1);
        const linkSecret = secret();
        const browserSecret = secret();
        const code = newCode();
        const id = randomUUID();
        // Every attempt is recorded (unknown addresses too) so the per-address limit holds.
        await db.insert(magicLinkChallenge).values({
          id,
          email,
          userId: found?.id ?? null,
          tokenHash: hashToken(linkSecret),
          browserTokenHash: hashToken(browserSecret),
          codeHash: found ? codeHash(linkSecret, code) : null,
          userAgent: c.req.header('user-agent')?.slice(0, 500) ?? null,
          expiresAt: new Date(Date.now() + MAGIC_LINK_TTL_MS),
          ip,
        });
        if (!found) {
          const unknown: SignInAsked = {
            message: magicLinkMessages.unknown,
            challengeId: null,
            token: null,
            code: null,
          };
          return c.json(unknown);
        }

        const url = new URL(`/login/link/${id}/${linkSecret}`, config.publicUrl);
        if (inviteId) url.searchParams.set('inviteId', inviteId);
        await deps.mailer.send(linkMail(config.publicUrl, email, url.toString()));
        // Lets finalize tell "opened in the browser that asked" (one click) from anywhere else.
        setCookie(c, browserCookieName(id), browserSecret, {
          httpOnly: true,
          sameSite: 'Lax',
          secure,
          path: BROWSER_COOKIE_PATH,
          maxAge: MAGIC_LINK_TTL_MS / 1000,
        });
        const asked: SignInAsked = {
          message: magicLinkMessages.sent,
          challengeId: id,
          token: browserSecret,
          code,
        };
        return c.json(asked);
      },
    )
    .post(
      '/verify/email-magic-link/finalize',
      link,
      valid('json', finalizeBody, (error) =>
        error.issues[0]?.path[0] === 'code' ? refusals.invalidCode() : refusals.invalidLink(),
      ),
      async (c) => {
        const { challengeId, code } = c.req.valid('json');
        const { row, linkSecret } = await openedLink(
          c.req.valid('header').authorization,
          challengeId,
        );
        const refused = linkRefusal(row);
        if (refused) throw refused;
        if (fromAskingBrowser(c, row)) {
          forgetAskingBrowser(c, row.id);
          return c.json(await confirm(row));
        }
        if (code !== undefined) return c.json(await checkCode(row, linkSecret, code));
        // Only what the opener needs to recognise their own sign-in: when, and from what browser.
        return c.json({
          status: 'confirm' as const,
          askedAt: row.createdAt.toISOString(),
          browser: browserName(row.userAgent),
        });
      },
    )
    .post(
      '/verify/email-magic-link/cancel',
      link,
      valid('json', challengeBody, refusals.invalidLink),
      async (c) => {
        const { row } = await openedLink(
          c.req.valid('header').authorization,
          c.req.valid('json').challengeId,
        );
        const done = () =>
          c.json({ status: 'cancelled' as const, message: magicLinkMessages.cancelledDone }, 200);
        if (row.cancelledAt) return done();
        const refused = linkRefusal(row);
        if (refused) throw refused;
        if (!(await settleOpenLink(row.id, { cancelledAt: new Date() }))) {
          const now = await challengeById(row.id);
          if (now?.cancelledAt) return done();
          throw (now && linkRefusal(now)) ?? refusals.used();
        }
        return done();
      },
    )
    .post(
      '/track/complete',
      valid('query', tokenQuery, refusals.invalidLink),
      valid('json', challengeBody, refusals.invalidLink),
      async (c) => {
        const { token } = c.req.valid('query');
        const row = await challengeById(c.req.valid('json').challengeId);
        if (!row?.userId || !sameHash(row.browserTokenHash, hashToken(token))) {
          throw refusals.invalidLink();
        }
        if (row.completedAt) throw refusals.finished();
        if (row.cancelledAt)
          throw new Refusal(410, 'sign_in_cancelled', magicLinkMessages.cancelled);
        if (!row.usedAt) {
          if (row.attempts >= MAX_CODE_ATTEMPTS) throw refusals.tooManyCodes();
          if (row.expiresAt.getTime() <= Date.now()) throw refusals.expired();
          return c.json({ status: 'pending' as const }, 202);
        }
        const done = await db
          .update(magicLinkChallenge)
          .set({ completedAt: new Date() })
          .where(and(eq(magicLinkChallenge.id, row.id), isNull(magicLinkChallenge.completedAt)))
          .returning({ id: magicLinkChallenge.id });
        if (done.length === 0) throw refusals.finished();
        const [account] = await db
          .select({ user, person })
          .from(user)
          .innerJoin(person, eq(person.id, user.personId))
          .where(eq(user.id, row.userId))
          .limit(1);
        if (!account) throw refusals.invalidLink();
        await signInUser(
          c,
          deps,
          { userId: account.user.id, personId: account.person.id },
          { method: 'email link', secure },
        );
        forgetAskingBrowser(c, row.id);
        return c.json(
          {
            status: 'complete' as const,
            user: { id: account.user.id, email: account.user.email, personId: account.person.id },
            person: {
              id: account.person.id,
              firstName: account.person.firstName,
              knownAs: account.person.knownAs,
              type: account.person.type,
            },
          },
          200,
        );
      },
    );
}
