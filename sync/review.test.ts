import { describe, expect, test } from 'vitest';
import { REVIEW_SCHEDULES } from '../schema/enums.ts';
import { addMonths, DUE_SOON_DAYS, NEW_DAYS, nextReviewAt, reviewGroup } from './review.ts';

const DAY = 86_400_000;
const at = (iso: string) => Date.parse(iso);

describe('nextReviewAt: every schedule option', () => {
  const from = at('2026-01-31T09:00:00Z');
  const expected: Record<(typeof REVIEW_SCHEDULES)[number], string | null> = {
    Never: null,
    OnceAWeek: '2026-02-07T09:00:00Z',
    OnceAMonth: '2026-02-28T09:00:00Z',
    OnceAQuarter: '2026-04-30T09:00:00Z',
    TwiceAYear: '2026-07-31T09:00:00Z',
    OnceAYear: '2027-01-31T09:00:00Z',
    EveryTwoYears: '2028-01-31T09:00:00Z',
    EveryFiveYears: '2031-01-31T09:00:00Z',
    EveryTenYears: '2036-01-31T09:00:00Z',
  };
  for (const schedule of REVIEW_SCHEDULES) {
    test(schedule, () => {
      const want = expected[schedule];
      expect(nextReviewAt(schedule, from)).toBe(want === null ? null : at(want));
    });
  }
});

describe('addMonths', () => {
  test('keeps the day where the month has it', () => {
    expect(addMonths(at('2026-03-15T00:00:00Z'), 1)).toBe(at('2026-04-15T00:00:00Z'));
  });
  test('takes the last day of a shorter month, leap years included', () => {
    expect(addMonths(at('2028-01-31T12:00:00Z'), 1)).toBe(at('2028-02-29T12:00:00Z'));
    expect(addMonths(at('2026-08-31T12:00:00Z'), 1)).toBe(at('2026-09-30T12:00:00Z'));
  });
  test('crosses years', () => {
    expect(addMonths(at('2026-11-30T00:00:00Z'), 3)).toBe(at('2027-02-28T00:00:00Z'));
  });
});

describe('reviewGroup', () => {
  const now = at('2026-11-22T10:00:00Z');
  const old = now - 100 * DAY;
  test('Due when the review date is now or past', () => {
    expect(reviewGroup({ reviewAt: now, reviewedAt: null, createdAt: old }, now)).toBe('Due');
    expect(
      reviewGroup({ reviewAt: now - DAY, reviewedAt: now - 40 * DAY, createdAt: old }, now),
    ).toBe('Due');
  });
  test('DueSoon boundaries: one millisecond after now, and exactly DUE_SOON_DAYS ahead', () => {
    expect(reviewGroup({ reviewAt: now + 1, reviewedAt: null, createdAt: old }, now)).toBe(
      'DueSoon',
    );
    expect(
      reviewGroup({ reviewAt: now + DUE_SOON_DAYS * DAY, reviewedAt: null, createdAt: old }, now),
    ).toBe('DueSoon');
    expect(
      reviewGroup(
        { reviewAt: now + DUE_SOON_DAYS * DAY + 1, reviewedAt: null, createdAt: old },
        now,
      ),
    ).toBe('NotDue');
  });
  test('New: recently created, never reviewed, not due', () => {
    expect(reviewGroup({ reviewAt: null, reviewedAt: null, createdAt: now - DAY }, now)).toBe(
      'New',
    );
    expect(
      reviewGroup({ reviewAt: null, reviewedAt: null, createdAt: now - NEW_DAYS * DAY }, now),
    ).toBe('NotDue');
    // Reviewed already: not new.
    expect(reviewGroup({ reviewAt: null, reviewedAt: now, createdAt: now - DAY }, now)).toBe(
      'NotDue',
    );
    // Due wins over New.
    expect(reviewGroup({ reviewAt: now + DAY, reviewedAt: null, createdAt: now - DAY }, now)).toBe(
      'DueSoon',
    );
  });
  test('never reviewed on a Never schedule: NotDue', () => {
    expect(reviewGroup({ reviewAt: null, reviewedAt: null, createdAt: old }, now)).toBe('NotDue');
  });
});
