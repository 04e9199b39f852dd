/**
 * Review scheduling (spec §3 "Review schedule options", list grouping labels).
 * Pure functions shared by the mutators, the list and the view, so a date is
 * computed the same way on the client (optimistically) and on the server.
 */
import type { ReviewGroup, ReviewSchedule } from '../schema/enums.ts';

const DAY = 24 * 60 * 60 * 1000;

/** A preference whose next review falls within this many days is "DueSoon". */
export const DUE_SOON_DAYS = 14;
/** A preference created this many days ago or less, never reviewed and not due, is "New". */
export const NEW_DAYS = 7;

/** How far each schedule moves the next review: days, or calendar months. */
export const SCHEDULE_STEP: Record<ReviewSchedule, { days: number } | { months: number } | null> = {
  Never: null,
  OnceAWeek: { days: 7 },
  OnceAMonth: { months: 1 },
  OnceAQuarter: { months: 3 },
  TwiceAYear: { months: 6 },
  OnceAYear: { months: 12 },
  EveryTwoYears: { months: 24 },
  EveryFiveYears: { months: 60 },
  EveryTenYears: { months: 120 },
};

/**
 * Adds calendar months in UTC, keeping the day of the month where it exists
 * and otherwise taking the month's last day (31 January + 1 month = 28 or 29
 * February), so a review never skips a month.
 */
export function addMonths(from: number, months: number): number {
  const d = new Date(from);
  const day = d.getUTCDate();
  const target = new Date(d);
  target.setUTCDate(1);
  target.setUTCMonth(target.getUTCMonth() + months);
  const lastDay = new Date(
    Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0),
  ).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return target.getTime();
}

/** The next review after `from` (epoch ms) for `schedule`; null for Never. */
export function nextReviewAt(schedule: ReviewSchedule, from: number): number | null {
  const step = SCHEDULE_STEP[schedule];
  if (!step) return null;
  return 'days' in step ? from + step.days * DAY : addMonths(from, step.months);
}

export type Reviewable = {
  reviewAt: number | null;
  reviewedAt: number | null;
  createdAt: number;
};

/**
 * The list's review group:
 * - Due: the next review is now or past;
 * - DueSoon: it falls within DUE_SOON_DAYS;
 * - New: created within NEW_DAYS and never reviewed (and neither of the above);
 * - NotDue: everything else, including preferences that are never reviewed.
 */
export function reviewGroup(p: Reviewable, now: number): ReviewGroup {
  if (p.reviewAt !== null && p.reviewAt <= now) return 'Due';
  if (p.reviewAt !== null && p.reviewAt <= now + DUE_SOON_DAYS * DAY) return 'DueSoon';
  if (p.reviewedAt === null && p.createdAt > now - NEW_DAYS * DAY) return 'New';
  return 'NotDue';
}
