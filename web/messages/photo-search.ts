/** Interface text of the photo search (web/components/photo-search.tsx): imported where used (web/messages.ts). */

export const photoSearchMessages = {
  /** The picture field's button that opens the search. */
  open: 'Search for a photo',
  title: 'Search for a photo',
  intro:
    'Find a picture by what it shows, for example “tea”, “walking” or “beach”. Each picture says who made it.',
  query: 'What are you looking for?',
  search: 'Search',
  searching: 'Searching…',
  found: (n: number) => (n === 1 ? '1 photo found.' : `${n.toLocaleString('en-NZ')} photos found.`),
  /** Spec §8, copied exactly. */
  noResults: 'No results match your query.',
  /** Spec §8: the default failure, photo search included. */
  failed: 'Sorry, something went wrong.',
  results: 'Photos found',
  more: 'More',
  loadingMore: 'Loading more photos…',
  moreFound: (n: number) => (n === 1 ? '1 more photo.' : `${n} more photos.`),
  use: 'Use this photo',
  using: 'Adding the photo…',
  chooseFirst: 'Choose a photo first.',
  cancel: 'Cancel',
} as const;
