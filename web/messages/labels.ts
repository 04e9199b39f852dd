import type { Feeling, ReviewSchedule } from '../../schema/enums.ts';

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
