import { describe, expect, test } from 'vitest';
import { fileSize } from '../components/my-data-common.ts';
import { myDataText } from './my-data.ts';

const { media } = myDataText.counts;

describe('what deleting the account takes with it', () => {
  test('no pictures, sounds or files are said in words, without a size', () => {
    expect(media(0, fileSize(0))).toBe('no pictures, sounds or files');
  });
  test('some are counted, with their size', () => {
    expect(media(1, fileSize(2048))).toBe('1 picture, sound or file (2 KB)');
    expect(media(3, fileSize(3 * 1024 * 1024))).toBe('3 pictures, sounds and files (3.0 MB)');
  });
});
