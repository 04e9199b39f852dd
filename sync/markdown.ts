/**
 * What every rendering of a text's Markdown keeps (spec §5), on screen
 * (web/components/markdown.tsx) and in the copy of one's data
 * (api/my-data/markdown-html.ts): which link protocols stay links, and the
 * outline its headings take under the page's own.
 */

/** The link protocols spec §5 allows; any other link is its words alone. */
export const ALLOWED_PROTOCOLS: ReadonlySet<string> = new Set([
  'http:',
  'https:',
  'irc:',
  'ircs:',
  'mailto:',
  'xmpp:',
]);

/** The little of a Markdown (mdast) tree that the outline needs. */
export type OutlineNode = { type: string; depth?: number; children?: OutlineNode[] };

/**
 * Numbers a text's headings on from `level` (the heading the text sits
 * under), in place, in the order they come: a level one deeper than the last
 * at most, whatever the writer typed (`# A` then `### B` is A then a heading
 * one below it). Past h6 a heading stays h6 (no level is skipped by staying).
 */
export function outlineHeadings(tree: OutlineNode, level: number): void {
  // The typed depths of the headings still open above the one being read.
  const open: number[] = [];
  const walk = (node: OutlineNode) => {
    if (node.type === 'heading' && node.depth !== undefined) {
      while (open.length && (open.at(-1) ?? 0) >= node.depth) open.pop();
      open.push(node.depth);
      node.depth = Math.min(6, level + open.length);
    }
    for (const child of node.children ?? []) walk(child);
  };
  walk(tree);
}
