/** Interface text of reading a page aloud: imported where used (web/messages.ts). */
export const readAloudMessages = {
  read: 'Read aloud',
  readNamed: (what: string) => `Read aloud: ${what}`,
  stop: 'Stop reading',
} as const;
