import { defineMutators } from '@rocicorp/zero';
import './context.ts';
import { circleMutators } from './circle.ts';
import { inviteMutators } from './invite.ts';
import { preferenceMutators } from './preference.ts';

export const mutators = defineMutators({
  circle: circleMutators,
  invite: inviteMutators,
  preference: preferenceMutators,
});
