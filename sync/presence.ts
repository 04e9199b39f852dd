/**
 * Presence on a preference: who else has it open now, and which field they
 * are in. Ephemeral, so not rows: a WebSocket per open preference
 * (api/routes/presence.ts), opened only by someone who may read the preference (the
 * read rule of sync/permissions.ts, checked when it opens and again on every
 * beat), so a General supporter never learns that someone is on a Restricted
 * preference. Who a peer is comes from the server (their person row), never
 * from what a browser says of itself.
 */
import { z } from 'zod';

/** A browser says it is still there this often… */
export const PRESENCE_BEAT_MS = 5_000;
/**
 * …and is gone this long after its last word (a closed tab or a page left
 * goes at once). Two beats and some: one late beat is not a departure, and
 * someone whose connection dropped is off the others' screens well within 15 s.
 */
export const PRESENCE_TIMEOUT_MS = 12_000;

/** Where on the preference a person is: a field of its form, or only looking. */
export const presenceField = z.enum([
  'title',
  'description',
  'feeling',
  'feelingOther',
  'categories',
  'access',
  'reviewSchedule',
  'picture',
]);
export type PresenceField = z.infer<typeof presenceField>;

/** What a browser sends: where it is now (also its beat). */
export const presenceHere = z.object({
  type: z.literal('here'),
  /** The field with focus; null when only looking. */
  field: presenceField.nullable(),
});
export type PresenceHere = z.infer<typeof presenceHere>;

export type PresencePeer = {
  /** One open page (a person may have two). */
  id: string;
  personId: string;
  name: string;
  /** A colour from PRESENCE_COLOURS. */
  colour: string;
  field: PresenceField | null;
};

/** What the server sends: everyone else on the preference now. */
export type PresencePeers = { type: 'peers'; peers: PresencePeer[] };

/**
 * Colours for people, each at least 3:1 against white and against the
 * lavender support header (WCAG 1.4.11, for the outline of a field).
 */
export const PRESENCE_COLOURS = [
  '#1a5fb4',
  '#a51d2d',
  '#26753a',
  '#865e3c',
  '#813d9c',
  '#0b6e74',
  '#a33f00',
  '#5e5c64',
] as const;

/** A person's colour: the same on every screen. */
export function colourOf(personId: string): string {
  let h = 0;
  for (let i = 0; i < personId.length; i++) h = (h * 31 + personId.charCodeAt(i)) >>> 0;
  return PRESENCE_COLOURS[h % PRESENCE_COLOURS.length] ?? PRESENCE_COLOURS[0];
}
