import { feelingLabels } from './labels.ts';
/** Interface text of the library screens: imported where used (web/messages.ts). */
export const libraryMessages = {
  // The list: search and grouping.
  searchLabel: 'Search preferences',
  searchHelp: 'Matches titles and descriptions as you type.',
  groupByLabel: 'Group by',
  groupByOptions: {
    none: 'None',
    category: 'Category',
    feeling: 'Feeling',
    review: 'Review status',
    author: 'Author',
    created: 'Date created',
    access: 'Who can see it',
  },
  /** Visible count beside a group heading; the hidden part completes it for screen readers. */
  countHidden: (n: number) => (n === 1 ? ' preference' : ' preferences'),
  /** Announced (politely) while searching. */
  found: (n: number) =>
    n === 0 ? 'No preferences found' : n === 1 ? '1 preference found' : `${n} preferences found`,
  noMatch: 'No preferences match your search.',
  clearSearch: 'Clear the search',
  add: 'Add a preference',
  libraryLink: 'Browse the library',
  // Empty states (spec §2 "Navigation and empty states").
  emptyTitle: 'Nothing here yet',
  emptyBody:
    'There is nothing here yet. Start your library: write down something you like or dislike, or how you want to be supported.',
  createFirst: 'Create your first preference',
  supporterEmptyTitle: 'Supporters have no library of their own',
  supporterEmptyBody:
    'As a Supporter you see the libraries of the people you support. Go to your Circle of Support to choose someone and start a support session.',
  supporterEmptyLink: 'Go to my Circle of Support',
  // A supporter on someone's library outside a session (it ended, here or elsewhere).
  outsideSessionTitle: 'This library opens in a support session',
  outsideSessionBody: (name: string) =>
    `You see ${name ? `${name}’s` : 'their'} preferences while you are in a support session with them. Start a new session from the people you support.`,
  outsideSessionLink: 'Go to the people I support',
  // Group labels.
  noCategory: 'No category',
  noFeeling: 'No feeling chosen',
  unknownAuthor: 'Someone else',
  restricted: 'Restricted',
  review: {
    DueSoon: 'Due for review soon',
    Due: 'Due for review',
    NotDue: 'Not due for review',
    New: 'New',
  },
  access: { General: 'Everyone in the Circle', Restricted: 'Restricted' },
  feelings: feelingLabels,
  // Filter route.
  filterHeading: {
    category: (name: string) => `Category: ${name}`,
    emoji: (name: string) => `Feeling: ${name}`,
    review: (name: string) => `Review: ${name}`,
    author: (name: string) => `Added by ${name}`,
    created: (name: string) => `Created in ${name}`,
    access: (name: string) => `Who can see it: ${name}`,
  },
  filterEmpty: 'There are no preferences here.',
  notFoundTitle: 'We could not find that filter',
  notFoundBody: (filterBy: string) =>
    `“${filterBy}” is not a way to filter the library. You can filter by category, feeling, review, author, date made, or who can see it.`,
  notFoundKey: 'We could not find what this link points to. It may have been renamed or removed.',
  backToLibrary: 'Back to the library',
  // Library overview.
  libraryTitle: 'Library overview',
  categoriesTitle: 'Categories',
  categoriesEmpty: 'There are no categories yet.',
  byFeelingTitle: 'By feeling',
  byReviewTitle: 'By review status',
  allPreferences: 'All preferences',
  loading: 'Loading the library',
} as const;
