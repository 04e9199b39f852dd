import { describe, expect, test } from 'vitest';
import { CHECK_IN_PERIOD_DAYS, checkInDue, surveyAnswerArgs, surveyRolesOf } from './survey.ts';

const DAY = 24 * 3600_000;
const now = Date.parse('2026-11-25T10:00:00Z');

describe('surveyRolesOf', () => {
  test('each choosable role answers its own statements; both roles answer both; others none', () => {
    expect(surveyRolesOf('DecisionMaker')).toEqual(['DecisionMaker']);
    expect(surveyRolesOf('Supporter')).toEqual(['Supporter']);
    expect(surveyRolesOf('SupporterAndDecisionMaker')).toEqual(['DecisionMaker', 'Supporter']);
    for (const t of ['Platform', 'Anonymous', 'Boss', null, undefined]) {
      expect(surveyRolesOf(t)).toEqual([]);
    }
  });
});

describe('checkInDue', () => {
  test('never answered: due', () => {
    expect(checkInDue(['DecisionMaker'], {}, now)).toBe(true);
  });

  test('due from the period on, not a millisecond before', () => {
    const period = CHECK_IN_PERIOD_DAYS * DAY;
    expect(CHECK_IN_PERIOD_DAYS).toBe(30);
    expect(checkInDue(['DecisionMaker'], { DecisionMaker: now - period + 1 }, now)).toBe(false);
    expect(checkInDue(['DecisionMaker'], { DecisionMaker: now - period }, now)).toBe(true);
    expect(checkInDue(['DecisionMaker'], { DecisionMaker: now - 2 * DAY }, now)).toBe(false);
  });

  test('both roles: due while either role is unanswered or old', () => {
    const both = ['DecisionMaker', 'Supporter'] as const;
    expect(checkInDue(both, { DecisionMaker: now - DAY }, now)).toBe(true);
    expect(checkInDue(both, { DecisionMaker: now - DAY, Supporter: now - DAY }, now)).toBe(false);
    expect(checkInDue(both, { DecisionMaker: now - DAY, Supporter: now - 31 * DAY }, now)).toBe(
      true,
    );
  });

  test('answers of a role the person no longer has do not count; no roles: never due', () => {
    expect(checkInDue(['Supporter'], { DecisionMaker: now }, now)).toBe(true);
    expect(checkInDue([], {}, now)).toBe(false);
  });
});

describe('surveyAnswerArgs', () => {
  const ok = {
    id: 'a',
    type: 'DecisionMaker',
    answer1: 'Yes',
    answer2: 'No',
    answer3: 'Sometimes',
  };

  test('an unanswered statement is refused in the form’s words', () => {
    const r = surveyAnswerArgs.safeParse({
      personId: 'p',
      responses: [{ ...ok, answer2: undefined }],
    });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe('Please choose one.');
    const bad = surveyAnswerArgs.safeParse({
      personId: 'p',
      responses: [{ ...ok, answer3: 'Maybe' }],
    });
    expect(bad.error?.issues[0]?.message).toBe('Please choose one.');
  });

  test('a role once per submission, at least one', () => {
    expect(surveyAnswerArgs.safeParse({ personId: 'p', responses: [ok] }).success).toBe(true);
    expect(
      surveyAnswerArgs.safeParse({ personId: 'p', responses: [ok, { ...ok, id: 'b' }] }).success,
    ).toBe(false);
    expect(surveyAnswerArgs.safeParse({ personId: 'p', responses: [] }).success).toBe(false);
  });
});
