/**
 * Rules of the library that hold for every caller and that the interface asks
 * too, for speed: plain functions with no Zero import, so that a screen can
 * ask them without loading the sync layer. The server enforces them
 * (sync/permissions.ts assertLibraryWrite).
 */
import type { PersonType } from '../schema/enums.ts';

/**
 * Whether a person of this type keeps a library of their own: everyone but a
 * Supporter, whose area is the people they support (spec §2).
 */
export function keepsOwnLibrary(type: PersonType | (string & {})): boolean {
  return type !== ('Supporter' satisfies PersonType);
}

export const libraryRuleMessages = {
  noOwnLibrary: 'A Supporter has no library of their own.',
} as const;
