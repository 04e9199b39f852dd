/**
 * The words, patterns and limits of the validation rules (spec §5), without
 * their schemas (sync/validation.ts): the sign-in page's form and the routes'
 * search params use these, and so load no schema library.
 */

/**
 * The texts of spec §5, shared by the forms (web) and the API, so the
 * browser and the server refuse the same input with the same words.
 */
export const validationMessages = {
  email: 'Please enter a valid email address.',
  /** The `title` attribute of the e-mail field. */
  emailTitle: 'Email should be a valid email',
  required: (label: string) => `Please enter your ${label}.`,
  phone: 'A phone number may contain only digits, spaces, hyphens, plus signs and parentheses.',
  terms: 'Please accept the terms of service.',
  tooLong: (label: string, max: number) => `Your ${label} can be at most ${max} characters.`,
  signInCode: 'Please enter the 6 numbers shown on the screen where you asked to sign in.',
} as const;

/** Text, at sign, domain, dot suffix (spec §5). */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** Digits, spaces, hyphens, plus signs and parentheses (spec §5). */
export const PHONE_PATTERN = /^[0-9 +()-]*$/;

export const NAME_MAX = 100;
export const EMAIL_MAX = 254;
export const PHONE_MAX = 40;

/** Search param `step`: a number only if numeric (number or numeric string), else undefined. */
export function numericStep(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && /^\d+$/.test(value.trim())) return Number(value);
  return undefined;
}

/** Text inputs trim whitespace on change (spec §5). */
export function trimInput(value: string): string {
  return value.trim();
}
