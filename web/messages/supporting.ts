/** Interface text of the people one supports: imported where used (web/messages.ts). */
export const supportingMessages = {
  title: 'People I support',
  loading: 'Loading the people you support',
  empty:
    'You do not support anyone yet. A Decision Maker can invite you to their Circle of Support.',
  level: { General: 'General', Restricted: 'Restricted', Administrator: 'Administrator' },
} as const;
