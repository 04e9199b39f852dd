/**
 * The fields of a preference's steps: their values, per-step validation, what
 * a step changes, and the step numbers (spec §4 "Preference creation").
 */
import type { Access, Feeling, ReviewSchedule } from '../../../schema/enums.ts';
import {
  categoryIds as categoryIdsSchema,
  feelingOther as feelingOtherSchema,
  fieldMessages,
  preferenceDescription,
  preferenceTitle,
} from '../../../sync/library-fields.ts';
import { mutators } from '../../../sync/mutators.ts';
import type { PreferenceUpdateArgs } from '../../../sync/preference.ts';
import { trimInput } from '../../../sync/validation-rules.ts';
import { preferenceFormMessages } from '../../messages/preference-form.ts';
import { messages } from '../../messages.ts';
import type { Outcome } from '../../offline/outbox.ts';
import type { useWrite } from '../../offline/use-write.ts';

const _t = preferenceFormMessages;

export const STEP_COUNT = 4;

/** A step from the URL: numeric and within 1..4, else 1 (spec §5). */
export function clampStep(step: number | undefined): number {
  return step !== undefined && Number.isInteger(step) && step >= 1 && step <= STEP_COUNT ? step : 1;
}

/** What the form holds: plain strings while typing, converted when saved. */
export type PreferenceFields = {
  title: string;
  description: string;
  feeling: Feeling | '';
  feelingOther: string;
  access: Access;
  reviewSchedule: ReviewSchedule;
  categoryIds: string[];
  /** The pinned picture (saved with the pin mutator, not the update). */
  heroMediaId: string | null;
};

export type FieldName = 'title' | 'description' | 'feelingOther' | 'categoryIds';
export type FieldErrors = Partial<Record<FieldName, string>>;

/** The saved row, as much of it as the form needs. */
export type PreferenceRow = {
  title: string;
  description: string | null;
  feeling: Feeling | null;
  feelingOther: string | null;
  access: Access;
  reviewSchedule: ReviewSchedule;
  reviewAt: number | null;
  heroMediaId: string | null;
  categories: readonly { id: string }[];
};

export function fieldsFrom(row: PreferenceRow | undefined, categoryId?: string): PreferenceFields {
  const linked = row ? row.categories.map((c) => c.id) : [];
  return {
    title: row?.title ?? '',
    description: row?.description ?? '',
    feeling: row?.feeling ?? '',
    feelingOther: row?.feelingOther ?? '',
    access: row?.access ?? 'General',
    reviewSchedule: row?.reviewSchedule ?? 'Never',
    categoryIds: linked.length === 0 && categoryId ? [categoryId] : linked,
    heroMediaId: row?.heroMediaId ?? null,
  };
}

/**
 * Saves the picture of step 4 when it differs from `before` (the pin
 * mutator): resolves to an error message, or undefined.
 */
export async function savePicture(
  write: ReturnType<typeof useWrite>,
  id: string,
  fields: PreferenceFields,
  before: { heroMediaId: string | null } | undefined,
): Promise<Outcome | undefined> {
  if (!before || fields.heroMediaId === before.heroMediaId) return undefined;
  return write(mutators.preference.pin({ id, heroMediaId: fields.heroMediaId }));
}

export const firstIssue = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.success ? undefined : (r.error?.issues[0]?.message ?? messages.errors.generic);

/** The errors of one step's fields (the same rules as the mutators). */
export function validateStep(step: number, f: PreferenceFields): FieldErrors {
  const errors: FieldErrors = {};
  if (step === 1) {
    const title = firstIssue(preferenceTitle.safeParse(f.title));
    if (title) errors.title = title;
    const description = firstIssue(preferenceDescription.safeParse(f.description));
    if (description) errors.description = description;
    if (f.feeling === 'Other') {
      const other = trimInput(f.feelingOther)
        ? firstIssue(feelingOtherSchema.safeParse(f.feelingOther))
        : fieldMessages.feelingOtherRequired;
      if (other) errors.feelingOther = other;
    }
  }
  if (step === 2) {
    if (f.categoryIds.length === 0) errors.categoryIds = fieldMessages.categoryRequired;
    else {
      const many = firstIssue(categoryIdsSchema.safeParse(f.categoryIds));
      if (many) errors.categoryIds = many;
    }
  }
  return errors;
}

/** The mutator arguments of one step's fields. */
export function stepChanges(
  step: number,
  f: PreferenceFields,
): Omit<PreferenceUpdateArgs, 'id' | 'status'> {
  switch (step) {
    case 1:
      return {
        title: trimInput(f.title),
        description: trimInput(f.description),
        feeling: f.feeling || null,
        feelingOther: f.feeling === 'Other' ? trimInput(f.feelingOther) : null,
      };
    case 2:
      return { categoryIds: f.categoryIds };
    case 3:
      return { access: f.access };
    default:
      return { reviewSchedule: f.reviewSchedule };
  }
}

/** Moves focus to the first field named in `errors` (its element carries data-field). */
export function focusFirstError(form: HTMLElement | null, errors: FieldErrors) {
  const order: FieldName[] = ['title', 'description', 'feelingOther', 'categoryIds'];
  const name = order.find((n) => errors[n]);
  if (!name || !form) return;
  form.querySelector<HTMLElement>(`[data-field="${name}"]`)?.focus();
}
