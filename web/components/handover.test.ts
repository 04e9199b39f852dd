import { describe, expect, test } from 'vitest';
import { ago } from './handover.tsx';

describe('ago: when a change was made, in words', () => {
  const now = new Date(2026, 10, 28, 15, 0).getTime();
  const MINUTE = 60_000;
  test('today in minutes and hours', () => {
    expect(ago(now - 10_000, now)).toBe('just now');
    expect(ago(now - MINUTE, now)).toBe('1 minute ago');
    expect(ago(now - 59 * MINUTE, now)).toBe('59 minutes ago');
    expect(ago(now - 3 * 60 * MINUTE, now)).toBe('3 hours ago');
  });
  test('yesterday, then a short date', () => {
    expect(ago(new Date(2026, 10, 27, 9, 0).getTime(), now)).toBe('yesterday');
    expect(ago(new Date(2026, 10, 20, 9, 0).getTime(), now)).toMatch(/20 Nov/);
  });
});
