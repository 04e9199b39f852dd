import { describe, expect, test } from 'vitest';
import {
  ACCESS_TOKEN_TTL_MS,
  accessTokenKey,
  issueAccessToken,
  verifyAccessToken,
} from './access-token.ts';

const key = accessTokenKey('x'.repeat(32));
const claims = { sessionId: 'session-1', personId: 'person-1' };

describe('per-person access tokens', () => {
  test('a fresh token verifies to its claims', () => {
    const { token, expiresAt } = issueAccessToken(key, claims, 1_000);
    expect(verifyAccessToken(key, token, 2_000)).toEqual({ ...claims, expiresAt });
    expect(expiresAt).toBe(1_000 + ACCESS_TOKEN_TTL_MS);
  });
  test('expires after 15 minutes', () => {
    const { token } = issueAccessToken(key, claims, 0);
    expect(verifyAccessToken(key, token, ACCESS_TOKEN_TTL_MS)).toBeUndefined();
  });
  test('a changed body, signature or key is refused', () => {
    const { token } = issueAccessToken(key, claims);
    const [p, body, mac] = token.split('.');
    const other = Buffer.from(
      JSON.stringify({ s: 'session-1', p: 'person-2', e: Date.now() + 60_000 }),
    ).toString('base64url');
    expect(verifyAccessToken(key, `${p}.${other}.${mac}`)).toBeUndefined();
    expect(verifyAccessToken(key, `${p}.${body}.${mac?.slice(0, -2)}AA`)).toBeUndefined();
    expect(verifyAccessToken(accessTokenKey('y'.repeat(32)), token)).toBeUndefined();
    expect(verifyAccessToken(key, 'garbage')).toBeUndefined();
  });
});
