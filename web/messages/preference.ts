import type { Access } from '../../schema/enums.ts';
import { feelingLabels, scheduleLabels } from './labels.ts';

/** Interface text of the preference screens: imported where used (web/messages.ts). */
export const preferenceMessages = {
  loading: 'Loading the preference',
  notFound: 'We could not find that preference.',
  notFoundHelp: 'It may have been deleted, or it is not shared with you.',
  backToLibrary: 'Back to the library',
  heroAlt: (title: string) => `Picture for ${title}`,
  edit: 'Edit',
  review: 'Review now',
  feeling: 'Feeling',
  /** Emoji and word of each feeling (spec §3). */
  feelings: feelingLabels,
  categories: 'Categories',
  noCategories: 'This preference is not in a category you can see.',
  whoCanSee: 'Who can see this',
  access: {
    General: 'General: everyone in the Circle of Support can see it.',
    Restricted:
      'Restricted: private. Only supporters with Restricted or Administrator access can see it.',
  } satisfies Record<Access, string>,
  reviewTitle: 'Review',
  reviewSchedule: 'How often to review',
  schedules: scheduleLabels,
  nextReview: 'Next review',
  noNextReview: 'Not planned',
  lastReviewed: 'Last reviewed',
  neverReviewed: 'Not reviewed yet',
  notes: 'Notes',
  noNotes: 'No notes yet.',
  addNote: 'Add a note',
  noteBy: (author: string, date: string) => `By ${author}, ${date}`,
  details: 'Details',
  createdBy: 'Added by',
  updatedBy: 'Last changed by',
  someone: 'Someone',
  byOn: (name: string, date: string) => `${name} on ${date}`,
  delete: 'Delete',
  deleteLabel: (title: string) => `Delete the preference “${title}”`,
  deleteTitle: 'Delete this preference?',
  deleteBody: (title: string) =>
    `“${title}” and its notes will be deleted for everyone in the Circle of Support. This cannot be undone.`,
  deleteConfirm: 'Delete preference',
  deleting: 'Deleting',
} as const;
