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
  pinHero,
  preferenceCreateArgs,
  preferenceDeleteArgs,
  preferencePinArgs,
  preferenceReviewArgs,
  preferenceUpdateArgs,
  reviewPreference,
  updatePreference,
} from '../../sync/preference.ts';
import { applyChange, type ChangeFn } from './record-history.ts';

type Json = ReadonlyJSONValue | undefined;

/** A library change: its argument schema and the shared function that makes it. */
export type LibraryChange<I extends Json, O extends Json> = {
  schema: z.ZodType<O, I>;
  run: ChangeFn<O>;
};

const change = <I extends Json, O extends Json>(
  schema: z.ZodType<O, I>,
  run: ChangeFn<O>,
): LibraryChange<I, O> => ({ schema, run });

/**
 * Every change of the library, once: the Zero server mutators below and the
 * REST API (api/library.ts) both run these. Arguments are validated before
 * `run` (by Zero with the mutator's schema; by REST with the same schema).
 */
export const libraryChanges = {
  preference: {
    create: change(preferenceCreateArgs, createPreference),
    update: change(preferenceUpdateArgs, updatePreference),
    delete: change(preferenceDeleteArgs, deletePreference),
    review: change(preferenceReviewArgs, reviewPreference),
    pin: change(preferencePinArgs, pinHero),
  },
  category: {
    create: change(categoryCreateArgs, createCategory),
    update: change(categoryUpdateArgs, updateCategory),
    delete: change(categoryDeleteArgs, deleteCategory),
  },
  note: {
    create: change(noteCreateArgs, createNote),
    update: change(noteUpdateArgs, updateNote),
    delete: change(noteDeleteArgs, deleteNote),
  },
};

function withHistory<I extends Json, O extends Json>({ schema, run }: LibraryChange<I, O>) {
  return defineMutator(schema, async ({ tx, args, ctx }) => {
    await applyChange(run, tx, ctx, args);
  });
}

/**
 * Server overrides of the library's mutators: the shared logic (which checks
 * permissions authoritatively here) plus the history event of each change, in
 * the same transaction.
 */
export const libraryServerMutators = {
  preference: {
    create: withHistory(libraryChanges.preference.create),
    update: withHistory(libraryChanges.preference.update),
    delete: withHistory(libraryChanges.preference.delete),
    review: withHistory(libraryChanges.preference.review),
    pin: withHistory(libraryChanges.preference.pin),
  },
  category: {
    create: withHistory(libraryChanges.category.create),
    update: withHistory(libraryChanges.category.update),
    delete: withHistory(libraryChanges.category.delete),
  },
  note: {
    create: withHistory(libraryChanges.note.create),
    update: withHistory(libraryChanges.note.update),
    delete: withHistory(libraryChanges.note.delete),
  },
};
