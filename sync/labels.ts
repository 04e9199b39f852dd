/**
 * The words the interface says for the product's enumerations, and how it
 * says a time: pure data, shared by the web app (web/messages.ts) and by
 * what the server writes for people to read (the copy's index.html).
 */
import type { Feeling, PersonType, ProfilePurpose, ReviewSchedule } from '../schema/enums.ts';

/** The locale of every date and time the app shows. */
export const DATE_LOCALE = 'en-NZ';

/** A date and time as the app shows it (spec §2): a short weekday, 2-digit hour and minute, 12-hour clock. */
export const DATE_TIME_PARTS = {
  weekday: 'short',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hour12: true,
} as const satisfies Intl.DateTimeFormatOptions;

/** How someone uses Preference Bank, in words. */
export const personTypeLabels = {
  DecisionMaker: 'Decision Maker',
  Supporter: 'Supporter',
  SupporterAndDecisionMaker: 'Supporter and Decision Maker',
  Platform: 'Platform',
  Anonymous: 'Guest',
} as const satisfies Record<PersonType, string>;

/** What a one-page profile is for, as the page that makes one offers it. */
export const profilePurposeLabels = {
  HospitalStay: 'A hospital stay',
  Respite: 'Respite care',
  NewSupportWorker: 'A new support worker',
  Other: 'Something else',
} as const satisfies Record<ProfilePurpose, string>;

/** Emoji and word of each feeling (spec §3): the list, the view and the form say them alike. */
export const feelingLabels = {
  love: { emoji: '😍', label: 'Love' },
  like: { emoji: '🙂', label: 'Like' },
  neutral: { emoji: '😐', label: 'Neutral' },
  dislike: { emoji: '🙁', label: 'Dislike' },
  hate: { emoji: '😖', label: 'Hate' },
  happy: { emoji: '😀', label: 'Happy' },
  sad: { emoji: '😢', label: 'Sad' },
  relaxed: { emoji: '😌', label: 'Relaxed' },
  angry: { emoji: '😠', label: 'Angry' },
  playful: { emoji: '😜', label: 'Playful' },
  tired: { emoji: '😴', label: 'Tired' },
  excited: { emoji: '🤩', label: 'Excited' },
  bored: { emoji: '🥱', label: 'Bored' },
  worried: { emoji: '😟', label: 'Worried' },
  lonely: { emoji: '😔', label: 'Lonely' },
  'in-pain': { emoji: '🤕', label: 'In pain' },
  unwell: { emoji: '🤒', label: 'Unwell' },
  Other: { emoji: '💬', label: 'Other' },
} as const satisfies Record<Feeling, { emoji: string; label: string }>;

/** Review schedule options (spec §3) in plain words. */
export const scheduleLabels = {
  Never: 'Never',
  OnceAWeek: 'Once a week',
  OnceAMonth: 'Once a month',
  OnceAQuarter: 'Every three months',
  TwiceAYear: 'Twice a year',
  OnceAYear: 'Once a year',
  EveryTwoYears: 'Every two years',
  EveryFiveYears: 'Every five years',
  EveryTenYears: 'Every ten years',
} as const satisfies Record<ReviewSchedule, string>;
