/** Interface text of the one-page profiles: imported where used (web/messages.ts). */
import { profilePurposeLabels } from '../../sync/labels.ts';

export const profilePageMessages = {
  listTitle: 'One-page profiles',
  intro:
    'A one-page profile puts the preferences that matter most on one page that is easy to read. It is for a hospital stay, respite care or a new support worker. It always shows the library as it is now. You can print it, or share it by a link that ends when you say.',
  none: 'There are no one-page profiles yet.',
  loading: 'Loading the one-page profiles',
  items: (n: number) => (n === 1 ? '1 preference' : `${n} preferences`),
  makeTitle: 'Make a one-page profile',
  purpose: 'What is it for?',
  purposes: profilePurposeLabels,
  make: 'Make the page',
  making: 'Making the page',
  notFound: 'We could not find that one-page profile.',
  notManager:
    'Only the person, or their Administrator in a support session, can make one-page profiles.',
  editTitle: 'Page title',
  choose: 'Preferences on this page',
  chooseHelp: 'Tick what matters for this page, and choose where each one goes.',
  partOf: (title: string) => `Where “${title}” goes`,
  restrictedTag: 'Restricted',
  includeRestricted: 'Show the restricted ones I ticked',
  includeRestrictedHelp:
    'Restricted preferences are private. If you show them, anyone with a link to this page can read them.',
  restrictedWarning:
    'This page shows private (restricted) things to anyone who has its link or a copy on paper.',
  restrictedLeftOut: (n: number) =>
    n === 1
      ? '1 restricted preference you ticked is not shown.'
      : `${n} restricted preferences that you ticked are not shown.`,
  save: 'Save the page',
  saving: 'Saving',
  saved: 'Saved',
  preview: 'The page as it looks now',
  print: 'Print',
  downloadPdf: 'Download as PDF',
  easyReadPdf: 'Easy read PDF',
  largePrintPdf: 'Large print PDF',
  sections: {
    Love: 'What I love',
    Dislike: 'What I dislike',
    Support: 'How to support me',
  },
  emptySection: 'Nothing here yet.',
  pageOf: (name: string) => `${name}’s one-page profile`,
  photoOf: (name: string) => `Photo of ${name}`,
  shareTitle: 'Share this page',
  shareHelp:
    'Anyone with the link can read this page, without signing in, until the link ends or you stop sharing it.',
  days: 'The link works for',
  dayOptions: { 1: '1 day', 7: '1 week', 30: '30 days', 90: '90 days' } as Record<number, string>,
  createLink: 'Create a link',
  creatingLink: 'Creating the link',
  linkLabel: 'Link to this page',
  linkOnce: 'Copy it now: for safety, the full link is shown only once.',
  copy: 'Copy the link',
  copied: 'Link copied',
  copyFailed: 'Could not copy: the link is selected, copy it yourself.',
  qrAlt: 'QR code of the link to this page',
  links: 'Links to this page',
  noLinks: 'This page is not shared by any link.',
  linkActive: (made: string, until: string) => `Made ${made}, works until ${until}`,
  linkRevoked: (made: string) => `Made ${made}, no longer shared`,
  linkExpired: (made: string) => `Made ${made}, ended`,
  stopSharing: 'Stop sharing',
  stopSharingNamed: (made: string) => `Stop sharing the link made ${made}`,
  stopSharingTitle: 'Stop sharing this link?',
  stopSharingBody:
    'Whoever has the link, or has the page open, can no longer read it. This cannot be undone; you can make a new link at any time.',
  stoppingSharing: 'Stopping',
  stoppedSharing: (made: string) => `The link made ${made} is no longer shared.`,
  deletePage: 'Delete this page',
  deleteTitle: 'Delete this one-page profile?',
  deleteBody:
    'The page and every link to it stop working now. All your preferences stay in your library.',
  delete: 'Delete',
  deleting: 'Deleting',
  noLongerShared: 'This page is no longer shared',
  noLongerSharedHelp:
    'The person who shared it has stopped sharing it, or the link has expired. Ask them, or whoever sent you the link, for a new one.',
  loadingShared: 'Loading the page',
  homeTitle: 'One-page profile',
  homeText: 'One easy-read page for a hospital stay, respite care or a new support worker.',
  homeLink: 'One-page profiles',
} as const;
