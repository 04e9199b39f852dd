/**
 * Plan limits (spec §8, §9): how many supporter connections a person may
 * have, how many bytes of media their library may hold, and (on a plan that
 * has such a limit) how many preferences.
 * A rule for every caller: the changes that add a supporter (a profile made
 * on someone's behalf, an accepted invite) refuse a full Circle on the server
 * with `circle_full`; the interface shows the same spots (GET
 * /people/{personId}/supporters/spots) to prompt an upgrade.
 */
import type { Transaction } from '@rocicorp/zero';
import { zql } from '../schema/zero-schema.gen.ts';
import { appError } from './errors.ts';
import { lockRows } from './pipeline.ts';
import { LIVE_STATUSES } from './subscription.ts';

/** Spec §8 upgrade prompts for the Circle of Support. */
export const circleLimitMessages = {
  full: 'Your Circle of Support is full!',
  oneLeft: 'You only have one spot left',
} as const;

/** The plan whose limits apply to `personId`: a live subscription's, else the default (free) one. */
export async function planOf(tx: Transaction, personId: string) {
  const sub = await tx.run(
    zql.subscription
      .where('personId', personId)
      .where('status', 'IN', [...LIVE_STATUSES])
      .related('plan')
      .one(),
  );
  return sub ? sub.plan : await tx.run(zql.plan.where('isDefault', true).one());
}

export type SupporterSpots = { limit: number | null; taken: number; left: number | null };

/**
 * How many supporter connections `personId` may have and has: the plan of a
 * live subscription, else the default (free) plan. `limit` null = unlimited.
 */
export async function supporterSpots(tx: Transaction, personId: string): Promise<SupporterSpots> {
  const plan = await planOf(tx, personId);
  const limit = plan?.supporterLimit ?? null;
  const taken = (await tx.run(zql.supporterLink.where('supportedId', personId))).length;
  return { limit, taken, left: limit === null ? null : Math.max(0, limit - taken) };
}

/**
 * Refuses (`circle_full`, 409) when `personId` has no supporter spot left. On
 * the server the person's row is locked first, so two connections made at
 * once (two invites accepted in the same moment) cannot both take the last
 * spot: the second counts after the first commits.
 */
export async function assertSupporterSpot(tx: Transaction, personId: string) {
  await lockRows(tx, 'SELECT 1 FROM "person" WHERE "id" = $1 FOR UPDATE', [personId]);
  const spots = await supporterSpots(tx, personId);
  if (spots.left !== null && spots.left <= 0) {
    throw appError('circle_full', circleLimitMessages.full);
  }
  return spots;
}

/** The upgrade prompt for these spots: full, one left, or none. */
export function spotsMessage(s: SupporterSpots): string | null {
  if (s.left === null) return null;
  if (s.left <= 0) return circleLimitMessages.full;
  return s.left === 1 ? circleLimitMessages.oneLeft : null;
}

/** Spec §8 upgrade prompts for storage. */
export const storageLimitMessages = {
  full: 'Your library is full!',
  nearlyFull: 'Your library is nearly full!',
  /** What the refusal adds: why nothing was kept, and what helps. */
  fullDetail: (free: string) =>
    `Your library is full! There is room for ${free} more. Delete some pictures, sounds or videos, or upgrade your plan.`,
} as const;

/** From this share of the limit on, the library is "nearly full". */
export const NEARLY_FULL = 0.9;

export type StorageSpace = {
  /** Bytes the plan allows; null: unlimited. */
  limit: number | null;
  /** Bytes of confirmed media. */
  used: number;
  /** Bytes announced and not yet confirmed (uploads under way). */
  pending: number;
  /** Bytes one file may have on the plan; null: no limit of the plan's. */
  fileLimit: number | null;
};

/** The plan's limit on one file, as the subscription page says it. */
export const fileLimitMessages = {
  tooBig: (limit: string) =>
    `That file is too big: on this plan a file can be at most ${limit}. Upgrade your plan for bigger files.`,
} as const;

/**
 * How much of `personId`'s storage is used (server only: the usage figure is
 * the database's, private.media_usage, kept by a trigger on media). With
 * `lock`, the usage row is locked until the transaction ends, so two
 * confirmations cannot both take the last bytes.
 */
export async function storageSpace(
  tx: Transaction,
  personId: string,
  opts: { lock?: boolean; exceptPending?: string } = {},
): Promise<StorageSpace> {
  if (tx.location !== 'server') throw new Error('storageSpace runs on the server');
  const db = tx.dbTransaction;
  const plan = await planOf(tx, personId);
  if (opts.lock) {
    await db.query(
      'INSERT INTO "private"."media_usage" ("person_id", "bytes") VALUES ($1, 0) ON CONFLICT DO NOTHING',
      [personId],
    );
  }
  const [usage] = [
    ...(await db.query(
      `SELECT "bytes"::text AS "bytes" FROM "private"."media_usage" WHERE "person_id" = $1${opts.lock ? ' FOR UPDATE' : ''}`,
      [personId],
    )),
  ] as Array<{ bytes: string }>;
  const [pending] = [
    ...(await db.query(
      `SELECT coalesce(sum("content_length"), 0)::text AS "bytes" FROM "media"
        WHERE "person_id" = $1 AND "settled_at" IS NULL AND "id" <> $2`,
      [personId, opts.exceptPending ?? ''],
    )),
  ] as Array<{ bytes: string }>;
  return {
    limit: plan?.contentLengthTotalLimit ?? null,
    fileLimit: plan?.contentLengthLimit ?? null,
    used: Number(usage?.bytes ?? 0),
    pending: Number(pending?.bytes ?? 0),
  };
}

/** Bytes in words: 2.5 GB, 120 MB, 800 KB. */
export function bytesInWords(bytes: number): string {
  const gb = bytes / 1024 ** 3;
  if (gb >= 1) return `${Number(gb.toFixed(2))} GB`;
  const mb = bytes / 1024 ** 2;
  if (mb >= 1) return `${Math.floor(mb)} MB`;
  return `${Math.floor(bytes / 1024)} KB`;
}

/**
 * Refuses (`library_full`, 409) when `bytes` more would take the library past
 * its plan's storage: at announcing, counting the uploads under way; at
 * confirming (`lock`), counting only what is confirmed. On announcing, a
 * file bigger than the plan allows for one file is refused too (`invalid`).
 */
export async function assertStorageFor(
  tx: Transaction,
  personId: string,
  bytes: number,
  opts: { lock?: boolean; exceptPending?: string } = {},
) {
  const space = await storageSpace(tx, personId, opts);
  // One file, on announcing: the confirmation checks the bytes are the ones announced.
  if (!opts.lock && space.fileLimit !== null && bytes > space.fileLimit) {
    throw appError('invalid', fileLimitMessages.tooBig(bytesInWords(space.fileLimit)));
  }
  if (space.limit === null) return space;
  const taken = space.used + (opts.lock ? 0 : space.pending);
  if (taken + bytes > space.limit) {
    throw appError(
      'library_full',
      storageLimitMessages.fullDetail(bytesInWords(Math.max(0, space.limit - taken))),
    );
  }
  return space;
}

/** Spec §8 "Your library is full!", for a plan that keeps a number of preferences. */
export const preferenceLimitMessages = {
  fullDetail: (limit: number) =>
    `Your library is full! Your plan keeps up to ${limit} preferences. Upgrade your plan to add more.`,
} as const;

/**
 * Refuses (`library_full`, 409) a new preference when `personId`'s plan keeps
 * a number of them and the library already holds that many (drafts count: they
 * are in the library). Server only: a client does not hold the plan. The
 * person's row is locked first, as for a supporter spot, so two creates at once
 * cannot both take the last place.
 */
export async function assertPreferenceRoom(tx: Transaction, personId: string) {
  if (tx.location !== 'server') return;
  const plan = await planOf(tx, personId);
  const limit = plan?.preferenceLimit ?? null;
  if (limit === null) return;
  await lockRows(tx, 'SELECT 1 FROM "person" WHERE "id" = $1 FOR UPDATE', [personId]);
  const count = (await tx.run(zql.preference.where('personId', personId))).length;
  if (count >= limit) throw appError('library_full', preferenceLimitMessages.fullDetail(limit));
}

/** The upgrade prompt for this much storage used: full, nearly full, or none. */
export function storageMessage(s: { limit: number | null; used: number }): string | null {
  if (s.limit === null) return null;
  if (s.used >= s.limit) return storageLimitMessages.full;
  return s.used >= s.limit * NEARLY_FULL ? storageLimitMessages.nearlyFull : null;
}
