/**
 * Abuse limits kept in Postgres (private.rate_event, ADR 014): "at most `max`
 * events per `subject` in the last `windowMs`". A row is one allowed event;
 * a refused request writes nothing. Kept in the database rather than in memory
 * so that every API process counts the same events and a restart forgets none.
 */
import { randomUUID } from 'node:crypto';
import { isIPv4, isIPv6 } from 'node:net';
import { and, desc, eq, gt, lt, sql } from 'drizzle-orm';
import type { Context } from 'hono';
import { rateEvent } from '../schema/index.ts';
import { clientIp } from './client-ip.ts';
import type { Db } from './db.ts';
import { Refusal } from './errors.ts';

export const HOUR_MS = 60 * 60 * 1000;
/** No limit counts further back than this; the sweep deletes older rows. */
export const LONGEST_WINDOW_MS = HOUR_MS;

export type RateRule = {
  /** Which limit, e.g. "invite-mail:account". */
  bucket: string;
  /** Whom it counts: an account id or a network address. */
  subject: string;
  max: number;
  windowMs: number;
};

export type RateVerdict =
  | { ok: true }
  /** `rule` is the first rule refused; `retryAfter` is in whole seconds, at least 1. */
  | { ok: false; rule: RateRule; retryAfter: number };

function lockKey(rule: RateRule) {
  return `${rule.bucket} ${rule.subject}`;
}

/**
 * Checks every rule and, only when all allow, records one event for each: an
 * invite refused for its network must not use up the account's allowance.
 * Each (bucket, subject) is locked for the transaction, in a fixed order, so
 * concurrent requests queue instead of all counting the same rows.
 */
export async function limit(db: Db, rules: readonly RateRule[]): Promise<RateVerdict> {
  for (const rule of rules) {
    if (rule.windowMs > LONGEST_WINDOW_MS) {
      throw new Error(`rate limit ${rule.bucket}: the sweep keeps only ${LONGEST_WINDOW_MS} ms`);
    }
  }
  return db.transaction(async (tx) => {
    const keys = [...new Set(rules.map(lockKey))].sort();
    for (const key of keys) {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`);
    }
    let refused: { rule: RateRule; retryAfter: number } | undefined;
    for (const rule of rules) {
      const window = sql`(${rule.windowMs} * interval '1 millisecond')`;
      // The max-th newest event of the window: while it is in the window, the
      // limit is reached, and it leaves the window when the next event may come.
      const [full] = await tx
        .select({
          seconds: sql<number>`ceil(extract(epoch from (${rateEvent.createdAt} + ${window} - now())))::int`,
        })
        .from(rateEvent)
        .where(
          and(
            eq(rateEvent.bucket, rule.bucket),
            eq(rateEvent.subject, rule.subject),
            gt(rateEvent.createdAt, sql`now() - ${window}`),
          ),
        )
        .orderBy(desc(rateEvent.createdAt))
        .offset(rule.max - 1)
        .limit(1);
      if (!full) continue;
      const retryAfter = Math.max(1, full.seconds);
      refused = {
        rule: refused?.rule ?? rule,
        retryAfter: Math.max(retryAfter, refused?.retryAfter ?? 0),
      };
    }
    if (refused) return { ok: false as const, ...refused };
    await tx
      .insert(rateEvent)
      .values(rules.map((r) => ({ id: randomUUID(), bucket: r.bucket, subject: r.subject })));
    return { ok: true as const };
  });
}

/** Deletes events no limit counts any more (run by the stack's periodic sweep). */
export async function sweepRateEvents(db: Db) {
  await db
    .delete(rateEvent)
    .where(lt(rateEvent.createdAt, sql`now() - (${LONGEST_WINDOW_MS} * interval '1 millisecond')`));
}

/**
 * Whom a per-network limit counts: an IPv4 address as it is, an IPv6 address
 * by its /64 (one household or phone is given a whole /64, so counting single
 * addresses would let one person change address for every request).
 */
export function networkOf(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)?.[1];
  if (mapped && isIPv4(mapped)) return mapped;
  if (!isIPv6(ip)) return ip;
  const [head = '', tail] = ip.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups =
    tail === undefined
      ? left
      : [...left, ...Array(8 - left.length - right.length).fill('0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/** The network a request comes from, as per-network limits count it. */
export function clientNetwork(c: Context, trustProxy: boolean): string {
  return networkOf(clientIp(c, trustProxy));
}

function wait(seconds: number) {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}

/** What a person is told when a limit is reached (easy-read; the wait is rounded up to minutes). */
export const rateLimitMessages = {
  inviteAccount: (seconds: number) =>
    `You have sent a lot of invitations in a short time. Please wait ${wait(seconds)} and try again. You can still create a link to share instead.`,
  inviteNetwork: (seconds: number) =>
    `A lot of invitations have been sent from your network in a short time. Please wait ${wait(seconds)} and try again. You can still create a link to share instead.`,
  registerNetwork: (seconds: number) =>
    `A lot of accounts have been made from your network in a short time. Please wait ${wait(seconds)} and try again.`,
} as const;

/**
 * The refusal of a reached limit, to throw: 429 with `Retry-After` (seconds)
 * and the usual `{error: {code, message}}`.
 */
export function rateLimited(retryAfter: number, message: string): Refusal {
  return new Refusal(429, 'rate_limited', message, { 'retry-after': String(retryAfter) });
}
