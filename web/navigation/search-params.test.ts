/**
 * The routes' search params read as the zod schemas they replace read them:
 * the same values kept, the same ones dropped, the same ones refused.
 */
import { describe, expect, test } from 'vitest';
import { z } from 'zod';
import { editSearch } from './edit-search.ts';
import { flag, numberOf, oneOf, searchOf, strictFlag, strictText, text } from './search-params.ts';
import { bothSurveySearch, onboardingSearch } from './wizard-guards.ts';

/** Values as the router hands them over, after its JSON parse of each. */
const VALUES: unknown[] = [
  undefined,
  null,
  '',
  ' ',
  'abc',
  'x'.repeat(64),
  'x'.repeat(65),
  '12',
  ' 7 ',
  '-1',
  '1.5',
  '1e3',
  'Infinity',
  'true',
  'false',
  'success',
  'changes',
  0,
  1,
  -1,
  2.5,
  Number.MAX_SAFE_INTEGER + 2,
  true,
  false,
  [],
  [1],
  {},
  { a: 1 },
];

/** What a validator gives: the search, or that it threw. */
function outcome(read: (s: Record<string, unknown>) => unknown, search: Record<string, unknown>) {
  try {
    return { ok: read(search) };
  } catch {
    return { threw: true };
  }
}

const SHOWS = ['changes', 'access', 'all'] as const;
const pairs: Array<[string, (s: Record<string, unknown>) => unknown, z.ZodType]> = [
  [
    'text(64)',
    searchOf({ v: text(64) }),
    z.object({ v: z.string().max(64).optional().catch(undefined) }),
  ],
  ['text()', searchOf({ v: text() }), z.object({ v: z.string().optional().catch(undefined) })],
  ['strictText', searchOf({ v: strictText }), z.object({ v: z.string().optional() })],
  ['flag', searchOf({ v: flag }), z.object({ v: z.boolean().optional().catch(undefined) })],
  ['strictFlag', searchOf({ v: strictFlag }), z.object({ v: z.boolean().optional() })],
  [
    'numberOf()',
    searchOf({ v: numberOf() }),
    z.object({ v: z.coerce.number().optional().catch(undefined) }),
  ],
  [
    'numberOf({ count })',
    searchOf({ v: numberOf({ count: true }) }),
    z.object({ v: z.coerce.number().int().min(0).optional().catch(undefined) }),
  ],
  [
    'oneOf',
    searchOf({ v: oneOf(SHOWS) }),
    z.object({ v: z.enum(SHOWS).optional().catch(undefined) }),
  ],
  [
    'editSearch',
    (s) => {
      const { isFromView } = editSearch({ isFromView: s.v });
      return isFromView === undefined ? {} : { v: isFromView };
    },
    z.object({
      v: z
        .union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')])
        .optional()
        .catch(undefined),
    }),
  ],
];

/** A schema's result with its undefined keys left out: the router drops them from the URL alike. */
function defined(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined));
}

describe('search params read as the schemas they replace', () => {
  for (const [name, read, schema] of pairs) {
    test(name, () => {
      for (const v of VALUES) {
        const search = { v };
        const want = outcome((s) => defined(schema.parse(s)), search);
        const got = outcome(read, search);
        expect(got, `${name} of ${JSON.stringify(v)}`).toEqual(want);
      }
    });
  }

  test('the onboarding step: a number, or numeric text, else absent', () => {
    expect(onboardingSearch({ step: 4 })).toEqual({ step: 4 });
    expect(onboardingSearch({ step: '4' })).toEqual({ step: 4 });
    expect(onboardingSearch({ step: 'abc' })).toEqual({});
    expect(onboardingSearch({})).toEqual({});
  });

  test('the check-in for both roles: the step and its sentence, each a number, or numeric text, else absent', () => {
    expect(bothSurveySearch({ step: 2, sentence: 3 })).toEqual({ step: 2, sentence: 3 });
    expect(bothSurveySearch({ step: '2', sentence: '2' })).toEqual({ step: 2, sentence: 2 });
    expect(bothSurveySearch({ step: 2, sentence: 'last' })).toEqual({ step: 2 });
    expect(onboardingSearch({ step: 2, sentence: 3 })).toEqual({ step: 2 });
  });

  test('keys a route does not name are left out', () => {
    expect(searchOf({ v: text() })({ v: 'a', other: 'b' })).toEqual({ v: 'a' });
  });
});
