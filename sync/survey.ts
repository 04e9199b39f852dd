/**
 * Check-in surveys (spec §1, §2, §3, §4, §9): three statements per
 * role, each answered Yes, No or Sometimes. One submission is one change:
 * a row per role the person has (a Supporter and Decision Maker answers both
 * at once), with the time and who answered. The person answers for
 * themselves; a Supporter in an active support session may help a Decision
 * Maker answer their "How are you?" check-in, and is recorded as the one who
 * answered. The last answers are read by the person and their Administrator
 * in a session (permissions.ts surveyResponseReadableBy).
 *
 * A check-in is due 30 days after the last answers, or when there are none
 * (docs/decisions/021-check-in-surveys.md).
 */
import { defineQuery } from '@rocicorp/zero';
import { z } from 'zod';
import { SURVEY_ANSWERS } from '../schema/enums.ts';
import { zql } from '../schema/zero-schema.gen.ts';
import { defineChange, type HistoryEntry, historyEntry, quoted } from './change.ts';
import { appError } from './errors.ts';
import { itemId as id } from './ids.ts';
import {
  libraryAccess,
  readableSurveyResponses,
  requireAuth,
  touchSession,
} from './permissions.ts';

/** The roles with statements of their own. */
export const SURVEY_ROLES = ['DecisionMaker', 'Supporter'] as const;
export type SurveyRole = (typeof SURVEY_ROLES)[number];

/** The roles whose statements a person of `type` answers, in the order the survey asks them. */
export function surveyRolesOf(type: string | null | undefined): SurveyRole[] {
  switch (type) {
    case 'DecisionMaker':
      return ['DecisionMaker'];
    case 'Supporter':
      return ['Supporter'];
    case 'SupporterAndDecisionMaker':
      return ['DecisionMaker', 'Supporter'];
    default:
      return [];
  }
}

/** How long after the last answers a check-in is due again (ADR 021). */
export const CHECK_IN_PERIOD_DAYS = 30;
const DAY_MS = 24 * 3600_000;

/**
 * Whether a check-in is due at `now`: some role of the person has no answers
 * yet, or its last answers are at least the period old. `last` holds, per
 * role, when it was last answered. No roles (a Platform account): never due.
 */
export function checkInDue(
  roles: readonly SurveyRole[],
  last: Partial<Record<SurveyRole, number>>,
  now: number,
): boolean {
  return roles.some((r) => {
    const at = last[r];
    return at === undefined || now - at >= CHECK_IN_PERIOD_DAYS * DAY_MS;
  });
}

/** The survey's names, as the menu and the history feed say them (spec §2). */
export const surveyNames: Record<SurveyRole, string> = {
  DecisionMaker: 'How are you?',
  Supporter: 'Supporter check-in',
};

/**
 * The statements of each role's check-in, in the order they are asked and
 * stored (answer1..answer3): said by the survey (web/messages/survey.ts) and
 * by the copy of one's data beside the answers (api/my-data/page.ts).
 */
export const surveyStatements = {
  DecisionMaker: [
    'I feel listened to.',
    'I get to make my own choices.',
    'The people who support me know what I like.',
  ],
  Supporter: [
    'I know what matters to the person I support.',
    'I feel confident helping them make choices.',
    'I get the support I need as a supporter.',
  ],
} as const satisfies Record<SurveyRole, readonly [string, string, string]>;

/** Refusals, and what the history feed says (never telling whether a hidden person exists). */
export const surveyRuleMessages = {
  chooseOne: 'Please choose one.',
  oncePerRole: 'Each role is answered once.',
  notYourRole: 'These statements are not for your role. Please open your own check-in.',
  helpOnlyHowAreYou: 'In a support session you can help with the “How are you?” check-in only.',
  answered: (role: SurveyRole) => `Answered the ${quoted(surveyNames[role])} check-in`,
  helped: (role: SurveyRole) => `Helped to answer the ${quoted(surveyNames[role])} check-in`,
} as const;

const answer = z.enum(SURVEY_ANSWERS, { error: surveyRuleMessages.chooseOne });

/** One role's answers: the statements in order. */
export const surveyResponseArgs = z.object({
  /** The new row's id, chosen by the client (a random UUID). */
  id,
  type: z.enum(SURVEY_ROLES),
  answer1: answer,
  answer2: answer,
  answer3: answer,
});

export const surveyAnswerArgs = z.object({
  /** Whose check-in this is. */
  personId: id,
  responses: z
    .array(surveyResponseArgs)
    .min(1)
    .max(SURVEY_ROLES.length)
    .refine(
      (rs) => new Set(rs.map((r) => r.type)).size === rs.length,
      surveyRuleMessages.oncePerRole,
    ),
});

/**
 * One submission of a check-in. Refused: signed out; someone who is neither
 * the person nor their Supporter in an active session (`not_found`, as for a
 * person who does not exist); roles the person does not have, or not all of
 * theirs (`forbidden`); a Supporter answering anything but "How are you?"
 * (`forbidden`); a missing or unknown answer (`invalid`, by the schema).
 * Nothing is stored when refused.
 */
export const answerSurvey = defineChange(surveyAnswerArgs, async (tx, ctx, args) => {
  const me = requireAuth(ctx);
  const own = me.personId === args.personId;
  // On a client that is not the person's, the rows are not there to judge: the server decides.
  if (!own && tx.location !== 'server') return undefined;
  const person = await tx.run(zql.person.where('id', args.personId).one());
  if (!person) {
    if (tx.location === 'server') throw appError('not_found');
    return undefined;
  }
  const roles = surveyRolesOf(person.type);
  const given = args.responses.map((r) => r.type);
  const now = Date.now();
  if (own) {
    if (roles.length !== given.length || !given.every((r) => roles.includes(r))) {
      throw appError('forbidden', surveyRuleMessages.notYourRole);
    }
  } else {
    const access = await libraryAccess(tx, me, args.personId);
    if (access.kind !== 'supporter') throw appError('not_found');
    if (!roles.includes('DecisionMaker') || given.some((r) => r !== 'DecisionMaker')) {
      throw appError('forbidden', surveyRuleMessages.helpOnlyHowAreYou);
    }
    // Helping keeps the session alive, as any change in it does (ADR 008).
    await touchSession(tx, access, now);
  }
  if (tx.location === 'server') {
    for (const r of args.responses) {
      const taken = await tx.run(zql.surveyResponse.where('id', r.id).one());
      if (!taken) continue;
      // The outbox sending again a submission that had no answer before a
      // reload (web/offline/outbox.ts): already stored, nothing more happens.
      if (taken.personId === args.personId && taken.answeredBy === me.personId) return undefined;
      throw appError('conflict');
    }
  }
  const entries: HistoryEntry[] = [];
  for (const r of args.responses) {
    await tx.mutate.surveyResponse.insert({
      id: r.id,
      personId: args.personId,
      type: r.type,
      answer1: r.answer1,
      answer2: r.answer2,
      answer3: r.answer3,
      answeredBy: me.personId,
      createdAt: now,
    });
    entries.push(
      historyEntry(
        'Create',
        'Survey',
        { id: r.id, personId: args.personId },
        own ? surveyRuleMessages.answered(r.type) : surveyRuleMessages.helped(r.type),
      ),
    );
  }
  return entries;
});

/** Every change of the check-in surveys (sync/change.ts). */
export const surveyChanges = {
  answer: answerSurvey,
};

export const surveyLatestArgs = z.object({ personId: id, type: z.enum(SURVEY_ROLES) });

export const surveyQueries = {
  /**
   * A person's last answers to one role's statements, for the person and
   * their Administrator in a session; nothing for anyone else.
   */
  latest: defineQuery(surveyLatestArgs, ({ args, ctx }) =>
    readableSurveyResponses(ctx)
      .where('personId', args.personId)
      .where('type', args.type)
      .orderBy('createdAt', 'desc')
      .orderBy('id', 'desc')
      .one(),
  ),
};
