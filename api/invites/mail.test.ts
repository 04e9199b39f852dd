import { describe, expect, test } from 'vitest';
import { mailSafe } from './mail.ts';

describe('mailSafe: names and titles an invite mail may repeat', () => {
  test.each([
    ['Aroha Ngata', 'Aroha Ngata'],
    ['  Tui \n\t Brown ', 'Tui Brown'],
    ['Mere\u202eKingi\u200b', 'MereKingi'],
    ['Hōhepa Te Rangi', 'Hōhepa Te Rangi'],
    ['Mary-Jane O’Brien', 'Mary-Jane O’Brien'],
  ])('%j is shown as %j', (raw, shown) => {
    expect(mailSafe(raw)).toBe(shown);
  });

  test.each([
    'Visit https://bank.example',
    'www.bank.example',
    'Claim your prize at winner.example',
    'help@bank.example',
    'Call 0800 123 456',
    '<b>Bank</b>',
    '   ',
    null,
  ])('%j is not repeated', (raw) => {
    expect(mailSafe(raw)).toBeUndefined();
  });

  test('a long name is cut short', () => {
    const shown = mailSafe(`${'A'.repeat(30)} ${'B'.repeat(60)}`);
    expect(shown).toHaveLength(60);
    expect(shown?.endsWith('…')).toBe(true);
  });
});
