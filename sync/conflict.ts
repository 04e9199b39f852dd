/**
 * Edits that cross: a change of a record's fields may carry `base`,
 * the values its editor started from. A field that someone else changed in
 * the meantime (its stored value is neither the base nor the new value) is
 * refused as `changed`, with the stored values, so the person sees both and
 * chooses; nothing of the change is written. The server judges, against
 * Postgres, when the change arrives: an edit made offline and sent an hour
 * later is judged the same way as one sent at once.
 *
 * Shared text (a description, a note's body) never carries a base: it merges
 * (sync/shared-text.ts). Sending the same change twice is harmless: the second
 * finds the new value stored and changes nothing.
 *
 * This module is the one place for crossed edits: what an editor sends
 * (`editSince`), how the server judges it (`lockJudged`, `assertNotCrossed`),
 * what a refusal carries (`theirsOf`), and what the outbox does with one: send
 * it again over theirs (`overTheirs`), or see that it had landed after all
 * (`crossedByOurs`). The editor, the REST routes (whose bodies carry `base`
 * like any change's) and the outbox (web/offline/outbox.ts) call it.
 */
import type { Transaction } from '@rocicorp/zero';
import { z } from 'zod';
import { appError } from './errors.ts';
import { itemId } from './library-fields.ts';
import { lockRows } from './pipeline.ts';

/**
 * Set by the outbox when it sends a create again after a reload: a create
 * already done by the same person in the same place then does nothing, instead
 * of being refused as a taken id (sync/permissions.ts assertNewId).
 */
export const replayed = z.literal(true).optional();

/** A base value as a row holds it: text, a choice, nothing, or a list of ids. */
const baseValue = z.union([
  z.string().max(10_000),
  z.boolean(),
  z.null(),
  z.array(itemId).max(200),
]);

/** The `base` of a change whose fields are `keys`: any of them, each as it was read. */
export function baseOf<const K extends string>(keys: readonly K[]) {
  return z
    .object(
      Object.fromEntries(keys.map((k) => [k, baseValue.optional()])) as Record<
        K,
        z.ZodOptional<typeof baseValue>
      >,
    )
    .strict()
    .optional();
}

/** Equal as stored values: '' and null are both "nothing"; lists compare as sets. */
export function sameValue(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b)) return false;
    const set = new Set(a);
    return set.size === new Set(b).size && b.every((x) => set.has(x));
  }
  const none = (v: unknown) => v === undefined || v === null || v === '';
  return none(a) && none(b) ? true : a === b;
}

/** A base value as an editor sends it. */
export type BaseValue = z.infer<typeof baseValue>;

/**
 * What an editor sends: of `now` (the fields its form would set), only those
 * that differ from `was` (what it started from, or last sent), and `base`,
 * what each of those was. Fields nobody touched are left out, so a save never
 * undoes what someone else changed meanwhile.
 */
export function editSince(
  was: Readonly<Record<string, unknown>>,
  now: Readonly<Record<string, unknown>>,
): { changes: Record<string, unknown>; base: Record<string, BaseValue> } {
  const changes: Record<string, unknown> = {};
  const base: Record<string, BaseValue> = {};
  for (const [key, value] of Object.entries(now)) {
    if (value === undefined || sameValue(value, was[key])) continue;
    changes[key] = value;
    base[key] = asJson(was[key]);
  }
  return { changes, base };
}

/**
 * A crossed change the person chose to keep, to send again over what is
 * stored now: its base becomes the stored values the refusal carried, so it
 * lands unless someone changed those fields once more.
 */
export function overTheirs<A extends Readonly<Record<string, unknown>>>(
  args: A,
  theirs: Readonly<Record<string, unknown>>,
): A {
  const base = { ...(args.base as Record<string, unknown> | undefined), ...theirs };
  return { ...args, base };
}

/**
 * Whether a change refused as crossed had in fact landed: every stored value
 * it met is what a later change of ours (to the same record) sets. Both were
 * sent, and the later one landed first.
 */
export function crossedByOurs(
  theirs: Readonly<Record<string, unknown>>,
  later: readonly Readonly<Record<string, unknown>>[],
): boolean {
  return Object.entries(theirs).every(([key, value]) =>
    later.some((args) => args[key] !== undefined && sameValue(args[key], value)),
  );
}

/** Rows whose changes are judged against what is stored: locked while judged. */
type Judged = 'preference' | 'note' | 'category';
const lockStatements: Record<Judged, string> = {
  preference: 'SELECT 1 FROM preference WHERE id = $1 FOR UPDATE',
  note: 'SELECT 1 FROM note WHERE id = $1 FOR UPDATE',
  category: 'SELECT 1 FROM category WHERE id = $1 FOR UPDATE',
};

/**
 * On the server, a change that judges a row locks it first, before reading
 * it: of two saves of one title a few ms apart, the second waits, then reads
 * (READ COMMITTED) what the first stored, and is refused as crossed instead
 * of overwriting it. The texts of a preference (its description, its notes'
 * bodies) share its lock (sync/shared-text.ts lockTexts); a preference is
 * always locked before its note, so two changes never wait for each other.
 */
export async function lockJudged(tx: Transaction, table: Judged, id: string) {
  await lockRows(tx, lockStatements[table], [id]);
}

/**
 * Refuses the change when a field it sets was changed by someone else since
 * `base` was read; the refusal carries `theirs`, the stored values.
 */
export function assertNotCrossed(
  tx: { location: 'client' | 'server' },
  stored: Record<string, unknown>,
  args: Record<string, unknown>,
  base: Record<string, unknown> | undefined,
) {
  // On the client the server decides (a refusal while Zero replays pending
  // changes over new data would stop its sync), as with every check here.
  if (!base || tx.location !== 'server') return;
  const theirs: Record<string, string | boolean | null | string[]> = {};
  for (const [key, was] of Object.entries(base)) {
    const wanted = args[key];
    if (wanted === undefined || was === undefined) continue;
    const now = stored[key];
    if (sameValue(now, was) || sameValue(now, wanted)) continue;
    theirs[key] = asJson(now);
  }
  if (Object.keys(theirs).length > 0) throw appError('changed', undefined, { theirs });
}

function asJson(v: unknown): string | boolean | null | string[] {
  if (Array.isArray(v)) return v.map(String);
  if (typeof v === 'string' || typeof v === 'boolean') return v;
  return v === undefined || v === null ? null : String(v);
}

/** The stored values a `changed` refusal carries (see assertNotCrossed). */
export function theirsOf(details: unknown): Record<string, unknown> | undefined {
  if (typeof details !== 'object' || details === null || !('theirs' in details)) return undefined;
  const theirs = (details as { theirs: unknown }).theirs;
  return typeof theirs === 'object' && theirs !== null
    ? (theirs as Record<string, unknown>)
    : undefined;
}
