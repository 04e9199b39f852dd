import { describe, expect, it } from 'vitest';
import {
  counterAcceptable,
  passkeyUserName,
  relyingParty,
  userHandleBytes,
  userHandleMatches,
} from './common.ts';

const person = { knownAs: 'Tui', fullName: 'Tui Brown', firstName: 'Tuia' };

describe('passkeyUserName (spec §5: email, knownAs, fullName, firstName, id)', () => {
  it('prefers the sign-in e-mail', () => {
    expect(passkeyUserName({ id: 'u1', email: 'tui@example.com' }, person)).toBe('tui@example.com');
  });

  it('falls back in order, skipping missing and blank values', () => {
    expect(passkeyUserName({ id: 'u1', email: null }, person)).toBe('Tui');
    expect(passkeyUserName({ id: 'u1', email: '  ' }, { ...person, knownAs: null })).toBe(
      'Tui Brown',
    );
    expect(
      passkeyUserName({ id: 'u1', email: null }, { ...person, knownAs: '', fullName: null }),
    ).toBe('Tuia');
    expect(
      passkeyUserName({ id: 'u1', email: null }, { knownAs: null, fullName: ' ', firstName: null }),
    ).toBe('u1');
    expect(passkeyUserName({ id: 'u1', email: null }, null)).toBe('u1');
  });

  it('trims what it returns', () => {
    expect(passkeyUserName({ id: 'u1', email: null }, { ...person, knownAs: '  Tui ' })).toBe(
      'Tui',
    );
  });
});

describe('userHandleBytes (spec §5: the user id must be 1 to 64 bytes)', () => {
  it('is the UTF-8 bytes of the id', () => {
    expect(Array.from(userHandleBytes('ab') ?? [])).toEqual([0x61, 0x62]);
  });

  it('accepts 1 and 64 bytes', () => {
    expect(userHandleBytes('a')?.byteLength).toBe(1);
    expect(userHandleBytes('a'.repeat(64))?.byteLength).toBe(64);
    // A UUID (the shape of every user id) is 36 bytes.
    expect(userHandleBytes('1f0e4b8c-8a3e-5c2d-a1b2-0123456789ab')?.byteLength).toBe(36);
  });

  it('refuses an empty id and one over 64 bytes', () => {
    expect(userHandleBytes('')).toBeNull();
    expect(userHandleBytes('a'.repeat(65))).toBeNull();
  });

  it('counts bytes, not characters', () => {
    // 'é' is 2 bytes in UTF-8: 32 characters are 64 bytes, 33 are 66.
    expect(userHandleBytes('é'.repeat(32))?.byteLength).toBe(64);
    expect(userHandleBytes('é'.repeat(33))).toBeNull();
  });
});

describe('userHandleMatches', () => {
  const id = '1f0e4b8c-8a3e-5c2d-a1b2-0123456789ab';
  const handle = Buffer.from(id, 'utf8').toString('base64url');

  it('matches the base64url of the user id', () => {
    expect(userHandleMatches(handle, id)).toBe(true);
  });

  it('allows an absent handle', () => {
    expect(userHandleMatches(undefined, id)).toBe(true);
    expect(userHandleMatches('', id)).toBe(true);
  });

  it('refuses another user and garbage', () => {
    expect(userHandleMatches(Buffer.from('someone-else').toString('base64url'), id)).toBe(false);
    expect(userHandleMatches('not base64url!', id)).toBe(false);
  });
});

describe('counterAcceptable', () => {
  it('accepts authenticators without a counter (always 0)', () => {
    expect(counterAcceptable(0, 0)).toBe(true);
  });

  it('accepts an increasing counter', () => {
    expect(counterAcceptable(0, 1)).toBe(true);
    expect(counterAcceptable(5, 6)).toBe(true);
  });

  it('refuses a counter that does not increase once non-zero', () => {
    expect(counterAcceptable(5, 5)).toBe(false);
    expect(counterAcceptable(5, 4)).toBe(false);
    expect(counterAcceptable(5, 0)).toBe(false);
  });
});

describe('relyingParty', () => {
  it('takes the host name as RP ID and the origin', () => {
    expect(relyingParty('http://localhost:3000')).toEqual({
      rpID: 'localhost',
      origin: 'http://localhost:3000',
    });
    expect(relyingParty('https://app.example.org/some/path')).toEqual({
      rpID: 'app.example.org',
      origin: 'https://app.example.org',
    });
  });
});
