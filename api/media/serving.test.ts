import { describe, expect, test } from 'vitest';
import { inlineDisposition, servedAs } from './serving.ts';
import { uploadKeyFor } from './uploads.ts';

describe('how media are served', () => {
  test('Content-Disposition: inline, with a name no header can be broken by', () => {
    expect(inlineDisposition('photo.png')).toBe(
      `inline; filename="photo.png"; filename*=UTF-8''photo.png`,
    );
    expect(inlineDisposition('a"b\\c/d\r\nSet-Cookie: x=1\u0000.png')).toBe(
      `inline; filename="abcdSet-Cookie: x=1.png"; filename*=UTF-8''abcdSet-Cookie%3A%20x%3D1.png`,
    );
    expect(inlineDisposition("Nan's (old) *tea*.jpg")).toBe(
      `inline; filename="Nan's (old) *tea*.jpg"; filename*=UTF-8''Nan%27s%20%28old%29%20%2Atea%2A.jpg`,
    );
    expect(inlineDisposition('Māori kai.webp')).toBe(
      `inline; filename="M_ori kai.webp"; filename*=UTF-8''M%C4%81ori%20kai.webp`,
    );
    expect(inlineDisposition('"/\\')).toBe(`inline; filename="media"; filename*=UTF-8''media`);
  });

  test('a kept type is served as itself; any other (a record from before the allow-list) only to save', () => {
    expect(servedAs({ contentType: 'image/png', name: 'a.png' })).toEqual({
      contentType: 'image/png',
      contentDisposition: inlineDisposition('a.png'),
    });
    expect(servedAs({ contentType: 'image/svg+xml', name: 'a.svg' })).toEqual({
      contentType: 'application/octet-stream',
      contentDisposition: `attachment; filename="a.svg"; filename*=UTF-8''a.svg`,
    });
  });

  test('uploads land apart from what is read', () => {
    expect(uploadKeyFor('p', 'm')).toBe('uploads/people/p/media/m');
  });
});
