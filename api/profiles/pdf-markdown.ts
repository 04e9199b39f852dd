/**
 * A description's Markdown as the PDF sets it: blocks (paragraphs, headings,
 * list items with their bullet or number) of styled runs (bold, italic). It is
 * read by the same CommonMark parser react-markdown uses on screen
 * (web/components/markdown.tsx), so what is bold on the screen is bold on paper
 * and no marker is left as a character. As on screen, raw HTML is dropped and a
 * picture is its description. Paper cannot be clicked, so a link is its words,
 * followed by its address when that is a web or e-mail address the words do
 * not already show.
 */
import type { Nodes, PhrasingContent } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';

export type Run = { text: string; bold: boolean; italic: boolean };

export type Block = {
  /** How far in: 0 at the left, one more inside each list or quotation. */
  depth: number;
  /** "•" or "3." before a list item's first line. */
  marker?: string;
  runs: Run[];
};

type Style = { bold: boolean; italic: boolean };
const PLAIN: Style = { bold: false, italic: false };

/** The address a reader can type, for links worth printing. */
function printedAddress(url: string): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return undefined;
  }
  if (parsed.protocol === 'mailto:') return decodeURIComponent(parsed.pathname);
  if (parsed.protocol === 'http:' || parsed.protocol === 'https:') return url;
  return undefined;
}

function inline(nodes: readonly PhrasingContent[], style: Style, out: Run[]): void {
  for (const node of nodes) {
    switch (node.type) {
      case 'text':
        // A line break inside a paragraph is a space, as in the browser.
        out.push({ text: node.value.replace(/\s*\n\s*/g, ' '), ...style });
        break;
      case 'inlineCode':
        out.push({ text: node.value, ...style });
        break;
      case 'break':
        out.push({ text: '\n', ...style });
        break;
      case 'strong':
        inline(node.children, { ...style, bold: true }, out);
        break;
      case 'emphasis':
        inline(node.children, { ...style, italic: true }, out);
        break;
      case 'link': {
        const words: Run[] = [];
        inline(node.children, style, words);
        out.push(...words);
        const address = printedAddress(node.url);
        const said = words.map((w) => w.text).join('');
        if (address && said.trim() !== address && said.trim() !== node.url) {
          out.push({ text: ` (${address})`, ...style });
        }
        break;
      }
      case 'linkReference':
        inline(node.children, style, out);
        break;
      case 'image':
      case 'imageReference':
        if (node.alt) out.push({ text: node.alt, ...style });
        break;
      default:
        // Raw HTML, footnote references and the like: nothing on paper, as on screen.
        break;
    }
  }
}

/** Adjacent runs of one style as one, empty ones gone. */
function merged(runs: readonly Run[]): Run[] {
  const out: Run[] = [];
  for (const run of runs) {
    if (run.text === '') continue;
    const last = out.at(-1);
    if (last && last.bold === run.bold && last.italic === run.italic) last.text += run.text;
    else out.push({ ...run });
  }
  // Leading and trailing spaces of a block set nothing.
  const first = out[0];
  if (first) first.text = first.text.trimStart();
  const last = out.at(-1);
  if (last) last.text = last.text.trimEnd();
  return out.filter((r) => r.text !== '');
}

function blocks(node: Nodes, depth: number, out: Block[], marker?: string): void {
  const push = (runs: Run[]) => {
    const made = merged(runs);
    if (made.length === 0 && !marker) return;
    out.push(marker ? { depth, marker, runs: made } : { depth, runs: made });
    marker = undefined;
  };
  switch (node.type) {
    case 'root':
    case 'blockquote': {
      const inner = node.type === 'blockquote' ? depth + 1 : depth;
      for (const child of node.children) {
        blocks(child, inner, out, marker);
        marker = undefined;
      }
      break;
    }
    case 'paragraph': {
      const runs: Run[] = [];
      inline(node.children, PLAIN, runs);
      push(runs);
      break;
    }
    case 'heading': {
      const runs: Run[] = [];
      inline(node.children, { bold: true, italic: false }, runs);
      push(runs);
      break;
    }
    case 'code':
      push([{ text: node.value, ...PLAIN }]);
      break;
    case 'list': {
      const first = node.start ?? 1;
      node.children.forEach((item, i) => {
        const itemMarker = node.ordered ? `${first + i}.` : '•';
        if (item.children.length === 0) {
          out.push({ depth: depth + 1, marker: itemMarker, runs: [] });
          return;
        }
        let m: string | undefined = itemMarker;
        for (const child of item.children) {
          blocks(child, depth + 1, out, m);
          m = undefined;
        }
      });
      break;
    }
    default:
      // Thematic breaks, raw HTML, definitions: nothing on paper.
      break;
  }
}

/** The blocks of a description as the PDF sets them. */
export function markdownBlocks(markdown: string): Block[] {
  const out: Block[] = [];
  blocks(fromMarkdown(markdown), 0, out);
  return out;
}

/** The words of a description without any markup: what the PDF says, as one string. */
export function markdownText(markdown: string): string {
  return markdownBlocks(markdown)
    .map((b) => `${b.marker ? `${b.marker} ` : ''}${b.runs.map((r) => r.text).join('')}`)
    .join('\n');
}
