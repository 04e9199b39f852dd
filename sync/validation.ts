import { z } from 'zod';

/**
 * Validation rules of spec §5, shared by the forms (web) and the API, so the
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

export const emailAddress = z
  .string()
  .trim()
  .max(EMAIL_MAX, validationMessages.email)
  .regex(EMAIL_PATTERN, validationMessages.email)
  .transform((e) => e.toLowerCase());

const name = (label: string) =>
  z
    .string()
    .trim()
    .min(1, validationMessages.required(label))
    .max(NAME_MAX, validationMessages.tooLong(label, NAME_MAX));

export const phoneNumber = z
  .string()
  .trim()
  .max(PHONE_MAX, validationMessages.tooLong('phone number', PHONE_MAX))
  .regex(PHONE_PATTERN, validationMessages.phone);

/** The registration payload of spec §3: knownAs is the first name; the person is both roles. */
export const registrationSchema = z.object({
  email: emailAddress,
  type: z.literal('General'),
  acceptedTermsOfService: z.literal(true, { message: validationMessages.terms }),
  person: z.object({
    firstName: name('first name'),
    lastName: name('last name'),
    knownAs: name('known-as name'),
    type: z.literal('SupporterAndDecisionMaker'),
    personalInformation: z.object({ phone: phoneNumber.optional() }),
  }),
  inviteId: z.string().max(64).optional(),
});
export type Registration = z.infer<typeof registrationSchema>;

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

/**
 * The sign-in code shown where a sign-in was asked (ADR 012): six digits.
 * People type "123 456" as they see it; spaces and dashes are dropped.
 */
export const signInCode = z
  .string()
  .max(20, validationMessages.signInCode)
  .transform((s) => s.replace(/[\s-]/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, validationMessages.signInCode));
