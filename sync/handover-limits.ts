/**
 * The handover's limits, apart from its rules (sync/handover.ts): the words
 * of every page quote them (web/messages/handover.ts), and the sign-in page
 * must not load the sync client and Yjs that the rules import.
 */

/** The longest handover note, in characters. */
export const HANDOVER_NOTE_MAX = 500;
export const HANDOVER_DAYS_MIN = 1;
export const HANDOVER_DAYS_MAX = 30;
