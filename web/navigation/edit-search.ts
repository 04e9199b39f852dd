/**
 * The search of an item's edit page (a note, a media item; spec §2):
 * `isFromView`, set when the edit was opened from the item's own page, which
 * is then where the edit goes back to. Apart from the pages themselves: a
 * route's `validateSearch` is loaded with the app.
 */
import { z } from 'zod';

/** `isFromView`: a boolean, or its text from a hand-typed URL; anything else is absent. */
const flag = z
  .union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')])
  .optional()
  .catch(undefined);

export const editSearch = z.object({ isFromView: flag });
