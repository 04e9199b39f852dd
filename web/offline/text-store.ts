/**
 * Where a shared text's local Yjs document is kept (y-indexeddb): read by the
 * editor (web/hooks/use-shared-text.ts) and by the flush of typing an earlier
 * page kept (web/offline/text-flush.ts). A leaf, so that neither imports the other.
 */
import type { TextTarget } from '../../sync/shared-text.ts';

/** The IndexedDB database of one text for one signed-in user (cleared on sign-out). */
export const sharedTextStore = (userID: string, target: TextTarget) =>
  `pb-text:${userID}:${target.noteId ?? target.preferenceId}`;
