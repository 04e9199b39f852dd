/**
 * The app's date and time formats (sync/dates.ts) say what their names
 * promise, in New Zealand English, in a zone given or the device's own.
 */
import { expect, test } from 'vitest';
import { DATE_FORMATS, dateFormat } from './dates.ts';

// Friday 6 November 2026, 9:30 am in Auckland (UTC+13).
const at = new Date('2026-11-05T20:30:00Z');
const said = (name: keyof typeof DATE_FORMATS) =>
  dateFormat(DATE_FORMATS[name], 'Pacific/Auckland')
    .format(at)
    .replace(/\u202f/g, ' ');

test('each format says the date and time its name promises', () => {
  expect(said('day')).toBe('6 November 2026');
  expect(said('shortDay')).toBe('6 Nov 2026');
  expect(said('weekdayDay')).toBe('Fri, 6 November 2026');
  expect(said('weekdayShort')).toBe('Fri, 6 Nov');
  expect(said('dayMonth')).toBe('6 Nov');
  expect(said('month')).toBe('November 2026');
  expect(said('time')).toBe('9:30 am');
  expect(said('weekdayTime')).toBe('Fri, 6 Nov, 9:30 am');
  expect(said('fullDayTime')).toBe('Friday, 6 November 2026 at 9:30 am');
  expect(said('dayTime')).toBe('6 November 2026 at 9:30 am');
});

test('a zone of its own: the same moment is another day in London', () => {
  expect(dateFormat(DATE_FORMATS.day, 'Europe/London').format(at)).toBe('5 November 2026');
});
