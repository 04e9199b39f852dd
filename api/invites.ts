/**
 * Invites (spec §3 Invite, §4 Invite, §8 Merge accounts / Self support). Mounted at /api.
 *
 *   POST   /api/people/{personId}/invites             the Decision Maker or their administrator
 *          {kind, accessLevel?, targetId?, email?, expiresInDays?} → 201 {id, url, expiresAt}
 *   GET    /api/people/{personId}/invites/accepted    the caller's own connections made by invite
 *   DELETE /api/people/{personId}/invites/{id}        withdraws an invite (and any guest access)
 *   GET    /api/invites/{id}?token=                   no sign-in: what the invite is, if open
 *   POST   /api/invites/{id}/accept   {token}         signed in; single use
 *   POST   /api/invites/{id}/decline  {token}         no sign-in
 *
 * The link's token is 256 random bits; only its SHA-256 is stored
 * (private.invite_token). A missing invite and a wrong token get the same 404.
 * Invite e-mails are limited per account and per network (ADR 014: 429 with
 * Retry-After); the mail comes from MAIL_FROM and names the inviter as their
 * account does, with the address they sign in with.
 */
import { randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { type Context, Hono } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { z } from 'zod';
import {
  type AccessLevel,
  category,
  type InviteKind,
  invite,
  inviteToken,
  person,
  personDetail,
  preference,
  supporterLink,
  user,
} from '../schema/index.ts';
import {
  GUEST_KINDS,
  INVITE_DEFAULT_DAYS,
  type InviteAccepted,
  type InviteView,
  inviteCreateBody,
  inviteErrors,
  inviteIdSchema,
  inviteTokenBody,
  inviteTokenSchema,
} from '../sync/invite.ts';
import { administers, callerFor } from './auth/caller.ts';
import { hashToken, type SessionUser, sessionFromRequest } from './auth/sessions.ts';
import type { Db } from './db.ts';
import type { AppDeps } from './deps.ts';
import { jsonError } from './errors.ts';
import { recordEvent } from './history.ts';
import { escapeHtml } from './mail/mailer.ts';
import { CircleFullError, supporterSpots } from './plan-limits.ts';
import { clientNetwork, HOUR_MS, limit, rateLimitMessages, tooMany } from './rate-limit.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Dates in mail use the product's default date locale (spec §1), in New Zealand time. */
const mailDate = new Intl.DateTimeFormat('en-NZ', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'Pacific/Auckland',
});

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Reader = Pick<Db, 'select'>;
type PersonRow = typeof person.$inferSelect;

/** A refusal decided inside a transaction: thrown to roll it back, answered as a 4xx. */
class Refusal extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

class MailFailed extends Error {}

const refusals = {
  notFound: () => new Refusal(404, 'not_found', inviteErrors.notFound),
  expired: () => new Refusal(410, 'invite_expired', inviteErrors.expired),
  accepted: () => new Refusal(410, 'invite_accepted', inviteErrors.accepted),
  declined: () => new Refusal(410, 'invite_declined', inviteErrors.declined),
  used: () => new Refusal(410, 'invite_used', inviteErrors.used),
  gone: () => new Refusal(410, 'invite_gone', inviteErrors.gone),
  selfSupport: () => new Refusal(400, 'self_support', inviteErrors.selfSupport),
  ownInvite: () => new Refusal(400, 'own_invite', inviteErrors.ownInvite),
  merge: () => new Refusal(409, 'merge_accounts', inviteErrors.mergeAccounts),
  connected: () => new Refusal(409, 'already_connected', inviteErrors.alreadyConnected),
};

function answer(c: Context, e: unknown) {
  if (e instanceof Refusal) return jsonError(c, e.status, e.code, e.message);
  if (e instanceof CircleFullError) return jsonError(c, 409, e.code, e.message);
  throw e;
}

function isUniqueViolation(e: unknown): boolean {
  return e instanceof Error && /unique|duplicate/i.test(`${e.message} ${String(e.cause)}`);
}

function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** The name a person goes by for someone who may not know them yet. */
export function displayName(p: Pick<PersonRow, 'fullName' | 'firstName' | 'lastName' | 'knownAs'>) {
  const full = p.fullName?.trim() || [p.firstName, p.lastName].filter(Boolean).join(' ').trim();
  return full || p.knownAs?.trim() || 'Someone';
}

const levelWords: Record<AccessLevel, string> = {
  General: 'General',
  Restricted: 'Restricted',
  Administrator: 'Administrator',
};

/** "to join Tui Brown’s Circle of Support as a Supporter with General access", and so on. */
function whatFor(kind: InviteKind, name: string, level: AccessLevel | null, title: string | null) {
  switch (kind) {
    case 'Supporter':
      return `to join ${name}’s Circle of Support as a Supporter with ${levelWords[level ?? 'General']} access`;
    case 'Profile':
      return `to view ${name}’s profile`;
    case 'Preference':
      return title
        ? `to view ${name}’s preference “${title}”`
        : `to view one of ${name}’s preferences`;
    case 'PreferenceCategory':
      return title
        ? `to view ${name}’s preferences in “${title}”`
        : `to view ${name}’s preferences in one category`;
    case 'Person':
      return 'to join Preference Bank and look after your own preferences';
    case 'User':
      return 'to join Preference Bank';
  }
}

/** Longest name or title an invite mail repeats; longer ones are cut short. */
const MAIL_TEXT_MAX = 60;
/** Web or e-mail addresses, or a phone number: what a name or title in a mail must not carry. */
const ADDRESS_LIKE = /:\/\/|www\.|@|[\p{L}\p{N}_-]\.[\p{L}]{2,}|[<>]|\d[\d\s-]{4,}\d/iu;

/**
 * A name or title that people typed, made fit to repeat in an invite mail to
 * a stranger: invisible and control characters removed, spaces collapsed,
 * cut to MAIL_TEXT_MAX. Text holding an address or a phone number is not
 * repeated at all (undefined): an invite must not carry a sender's own link
 * or number under the product's name.
 */
export function mailSafe(raw: string | null | undefined): string | undefined {
  const text = (raw ?? '').normalize('NFKC').replace(/\s+/g, ' ').replace(/\p{C}/gu, '').trim();
  if (!text || ADDRESS_LIKE.test(text)) return undefined;
  return text.length > MAIL_TEXT_MAX ? `${text.slice(0, MAIL_TEXT_MAX - 1).trimEnd()}…` : text;
}

/**
 * Who sends an invite, as its mail names them: the name on their own account
 * and the address they sign in with, both from the database, never from the
 * request. A name that cannot be shown gives way to the address.
 */
function inviterOf(who: SessionUser): { name: string; email: string | null } {
  const email = who.user.email?.toLowerCase() ?? null;
  return { name: mailSafe(displayName(who.person)) ?? email ?? 'Someone', email };
}

function inviteMail(input: {
  publicUrl: string;
  to: string;
  url: string;
  inviter: { name: string; email: string | null };
  personName: string;
  onBehalf: boolean;
  kind: InviteKind;
  level: AccessLevel | null;
  title: string | null;
  expiresAt: Date;
}) {
  const inviter = input.inviter.name;
  const who = input.onBehalf
    ? `${inviter} has invited you, on behalf of ${input.personName},`
    : `${inviter} has invited you`;
  const purpose = `${who} ${whatFor(input.kind, input.personName, input.level, input.title)}.`;
  // The verified address, so the recipient can tell who really sent it.
  const from =
    input.inviter.email && input.inviter.email !== inviter
      ? `This invite is from ${inviter}, whose e-mail address is ${input.inviter.email}.`
      : `This invite is from ${inviter}.`;
  const expiry = `The invite works once and expires on ${mailDate.format(input.expiresAt)}.`;
  const open = 'Open this link to see the invite, then accept or decline it:';
  const ignore =
    'If you were not expecting this invite, you can ignore this e-mail. Nothing happens unless you accept.';
  const text = [
    'Kia ora,',
    '',
    `${purpose} Preference Bank is where people keep their likes, dislikes and the way they want to be supported, and share them with people they trust.`,
    '',
    from,
    '',
    open,
    '',
    input.url,
    '',
    expiry,
    '',
    ignore,
    '',
    `Preference Bank, ${input.publicUrl}`,
  ].join('\n');
  const html = `<!doctype html><html lang="en"><body style="font-family: system-ui, sans-serif; font-size: 18px; line-height: 1.5; color: #1d1b26">
<p>Kia ora,</p>
<p>${escapeHtml(purpose)} Preference Bank is where people keep their likes, dislikes and the way they want to be supported, and share them with people they trust.</p>
<p>${escapeHtml(from)}</p>
<p><a href="${escapeHtml(input.url)}" style="color: #4e4285; font-weight: 600">See the invite from ${escapeHtml(inviter)}</a></p>
<p>${escapeHtml(expiry)}</p>
<p>${escapeHtml(ignore)}</p>
</body></html>`;
  return {
    to: input.to,
    // A fixed sentence around the inviter's name; the sender (From) is always MAIL_FROM.
    subject: `${inviter} has invited you to Preference Bank`,
    text,
    html,
  };
}

async function personById(tx: Reader, id: string | null): Promise<PersonRow | undefined> {
  if (!id) return undefined;
  const [row] = await tx.select().from(person).where(eq(person.id, id)).limit(1);
  return row;
}

/** The title of what a Preference / PreferenceCategory invite names, if it is still that person's. */
async function targetOf(
  tx: Reader,
  kind: InviteKind,
  personId: string,
  targetId: string | null,
): Promise<{ id: string; title: string } | undefined> {
  if (!targetId) return undefined;
  if (kind === 'Preference') {
    const [row] = await tx
      .select({ id: preference.id, title: preference.title })
      .from(preference)
      .where(and(eq(preference.id, targetId), eq(preference.personId, personId)))
      .limit(1);
    return row;
  }
  if (kind === 'PreferenceCategory') {
    const [row] = await tx
      .select({ id: category.id, title: category.title })
      .from(category)
      .where(and(eq(category.id, targetId), eq(category.personId, personId)))
      .limit(1);
    return row;
  }
  return undefined;
}

/** The e-mail addresses that are `personId`'s own: the sign-in address and the contact address. */
async function addressesOf(tx: Reader, personId: string): Promise<Set<string>> {
  const rows = await tx
    .select({ login: user.email, contact: personDetail.email })
    .from(person)
    .leftJoin(user, eq(user.personId, person.id))
    .leftJoin(personDetail, eq(personDetail.personId, person.id))
    .where(eq(person.id, personId));
  const out = new Set<string>();
  for (const r of rows) {
    if (r.login) out.add(r.login.toLowerCase());
    if (r.contact) out.add(r.contact.toLowerCase());
  }
  return out;
}

/**
 * An invite and its token's row, checked against the token: 404 for a missing
 * invite and a wrong token alike, 410 for a link that no longer works.
 * `lock` takes row locks, so that concurrent accepts queue and only one wins.
 */
async function openInvite(tx: Reader, id: string, token: string, lock: boolean) {
  const q = tx
    .select({ invite, token: inviteToken })
    .from(invite)
    .innerJoin(inviteToken, eq(inviteToken.inviteId, invite.id))
    .where(eq(invite.id, id))
    .limit(1);
  const [row] = lock ? await q.for('update') : await q;
  if (!row || !sameHash(row.token.tokenHash, hashToken(token))) throw refusals.notFound();
  if (row.invite.acceptedAt) throw refusals.accepted();
  if (row.invite.declinedAt) throw refusals.declined();
  if (row.token.usedAt) throw refusals.used();
  if (row.invite.expiresAt.getTime() <= Date.now()) throw refusals.expired();
  return row.invite;
}

function parseBody<T>(schema: z.ZodType<T>, data: unknown) {
  const parsed = schema.safeParse(data);
  if (parsed.success) return { ok: true as const, data: parsed.data };
  return { ok: false as const, message: parsed.error.issues[0]?.message ?? 'Invalid request.' };
}

export function inviteRoutes(deps: AppDeps) {
  const { db, config } = deps;
  const app = new Hono();

  const unauthenticated = (c: Context) =>
    jsonError(c, 401, 'unauthenticated', inviteErrors.loggedOut);

  /** The signed-in Decision Maker or administrator of `personId`, or the response to send. */
  async function administratorOf(
    c: Context,
  ): Promise<{ who: SessionUser; personId: string } | Response> {
    const personId = inviteIdSchema.safeParse(c.req.param('personId'));
    if (!personId.success) return jsonError(c, 400, 'invalid', 'That is not a valid person id.');
    const who = await callerFor(deps, c, personId.data);
    if (!who) return unauthenticated(c);
    if (!(await administers(deps.zdb, who.auth, personId.data))) {
      return jsonError(c, 403, 'forbidden', inviteErrors.notAdministrator);
    }
    return { who, personId: personId.data };
  }

  /**
   * Takes one invite e-mail from the caller's allowance (per account and per
   * network, ADR 014), or answers 429. Links are not counted: they send no mail.
   */
  async function mailAllowance(c: Context, who: SessionUser): Promise<Response | undefined> {
    const verdict = await limit(db, [
      {
        bucket: 'invite-mail:account',
        subject: who.user.id,
        max: config.INVITE_MAIL_LIMIT_PER_ACCOUNT,
        windowMs: HOUR_MS,
      },
      {
        bucket: 'invite-mail:ip',
        subject: clientNetwork(c, config.TRUST_PROXY),
        max: config.INVITE_MAIL_LIMIT_PER_IP,
        windowMs: HOUR_MS,
      },
    ]);
    if (verdict.ok) return undefined;
    const message =
      verdict.rule.bucket === 'invite-mail:account'
        ? rateLimitMessages.inviteAccount(verdict.retryAfter)
        : rateLimitMessages.inviteNetwork(verdict.retryAfter);
    throw tooMany(c, verdict.retryAfter, message);
  }

  // -- The inviter's side ------------------------------------------------------

  app.post('/people/:personId/invites', async (c) => {
    const admin = await administratorOf(c);
    if (admin instanceof Response) return admin;
    const { who, personId } = admin;
    const body = parseBody(inviteCreateBody, await c.req.json().catch(() => null));
    if (!body.ok) return jsonError(c, 400, 'invalid', body.message);
    const input = body.data;
    const kind = input.kind;

    const owner = await personById(db, personId);
    if (!owner) return jsonError(c, 404, 'not_found', inviteErrors.targetNotFound);
    // Hidden and missing look the same: only this person's own items can be named.
    const target = await targetOf(db, kind, personId, input.targetId ?? null);
    if ((kind === 'Preference' || kind === 'PreferenceCategory') && !target) {
      return jsonError(c, 404, 'not_found', inviteErrors.targetNotFound);
    }
    if (input.email) {
      const own = new Set([
        ...(who.user.email ? [who.user.email.toLowerCase()] : []),
        ...(await addressesOf(db, who.person.id)),
        ...(await addressesOf(db, personId)),
      ]);
      if (own.has(input.email)) {
        return jsonError(c, 400, 'self_support', inviteErrors.selfSupport);
      }
    }
    if (kind === 'Supporter') {
      const spots = await supporterSpots(db, personId);
      if (spots.left !== null && spots.left <= 0) {
        const full = new CircleFullError();
        return jsonError(c, 409, full.code, full.message);
      }
    }
    if (input.email) {
      const refused = await mailAllowance(c, who);
      if (refused) return refused;
    }

    const id = randomUUID();
    const token = randomBytes(32).toString('base64url');
    const url = `${config.publicUrl.replace(/\/+$/, '')}/invite/${id}/${token}`;
    const expiresAt = new Date(Date.now() + (input.expiresInDays ?? INVITE_DEFAULT_DAYS) * DAY_MS);
    const level = kind === 'Supporter' ? (input.accessLevel ?? null) : null;
    const personName = displayName(owner);
    const inviter = inviterOf(who);
    const onBehalf = who.person.id !== personId;
    const sent = await db
      .transaction(async (tx) => {
        await tx.insert(invite).values({
          id,
          personId,
          kind,
          accessLevel: level,
          targetId: target?.id ?? null,
          email: input.email ?? null,
          expiresAt,
          createdBy: who.person.id,
        });
        await tx.insert(inviteToken).values({ inviteId: id, tokenHash: hashToken(token) });
        await recordEvent(tx, {
          personId,
          type: 'Create',
          relatedType: 'Invite',
          relatedId: id,
          message: `Invited someone ${whatFor(kind, personName, level, target?.title ?? null)}${
            input.email ? ` by e-mail (${input.email})` : ' with a link'
          }`,
          createdBy: who.person.id,
        });
        // Sent inside the transaction: if the mail cannot go, no invite is left behind.
        if (input.email) {
          await deps.mailer
            .send(
              inviteMail({
                publicUrl: config.publicUrl,
                to: input.email,
                url,
                inviter,
                personName: mailSafe(personName) ?? (onBehalf ? 'someone' : inviter.name),
                onBehalf,
                kind,
                level,
                title: mailSafe(target?.title) ?? null,
                expiresAt,
              }),
            )
            .catch((e: unknown) => {
              console.error('invite: the mail could not be sent', e);
              throw new MailFailed();
            });
        }
        return true;
      })
      .catch((e: unknown) => {
        if (e instanceof MailFailed) return false;
        throw e;
      });
    if (!sent) return jsonError(c, 502, 'mail_failed', inviteErrors.mailFailed);
    c.header('cache-control', 'no-store');
    return c.json({ id, url, expiresAt: expiresAt.toISOString() }, 201);
  });

  /** Withdraws an invite of this person: its link stops working, and any guest access it gave ends. */
  app.delete('/people/:personId/invites/:id', async (c) => {
    const admin = await administratorOf(c);
    if (admin instanceof Response) return admin;
    const id = inviteIdSchema.safeParse(c.req.param('id'));
    if (!id.success) return jsonError(c, 404, 'not_found', inviteErrors.targetNotFound);
    const removed = await db.transaction(async (tx) => {
      const gone = await tx
        .delete(invite)
        .where(and(eq(invite.id, id.data), eq(invite.personId, admin.personId)))
        .returning({ id: invite.id, kind: invite.kind });
      const row = gone[0];
      if (!row) return false;
      await recordEvent(tx, {
        personId: admin.personId,
        type: 'Delete',
        relatedType: 'Invite',
        relatedId: row.id,
        message: `Withdrew a ${row.kind} invite`,
        createdBy: admin.who.person.id,
      });
      return true;
    });
    if (!removed) return jsonError(c, 404, 'not_found', inviteErrors.targetNotFound);
    return c.body(null, 204);
  });

  /** The caller's connections made through invites (the invite onboarding's last step). */
  app.get('/people/:personId/invites/accepted', async (c) => {
    const personId = inviteIdSchema.safeParse(c.req.param('personId'));
    if (!personId.success) return jsonError(c, 400, 'invalid', 'That is not a valid person id.');
    const who = await callerFor(deps, c, personId.data);
    if (!who) return unauthenticated(c);
    if (who.person.id !== personId.data) {
      return jsonError(c, 403, 'forbidden', 'You can only see your own invites.');
    }
    const rows = await db
      .select({ invite, owner: person })
      .from(invite)
      .innerJoin(person, eq(person.id, invite.personId))
      .where(eq(invite.acceptedBy, who.person.id))
      .orderBy(desc(invite.acceptedAt), desc(invite.id))
      .limit(50);
    const out = [];
    for (const r of rows) {
      const target = await targetOf(db, r.invite.kind, r.invite.personId, r.invite.targetId);
      out.push({
        id: r.invite.id,
        kind: r.invite.kind,
        accessLevel: r.invite.accessLevel,
        personId: r.invite.personId,
        person: { name: displayName(r.owner) },
        target: target ?? null,
        acceptedAt: (r.invite.acceptedAt ?? r.invite.createdAt).toISOString(),
      });
    }
    c.header('cache-control', 'no-store');
    return c.json(out);
  });

  // -- The recipient's side ------------------------------------------------------

  app.get('/invites/:id', async (c) => {
    c.header('cache-control', 'no-store');
    const id = inviteIdSchema.safeParse(c.req.param('id'));
    const token = inviteTokenSchema.safeParse(c.req.query('token'));
    if (!id.success || !token.success) return answer(c, refusals.notFound());
    try {
      const row = await openInvite(db, id.data, token.data, false);
      const [owner, creator, target] = await Promise.all([
        personById(db, row.personId),
        personById(db, row.createdBy),
        targetOf(db, row.kind, row.personId, row.targetId),
      ]);
      if (!owner) throw refusals.notFound();
      if ((row.kind === 'Preference' || row.kind === 'PreferenceCategory') && !target) {
        throw refusals.gone();
      }
      const body: InviteView = {
        id: row.id,
        kind: row.kind,
        accessLevel: row.accessLevel,
        personId: row.personId,
        person: { name: displayName(owner) },
        inviter: { name: displayName(creator ?? owner) },
        target: target ?? null,
        expiresAt: row.expiresAt.toISOString(),
        state: 'open',
      };
      return c.json(body);
    } catch (e) {
      return answer(c, e);
    }
  });

  app.post('/invites/:id/accept', async (c) => {
    const who = await sessionFromRequest(db, c.req.raw.headers);
    if (!who) return unauthenticated(c);
    const id = inviteIdSchema.safeParse(c.req.param('id'));
    const body = inviteTokenBody.safeParse(await c.req.json().catch(() => null));
    if (!id.success || !body.success) return answer(c, refusals.notFound());
    try {
      const result = await db.transaction((tx) => acceptInvite(tx, who, id.data, body.data.token));
      return c.json(result);
    } catch (e) {
      // Two accepts racing to connect the same two people: the unique constraint decides.
      if (!(e instanceof Refusal) && isUniqueViolation(e)) return answer(c, refusals.connected());
      return answer(c, e);
    }
  });

  app.post('/invites/:id/decline', async (c) => {
    const id = inviteIdSchema.safeParse(c.req.param('id'));
    const body = inviteTokenBody.safeParse(await c.req.json().catch(() => null));
    if (!id.success || !body.success) return answer(c, refusals.notFound());
    const who = await sessionFromRequest(db, c.req.raw.headers);
    try {
      await db.transaction(async (tx) => {
        const row = await openInvite(tx, id.data, body.data.token, true);
        const now = new Date();
        await tx.update(inviteToken).set({ usedAt: now }).where(eq(inviteToken.inviteId, row.id));
        await tx.update(invite).set({ declinedAt: now }).where(eq(invite.id, row.id));
        await recordEvent(tx, {
          personId: row.personId,
          type: 'Modify',
          relatedType: 'Invite',
          relatedId: row.id,
          message: who
            ? `${displayName(who.person)} declined a ${row.kind} invite`
            : `A ${row.kind} invite was declined`,
          createdBy: who?.person.id ?? null,
        });
      });
      return c.json({ id: id.data, declined: true });
    } catch (e) {
      return answer(c, e);
    }
  });

  return app;
}

/**
 * Accepts an invite for the signed-in caller, in one transaction: the token is
 * locked and marked used, the invite accepted, and for a Supporter invite the
 * supporter link created. Any refusal throws and rolls everything back.
 */
async function acceptInvite(
  tx: Tx,
  who: SessionUser,
  id: string,
  token: string,
): Promise<InviteAccepted> {
  const me = who.person.id;
  const row = await openInvite(tx, id, token, true);
  if (row.personId === me) {
    throw row.kind === 'Supporter' ? refusals.selfSupport() : refusals.ownInvite();
  }
  if (row.email) {
    const [other] = await tx
      .select({ id: user.id })
      .from(user)
      .where(eq(user.email, row.email.toLowerCase()))
      .limit(1);
    if (other && other.id !== who.user.id) throw refusals.merge();
  }
  const owner = await personById(tx, row.personId);
  if (!owner) throw refusals.notFound();
  const now = new Date();
  let supporterLinkId: string | null = null;

  if (row.kind === 'Supporter') {
    const [existing] = await tx
      .select({ id: supporterLink.id })
      .from(supporterLink)
      .where(and(eq(supporterLink.supporterId, me), eq(supporterLink.supportedId, row.personId)))
      .limit(1);
    if (existing) throw refusals.connected();
    // One accept at a time per Decision Maker, so two invites cannot both take the last spot.
    await tx
      .select({ id: person.id })
      .from(person)
      .where(eq(person.id, row.personId))
      .for('update');
    const spots = await supporterSpots(tx, row.personId);
    if (spots.left !== null && spots.left <= 0) throw new CircleFullError();
    supporterLinkId = randomUUID();
    const level = row.accessLevel ?? 'General';
    await tx.insert(supporterLink).values({
      id: supporterLinkId,
      supporterId: me,
      supportedId: row.personId,
      accessLevel: level,
      createdBy: me,
      updatedBy: me,
    });
    await recordEvent(tx, {
      personId: row.personId,
      type: 'Create',
      relatedType: 'SupporterLink',
      relatedId: supporterLinkId,
      message: `${displayName(who.person)} joined the Circle of Support as a Supporter with ${level} access`,
      createdBy: me,
    });
  } else if (row.kind === 'Preference' || row.kind === 'PreferenceCategory') {
    if (!(await targetOf(tx, row.kind, row.personId, row.targetId))) throw refusals.gone();
  }

  await tx.update(inviteToken).set({ usedAt: now }).where(eq(inviteToken.inviteId, row.id));
  await tx.update(invite).set({ acceptedAt: now, acceptedBy: me }).where(eq(invite.id, row.id));
  await recordEvent(tx, {
    personId: row.personId,
    type: 'Modify',
    relatedType: 'Invite',
    relatedId: row.id,
    message: `${displayName(who.person)} accepted a ${row.kind} invite${
      GUEST_KINDS.includes(row.kind) ? ' (view only)' : ''
    }`,
    createdBy: me,
  });
  return {
    id: row.id,
    kind: row.kind,
    personId: row.personId,
    accessLevel: row.accessLevel,
    targetId: row.targetId,
    supporterLinkId,
  };
}
