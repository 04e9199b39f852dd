/**
 * The reading age of every message the interface shows (docs/decisions/051):
 * many Decision Makers have a learning disability, live with dementia or read
 * little, and GOV.UK writes for a reading age of 9.
 *
 * Each catalogue (web/messages.ts, web/messages/*.ts, sync/errors.ts) is
 * walked: strings as they are, functions called with sample arguments, so
 * that the sentences they build are measured too. A message is split into
 * sentences, and every sentence of five words or more gets its
 * Flesch-Kincaid grade (wooorm's `flesch-kincaid` and `syllable`). Shorter
 * ones — labels, buttons, titles — are left out: the formula means nothing
 * for two words (one long word alone scores grade 40).
 */
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { fleschKincaid } from 'flesch-kincaid';
import { syllable } from 'syllable';
import { describe, expect, test } from 'vitest';
import { projectRoot } from '../../api/dev/web-build.ts';

/** Every message's sentences, at most this grade, but for the exceptions below. */
const MAX_GRADE = 8;
/** The easy-read screens' words (web/messages/easy-read.ts). */
const EASY_READ_MAX_GRADE = 5;
const EASY_READ_MAX_WORDS = 12;
/** A sentence shorter than this is a label, not a sentence to measure. */
const MIN_WORDS = 5;
const MAX_EXCEPTIONS = 10;

/**
 * Sentences allowed above grade 8, each with its reason: a message (file and
 * path) and the start of its sentence.
 */
const exceptions: { message: string; sentence: string; reason: string }[] = [
  {
    message: 'web/messages.ts:messages.login.challengeFailed',
    sentence: 'Could not create authentication challenge',
    reason: 'spec §8 gives it verbatim',
  },
  {
    message: 'web/messages.ts:messages.errors.render',
    sentence: 'Failed to display application',
    reason: 'spec §8 gives it verbatim',
  },
  {
    message: 'web/messages/navigation.ts:navigationMessages.appError',
    sentence: 'Failed to display application',
    reason: 'spec §8 gives it verbatim (the same words as messages.errors.render)',
  },
  {
    message: 'web/messages/organisation.ts:organisationMessages.noPermission',
    sentence: "You don't have permission to view this organisation.",
    reason: 'spec §8 gives it verbatim',
  },
];

/**
 * Sample arguments by parameter name: a name the app shows, a number, a date
 * as DATE_LOCALE writes it. Each function is called once per variant, so the
 * sentences of its other branches (one, none, no browser) are measured too.
 */
const samples: Record<string, readonly [unknown, unknown, unknown]> = {
  name: ['Aroha', 'Aroha', 'Aroha'],
  person: ['Aroha', 'Aroha', 'Aroha'],
  inviter: ['Sam', 'Sam', 'Sam'],
  helper: ['Sam', 'Sam', 'Sam'],
  author: ['Sam', 'Sam', 'Sam'],
  who: ['Sam', 'Sam', 'Sam'],
  to: ['Sam', 'Sam', 'Sam'],
  n: [3, 1, 0],
  step: [3, 1, 2],
  total: [8, 8, 8],
  minutes: [3, 1, 5],
  max: [60, 60, 60],
  added: [2, 1, 0],
  days: [30, 1, 7],
  limit: [5, 1, 2],
  used: ['0.4', '1', '2'],
  percent: [40, 100, 0],
  title: ['Going to the beach', 'Music', 'Going to the beach'],
  what: ['Going to the beach', 'Music', 'Going to the beach'],
  date: ['3 March 2026', '3 March 2026', '3 March 2026'],
  when: ['3 March 2026', '3 March 2026', '3 March 2026'],
  made: ['3 March 2026', '3 March 2026', '3 March 2026'],
  until: ['3 April 2026', '3 April 2026', '3 April 2026'],
  time: ['3 March 2026', '3 March 2026', '3 March 2026'],
  browser: ['Firefox', null, 'Firefox'],
  size: ['20 MB', '2 KB', null],
  email: ['kim@mail.nz', 'kim@mail.nz', 'kim@mail.nz'],
  address: ['kim@mail.nz', 'kim@mail.nz', 'kim@mail.nz'],
  host: ['mail.nz', 'mail.nz', 'mail.nz'],
  reason: ['Your library is full!', 'Your library is full!', 'Your library is full!'],
  level: ['Restricted', 'General', 'Administrator'],
  kind: ['preference', 'category', 'profile'],
  price: ['$5', '$50', '$5'],
  plan: ['Plus', 'Plus', 'Plus'],
  length: ['1 minute 30 seconds', '1 minute 30 seconds', '1 minute 30 seconds'],
  clock: ['1:30', '1:30', '1:30'],
  filterBy: ['Love', 'Love', 'Love'],
  alt: ['A red bicycle', 'A red bicycle', 'A red bicycle'],
  where: ['typing the description', 'choosing a picture', 'in the title'],
  section: ['About you', 'About you', 'About you'],
  role: ['DecisionMaker', 'Supporter', 'DecisionMaker'],
  statement: ['I feel listened to.', 'I feel listened to.', 'I feel listened to.'],
  answer: ['Yes', 'No', 'Sometimes'],
  word: ['calm', 'safe', 'at home'],
  sentence: ['Sam changed the title of Music.', 'You signed in.', 'Ana added a note.'],
  day: ['Tuesday', '3 March', 'Friday'],
  // categoryMessages.deleteBody's one argument.
  '{title,preferences,children,parent}': [
    { title: 'Outdoors', preferences: 3, children: 2, parent: 'Hobbies' },
    { title: 'Outdoors', preferences: 1, children: 1, parent: null },
    { title: 'Outdoors', preferences: 0, children: 0, parent: null },
  ],
};

/** The parameter names of a function, from its (compiled) source. */
function parameters(fn: (...args: never[]) => unknown): string[] {
  const source = fn.toString();
  const list = /^(?:function\s*\w*\s*)?\(((?:\{[^}]*\}|[^)])*)\)/.exec(source)?.[1];
  if (list === undefined) throw new Error(`cannot read the parameters of ${source.slice(0, 80)}`);
  const names: string[] = [];
  for (const m of list.matchAll(/\{[^}]*\}|[^,]+/g)) {
    const name = m[0].replace(/\s+/g, '').replace(/=.*$/, '');
    if (name) names.push(name);
  }
  return names;
}

type Message = { id: string; file: string; texts: string[] };

/** Every string a catalogue export holds or builds, by its path. */
function walk(value: unknown, id: string, file: string, out: Message[]) {
  if (typeof value === 'string') {
    out.push({ id, file, texts: [value] });
  } else if (typeof value === 'function') {
    const names = parameters(value as (...args: never[]) => unknown);
    const texts = new Set<string>();
    for (const variant of [0, 1, 2] as const) {
      const args = names.map((p) => {
        const sample = samples[p];
        if (!sample) throw new Error(`${id}: add a sample argument for "${p}"`);
        return sample[variant];
      });
      const result: unknown = (value as (...a: unknown[]) => unknown)(...args);
      if (typeof result !== 'string') throw new Error(`${id} returned ${typeof result}`);
      texts.add(result);
    }
    out.push({ id, file, texts: [...texts] });
  } else if (Array.isArray(value)) {
    for (const [i, v] of value.entries()) walk(v, `${id}[${i}]`, file, out);
  } else if (value !== null && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) walk(v, `${id}.${k}`, file, out);
  }
}

async function catalogue(): Promise<Message[]> {
  const files = ['web/messages.ts', 'sync/errors.ts'];
  for (const f of await readdir(path.join(projectRoot, 'web/messages'))) {
    if (f.endsWith('.ts') && !f.endsWith('.test.ts')) files.push(`web/messages/${f}`);
  }
  const out: Message[] = [];
  for (const file of files) {
    const module: Record<string, unknown> = await import(path.join(projectRoot, file));
    for (const [name, value] of Object.entries(module)) {
      // Codes and helpers, not words: sync/errors.ts's ErrorCode, appError, codeOf.
      if (name === 'ErrorCode' || typeof value !== 'object' || value === null) continue;
      walk(value, `${file}:${name}`, file, out);
    }
  }
  return out;
}

/**
 * Sentences end at . ! or ? (before a closing quote, if any) followed by a
 * space, at a line break, and at the end of the message.
 */
function sentences(text: string): string[] {
  return text
    .split(/(?<=[.!?][”’"]?)\s+|\n+/)
    .map((s) => s.trim())
    .filter(Boolean);
}

/** A word holds a letter or a digit; punctuation and symbols around it are not part of it. */
function words(sentence: string): string[] {
  return sentence
    .split(/[\s/—–]+/)
    .map((w) => w.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, ''))
    .filter((w) => /[\p{L}\p{N}]/u.test(w));
}

/**
 * `syllable` counts none in a number: count one, as for a short word (a date's
 * 2026 is read at a glance, however long it is to say).
 */
function syllables(word: string): number {
  if (word === nameWord) return 2;
  return Math.max(1, syllable(word));
}

/**
 * The product's own names that are long words: the access levels and roles a
 * reader meets on every screen as labels, which no everyday word can
 * replace. Each counts as one word of two syllables, like a short name
 * ("Aroha" has three), so that a sentence is not held to be hard only for
 * naming them.
 */
const names = ['Decision Maker', 'Administrator', 'Restricted', 'General', 'Supporter'];
const nameWord = 'ProductName';
const namePattern = new RegExp(`\\b(${names.join('|')})(?=\\b|’)`, 'g');

function grade(sentence: string): number {
  const ws = words(sentence.replace(namePattern, nameWord));
  return fleschKincaid({
    sentence: 1,
    word: ws.length,
    syllable: ws.reduce((sum, w) => sum + syllables(w), 0),
  });
}

type Measured = { message: Message; sentence: string; words: number; grade: number };

function measure(messages: Message[]): Measured[] {
  const out: Measured[] = [];
  for (const message of messages) {
    const seen = new Set<string>();
    for (const text of message.texts) {
      for (const sentence of sentences(text)) {
        if (seen.has(sentence)) continue;
        seen.add(sentence);
        const count = words(sentence).length;
        if (count < MIN_WORDS) continue;
        out.push({ message, sentence, words: count, grade: grade(sentence) });
      }
    }
  }
  return out;
}

const round = (g: number) => Math.round(g * 10) / 10;

function distribution(measured: Measured[], messages: Message[]): string {
  const grades = measured.map((m) => m.grade).sort((a, b) => a - b);
  const mid = Math.floor(grades.length / 2);
  const median =
    grades.length % 2 ? grades[mid] : ((grades[mid - 1] ?? 0) + (grades[mid] ?? 0)) / 2;
  const bands: [string, (g: number) => boolean][] = [
    ['≤ 3', (g) => g <= 3],
    ['3–5', (g) => g > 3 && g <= 5],
    ['5–8', (g) => g > 5 && g <= 8],
    ['8–10', (g) => g > 8 && g <= 10],
    ['10–12', (g) => g > 10 && g <= 12],
    ['> 12', (g) => g > 12],
  ];
  const pct = (n: number) => `${((100 * n) / grades.length).toFixed(1)}%`;
  const over = measured.filter((m) => m.grade > MAX_GRADE);
  const overMessages = new Set(over.map((m) => m.message.id));
  return [
    `Reading grade (Flesch-Kincaid) of ${grades.length} sentences of ${MIN_WORDS}+ words, in ${messages.length} messages:`,
    ...bands.map(([band, inBand]) => `  grade ${band}: ${grades.filter(inBand).length}`),
    `  median ${round(median ?? 0)}; ≤ 5: ${pct(grades.filter((g) => g <= 5).length)}; ≤ 8: ${pct(grades.filter((g) => g <= 8).length)}`,
    `  over ${MAX_GRADE}: ${over.length} sentences in ${overMessages.size} messages`,
    ...over
      .sort((a, b) => b.grade - a.grade)
      .map((m) => `    ${round(m.grade)}  ${m.message.id}: ${m.sentence}`),
  ].join('\n');
}

const messages = await catalogue();
const measured = measure(messages);
const excepted = (m: Measured) =>
  exceptions.some((e) => e.message === m.message.id && m.sentence.startsWith(e.sentence));

describe('the reading age of every message', () => {
  test('the catalogue is all there', () => {
    console.log(distribution(measured, messages));
    expect(messages.length).toBeGreaterThan(900);
    expect(measured.length).toBeGreaterThan(300);
  });

  test(`every sentence is at grade ${MAX_GRADE} or below, but for the listed exceptions`, () => {
    const over = measured
      .filter((m) => m.grade > MAX_GRADE && !excepted(m))
      .map((m) => `${round(m.grade)}  ${m.message.id}: ${m.sentence}`);
    expect(over).toEqual([]);
  });

  test(`at most ${MAX_EXCEPTIONS} exceptions, each of them still needed`, () => {
    expect(exceptions.length).toBeLessThanOrEqual(MAX_EXCEPTIONS);
    const stale = exceptions.filter(
      (e) =>
        !measured.some(
          (m) =>
            m.message.id === e.message && m.sentence.startsWith(e.sentence) && m.grade > MAX_GRADE,
        ),
    );
    expect(stale).toEqual([]);
  });

  test(`easy read: grade ${EASY_READ_MAX_GRADE} or below, at most ${EASY_READ_MAX_WORDS} words a sentence`, () => {
    const easy = messages.filter((m) => m.file === 'web/messages/easy-read.ts');
    expect(easy.length).toBeGreaterThan(0);
    const hard: string[] = [];
    for (const message of easy) {
      for (const text of message.texts) {
        for (const sentence of sentences(text)) {
          // Short sentences are held to the word count only, as everywhere (the grade of two words means nothing).
          const count = words(sentence).length;
          const g = count >= MIN_WORDS ? grade(sentence) : 0;
          if (g > EASY_READ_MAX_GRADE || count > EASY_READ_MAX_WORDS) {
            hard.push(`${round(g)}, ${count} words  ${message.id}: ${sentence}`);
          }
        }
      }
    }
    expect(hard).toEqual([]);
  });
});

describe('how a sentence is measured', () => {
  test('sentences end at . ! ? and line breaks', () => {
    expect(sentences('It is saved. Thank you! Go on?\nYes')).toEqual([
      'It is saved.',
      'Thank you!',
      'Go on?',
      'Yes',
    ]);
    expect(sentences('Choose “I did not ask.” Then go.')).toEqual([
      'Choose “I did not ask.”',
      'Then go.',
    ]);
  });
  test('words hold a letter or digit', () => {
    expect(words('Sam’s library — 3 (40%) / e-mail.')).toEqual([
      'Sam’s',
      'library',
      '3',
      '40',
      'e-mail',
    ]);
  });
  test('the access levels and roles count as short names', () => {
    const sentence = 'Only supporters with Restricted or Administrator access can see it.';
    expect(grade(sentence)).toBeLessThan(MAX_GRADE);
    expect(
      grade(sentence.replace('Restricted or Administrator', 'restricted or administrator')),
    ).toBeGreaterThan(MAX_GRADE);
  });
  test('short words in a short sentence are an easy read; long words are not', () => {
    expect(grade('The cat sat on the mat.')).toBeLessThan(0);
    expect(
      grade(
        'Sees and edits everything, and manages your settings, supporters, subscription, history and passkeys, inside a support session.',
      ),
    ).toBeGreaterThan(14);
  });
});
