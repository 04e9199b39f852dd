import { defineMutator, type ReadonlyJSONValue } from '@rocicorp/zero';
import type { z } from 'zod';
import {
  categoryCreateArgs,
  categoryDeleteArgs,
  categoryUpdateArgs,
  createCategory,
  deleteCategory,
  updateCategory,
} from '../../sync/category.ts';
import {
  createNote,
  deleteNote,
  noteCreateArgs,
  noteDeleteArgs,
  noteUpdateArgs,
  updateNote,
} from '../../sync/note.ts';
import {
  createPreference,
  deletePreference,
  preferenceCreateArgs,
  preferenceDeleteArgs,
  preferenceReviewArgs,
  preferenceUpdateArgs,
  reviewPreference,
  updatePreference,
} from '../../sync/preference.ts';
import { applyChange, type ChangeFn } from './record-history.ts';

type Json = ReadonlyJSONValue | undefined;

function withHistory<I extends Json, O extends Json>(schema: z.ZodType<O, I>, fn: ChangeFn<O>) {
  return defineMutator(schema, async ({ tx, args, ctx }) => {
    await applyChange(fn, tx, ctx, args);
  });
}

/**
 * Server overrides of the library's mutators: the shared logic (which checks
 * permissions authoritatively here) plus the history event of each change, in
 * the same transaction.
 */
export const libraryServerMutators = {
  preference: {
    create: withHistory(preferenceCreateArgs, createPreference),
    update: withHistory(preferenceUpdateArgs, updatePreference),
    delete: withHistory(preferenceDeleteArgs, deletePreference),
    review: withHistory(preferenceReviewArgs, reviewPreference),
  },
  category: {
    create: withHistory(categoryCreateArgs, createCategory),
    update: withHistory(categoryUpdateArgs, updateCategory),
    delete: withHistory(categoryDeleteArgs, deleteCategory),
  },
  note: {
    create: withHistory(noteCreateArgs, createNote),
    update: withHistory(noteUpdateArgs, updateNote),
    delete: withHistory(noteDeleteArgs, deleteNote),
  },
};
