/**
 * Interface text of a person's account (onboarding, settings, personal
 * details): imported where used (web/messages.ts). Easy-read: short sentences, everyday
 * words, one idea per line (many people using it live with dementia).
 */
import type { ChoosableRole } from '../../sync/person.ts';
import { messages } from '../messages.ts';

export const accountMessages = {
  titles: {
    onboarding: messages.titles.onboarding,
    settings: messages.titles.settings,
    details: messages.titles.details,
    editDetails: messages.titles.editDetails,
  },
  onboarding: {
    stepOf: (step: number, total: number) => `Step ${step} of ${total}`,
    /** Before the role is chosen the number of steps is not known yet (7 or 8). */
    stepNumber: (step: number) => `Step ${step}`,
    back: 'Back',
    next: 'Next',
    cancel: 'Cancel',
    cancelTitle: 'Are you sure you want to cancel?',
    cancelBody: 'You can carry on from the start next time you sign in.',
    saving: 'Saving…',
    welcomeTitle: (name: string) => (name ? `Welcome, ${name}` : 'Welcome'),
    welcome: [
      'Preference Bank keeps what matters to you in one safe place.',
      'Getting started takes about 2 minutes.',
    ],
    libraryTitle: 'Your preference library',
    library: [
      'Write down what you like, and what you do not like.',
      'Say how you want to be supported.',
      'Add pictures and sounds if you want to.',
    ],
    helpTitle: 'Help from people you trust',
    help: [
      'Your Circle of Support is the people who help you.',
      'You choose who is in it, and what each person can see.',
      'They can help you in a support session.',
    ],
    roleTitle: 'How will you use Preference Bank?',
    roleLegend: 'Choose one',
    roleRequired: 'Please choose one.',
    roles: {
      DecisionMaker: {
        label: 'For myself',
        hint: 'I want to keep my own likes, dislikes and how I want to be supported.',
      },
      Supporter: {
        label: 'To support someone',
        hint: 'I help someone else, like someone in my family or a person I work with.',
      },
      SupporterAndDecisionMaker: {
        label: 'Both',
        hint: 'I want my own library, and I support someone else too.',
      },
    } satisfies Record<ChoosableRole, { label: string; hint: string }>,
    aboutTitle: 'About you',
    aboutIntro: 'This helps the people who support you. You can change it later.',
    knownAs: 'What should we call you?',
    knownAsHint: 'Your first name, or another name you like.',
    supportingTitle: 'Supporting someone',
    supporting: [
      'You can support someone in two ways.',
      'They invite you to their Circle of Support.',
      'Or you make a profile for them, if they cannot make one themselves.',
      'When you help them, you start a support session.',
    ],
    statementsTitle: 'Three things to remember',
    statements: {
      DecisionMaker: [
        'Your library belongs to you.',
        'You choose who sees each thing.',
        'You can change your mind at any time.',
      ],
      Supporter: [
        'A library belongs to the person you support.',
        'Make changes with them, or as they would want.',
        'What you change is saved in their history, with your name.',
      ],
      SupporterAndDecisionMaker: [
        'Your library belongs to you.',
        'When you support someone, their library belongs to them.',
        'You can change your mind at any time.',
      ],
    } satisfies Record<ChoosableRole, string[]>,
    thanksTitle: (name: string) => (name ? `Thank you, ${name}` : 'Thank you'),
    thanks: 'You are ready to start.',
    goToLibrary: 'Go to my preference library',
    createProfile: 'Create my profile',
  },
  pronouns: {
    legend: 'Pronouns',
    HeHimHis: 'He / him',
    SheHerHers: 'She / her',
    TheyThemTheirs: 'They / them',
    Other: 'Other',
    none: 'I would rather not say',
    otherLabel: 'Your pronouns',
  },
  settings: {
    title: 'Settings',
    intro: 'Choose what you want to see or change.',
  },
  details: {
    title: 'Personal details',
    titleOf: (name: string) => `${name}’s personal details`,
    edit: 'Change personal details',
    firstName: 'First name',
    lastName: 'Last name',
    knownAs: 'Known as',
    pronouns: 'Pronouns',
    bio: 'About me',
    bioHint: 'A few words about you, for the people who support you.',
    phone: 'Phone',
    email: 'E-mail',
    photo: 'Photo',
    photoHint: 'A photo of your face helps people know it is you.',
    role: 'Role',
    roleLegend: 'How do you use Preference Bank?',
    hiddenLibrary:
      'While you are only a Supporter, your library is hidden. Nothing is deleted: choose “For myself” or “Both” to see it again.',
    notSet: 'Not added yet',
    notShared: (name: string) => `Only ${name} and their Administrator can see these details.`,
    save: 'Save changes',
    saving: 'Saving…',
    saved: 'Your changes are saved.',
    cancel: 'Cancel',
    loading: 'Loading…',
  },
} as const;
