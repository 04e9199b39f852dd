/**
 * The words of the easy-read screens (a Decision Maker's own screens when
 * they turn on Easy read): one idea a line, short everyday words. Every
 * message here is held to a reading grade of 5 or below and at most 12 words
 * a sentence by the readability test.
 */
export const easyReadMessages = {
  setting: 'Easy read',
  settingHint: 'Big pictures and short lines on your own pages.',
} as const;
