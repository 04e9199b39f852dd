import { describe, expect, test } from 'vitest';
import type { LibraryAccess } from './permissions.ts';
import { mayChangePlan, planLabel, planReason, sortPlans, storageFigures } from './subscription.ts';

const GB = 1024 ** 3;

describe('storageFigures (spec §9: GB and percent to 2 decimals)', () => {
  test('rounds half up at the boundaries, in whole hundredths', () => {
    // 1.005 GB exactly (in hundredths of a byte, as a whole number of bytes nearest it).
    expect(storageFigures(Math.ceil(1.005 * GB), 3 * GB).used).toBe('1.01');
    expect(storageFigures(Math.floor(1.005 * GB) - 1, 3 * GB).used).toBe('1.00');
    expect(storageFigures(0, 3 * GB)).toEqual({ used: '0.00', limit: '3.00', percent: '0.00' });
    expect(storageFigures(3 * GB, 3 * GB)).toEqual({
      used: '3.00',
      limit: '3.00',
      percent: '100.00',
    });
    // Over the limit after a downgrade: said as it is.
    expect(storageFigures(4.5 * GB, 3 * GB).percent).toBe('150.00');
    // 2/3 of the limit: 66.666… %.
    expect(storageFigures(2 * GB, 3 * GB).percent).toBe('66.67');
    // Half a hundredth of a percent rounds up; just under it rounds down.
    expect(storageFigures(1, 20_000).percent).toBe('0.01');
    expect(storageFigures(1, 20_001).percent).toBe('0.00');
  });

  test('no limit: no percent', () => {
    expect(storageFigures(GB / 2, null)).toEqual({ used: '0.50', limit: null, percent: null });
  });
});

describe('sortPlans (spec §9)', () => {
  test('the default plan first, then Month before the others', () => {
    const plans = [
      { id: 'y', isDefault: false, duration: 'Year', priceCents: 9000 },
      { id: 'm2', isDefault: false, duration: 'Month', priceCents: 1500 },
      { id: 'free', isDefault: true, duration: 'Month', priceCents: 0 },
      { id: 'm', isDefault: false, duration: 'Month', priceCents: 900 },
    ] as const;
    expect(sortPlans(plans).map((p) => p.id)).toEqual(['free', 'm', 'm2', 'y']);
  });
});

describe('mayChangePlan: the person, or whoever looks after a live plan', () => {
  const owner: LibraryAccess = { kind: 'owner', write: true };
  const adminIn: LibraryAccess = {
    kind: 'supporter',
    level: 'Administrator',
    sessionId: 's',
    write: true,
  };
  const generalIn: LibraryAccess = { ...adminIn, level: 'General' };
  const none: LibraryAccess = { kind: 'none', write: false };
  const sub = (status: string, administratedById: string | null) =>
    ({
      id: 'sub',
      personId: 'p',
      planId: 'plan',
      status,
      administratedById,
      currentPeriodEnd: null,
      cancelAtPeriodEnd: false,
      createdAt: 0,
      updatedAt: 0,
    }) as never;

  test.each([
    ['the person, no subscription', owner, 'p', undefined, true],
    ['their Administrator in a session, no subscription', adminIn, 'a', undefined, true],
    ['a General supporter in a session', generalIn, 'g', undefined, false],
    ['a stranger', none, 'x', undefined, false],
    ['the person, paying themselves', owner, 'p', sub('active', null), true],
    ['the Administrator, the person pays', adminIn, 'a', sub('active', null), false],
    ['the person, the Administrator pays', owner, 'p', sub('active', 'a'), false],
    ['the Administrator who pays', adminIn, 'a', sub('past_due', 'a'), true],
    ['the person, the Administrator’s plan ended', owner, 'p', sub('canceled', 'a'), true],
  ])('%s', (_what, access, me, s, expected) => {
    expect(mayChangePlan(access, me, s)).toBe(expected);
  });

  test.each([
    ['the person, with a separate Administrator, no subscription', owner, 'p', undefined, false],
    ['their Administrator in a session, no subscription', adminIn, 'a', undefined, true],
    ['a General supporter in a session', generalIn, 'g', undefined, false],
    [
      'the person, with a separate Administrator, paying themselves',
      owner,
      'p',
      sub('active', null),
      true,
    ],
    [
      'the person, with a separate Administrator, whose plan ended',
      owner,
      'p',
      sub('canceled', null),
      false,
    ],
    ['the Administrator, the person pays', adminIn, 'a', sub('active', null), false],
  ])('%s', (_what, access, me, s, expected) => {
    expect(mayChangePlan(access, me, s, [{ knownAs: 'Ana', firstName: 'Ana' }])).toBe(expected);
  });

  test('a person with a separate Administrator is told who chooses the plan', () => {
    const ana = { knownAs: 'Ana', firstName: 'Anahera' };
    const hemi = { knownAs: null, firstName: 'Hemi' };
    expect(planReason(null, [ana])).toBe('Ana manages your plan. Ask Ana to change it.');
    expect(planReason({ status: 'canceled' }, [ana, hemi])).toBe(
      'Ana and Hemi manage your plan. Ask Ana or Hemi to change it.',
    );
    // A live plan someone pays for: they look after it, whoever the Administrator is.
    expect(
      planReason({ status: 'active', administratedBy: { knownAs: 'Tui', firstName: 'Tui' } }, [
        ana,
      ]),
    ).toBe('Only Tui can change this plan, because they look after it.');
  });

  test('the reason names who looks after it', () => {
    expect(planReason({ administratedBy: { knownAs: 'Hemi', firstName: 'Hemiona' } })).toBe(
      'Only Hemi can change this plan, because they look after it.',
    );
    expect(planReason({ person: { knownAs: null, firstName: 'Aroha' } })).toContain('Only Aroha');
  });

  test('labels', () => {
    expect(planLabel({ name: 'Premium', duration: 'Month', isDefault: false })).toBe(
      'Premium, paid monthly',
    );
    expect(planLabel({ name: 'Free', duration: 'Month', isDefault: true })).toBe('Free');
  });
});
