/** Interface text of support sessions: imported where used (web/messages.ts). */
export const supportPageMessages = {
  /** Above the usual screens, for a supporter of someone who reads in easy read. */
  usesEasyRead: (name: string) => `${name || 'This person'} uses easy read.`,
  starting: (name: string) => `We are starting your support session with ${name}`,
  startingSomeone: 'Starting your support session',
  banner: (name: string) => `You are supporting ${name}`,
  finish: 'Finish session',
  finishing: 'Finishing your support session',
  ended: 'Your support session has ended.',
  stillThere: 'Are you still there?',
  endingSoon: (name: string, minutes: number) =>
    `Nothing has happened for a while, so your support session with ${name} will end in ${minutes === 1 ? '1 minute' : `${minutes} minutes`}. Do you want to keep going?`,
  keepGoing: 'Keep going',
  backToSupporting: 'Back to the people I support',
  /** In one's own area while a session goes on in this tab. */
  stillOpen: (name: string) => `Your support session with ${name || 'someone'} is still open.`,
  backTo: (name: string) => (name ? `Back to ${name}` : 'Back to the session'),
} as const;
