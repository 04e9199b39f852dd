import { randomBytes } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import {
  issueMediaSourceToken,
  MEDIA_SOURCE_TTL_MS,
  verifyMediaSourceToken,
} from './source-token.ts';

const key = randomBytes(32);
const claims = { mediaId: 'm1', sessionId: 's1' };

describe('media-source tokens', () => {
  test('a token reads back for its own media item until it expires', () => {
    const { token, expiresAt } = issueMediaSourceToken(key, claims, 1_000);
    expect(expiresAt).toBe(1_000 + MEDIA_SOURCE_TTL_MS);
    expect(verifyMediaSourceToken(key, token, 'm1', 2_000)).toEqual({ ...claims, expiresAt });
    expect(verifyMediaSourceToken(key, token, 'm1', expiresAt)).toBeUndefined();
  });

  test('another item, another key, a changed body or signature: refused', () => {
    const { token } = issueMediaSourceToken(key, claims, 1_000);
    expect(verifyMediaSourceToken(key, token, 'm2', 2_000)).toBeUndefined();
    expect(verifyMediaSourceToken(randomBytes(32), token, 'm1', 2_000)).toBeUndefined();
    const [prefix, body, mac] = token.split('.');
    const forged = Buffer.from(JSON.stringify({ m: 'm1', s: 's2', e: 9e15 })).toString('base64url');
    expect(verifyMediaSourceToken(key, `${prefix}.${forged}.${mac}`, 'm1', 2_000)).toBeUndefined();
    expect(verifyMediaSourceToken(key, `${prefix}.${body}.${mac}x`, 'm1', 2_000)).toBeUndefined();
    expect(verifyMediaSourceToken(key, `pat1.${body}.${mac}`, 'm1', 2_000)).toBeUndefined();
    expect(verifyMediaSourceToken(key, '', 'm1', 2_000)).toBeUndefined();
  });
});
