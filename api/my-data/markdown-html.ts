/**
 * A description's or a note's Markdown as HTML for the copy's `index.html`:
 * read by the same CommonMark parser react-markdown uses on screen
 * (web/components/markdown.tsx), and written with the same rules, so the page
 * shows what the app shows and never a marker as a character. Everything typed
 * is escaped: raw HTML is dropped (as `skipHtml` does on screen), a picture is
 * its description (the file has no network to load it from), and only links
 * of the protocols spec §5 allows are links; any other is its words alone.
 * Headings continue the page's outline as on screen (sync/markdown.ts): the
 * text's first level sits one below the heading it is under, none is skipped,
 * and none goes past h6.
 */
import type { Definition, Nodes, Parents } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { ALLOWED_PROTOCOLS, type OutlineNode, outlineHeadings } from '../../sync/markdown.ts';
import { escapeHtml } from '../mail/mailer.ts';

/**
 * The address a link may have in a file opened from the disk: absolute, of an
 * allowed protocol. A relative address would point into the copy's folder,
 * not to the app, so it is no link either.
 */
function safeHref(url: string): string | undefined {
  try {
    const parsed = new URL(url);
    return ALLOWED_PROTOCOLS.has(parsed.protocol) ? parsed.href : undefined;
  } catch {
    return undefined;
  }
}

type Context = { definitions: Map<string, Definition> };

function children(node: Parents, ctx: Context): string {
  return node.children.map((child) => write(child, ctx)).join('');
}

function link(href: string | undefined, inner: string): string {
  return href ? `<a href="${escapeHtml(href)}" rel="noopener noreferrer">${inner}</a>` : inner;
}

function write(node: Nodes, ctx: Context): string {
  switch (node.type) {
    case 'root':
      return children(node, ctx);
    case 'paragraph':
      return `<p>${children(node, ctx)}</p>`;
    case 'heading':
      // Its level is the outline's (outlineHeadings, before writing).
      return `<h${node.depth}>${children(node, ctx)}</h${node.depth}>`;
    case 'blockquote':
      return `<blockquote>${children(node, ctx)}</blockquote>`;
    case 'list': {
      const start = node.ordered && node.start != null && node.start !== 1;
      const tag = node.ordered ? 'ol' : 'ul';
      return `<${tag}${start ? ` start="${node.start}"` : ''}>${children(node, ctx)}</${tag}>`;
    }
    case 'listItem':
      // A tight list's items are their words, without a paragraph each (as on screen).
      return `<li>${node.children
        .map((c) => (c.type === 'paragraph' && !node.spread ? children(c, ctx) : write(c, ctx)))
        .join('')}</li>`;
    case 'thematicBreak':
      return '<hr>';
    case 'code':
      return `<pre><code>${escapeHtml(node.value)}</code></pre>`;
    case 'inlineCode':
      return `<code>${escapeHtml(node.value)}</code>`;
    case 'text':
      return escapeHtml(node.value);
    case 'strong':
      return `<strong>${children(node, ctx)}</strong>`;
    case 'emphasis':
      return `<em>${children(node, ctx)}</em>`;
    case 'break':
      return '<br>';
    case 'link':
      return link(safeHref(node.url), children(node, ctx));
    case 'linkReference': {
      const to = ctx.definitions.get(node.identifier);
      return link(to && safeHref(to.url), children(node, ctx));
    }
    case 'image':
      return node.alt ? escapeHtml(node.alt) : '';
    case 'imageReference':
      return node.alt ? escapeHtml(node.alt) : '';
    default:
      // Raw HTML, definitions and the like: nothing, as on screen.
      return '';
  }
}

/** Every link definition of the tree (`[name]: https://…`), by its identifier. */
function definitionsOf(node: Nodes, into: Map<string, Definition>): Map<string, Definition> {
  if (node.type === 'definition' && !into.has(node.identifier)) into.set(node.identifier, node);
  if ('children' in node) for (const child of node.children) definitionsOf(child, into);
  return into;
}

/**
 * `markdown` as safe HTML, its headings one below `under` (the level of the
 * page's heading it sits under).
 */
export function markdownHtml(markdown: string, under: number): string {
  const tree = fromMarkdown(markdown);
  outlineHeadings(tree as OutlineNode, under);
  return write(tree, { definitions: definitionsOf(tree, new Map()) });
}
