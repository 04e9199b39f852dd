/**
 * Interface text of links in descriptions and notes (web/components/markdown.tsx):
 * imported where used (web/messages.ts). A link that leaves Preference Bank
 * says so, in words for screen readers and in a tooltip naming where it goes.
 */
export const markdownMessages = {
  /** Read by screen readers after the link's own words. */
  opensWebsite: '(opens another website in a new tab)',
  opensEmail: '(opens your e-mail program)',
  opensProgram: '(opens another program)',
  /** The tooltip: the real place the link goes, whatever its words say. */
  websiteTitle: (host: string) => `Goes to ${host}, in a new tab`,
  emailTitle: (address: string) => `Writes an e-mail to ${address}`,
  programTitle: (address: string) => `Opens ${address} in some other app`,
} as const;
