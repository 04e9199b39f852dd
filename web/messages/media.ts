/** Interface text of pictures and photos: part of the one catalogue, web/messages.ts. */

export const mediaMessages = {
  remove: 'Remove the picture',
  uploading: 'Uploading the picture…',
  uploaded: 'The picture is ready. It is kept when you save.',
  removed: 'The picture will be removed when you save.',
  loading: 'Loading',
  failed: 'Sorry, something went wrong.',
  preview: 'The chosen picture',
} as const;
