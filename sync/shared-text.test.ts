import { describe, expect, test } from 'vitest';
import * as Y from 'yjs';
import {
  decodeUpdate,
  docOf,
  encodeUpdate,
  replaceText,
  seedUpdate,
  TEXT,
  textOf,
} from './shared-text-doc.ts';

describe('shared text', () => {
  test('a seed depends on the text alone, and two seeds of one text merge into one', () => {
    const a = seedUpdate('Tea, strong.');
    const b = seedUpdate('Tea, strong.');
    expect(encodeUpdate(a)).toBe(encodeUpdate(b));
    expect(textOf(docOf([encodeUpdate(a), encodeUpdate(b)]))).toBe('Tea, strong.');
    // Different texts never share a client id: merged, they are two insertions, not one corrupt one.
    const c = seedUpdate('Coffee.');
    expect(textOf(docOf([encodeUpdate(a), encodeUpdate(c)])).length).toBe(
      'Tea, strong.'.length + 'Coffee.'.length,
    );
  });

  test('two people typing at once keep every character, in any order of arrival', () => {
    const seed = encodeUpdate(seedUpdate('Wake me gently.'));
    const first = docOf([seed]);
    const second = docOf([seed]);
    const updates: string[] = [];
    first.on('update', (u: Uint8Array) => updates.push(encodeUpdate(u)));
    second.on('update', (u: Uint8Array) => updates.push(encodeUpdate(u)));
    const a = first.getText(TEXT);
    const b = second.getText(TEXT);
    for (const ch of ' Tea first.') a.insert(a.length, ch);
    for (const [i, ch] of [...'Open the curtains. '].entries()) b.insert(i, ch);
    const forwards = docOf([seed, ...updates]);
    const backwards = docOf([seed, ...[...updates].reverse()]);
    const twice = docOf([seed, ...updates, ...updates]);
    const expected = 'Open the curtains. Wake me gently. Tea first.';
    expect(textOf(forwards)).toBe(expected);
    expect(textOf(backwards)).toBe(expected);
    expect(textOf(twice)).toBe(expected);
  });

  test('a whole-value write is the smallest edit, so typing elsewhere survives it', () => {
    const seed = encodeUpdate(seedUpdate('I like my tea strong.'));
    const server = docOf([seed]);
    const typist = docOf([seed]);
    // Someone types at the end while a form replaces "strong" with "weak".
    const typed: Uint8Array[] = [];
    typist.on('update', (u: Uint8Array) => typed.push(u));
    typist.getText(TEXT).insert('I like my tea strong.'.length, ' With milk.');
    const edit = replaceText(server, 'I like my tea weak.');
    expect(edit).not.toBeNull();
    for (const u of typed) Y.applyUpdate(server, u);
    expect(textOf(server)).toBe('I like my tea weak. With milk.');
    expect(replaceText(server, textOf(server))).toBeNull();
  });

  test('updates travel as base64 and come back byte for byte', () => {
    const u = seedUpdate('Kia ora — ā ē ī ō ū 🙂');
    expect(decodeUpdate(encodeUpdate(u))).toEqual(u);
    expect(encodeUpdate(u)).toMatch(/^[A-Za-z0-9+/]*={0,2}$/);
  });
});
