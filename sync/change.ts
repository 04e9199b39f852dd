import type { HistoryEventType, HistoryRelatedType } from '../schema/enums.ts';

/**
 * What a mutator changed, in the words of the history feed. Shared mutators
 * return it (on the server); the server records it as a history event in the
 * change's own transaction, for Zero mutations and REST calls alike.
 */
export type Change = {
  personId: string;
  type: HistoryEventType;
  relatedType: HistoryRelatedType;
  relatedId: string;
  message: string;
};

/** A title as history messages quote it: “Porridge”. */
export const quoted = (title: string) => `“${title}”`;
