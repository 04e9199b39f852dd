import { describe, expect, test } from 'vitest';
import { ACCESS, ACCESS_LEVELS } from '../schema/enums.ts';
import { accessAllows, LEVELS_FOR_ACCESS, type LibraryAccess } from './permissions.ts';

describe('access levels (DESIGN.md §3)', () => {
  const expected: Record<string, Record<string, boolean>> = {
    General: { General: true, Restricted: false },
    Restricted: { General: true, Restricted: true },
    Administrator: { General: true, Restricted: true },
  };

  for (const level of ACCESS_LEVELS) {
    for (const item of ACCESS) {
      test(`a ${level} supporter in session ${expected[level]?.[item] ? 'may' : 'may not'} touch ${item} items`, () => {
        const access: LibraryAccess = { kind: 'supporter', level, sessionId: 's', write: true };
        expect(accessAllows(access, item)).toBe(expected[level]?.[item]);
        expect(LEVELS_FOR_ACCESS[item].includes(level)).toBe(expected[level]?.[item]);
      });
    }
  }

  test('the owner may touch everything; nobody else anything', () => {
    for (const item of ACCESS) {
      expect(accessAllows({ kind: 'owner', write: true }, item)).toBe(true);
      expect(accessAllows({ kind: 'none', write: false }, item)).toBe(false);
    }
  });
});
