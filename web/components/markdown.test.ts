import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Markdown } from './markdown.tsx';

const render = (md: string) => renderToStaticMarkup(createElement(Markdown, { text: md }));

/** Every href in the output. */
const hrefs = (html: string) => [...html.matchAll(/href="([^"]*)"/g)].map((m) => m[1]);

describe('Markdown (spec §5: link protocols http, https, irc, ircs, mailto, xmpp only)', () => {
  it.each([
    'https://example.com/a',
    'http://example.com/b',
    'mailto:aroha@example.com',
    'irc://irc.example.com/chan',
    'ircs://irc.example.com/chan',
    'xmpp:aroha@example.com',
  ])('keeps %s as a link that opens safely', (url) => {
    const html = render(`[go](${url})`);
    expect(hrefs(html)).toEqual([url]);
    expect(html).toContain('rel="noopener noreferrer"');
    expect(html).toContain('>go<');
  });

  it.each([
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
    'vbscript:msgbox(1)',
    'file:///etc/passwd',
  ])('never makes %s clickable', (url) => {
    const html = render(`[go](${url}) and <${url}>`);
    expect(hrefs(html)).toEqual([]);
    expect(html).not.toContain('<a');
    // The autolink's text may show, as plain text only.
    expect(html).toContain('<span>go</span>');
  });

  it('drops raw HTML', () => {
    const html = render('<a href="javascript:alert(1)">x</a><script>alert(1)</script> text');
    expect(html).not.toContain('<script');
    expect(html).not.toContain('<a');
    expect(html).toContain('text');
  });

  it('renders emphasis, and headings below the page title', () => {
    const html = render('# Big\n\nsome **strong** words');
    expect(html).toContain('<strong>strong</strong>');
    expect(html).toContain('<h3>Big</h3>');
    expect(html).not.toContain('<h1');
  });

  it('shows an image as its description only', () => {
    const html = render('![a cup of tea](https://example.com/tea.png)');
    expect(html).not.toContain('<img');
    expect(html).toContain('a cup of tea');
  });
});
