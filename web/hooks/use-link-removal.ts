import { useZero } from '@rocicorp/zero/react';
import { useRef, useState } from 'react';
import { mutators } from '../../sync/mutators.ts';
import { mutationError } from '../components/circle-common.tsx';

/**
 * Removing a supporter link from its own screen (/supporters/{id},
 * /supporting/{id}): `remove` runs the change and throws the server's refusal
 * for the confirmation to show; `shown` is the link, kept on screen while the
 * removal runs (the row leaves the local store at once, before the screen
 * moves on).
 */
export function useLinkRemoval<T>(link: T | undefined, id: string) {
  const zero = useZero();
  const [removing, setRemoving] = useState(false);
  const last = useRef(link);
  if (link) last.current = link;

  async function remove() {
    setRemoving(true);
    const error = mutationError(await zero.mutate(mutators.circle.remove({ id })).server);
    if (error) {
      setRemoving(false);
      throw new Error(error);
    }
  }

  return { shown: link ?? (removing ? last.current : undefined), remove };
}
