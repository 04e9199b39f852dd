import { describe, expect, test } from 'vitest';
import { MEDIA_LIMITS, maxBytes, mediaBeginArgs, mediaKind, mediaMessages } from './media.ts';

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
    for (const contentType of ['text/html', 'application/x-msdownload', 'image', 'image/', '']) {
      expect(message(announce({ contentType }))).toBe(mediaMessages.badType);
    }
  });

  test('sizes: empty refused, up to the kind’s limit exactly', () => {
    expect(message(announce({ contentLength: 0 }))).toBe(mediaMessages.empty);
    expect(announce({ contentLength: maxBytes('image') }).success).toBe(true);
    expect(message(announce({ contentLength: maxBytes('image') + 1 }))).toBe(
      mediaMessages.tooBig('image'),
    );
    const video = { contentType: 'video/mp4' };
    expect(announce({ ...video, contentLength: MEDIA_LIMITS.otherBytes }).success).toBe(true);
    expect(message(announce({ ...video, contentLength: MEDIA_LIMITS.otherBytes + 1 }))).toBe(
      mediaMessages.tooBig('video'),
    );
    expect(mediaMessages.tooBig('image')).toBe(
      'That file is too big: a picture can be at most 20 MB.',
    );
  });

  test('a photo must be a picture; names are bounded', () => {
    expect(message(announce({ purpose: 'photo', contentType: 'audio/mpeg' }))).toBe(
      mediaMessages.notImage,
    );
    expect(announce({ purpose: 'photo' }).success).toBe(true);
    expect(message(announce({ name: 'n'.repeat(MEDIA_LIMITS.name + 1) }))).toBe(
      mediaMessages.nameTooLong,
    );
    expect(announce({ name: '   ' }).success).toBe(false);
  });
});
