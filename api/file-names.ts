/** "about-me-for-my-hospital-stay": a download's file name from words (accents dropped, lower case, hyphens). */
export function slugOf(words: string): string {
  return words
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}
