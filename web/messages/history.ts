/**
 * Interface text of the history feed (/settings/history): imported where
 * used (web/messages.ts). The sentences themselves come from the server
 * (sync/history.ts historySentence).
 */
import { messages } from '../messages.ts';

export const historyFeedMessages = {
  title: messages.titles.appHistory,
  titleOf: (name: string) => `${name}’s app history`,
  intro:
    'Everything that changed in this library, and who did it. It also shows who signed in, who started a support session and who looked at private things. Newest first.',
  show: 'Show',
  groups: {
    all: 'Everything',
    changes: 'Changes',
    access: 'Sign-ins and visits',
  },
  loading: 'Loading history…',
  loadingMore: 'Loading more…',
  empty: 'Nothing here yet.',
  more: 'More',
  end: 'That is everything.',
  loaded: (n: number) => (n === 1 ? '1 more event shown.' : `${n} more events shown.`),
  kinds: {
    Create: 'Added',
    Modify: 'Changed',
    Delete: 'Deleted',
    Access: 'Looked at',
    SignIn: 'Signed in',
    SignOut: 'Signed out',
    SessionStart: 'Support session',
    SessionFinish: 'Support session',
  },
} as const;
