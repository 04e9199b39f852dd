/**
 * Interface text of "My data" (/settings/data) and of deleting an account
 * (/settings/delete): imported where used (web/messages.ts).
 * Plain words: what is kept, what goes, and when.
 */
export const myDataText = {
  title: 'My data',
  intro:
    'All that Preference Bank keeps about you is yours. You can take a copy of it, or delete your account.',
  notYours: 'You can only see your own data here.',
  // The copy.
  copyHeading: 'Download a copy of all your data',
  copyIntro:
    'One file (a zip) with all that you keep here. It has your preferences, your categories and your notes. It has your pictures, sounds and videos. It has your Circle of Support, your history and your check-in answers. It has a page you can open in any web browser. It also has the data in a form that another service can take.',
  make: 'Make a copy of my data',
  makeAgain: 'Make a new copy',
  making: 'Making your copy…',
  progress: 'Making your copy',
  progressSaid: (percent: number) => `Making your copy: ${percent}% done.`,
  ready: 'Your copy is ready.',
  download: (size: string) => `Download my data (${size})`,
  keptUntil: (when: string) => `You can download it until ${when}. Then it is removed.`,
  failed: 'Sorry, your copy could not be made. Please try again.',
  loading: 'Loading…',
  loadFailed: 'Sorry, this could not be loaded. Please check your connection and reload the page.',
  // Deleting the account.
  deleteHeading: 'Delete my account',
  deleteIntro: (days: number) =>
    `If you delete your account, we remove your library, and your pictures and sounds. We also remove your Circle of Support and your history. You have ${days} days to change your mind.`,
  deleteStart: 'Delete my account…',
  scheduled: (when: string) => `Your account will be deleted on ${when}.`,
  keep: 'Keep my account',
  keeping: 'Keeping your account…',
  kept: 'Your account will not be deleted.',
  // The deletion page.
  deleteTitle: 'Delete my account',
  summaryHeading: 'What will be deleted',
  // One form for every count: none is "no …" (as for the pictures), never "0 …".
  counts: {
    preferences: (n: number) =>
      n === 0 ? 'no preferences' : n === 1 ? '1 preference' : `${n} preferences`,
    categories: (n: number) =>
      n === 0 ? 'no categories' : n === 1 ? '1 category' : `${n} categories`,
    notes: (n: number) => (n === 0 ? 'no notes' : n === 1 ? '1 note' : `${n} notes`),
    // None has no size: "0 … (1 KB)" would tell of something that is not there.
    media: (n: number, size: string) =>
      n === 0
        ? 'no pictures, sounds or files'
        : n === 1
          ? `1 picture, sound or file (${size})`
          : `${n} pictures, sounds and files (${size})`,
    profiles: (n: number) =>
      n === 0 ? 'no one-page profiles' : n === 1 ? '1 one-page profile' : `${n} one-page profiles`,
    history: (n: number) =>
      n === 0
        ? 'your history (no entries)'
        : n === 1
          ? 'your history (1 entry)'
          : `your history (${n} entries)`,
  },
  circleHeading: 'Your Circle of Support',
  supporters: (n: number) =>
    n === 0
      ? 'No one supports you in Preference Bank.'
      : n === 1
        ? '1 person who supports you will no longer see your library. They will be told.'
        : `${n} people who support you will no longer see your library. They will be told.`,
  supporting: (n: number) =>
    n === 0
      ? 'You do not support anyone.'
      : n === 1
        ? 'You will stop supporting 1 person. They keep their own library, and will be told.'
        : `You will stop supporting ${n} people. They keep their own libraries, and will be told.`,
  administeredHeading: 'People you look after',
  administeredIntro:
    'You are an Administrator for these people. First, please decide what happens to each person that nobody else looks after.',
  keepsOwn: (name: string) => `${name} signs in themselves and keeps their library.`,
  keptByOthers: (name: string) =>
    `${name} keeps their library, as they have one more Administrator.`,
  decide: (name: string) => `What should we do with ${name}’s library?`,
  alsoDelete: (name: string) => `Delete ${name}’s library too`,
  addAdministrator: (name: string) =>
    `Keep it: I will first ask someone else to be ${name}’s Administrator`,
  addAdministratorLink: (name: string) => `Go to ${name}’s Circle of Support`,
  addAdministratorHelp:
    'Invite someone as their Administrator, then come back here to delete your account.',
  undecided: 'Please choose what happens to each person above first.',
  copyFirst: 'Before you go, you may want to download a copy of your data.',
  copyFirstLink: 'Download a copy of my data',
  graceHeading: 'Changing your mind',
  grace: (days: number, when: string) =>
    `Your account will be deleted in ${days} days, on ${when}. Until then, you can sign in and choose “Keep my account”.`,
  confirmStart: 'Delete my account',
  confirmTitle: 'Delete your account?',
  confirmBody: (when: string) =>
    `Your account and everything above will be deleted on ${when}. You can keep it until then.`,
  confirm: 'Yes, delete my account',
  confirming: 'Asking for your account to be deleted…',
  cancel: 'Back to My data',
} as const;
