/**
 * Fields of the library's items and their bounds, shared by the forms (web),
 * the mutators and the REST API, so each refuses the same input with the same
 * words. Text is trimmed; over-long text is refused, never cut.
 */
import { z } from 'zod';
import { itemId } from './ids.ts';

export { itemId };

import { ACCESS, FEELINGS, REVIEW_SCHEDULES } from '../schema/enums.ts';

export const LIMITS = {
  preferenceTitle: 200,
  preferenceDescription: 10_000,
  feelingOther: 50,
  categoryTitle: 100,
  noteTitle: 200,
  noteBody: 10_000,
  /** Categories one preference may be in. */
  categoriesPerPreference: 20,
} as const;

export const fieldMessages = {
  titleRequired: 'Please enter a title.',
  tooLong: (what: string, max: number) =>
    `${what} can be at most ${max.toLocaleString('en-NZ')} characters.`,
  categoryRequired: 'Please select a category',
  tooManyCategories: `A preference can be in at most ${LIMITS.categoriesPerPreference} categories.`,
  bodyRequired: 'Please write something in the note.',
  feelingOtherRequired: 'Please say what the feeling is.',
} as const;

const title = (what: string, max: number) =>
  z.string().trim().min(1, fieldMessages.titleRequired).max(max, fieldMessages.tooLong(what, max));

const optionalText = (what: string, max: number) =>
  z.string().trim().max(max, fieldMessages.tooLong(what, max));

export const preferenceTitle = title('A title', LIMITS.preferenceTitle);
export const preferenceDescription = optionalText('A description', LIMITS.preferenceDescription);
export const feeling = z.enum(FEELINGS);
export const feelingOther = optionalText('The feeling', LIMITS.feelingOther);
export const access = z.enum(ACCESS);
export const reviewSchedule = z.enum(REVIEW_SCHEDULES);
export const categoryIds = z
  .array(itemId)
  .max(LIMITS.categoriesPerPreference, fieldMessages.tooManyCategories);

export const categoryTitle = title('A category name', LIMITS.categoryTitle);
export const noteTitle = title('A note title', LIMITS.noteTitle);
export const noteBody = z
  .string()
  .trim()
  .min(1, fieldMessages.bodyRequired)
  .max(LIMITS.noteBody, fieldMessages.tooLong('A note', LIMITS.noteBody));
