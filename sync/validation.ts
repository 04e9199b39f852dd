import { z } from 'zod';
import {
  EMAIL_MAX,
  EMAIL_PATTERN,
  NAME_MAX,
  PHONE_MAX,
  PHONE_PATTERN,
  validationMessages,
} from './validation-rules.ts';

/**
 * Validation rules of spec §5, shared by the forms (web) and the API, so the
 * browser and the server refuse the same input with the same words. The
 * texts, patterns and limits are in validation-rules.ts, free of zod.
 */
export * from './validation-rules.ts';

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

/**
 * The sign-in code shown where a sign-in was asked (ADR 012): six digits.
 * People type "123 456" as they see it; spaces and dashes are dropped.
 */
export const signInCode = z
  .string()
  .max(20, validationMessages.signInCode)
  .transform((s) => s.replace(/[\s-]/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, validationMessages.signInCode));
