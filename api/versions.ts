/**
 * Versions of a single resource over REST (RFC 9110 §8.8.3, §13.1): every GET
 * of one answers an `ETag`, the hash of the representation it sends, and
 * every PUT, PATCH and DELETE of it honours `If-Match`. The executor judges
 * `If-Match` inside the change's transaction, after the row is locked, as
 * sync/conflict.ts judges a `base` (api/change.ts `changeResource`): two REST
 * writers with the same version cannot both pass. A stale version is refused
 * with 412 and changes nothing; without `If-Match` the last writer wins, as
 * before.
 */
import { createHash } from 'node:crypto';
import type { Transaction } from '@rocicorp/zero';
import type { Context } from 'hono';
import { lockRows } from '../sync/pipeline.ts';
import { Refusal } from './errors.ts';

/** Where a read runs: the API's database, or a change's transaction (the same queries). */
export type Reader = Pick<Transaction, 'run'>;

/** Tables whose rows are REST resources locked by id while a write judges their version. */
type Versioned = 'person' | 'supporter_link' | 'media' | 'organisation' | 'support_session';

/** Locks the row `id` of `table` for the rest of the transaction. */
export function lockRow(tx: Transaction, table: Versioned, id: string) {
  return lockRows(tx, `SELECT 1 FROM ${table} WHERE id = $1 FOR UPDATE`, [id]);
}

export const versionMessages = {
  stale: 'This was changed since you read it. Read it again to see the change, then make yours.',
  badIfMatch: 'If-Match must be "*" or a list of quoted versions (ETags).',
} as const;

/** The strong version of a representation: the same JSON, the same ETag. */
export function etagOf(representation: unknown): string {
  const hash = createHash('sha256').update(JSON.stringify(representation)).digest('base64url');
  return `"${hash.slice(0, 27)}"`;
}

/** `If-Match` as sent: any version (`*`), a list of versions, or none (undefined). */
export type IfMatch = '*' | readonly string[] | undefined;

/**
 * The request's `If-Match`. A weak version (`W/"…"`) never matches: the
 * comparison is strong (RFC 9110 §13.1.1). A header that is neither `*` nor
 * a list of quoted versions is refused with 400.
 */
export function ifMatchOf(c: Context): IfMatch {
  const raw = c.req.header('if-match')?.trim();
  if (raw === undefined || raw === '') return undefined;
  if (raw === '*') return '*';
  const tags = raw.split(',').map((t) => t.trim());
  if (!tags.every((t) => /^(W\/)?"[\x21\x23-\x7e]*"$/.test(t))) {
    throw new Refusal(400, 'invalid', versionMessages.badIfMatch);
  }
  return tags;
}

/** Refuses with 412 when `ifMatch` names no version of `representation`. */
export function assertMatches(ifMatch: IfMatch, representation: unknown) {
  if (ifMatch === undefined || ifMatch === '*') return;
  const now = etagOf(representation);
  if (!ifMatch.includes(now)) throw new Refusal(412, 'precondition_failed', versionMessages.stale);
}

/**
 * A single resource's answer with its version. A GET whose `If-None-Match`
 * names it is answered 304, without the body.
 */
export function versioned(c: Context, representation: unknown, status: 200 | 201 = 200) {
  const etag = etagOf(representation);
  c.header('etag', etag);
  if (c.req.method === 'GET') {
    const known = c.req.header('if-none-match');
    // Weak comparison here (RFC 9110 §13.1.2): a W/ prefix does not matter.
    const names = (t: string) => t.trim().replace(/^W\//, '') === etag;
    if (known && (known.trim() === '*' || known.split(',').some(names))) {
      return c.body(null, 304);
    }
  }
  return c.json(representation as object, status);
}
