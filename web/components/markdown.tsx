import type { ComponentProps, ReactNode } from 'react';
import ReactMarkdown, { defaultUrlTransform } from 'react-markdown';
import { ALLOWED_PROTOCOLS, type OutlineNode, outlineHeadings } from '../../sync/markdown.ts';
import { markdownMessages } from '../messages/markdown.ts';
import '../styles/markdown.css';

/**
 * Spec §5: the markdown renderer allows only link protocols http, https, irc,
 * ircs, mailto, xmpp. react-markdown's default URL transform keeps exactly
 * those (and relative URLs) and empties any other; a link left without a URL
 * is shown as plain text, never as a clickable link. Raw HTML is dropped
 * (`skipHtml`), images are shown as their description (no remote loading),
 * and headings continue the page's outline: the text's first level sits one
 * below the heading it is under, and no level is skipped (`outlineUnder`), so
 * a description never competes with the page's own headings and a screen
 * reader's list of headings has no gaps.
 *
 * Whether a link stays on our site is decided the way the browser will decide
 * it: by resolving the address against the page (`new URL(href, origin)`) and
 * comparing origins. Looking at the text instead missed `//evil.example`, which
 * has no scheme yet leaves the site; resolving also catches
 * backslashes, tabs and `https:host`, which browsers quietly normalise.
 */

/** Where a link goes, as the browser will resolve it from `origin`. */
export type LinkDestination =
  | { kind: 'here'; href: string }
  | { kind: 'website'; href: string; host: string }
  | { kind: 'email'; href: string; address: string }
  | { kind: 'program'; href: string; address: string }
  | { kind: 'none' };

const decoded = (s: string) => {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
};

export function linkDestination(href: string, origin: string): LinkDestination {
  let url: URL;
  try {
    url = new URL(href, origin);
  } catch {
    return { kind: 'none' };
  }
  // Checked again here, not only in the URL transform: what is linked is what was judged.
  if (!ALLOWED_PROTOCOLS.has(url.protocol)) return { kind: 'none' };
  const web = url.protocol === 'http:' || url.protocol === 'https:';
  // A same-site link keeps its own words: the browser resolves a relative path
  // against the page it is on, which stays on this site whatever that page is.
  if (web && url.origin === new URL(origin).origin) return { kind: 'here', href };
  if (web) return { kind: 'website', href: url.href, host: url.host };
  if (url.protocol === 'mailto:') {
    return { kind: 'email', href: url.href, address: decoded(url.pathname) };
  }
  return { kind: 'program', href: url.href, address: decoded(url.host || url.pathname) };
}

/** Outside a browser (unit tests) no real site matches, so every absolute link counts as external. */
const NO_PAGE_ORIGIN = 'https://preference-bank.invalid';
const pageOrigin = () => (typeof location === 'undefined' ? NO_PAGE_ORIGIN : location.origin);

/** The visible "leaves this site" arrow; its words are in the hidden text beside it. */
function ExternalIcon() {
  return (
    <svg
      className="markdown-external-icon"
      aria-hidden="true"
      focusable="false"
      viewBox="0 0 16 16"
      width="16"
      height="16"
    >
      <path
        d="M9 2h5v5M14 2 7.5 8.5M12 9.5V13a1 1 0 0 1-1 1H3a1 1 0 0 1-1-1V5a1 1 0 0 1 1-1h3.5"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.75"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

function externalTexts(to: Exclude<LinkDestination, { kind: 'here' } | { kind: 'none' }>) {
  const m = markdownMessages;
  switch (to.kind) {
    case 'website':
      return { said: m.opensWebsite, title: m.websiteTitle(to.host) };
    case 'email':
      return { said: m.opensEmail, title: m.emailTitle(to.address) };
    case 'program':
      return { said: m.opensProgram, title: m.programTitle(to.address) };
  }
}

function SafeLink({ href, children }: { href?: string | undefined; children?: ReactNode }) {
  const to = href ? linkDestination(href, pageOrigin()) : ({ kind: 'none' } as const);
  if (to.kind === 'none') return <span>{children}</span>;
  if (to.kind === 'here') return <a href={to.href}>{children}</a>;
  const { said, title } = externalTexts(to);
  return (
    <a
      className="markdown-external"
      href={to.href}
      target="_blank"
      rel="noopener noreferrer"
      title={title}
    >
      {children}
      <ExternalIcon />
      <span className="visually-hidden"> {said}</span>
    </a>
  );
}

/** A remark plugin: the text's headings continue the page's outline under `level` (sync/markdown.ts). */
export function outlineUnder(level: number) {
  return () => (tree: OutlineNode) => outlineHeadings(tree, level);
}

const components = {
  a: ({ href, children }: ComponentProps<'a'>) => <SafeLink href={href}>{children}</SafeLink>,
  img: ({ alt }: ComponentProps<'img'>) => (alt ? <span>{alt}</span> : null),
};

/** Stays as the library's default, named here so the decision is visible (docs/decisions/009). */
export const markdownUrlTransform = defaultUrlTransform;

/** The plugin for each level a text may sit under, made once rather than on every render. */
const outlines = [1, 2, 3, 4, 5].map((level) => [outlineUnder(level)]);

export function Markdown({
  text,
  className,
  under = 2,
}: {
  text: string;
  className?: string | undefined;
  /** The level of the page's heading this text sits under (1 to 5): its own headings go one below. */
  under?: number | undefined;
}) {
  const plugins = outlines[Math.min(5, Math.max(1, under)) - 1];
  return (
    <div className={className ? `markdown ${className}` : 'markdown'}>
      <ReactMarkdown
        skipHtml
        urlTransform={markdownUrlTransform}
        components={components}
        remarkPlugins={plugins}
      >
        {text}
      </ReactMarkdown>
    </div>
  );
}
