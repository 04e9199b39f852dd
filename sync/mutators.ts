import { defineMutators } from '@rocicorp/zero';
import './context.ts';
import { preferenceMutators } from './preference.ts';

export const mutators = defineMutators({
  preference: preferenceMutators,
});
