import { describe, expect, test } from 'vitest';
import { HISTORY_EVENT_TYPES } from '../schema/enums.ts';
import { circleHistoryMessages } from './circle.ts';
import { handoverRuleMessages } from './handover.ts';
import {
  historyMessages,
  historySentence,
  historyTypeFilter,
  inTodaysWords,
  toTheActor,
  typesOf,
} from './history.ts';
import { myDataHistory } from './my-data.ts';

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

describe('words about the actor, read by the actor', () => {
  const aroha = { id: 'p-aroha', name: 'Aroha', fullName: 'Aroha Ngata' };
  const when = '12 December 2026';

  test('“their” is “your” to the person who asked, and stays “their” to anyone else', () => {
    const asked = myDataHistory.askedDeletion(when);
    expect(historySentence(asked, aroha, 'p-aroha')).toBe(
      'You asked for your account to be deleted on 12 December 2026',
    );
    expect(historySentence(asked, aroha, 'p-ana')).toBe(
      'Aroha asked for their account to be deleted on 12 December 2026',
    );
    expect(historySentence(myDataHistory.kept, aroha, 'p-aroha')).toBe(
      'You kept your account: it will not be deleted',
    );
    expect(historySentence(myDataHistory.exported, aroha, 'p-aroha')).toBe(
      'You made a copy of everything kept about you to download',
    );
    expect(historySentence(circleHistoryMessages.roleChanged('Supporter'), aroha, 'p-aroha')).toBe(
      'You changed your role to Supporter',
    );
    expect(historySentence(circleHistoryMessages.supporterAdded, aroha, 'p-aroha')).toBe(
      'You joined the Circle of Support as Administrator',
    );
  });

  test('a message that names its actor by their full name reads “You” and “your” too', () => {
    const forMere = myDataHistory.askedWith('Aroha Ngata', when);
    expect(historySentence(forMere, aroha, 'p-aroha')).toBe(
      'You asked for this library to be deleted with your account on 12 December 2026',
    );
    expect(historySentence(forMere, aroha, 'p-mere')).toBe(forMere);
    expect(historySentence(myDataHistory.keptWith('Aroha'), aroha, 'p-aroha')).toBe(
      'You kept your account: this library will not be deleted',
    );
  });

  test('no “their” or “them” is left in what My data writes, read by its actor', () => {
    const written = [
      myDataHistory.exported,
      myDataHistory.askedDeletion(when),
      myDataHistory.askedWith('Aroha', when),
      myDataHistory.kept,
      myDataHistory.keptWith('Aroha'),
    ];
    for (const m of written) {
      expect(historySentence(m, aroha, 'p-aroha')).not.toMatch(/\b(their|them|they)\b/i);
    }
  });

  test('titles in quotes, e-mail addresses and other words keep theirs', () => {
    expect(toTheActor('changed the preference “Their favourite song”')).toBe(
      'changed the preference “Their favourite song”',
    );
    expect(toTheActor('invited someone to join by e-mail (them@example.com)')).toBe(
      'invited someone to join by e-mail (them@example.com)',
    );
    expect(toTheActor('told theme parks about themselves; they said theirs.')).toBe(
      'told theme parks about yourself; you said yours.',
    );
  });

  test('someone else’s support session ended by the app keeps its words', () => {
    const ended = circleHistoryMessages.sessionEndedAtTime('Sam');
    expect(historySentence(ended, null, 'p-sam')).toBe(ended);
  });
});

describe('notes for the next visit, in the screens’ words', () => {
  const aroha = { id: 'p-aroha', name: 'Aroha', fullName: 'Aroha Ngata' };
  const m = handoverRuleMessages;

  test('how long notes last reads as something done, to the one who did it and to anyone else', () => {
    expect(historySentence(m.days(3), aroha, 'p-aroha')).toBe(
      'You set notes for the next visit to last 3 days',
    );
    expect(historySentence(m.days(3), aroha, 'p-ana')).toBe(
      'Aroha set notes for the next visit to last 3 days',
    );
    expect(historySentence(m.days(1), sam, 'p-aroha')).toBe(
      'Sam set notes for the next visit to last 1 day',
    );
  });

  test('a note left, changed or deleted is a note for the next visit', () => {
    expect(historySentence(m.left, sam, 'p-aroha')).toBe('Sam left a note for the next visit');
    expect(historySentence(m.left, sam, 'p-sam')).toBe('You left a note for the next visit');
    expect(historySentence(m.changed, aroha, 'p-ana')).toBe(
      'Aroha changed a note for the next visit',
    );
    expect(historySentence(m.deleted, aroha, 'p-aroha')).toBe(
      'You deleted a note for the next visit',
    );
  });

  test('what was stored in the earlier words reads as today’s', () => {
    expect(inTodaysWords('Left a handover note')).toBe(m.left);
    expect(inTodaysWords('Changed a handover note')).toBe(m.changed);
    expect(inTodaysWords('Deleted a handover note')).toBe(m.deleted);
    expect(inTodaysWords('Handover notes now last 3 days')).toBe(m.days(3));
    expect(inTodaysWords('Handover notes now last 1 day')).toBe(m.days(1));
    expect(historySentence('Handover notes now last 3 days', aroha, 'p-aroha')).toBe(
      'You set notes for the next visit to last 3 days',
    );
    expect(historySentence('Left a handover note', sam, 'p-ana')).toBe(
      'Sam left a note for the next visit',
    );
    // Anything else keeps its words, a title that says "handover note" included.
    const titled = 'Changed the preference “Left a handover note”';
    expect(inTodaysWords(titled)).toBe(titled);
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
