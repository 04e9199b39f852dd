/** The status line and the choices of edits that crossed (web/offline/). */
export const offlineMessages = {
  statusLabel: 'Saving status',
  offline: 'Offline',
  connecting: 'Connecting…',
  /** Connected before, and not now, though the device is online: the service is coming back. */
  reconnecting: 'Waiting for the connection',
  reconnectingWaiting: (n: number) =>
    n === 1
      ? 'Waiting for the connection. 1 change waiting'
      : `Waiting for the connection. ${n} changes waiting`,
  announceReconnecting: 'Waiting for the connection. Your changes are kept on this device.',
  saving: 'Saving…',
  allSaved: 'All changes saved',
  waiting: (n: number) => (n === 1 ? '1 change waiting' : `${n} changes waiting`),
  offlineWaiting: (n: number) =>
    n === 1 ? 'Offline. 1 change waiting' : `Offline. ${n} changes waiting`,
  announceOffline: 'You are offline. Your changes are kept on this device.',
  announceBack: 'Back online.',
  savedHere: 'Saved on this device. It will be sent when you are back online.',
  /** The browser refused to keep this site's storage for good, and changes wait in it. */
  mayBeCleared:
    'This browser may delete changes kept on this device if this site is not opened for a few days. Connect to the internet soon so that they are sent.',
  problems: (n: number) =>
    n === 1 ? '1 change needs your decision' : `${n} changes need your decision`,
  review: 'Review',
  problemsTitle: 'Changes that need your decision',
  crossedTitle: 'Someone else changed this while you were editing',
  crossedIntro: 'Choose which to keep.',
  yours: 'Yours',
  theirs: 'Saved now',
  keepMine: 'Keep mine',
  keepTheirs: 'Keep the saved one',
  dismiss: 'OK',
  empty: '(empty)',
  aPhoto: 'A photo',
  aCategory: 'A category you cannot see',
  close: 'Close',
  signOutWaitingTitle: 'Some changes have not been sent yet',
  signOutWaitingBody: (n: number) =>
    `${n === 1 ? '1 change is' : `${n} changes are`} still waiting to be sent. If you sign out now, ${n === 1 ? 'it' : 'they'} will be lost. Connect to the internet and wait for "All changes saved" first.`,
  signOutAnyway: 'Sign out and lose them',
  stay: 'Stay signed in',
  fieldNames: {
    title: 'Title',
    feeling: 'Feeling',
    feelingOther: 'Feeling',
    access: 'Who can see it',
    reviewSchedule: 'Review schedule',
    categoryIds: 'Categories',
    parentId: 'Inside category',
    hidden: 'Hidden',
    photoId: 'Photo',
  } as Record<string, string>,
} as const;
