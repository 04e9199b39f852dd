/**
 * How the app says a date or a time: every format in one place, named by
 * what it shows, in the app's locale (DATE_LOCALE, sync/labels.ts). The web
 * app, the server's mail and the copy of a person's data all use these, so
 * "6 November 2026" is said one way everywhere.
 */
import { DATE_LOCALE, DATE_TIME_PARTS } from './labels.ts';

type Options = Intl.DateTimeFormatOptions;

/** A format of the app's locale; `timeZone` for what is said in a zone of its own (mail, a copy). */
export const dateFormat = (options: Options, timeZone?: string) =>
  new Intl.DateTimeFormat(DATE_LOCALE, timeZone ? { ...options, timeZone } : options);

export const DATE_FORMATS = {
  /** "6 November 2026" */
  day: { dateStyle: 'long' },
  /** "6 Nov 2026" */
  shortDay: { dateStyle: 'medium' },
  /** "Fri, 6 November 2026" */
  weekdayDay: { weekday: 'short', day: 'numeric', month: 'long', year: 'numeric' },
  /** "Fri, 6 Nov" */
  weekdayShort: { weekday: 'short', day: 'numeric', month: 'short' },
  /** "6 Nov" */
  dayMonth: { day: 'numeric', month: 'short' },
  /** "6 November" */
  dayLongMonth: { day: 'numeric', month: 'long' },
  /** "November 2026" */
  month: { month: 'long', year: 'numeric' },
  /** "9:30 am" */
  time: { hour: 'numeric', minute: '2-digit' },
  /** "Fri, 6 Nov, 9:30 am" */
  weekdayTime: {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: 'numeric',
    minute: '2-digit',
  },
  /** "Fri, 6 November 2026, 09:30 am" (spec §2) */
  dateTime: DATE_TIME_PARTS,
  /** "6 November 2026 at 9:30 am" */
  dayTime: { dateStyle: 'long', timeStyle: 'short' },
  /** "6 Nov 2026, 9:30 am" */
  shortDayTime: { dateStyle: 'medium', timeStyle: 'short' },
  /** "Friday, 6 November 2026 at 9:30 am" */
  fullDayTime: {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  },
} as const satisfies Record<string, Options>;

/** Each format, in the device's (or the server's) own time zone. */
export const dates = Object.fromEntries(
  Object.entries(DATE_FORMATS).map(([name, options]) => [name, dateFormat(options)]),
) as { [K in keyof typeof DATE_FORMATS]: Intl.DateTimeFormat };
