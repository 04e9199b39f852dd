import { describe, expect, test } from 'vitest';
import { fileSize } from '../components/my-data-common.ts';
import { myDataText } from './my-data.ts';

const { counts } = myDataText;
const { media } = counts;

describe('what deleting the account takes with it', () => {
  test('no pictures, sounds or files are said in words, without a size', () => {
    expect(media(0, fileSize(0))).toBe('no pictures, sounds or files');
  });
  test('some are counted, with their size', () => {
    expect(media(1, fileSize(2048))).toBe('1 picture, sound or file (2 KB)');
    expect(media(3, fileSize(3 * 1024 * 1024))).toBe('3 pictures, sounds and files (3.0 MB)');
  });
  test('every count says none the same way: in words, never "0"', () => {
    const none = [
      counts.preferences(0),
      counts.categories(0),
      counts.notes(0),
      media(0, fileSize(0)),
      counts.profiles(0),
      counts.history(0),
    ];
    expect(none).toEqual([
      'no preferences',
      'no categories',
      'no notes',
      'no pictures, sounds or files',
      'no one-page profiles',
      'your history (no entries)',
    ]);
    for (const said of none) expect(said).not.toMatch(/\b0\b/);
  });
  test('one and more are counted', () => {
    expect([counts.preferences(1), counts.categories(2), counts.notes(1)]).toEqual([
      '1 preference',
      '2 categories',
      '1 note',
    ]);
    expect([counts.profiles(3), counts.history(1), counts.history(12)]).toEqual([
      '3 one-page profiles',
      'your history (1 entry)',
      'your history (12 entries)',
    ]);
  });
});
