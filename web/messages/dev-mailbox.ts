/** Interface text of the development mailbox: imported where used (web/messages.ts). */
export const devMailboxMessages = {
  title: 'Development mailbox',
  intro: 'Mail the app would have sent. Only in development, when no SMTP server is set.',
  filter: 'Show mail to',
  empty: 'No mail yet.',
  unavailable: 'There is no development mailbox here.',
  sentAt: 'Sent',
} as const;
