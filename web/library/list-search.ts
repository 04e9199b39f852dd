/**
 * What the library's lists keep in their URL (spec §2 /preferences,
 * /preferences/filter/{filterBy}/{name}): `query`, the search text, and
 * `isOnboarding`, carried from the wizard's end through the library's links.
 * Apart from the lists themselves: a route's `validateSearch` is loaded with
 * the app.
 */
import { strictFlag, strictText } from '../navigation/search-params.ts';

export const listSearch = {
  query: strictText,
  isOnboarding: strictFlag,
};
