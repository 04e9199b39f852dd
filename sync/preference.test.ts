import { describe, expect, test } from 'vitest';
import { PREFERENCE_TITLE_MAX, preferenceTitle } from './preference.ts';

describe('preference title', () => {
  test('is trimmed', () => {
    expect(preferenceTitle.parse('  Tea  ')).toBe('Tea');
  });
  test('may not be empty or blank', () => {
    expect(preferenceTitle.safeParse('   ').error?.issues[0]?.message).toBe(
      'Please enter a title.',
    );
  });
  test(`is at most ${PREFERENCE_TITLE_MAX} characters`, () => {
    expect(preferenceTitle.safeParse('x'.repeat(PREFERENCE_TITLE_MAX)).success).toBe(true);
    expect(
      preferenceTitle.safeParse('x'.repeat(PREFERENCE_TITLE_MAX + 1)).error?.issues[0]?.message,
    ).toBe(`A title can be at most ${PREFERENCE_TITLE_MAX} characters.`);
  });
});
