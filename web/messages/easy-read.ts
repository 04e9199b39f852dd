/**
 * The words of the easy-read screens (a Decision Maker's own screens when
 * they turn on Easy read): one idea a line, short everyday words. Every
 * message here is held to a reading grade of 5 or below and at most 12 words
 * a sentence by the readability test.
 */
import type { Feeling } from '../../schema/enums.ts';

const count = (n: number, one: string, many: string) => (n === 1 ? `1 ${one}` : `${n} ${many}`);

export const easyReadMessages = {
  setting: 'Easy read',
  settingHint: 'Big pictures and short lines on your own pages.',
  settingYes: 'Yes, use easy read',
  settingNo: 'No, use the normal pages',
  settingOn: 'On',
  settingOff: 'Off',
  greeting: (name: string) => (name ? `Hello, ${name}.` : 'Hello.'),
  /** The name of a block's read-aloud control. */
  block: (title: string) => title,
  home: {
    helping: (name: string) => `${name} is here to help you.`,
    library: 'Your library',
    libraryLine: 'The things you like and do not like.',
    libraryCount: (n: number) =>
      n === 0 ? 'It is empty.' : `It has ${count(n, 'thing', 'things')}.`,
    openLibrary: 'Open your library',
    add: 'Add something new',
    addLine: 'Tell us about something you like or do not like.',
    circle: 'Your helpers',
    circleLine: (n: number) =>
      n === 0
        ? 'No one helps you here yet.'
        : n === 1
          ? '1 person helps you.'
          : `${n} people help you.`,
    openCircle: 'See your helpers',
    profiles: 'Pages about you',
    profilesLine: 'Make a page about you to share.',
    openProfiles: 'See your pages',
    history: 'Who did what',
    historyLine: 'See who looked at your things.',
    openHistory: 'See who did what',
    due: 'Look again',
    dueLine: (n: number) =>
      n === 1 ? '1 thing is ready to look at again.' : `${n} things are ready to look at again.`,
    openDue: 'Look at them',
  },
  library: {
    title: 'Your library',
    loading: 'Getting your things.',
    empty: 'Your library is empty.',
    add: 'Add something new',
    more: 'Show more',
    shown: (n: number, total: number) => `You can see ${n} of ${total} things.`,
  },
  /** What a feeling says about the thing, as a short line. */
  feelings: {
    love: 'You love this.',
    like: 'You like this.',
    neutral: 'You do not mind this.',
    dislike: 'You do not like this.',
    hate: 'You hate this.',
    happy: 'This makes you happy.',
    sad: 'This makes you sad.',
    relaxed: 'This makes you calm.',
    angry: 'This makes you angry.',
    playful: 'This makes you want to play.',
    tired: 'This makes you tired.',
    excited: 'This makes you excited.',
    bored: 'This makes you bored.',
    worried: 'This makes you worried.',
    lonely: 'This makes you feel alone.',
    'in-pain': 'This hurts you.',
    unwell: 'This makes you feel sick.',
    Other: 'You have a feeling about this.',
  } satisfies Record<Feeling, string>,
  feelingOther: (word: string) => `You feel: ${word}.`,
  preference: {
    pictureOf: (title: string) => `Picture of ${title}`,
    private: 'Private',
    privateLine: 'Only some helpers can see this.',
    notes: 'Notes',
    noteFrom: (name: string) => `A note from ${name}.`,
    someone: 'Someone',
    change: 'Change this',
    back: 'Back to your library',
  },
  history: {
    title: 'Who did what',
    intro: 'See who looked at your things. See what changed.',
    you: 'You',
    looked: (who: string, title: string, when: string) => `${who} looked at ${title} ${when}.`,
    did: (sentence: string, when: string) => `${sentence.replace(/\.$/, '')} ${when}.`,
    today: (time: string) => `today at ${time}`,
    yesterday: (time: string) => `yesterday at ${time}`,
    onDay: (day: string, time: string) => `on ${day} at ${time}`,
    private: 'Private',
    loading: 'Getting what happened.',
    empty: 'Nothing has happened yet.',
    more: 'Show more',
    end: 'That is all.',
  },
} as const;
