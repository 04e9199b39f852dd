import { useRef, useState } from 'react';
import { mutators } from '../../sync/mutators.ts';
import { refusalOf, useWrite } from '../offline/use-write.ts';

/**
 * Removing a supporter link from its own screen (/supporters/{id},
 * /supporting/{id}): `remove` runs the change and throws the server's refusal
 * for the confirmation to show; `shown` is the link, kept on screen while the
 * removal runs (the row leaves the local store at once, before the screen
 * moves on).
 */
export function useLinkRemoval<T>(link: T | undefined, id: string) {
  const write = useWrite();
  const [removing, setRemoving] = useState(false);
  const last = useRef(link);
  if (link) last.current = link;

  async function remove() {
    setRemoving(true);
    const error = refusalOf(await write(mutators.circle.remove({ id })));
    if (error) {
      setRemoving(false);
      throw new Error(error);
    }
  }

  return { shown: link ?? (removing ? last.current : undefined), remove };
}
