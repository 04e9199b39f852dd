import { defineMutators } from '@rocicorp/zero';
import './context.ts';
import { categoryMutators } from './category.ts';
import { circleMutators } from './circle.ts';
import { noteMutators } from './note.ts';
import { preferenceMutators } from './preference.ts';

export const mutators = defineMutators({
  category: categoryMutators,
  circle: circleMutators,
  note: noteMutators,
  preference: preferenceMutators,
});
