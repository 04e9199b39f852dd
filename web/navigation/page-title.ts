/**
 * Every page's title (WCAG 2.4.2 Page Titled): "<page> – Preference Bank".
 * A route declares its own with `head: pageHead(messages.titles.x)`; the root
 * renders TanStack Router's <HeadContent />, the deepest route's title wins,
 * and React puts the <title> in the document's head. A route without one
 * keeps its parent's.
 */
import { messages } from '../messages.ts';

/** The document title of a page: the page's name, then the product's. */
export function pageTitle(page?: string): string {
  return page ? `${page} – ${messages.appName}` : messages.appName;
}

/** A route's `head`: its page title. */
export function pageHead(page?: string) {
  return () => ({ meta: [{ title: pageTitle(page) }] });
}
