/**
 * How values go out over REST. Times are ISO 8601 strings (UTC), or null where
 * there is none: rows hold them as epoch milliseconds (Zero) or Dates (drizzle).
 */
export function isoTime(at: number | Date): string;
export function isoTime(at: number | Date | null): string | null;
export function isoTime(at: number | Date | null): string | null {
  return at === null ? null : new Date(at).toISOString();
}

type Time = number | Date | null;

/**
 * A row as it goes out: the fields `keys` as they are, and the times `times`
 * as ISO strings (or null). The field lists say what a resource shows; a
 * field not named never leaves the server.
 */
export function wireRow<
  R extends Record<string, unknown>,
  K extends keyof R,
  T extends { [P in keyof R]: R[P] extends Time ? P : never }[keyof R] = never,
>(
  row: R,
  keys: readonly K[],
  times: readonly T[] = [],
): { [P in K]: R[P] } & { [P in T]: R[P] extends null ? string | null : string } {
  const out: Record<string, unknown> = {};
  for (const key of keys) out[key as string] = row[key];
  for (const key of times) out[key as string] = isoTime(row[key] as Time);
  return out as { [P in K]: R[P] } & { [P in T]: R[P] extends null ? string | null : string };
}
