import { timestamp } from 'drizzle-orm/pg-core';

/**
 * `timestamptz(3)`: read as a `Date` by drizzle and as epoch milliseconds by Zero.
 *
 * Millisecond precision on purpose. With Postgres' default (microseconds) a
 * `now()` default reaches Zero as a fractional number (1795380897472.335) and a
 * drizzle `Date` (milliseconds) no longer equals the stored value, which breaks
 * equality tests and (created_at, id) cursors.
 */
export const timestamptz = (name: string) =>
  timestamp(name, { withTimezone: true, mode: 'date', precision: 3 });
