import { describe, expect, test } from 'vitest';
import { PLAN_IDS } from './billing/plans.ts';
import { demo, seedId } from './seed.ts';

describe('seed ids', () => {
  test('are stable and UUID-shaped', () => {
    expect(seedId('person:aroha')).toBe(seedId('person:aroha'));
    expect(seedId('person:aroha')).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-a[0-9a-f]{3}-[0-9a-f]{12}$/,
    );
  });
  test('differ between names, so no two demo rows collide', () => {
    const ids = Object.values(demo).flatMap((d) => [d.personId, d.userId]);
    expect(new Set(ids).size).toBe(ids.length);
  });
  test('the plans the migrations create are those the demo always named', () => {
    // Demo subscriptions and the tests' own name them by seedId.
    expect(PLAN_IDS).toEqual({
      free: seedId('plan:free'),
      premiumMonth: seedId('plan:premium-month'),
      premiumYear: seedId('plan:premium-year'),
    });
  });
});
