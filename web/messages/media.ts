import type { MediaType } from '../../schema/enums.ts';

/** Interface text of pictures, photos, sounds and videos: imported where used (web/messages.ts). */

export const mediaMessages = {
  // A picture in a form (web/components/picture-field.tsx).
  remove: 'Remove the picture',
  uploading: 'Uploading the picture…',
  uploaded: 'The picture is ready. It is kept when you save.',
  removed: 'The picture will be removed when you save.',
  /** The viewer, until the address of what it shows has arrived (spec §2). */
  loading: 'Loading',
  /** The general error of media (spec §8): also a media item that is not there. */
  failed: 'Sorry, something went wrong.',
  preview: 'The chosen picture',
  /** After a picture field's hint: the plan's limit on one file (web/hooks/use-storage.ts). */
  fileLimit: (size: string) => `Up to ${size}.`,

  /** A section of the list, by kind (spec §3 Media item). */
  kinds: {
    image: 'Pictures',
    audio: 'Sounds',
    video: 'Videos',
    other: 'Other files',
  } satisfies Record<MediaType, string>,
  /** One item of a kind. */
  kind: {
    image: 'Picture',
    audio: 'Sound',
    video: 'Video',
    other: 'File',
  } satisfies Record<MediaType, string>,
  /** Spec §8: what a media item without a description (or name) is called. */
  emptyDescription: 'No description yet.',
  addedOn: (date: string) => `Added ${date}`,
  main: 'Main picture',

  // The list: /preferences/{preferenceId}/media
  listHeading: 'Pictures, sounds and videos',
  listLoading: 'Loading the pictures, sounds and videos',
  forPreference: (title: string) => `For “${title}”`,
  empty: 'There are no pictures, sounds or videos here yet.',
  emptyHelp:
    'Add photos or videos, or record a sound, so that everyone can see and hear what this is about.',
  emptyReadOnly: 'Nobody has added any yet.',
  add: 'Add media',
  record: 'Record a sound',
  all: 'See all pictures, sounds and videos',
  backToPreference: 'Back to the preference',

  // Adding: /preferences/{preferenceId}/media/create
  createHeading: 'Add pictures, sounds and videos',
  choose: 'Choose files',
  /** With the plan's limit on one file once it is known (web/hooks/use-storage.ts). */
  chooseHelp: (size: string | undefined) =>
    size === undefined
      ? 'You can choose several at once. How big each file can be comes with the plan.'
      : `You can choose several at once, each up to ${size}: that comes with the plan.`,
  drop: 'Or drop files here',
  dropNow: 'Drop the files to add them',
  files: 'Files you are adding',
  progress: (name: string) => `Uploading ${name}`,
  percent: (n: number) => `${n}%`,
  finishing: 'Finishing…',
  added: 'Added',
  cancelled: 'Cancelled',
  cancel: 'Cancel',
  cancelLabel: (name: string) => `Cancel adding ${name}`,
  allAdded: (n: number) =>
    n === 1 ? 'The file has been added.' : `All ${n} files have been added.`,
  someAdded: (added: number, total: number) => `${added} of ${total} files have been added.`,
  noneAdded: 'No file has been added.',
  view: 'View them',
  viewOne: 'View it',

  // One item: /preferences/{preferenceId}/media/{id}
  itemLoading: 'Loading the picture, sound or video',
  by: (name: string) => `Added by ${name}`,
  someone: 'Someone',
  credit: (who: string) => `Credit: ${who}`,
  pin: 'Pin as the main picture',
  unpin: 'Unpin the main picture',
  pinned: 'This is the main picture of the preference: it is shown first.',
  edit: 'Edit',
  delete: 'Delete',
  deleteLabel: (title: string) => `Delete “${title}”`,
  deleteTitle: 'Delete this?',
  deleteBody: (title: string) =>
    `“${title}” will be gone for everyone in the Circle of Support. This cannot be undone.`,
  deleteConfirm: 'Delete',
  deleting: 'Deleting',
  allOfPreference: 'All pictures, sounds and videos of this preference',
  open: 'Open the file',
  cannotPlay: 'This browser cannot play this file.',

  // The picture's zoom (spec §2, §3 Image zoom).
  expand: 'Expand image',
  minimize: 'Minimize image',
  /** The expanded picture's name: the picture's own text alternative, and that it is expanded. */
  zoomed: (alt: string) => `${alt}, expanded`,

  // Editing: /preferences/{preferenceId}/media/{id}/edit
  editHeading: 'Change the description',
  descriptionNow: 'The description now',
  newDescription: 'Description',
  descriptionHelp:
    'Say what the picture shows, or what can be heard or seen, for everyone who cannot see or hear it.',
  save: 'Save changes',
  saving: 'Saving',

  // Storage (spec §8 upgrade prompts, §9: GB to 2 decimals).
  storageUsed: (used: string, limit: string, percent: number) =>
    `${used} GB of ${limit} GB used (${percent.toFixed(2)} %).`,
} as const;
