import type { ComponentProps, ReactNode } from 'react';
import ReactMarkdown, { defaultUrlTransform } from 'react-markdown';

/**
 * Spec §5: the markdown renderer allows only link protocols http, https, irc,
 * ircs, mailto, xmpp. react-markdown's default URL transform keeps exactly
 * those (and relative URLs) and empties any other; a link left without a URL
 * is shown as plain text, never as a clickable link. Raw HTML is dropped
 * (`skipHtml`), images are shown as their description (no remote loading),
 * and headings start at level 3 so a description never competes with the
 * page's own headings.
 */
const ABSOLUTE = /^[a-z][a-z0-9+.-]*:/i;

function SafeLink({ href, children }: { href?: string | undefined; children?: ReactNode }) {
  if (!href) return <span>{children}</span>;
  if (ABSOLUTE.test(href)) {
    return (
      <a href={href} target="_blank" rel="noopener noreferrer">
        {children}
        <span className="visually-hidden"> (opens in a new tab)</span>
      </a>
    );
  }
  return <a href={href}>{children}</a>;
}

type HeadingProps = ComponentProps<'h3'> & { node?: unknown };
const heading =
  (Tag: 'h3' | 'h4' | 'h5' | 'h6') =>
  ({ node: _node, ...props }: HeadingProps) => <Tag {...props} />;

const components = {
  a: ({ href, children }: ComponentProps<'a'>) => <SafeLink href={href}>{children}</SafeLink>,
  img: ({ alt }: ComponentProps<'img'>) => (alt ? <span>{alt}</span> : null),
  h1: heading('h3'),
  h2: heading('h4'),
  h3: heading('h5'),
  h4: heading('h6'),
  h5: heading('h6'),
  h6: heading('h6'),
};

/** Stays as the library's default, named here so the decision is visible (docs/decisions/009). */
export const markdownUrlTransform = defaultUrlTransform;

export function Markdown({ text, className }: { text: string; className?: string | undefined }) {
  return (
    <div className={className ? `markdown ${className}` : 'markdown'}>
      <ReactMarkdown skipHtml urlTransform={markdownUrlTransform} components={components}>
        {text}
      </ReactMarkdown>
    </div>
  );
}
