/**
 * How a person is named, in one place (sync/, api/ and web/ use these). Each
 * gives '' when the person has no such name, so that the caller says the word
 * that fits where it is ("someone", "a supporter", the Circle's title).
 */
type Parts = {
  readonly firstName?: string | null;
  readonly lastName?: string | null;
  readonly knownAs?: string | null;
  readonly fullName?: string | null;
};

/** "Aroha Ngata": the name they go by (known-as, else first), then their last name. */
export function personName(p: Parts | null | undefined): string {
  const first = p?.knownAs || p?.firstName;
  return [first, p?.lastName].filter(Boolean).join(' ');
}

/** "Sam": the name they go by alone, for a line of history. */
export function shortName(p: Parts | null | undefined): string {
  return p?.knownAs || p?.firstName || '';
}

/** "Samuel Tane": the full name, for someone who may not know them yet (an invite). */
export function formalName(p: Parts | null | undefined): string {
  const full = p?.fullName?.trim() || [p?.firstName, p?.lastName].filter(Boolean).join(' ').trim();
  return full || p?.knownAs?.trim() || '';
}
