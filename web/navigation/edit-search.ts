/**
 * The search of an item's edit page (a note, a media item; spec §2):
 * `isFromView`, set when the edit was opened from the item's own page, which
 * is then where the edit goes back to. Apart from the pages themselves: a
 * route's `validateSearch` is loaded with the app.
 */
import { flagOrText, searchOf } from './search-params.ts';

/** `isFromView`: a boolean, or its text from a hand-typed URL; anything else is absent. */
export const editSearch = searchOf({ isFromView: flagOrText });
