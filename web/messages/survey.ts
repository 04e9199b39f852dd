import type { SurveyAnswer } from '../../schema/enums.ts';
import { type SurveyRole, surveyStatements } from '../../sync/survey.ts';
import { messages } from '../messages.ts';

/** The two parts of the check-in of someone with both roles. */
const partOf = {
  DecisionMaker: 'About you',
  Supporter: 'About supporting someone',
} satisfies Record<SurveyRole, string>;

/**
 * The check-in surveys (spec §2, §3, §4): "How are you?" for a Decision
 * Maker, "Supporter check-in" for a Supporter, both for someone with both
 * roles. Easy-read: short sentences, one idea each, everyday words.
 */
export const surveyMessages = {
  titles: messages.titles.survey,
  stepOf: (step: number, total: number) => `Step ${step} of ${total}`,
  intro: {
    DecisionMaker: [
      'We would like to know how things are for you.',
      'We will show you 3 sentences. For each one, choose Yes, No or Sometimes.',
      'There are no wrong answers.',
    ],
    Supporter: [
      'We would like to know how supporting is going for you.',
      'We will show you 3 sentences. For each one, choose Yes, No or Sometimes.',
      'There are no wrong answers.',
    ],
    SupporterAndDecisionMaker: [
      'We would like to know how things are for you.',
      'First, 3 sentences about you. Then 3 sentences about how you support someone.',
      'For each one, choose Yes, No or Sometimes. There are no wrong answers.',
    ],
  },
  /** The statements, in the order they are asked and stored (answer1..answer3). */
  statements: surveyStatements,
  answers: { Yes: 'Yes', No: 'No', Sometimes: 'Sometimes' } satisfies Record<SurveyAnswer, string>,
  questionOf: (n: number, total: number) => `Sentence ${n} of ${total}`,
  /** With both roles: whose part of the check-in, and which sentence of it. */
  questionAbout: (role: SurveyRole, n: number, total: number) =>
    `${partOf[role]}: sentence ${n} of ${total}`,
  chooseHint: 'Choose the answer that fits best.',
  checkTitle: 'Check your answers',
  checkIntro: 'Here are your answers. You can change any of them before you save.',
  checkRole: {
    DecisionMaker: 'About you',
    Supporter: 'About supporting someone',
  } satisfies Record<SurveyRole, string>,
  change: 'Change',
  changeLabel: (section: string) => `Change your answers: ${section}`,
  notAnswered: 'Not answered yet',
  // The last answers, on the first step (and on the home page of an Administrator).
  lastTime: (date: string) => `Last time, on ${date}, you said:`,
  lastTimeHelped: (date: string, name: string) =>
    `Last time, on ${date}, you said this with help from ${name}:`,
  lastTimeOf: (name: string, date: string) => `On ${date}, ${name} said:`,
  lastTimeOfHelped: (name: string, date: string, helper: string) =>
    `On ${date}, ${name} said this with help from ${helper}:`,
  lastAnswersOf: (role: SurveyRole) =>
    role === 'DecisionMaker' ? 'About you' : 'About supporting someone',
  aSupporter: 'a supporter',
  neverAnswered: 'This is your first check-in.',
  answerLine: (statement: string, answer: string) => `${statement} ${answer}`,
  next: 'Next',
  back: 'Back',
  save: 'Save my answers',
  saving: 'Saving…',
  cancel: 'Cancel',
  cancelTitle: 'Are you sure you want to cancel?',
  cancelBody: 'Your answers will not be saved. You can do the check-in another time.',
  thanksTitle: 'Thank you',
  thanks: 'Your answers are saved. Thank you for telling us how things are.',
  savedHere: 'Your answers are kept on this device and will be saved when you are back online.',
  goHome: 'Go to my home page',
  // The gentle prompt on the home page (web/components/survey-prompt.tsx).
  promptTitle: 'Time for a check-in',
  promptFirst: 'Tell us how things are going. It takes about a minute.',
  promptAgain: (date: string) =>
    `Your last check-in was on ${date}. Tell us how things are going now. It takes about a minute.`,
  promptStart: 'Start my check-in',
  notNow: 'Not now',
  // An Administrator's view of the last answers (home page, in a support session).
  adminTitle: 'Last check-in',
} as const;
