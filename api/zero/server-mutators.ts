import { defineMutators } from '@rocicorp/zero';
import { mutators } from '../../sync/mutators.ts';
import { circleServerMutators } from './circle-server-mutators.ts';
import { libraryServerMutators } from './library-server-mutators.ts';

/**
 * The authoritative mutators: the shared ones (which re-check permissions on
 * the server) plus what only the server does, such as history events.
 */
export const serverMutators = defineMutators(mutators, {
  ...circleServerMutators,
  ...libraryServerMutators,
});
