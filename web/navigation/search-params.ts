/**
 * The routes' search params, read without a schema library: every route's
 * `validateSearch` is loaded with the app, so a validator library there would
 * be on every page, the sign-in page included (docs/bench/lighthouse.md).
 *
 * A field reads one value. `lenient` fields give undefined for anything they
 * do not accept (a hand-typed or stale URL still opens the page); `strict`
 * ones throw, and the router shows the route's error, as for any search it
 * cannot read. The router has already parsed each value as JSON where it
 * could (`?n=1` is the number 1, `?on=true` the boolean).
 */

/** Reads one search value: the value, undefined when absent, or a throw when refused. */
export type SearchField<T> = (value: unknown, key: string) => T | undefined;

type Validated<F extends Record<string, SearchField<unknown>>> = {
  [K in keyof F]?: F[K] extends SearchField<infer T> ? T | undefined : never;
};

/**
 * A route's `validateSearch` from its fields: only those keys, and only the
 * ones with a value, as a schema's object would give. Where the route's
 * `beforeLoad` reads its context, name the validator outside the route's
 * options: written inside, TypeScript infers its search as `{}`.
 */
export function searchOf<F extends Record<string, SearchField<unknown>>>(fields: F) {
  return (search: Record<string, unknown>): Validated<F> => {
    const out: Record<string, unknown> = {};
    for (const [key, read] of Object.entries(fields)) {
      const value = read(search[key], key);
      if (value !== undefined) out[key] = value;
    }
    return out as Validated<F>;
  };
}

/** Text of at most `max` characters; anything else is absent. */
export const text =
  (max = Number.POSITIVE_INFINITY): SearchField<string> =>
  (v) =>
    typeof v === 'string' && v.length <= max ? v : undefined;

/** Text, or absent; anything else is an error. */
export const strictText: SearchField<string> = (v, key) => {
  if (v === undefined || typeof v === 'string') return v;
  throw new Error(`The search param ${key} should be text.`);
};

/** true or false; anything else is absent. */
export const flag: SearchField<boolean> = (v) => (typeof v === 'boolean' ? v : undefined);

/** true or false, or absent; anything else is an error. */
export const strictFlag: SearchField<boolean> = (v, key) => {
  if (v === undefined || typeof v === 'boolean') return v;
  throw new Error(`The search param ${key} should be true or false.`);
};

/** true or false, also as text ('true', 'false') from a hand-typed URL; anything else is absent. */
export const flagOrText: SearchField<boolean> = (v) => {
  if (typeof v === 'boolean') return v;
  if (v === 'true' || v === 'false') return v === 'true';
  return undefined;
};

/**
 * A number, or text that is one (`Number(v)`, as a form field reads it):
 * finite, and a whole number of at least 0 when `count`; anything else is absent.
 */
export const numberOf =
  ({ count = false } = {}): SearchField<number> =>
  (v) => {
    if (v === undefined) return undefined;
    const n = Number(v);
    if (!Number.isFinite(n)) return undefined;
    if (count && (!Number.isSafeInteger(n) || n < 0)) return undefined;
    return n;
  };

/** One of `choices`; anything else is absent. */
export const oneOf =
  <const T extends string>(choices: readonly T[]): SearchField<T> =>
  (v) =>
    choices.includes(v as T) ? (v as T) : undefined;
