import { describe, expect, test } from 'vitest';
import { HISTORY_EVENT_TYPES } from '../schema/enums.ts';
import { historyMessages, historySentence, historyTypeFilter, typesOf } from './history.ts';

const sam = { id: 'p-sam', name: 'Sam' };

describe('historySentence', () => {
  test('puts the actor before an actor-less message, lower-casing its first letter', () => {
    expect(historySentence('Changed the preference “Bath time”', sam, 'p-aroha')).toBe(
      'Sam changed the preference “Bath time”',
    );
    expect(historySentence('Viewed “Medication” (Restricted)', sam, 'p-aroha')).toBe(
      'Sam viewed “Medication” (Restricted)',
    );
  });
  test('the reader’s own actions read “You”', () => {
    expect(historySentence('Signed in with a passkey', sam, 'p-sam')).toBe(
      'You signed in with a passkey',
    );
  });
  test('a message that already names its actor stays (or names the reader “You”)', () => {
    expect(historySentence('Sam started a support session', sam, 'p-aroha')).toBe(
      'Sam started a support session',
    );
    expect(historySentence('Sam started a support session', sam, 'p-sam')).toBe(
      'You started a support session',
    );
    // Only the whole name at the start counts.
    expect(historySentence('Samples were deleted', sam, 'p-aroha')).toBe(
      'Sam samples were deleted',
    );
  });
  test('no actor: the system did it, the message stands alone', () => {
    expect(historySentence('A support session ended after 30 minutes', null, 'p-aroha')).toBe(
      'A support session ended after 30 minutes',
    );
  });
});

describe('the type filter', () => {
  test('takes known types, each once, in any order', () => {
    expect(historyTypeFilter.parse('Modify,Create,Delete,Modify')).toEqual([
      'Modify',
      'Create',
      'Delete',
    ]);
    expect(historyTypeFilter.parse(' SignIn , SignOut ')).toEqual(['SignIn', 'SignOut']);
  });
  test('refuses unknown, empty and lower-case types with one message', () => {
    for (const bad of ['', ',', 'modify', 'Create,Hack', 'Create;Delete']) {
      const r = historyTypeFilter.safeParse(bad);
      expect(r.success).toBe(false);
      expect(r.error?.issues[0]?.message).toBe(historyMessages.badType);
    }
  });
  test('the groups cover every type exactly once', () => {
    const grouped = [...typesOf('changes'), ...typesOf('access')];
    expect([...grouped].sort()).toEqual([...HISTORY_EVENT_TYPES].sort());
    expect(typesOf('all')).toEqual(HISTORY_EVENT_TYPES);
  });
});
