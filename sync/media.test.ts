import { describe, expect, test } from 'vitest';
import {
  acceptFor,
  MEDIA_LIMITS,
  MEDIA_TYPES,
  mediaBeginArgs,
  mediaKind,
  mediaRuleMessages,
  settledType,
  typeProblem,
} from './media.ts';

const announce = (extra: Record<string, unknown>) =>
  mediaBeginArgs.safeParse({
    id: 'm1',
    personId: 'p1',
    name: 'a.png',
    contentType: 'image/png',
    contentLength: 10,
    ...extra,
  });
const message = (r: ReturnType<typeof announce>) => r.error?.issues[0]?.message;

describe('mediaKind: the mime prefix decides', () => {
  test.each([
    ['image/png', 'image'],
    ['IMAGE/JPEG', 'image'],
    ['audio/mpeg', 'audio'],
    ['video/mp4', 'video'],
    ['application/pdf', 'other'],
    ['text/plain', 'other'],
    ['', 'other'],
  ])('%s → %s', (type, kind) => {
    expect(mediaKind(type)).toBe(kind);
  });
});

describe('an upload announcement', () => {
  test('a picture, sound or video is accepted; its type is normalised', () => {
    const ok = announce({ contentType: ' Image/PNG; charset=binary ' });
    expect(ok.success).toBe(true);
    expect(ok.data?.contentType).toBe('image/png');
    expect(ok.data).toMatchObject({ preferenceId: null, purpose: 'preference' });
    expect(announce({ contentType: 'audio/ogg' }).success).toBe(true);
    expect(announce({ contentType: 'video/quicktime' }).success).toBe(true);
  });

  test('other types are refused in words', () => {
    for (const contentType of ['text/html', 'application/x-msdownload', 'text', '']) {
      expect(message(announce({ contentType }))).toBe(mediaRuleMessages.badType);
    }
  });

  test('only the allow-listed types: an SVG, or any picture, sound or video outside it, is refused', () => {
    const cases: Array<[string, string]> = [
      ['image/svg+xml', mediaRuleMessages.unsupported('image')],
      ['image/', mediaRuleMessages.unsupported('image')],
      ['image/heic', mediaRuleMessages.unsupported('image')],
      ['image/x-icon', mediaRuleMessages.unsupported('image')],
      ['audio/midi', mediaRuleMessages.unsupported('audio')],
      ['video/x-ms-asf', mediaRuleMessages.unsupported('video')],
      ['text/html', mediaRuleMessages.badType],
      ['application/xhtml+xml', mediaRuleMessages.badType],
    ];
    for (const [contentType, said] of cases) {
      expect(message(announce({ contentType })), contentType).toBe(said);
      expect(typeProblem(contentType)).toBe(said);
    }
    expect(mediaRuleMessages.unsupported('image')).toBe(
      'We cannot use this kind of picture. Please choose a JPEG, PNG, GIF, WebP or AVIF file.',
    );
    for (const contentType of Object.keys(MEDIA_TYPES)) {
      expect(announce({ contentType }).success, contentType).toBe(true);
      expect(typeProblem(contentType)).toBeUndefined();
    }
  });

  test('sizes: empty refused, up to what one upload can carry exactly (the plan says the rest)', () => {
    expect(message(announce({ contentLength: 0 }))).toBe(mediaRuleMessages.empty);
    const video = { contentType: 'video/mp4' };
    expect(announce({ ...video, contentLength: MEDIA_LIMITS.uploadBytes }).success).toBe(true);
    expect(message(announce({ ...video, contentLength: MEDIA_LIMITS.uploadBytes + 1 }))).toBe(
      mediaRuleMessages.tooBig,
    );
    expect(mediaRuleMessages.tooBig).toBe('That file is too big: one upload can be at most 5 GB.');
  });

  test('a photo must be a picture; names are bounded', () => {
    expect(message(announce({ purpose: 'photo', contentType: 'audio/mpeg' }))).toBe(
      mediaRuleMessages.notImage,
    );
    expect(announce({ purpose: 'photo' }).success).toBe(true);
    expect(message(announce({ name: 'n'.repeat(MEDIA_LIMITS.name + 1) }))).toBe(
      mediaRuleMessages.nameTooLong,
    );
    expect(announce({ name: '   ' }).success).toBe(false);
  });
});

describe('the type a file is kept as, from its bytes', () => {
  test.each([
    // [announced, read from the bytes, kept as]
    ['image/png', 'image/png', 'image/png'],
    ['image/jpeg', 'image/png', 'image/png'], // a renamed file: served as what it is
    ['image/png', 'image/apng', 'image/png'],
    ['audio/webm', 'video/webm', 'audio/webm'], // same format: the announced kind stays
    ['audio/mp4', 'video/mp4', 'audio/mp4'],
    ['audio/ogg', 'audio/ogg; codecs=opus', 'audio/ogg'],
    ['video/quicktime', 'video/mp4', 'video/mp4'],
    ['IMAGE/PNG', 'image/png', 'image/png'],
  ])('%s read as %s: kept as %s', (announced, sniffed, kept) => {
    expect(settledType(announced, sniffed)).toBe(kept);
  });

  test.each([
    ['image/png', undefined], // HTML, SVG, text: the bytes say no known type
    ['image/png', 'image/svg+xml'],
    ['image/png', 'image/heic'],
    ['image/png', 'audio/mpeg'], // another kind
    ['audio/mpeg', 'video/mp4'],
    ['video/mp4', 'image/gif'],
    ['image/svg+xml', 'image/png'], // never announced
  ])('%s read as %s: refused', (announced, sniffed) => {
    expect(settledType(announced, sniffed)).toBeUndefined();
  });

  test("a file input's accept lists exactly the kind's types", () => {
    expect(acceptFor('image')).toBe(
      'image/jpeg,image/png,image/apng,image/gif,image/webp,image/avif',
    );
    expect(acceptFor('image')).not.toContain('svg');
    expect(
      acceptFor('video')
        .split(',')
        .every((t) => t.startsWith('video/')),
    ).toBe(true);
  });
});
