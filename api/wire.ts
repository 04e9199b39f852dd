/**
 * How values go out over REST. Times are ISO 8601 strings (UTC), or null where
 * there is none: rows hold them as epoch milliseconds (Zero) or Dates (drizzle).
 */
export function isoTime(at: number | Date): string;
export function isoTime(at: number | Date | null): string | null;
export function isoTime(at: number | Date | null): string | null {
  return at === null ? null : new Date(at).toISOString();
}
