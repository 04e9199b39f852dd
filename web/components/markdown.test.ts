import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { linkDestination, Markdown } from './markdown.tsx';

const render = (md: string) => renderToStaticMarkup(createElement(Markdown, { text: md }));

/** Every href in the output. */
const hrefs = (html: string) => [...html.matchAll(/href="([^"]*)"/g)].map((m) => m[1]);

/** The page the links are judged from, as in a browser on the app. */
const ORIGIN = 'http://localhost:3000';
beforeEach(() => {
  vi.stubGlobal('location', new URL(`${ORIGIN}/people/p1/preferences/x1`));
});
afterEach(() => {
  vi.unstubAllGlobals();
});

/** Each link of the output: its opening tag's attributes and everything inside it. */
function links(html: string) {
  return [...html.matchAll(/<a ([^>]*)>(.*?)<\/a>/g)].map(([, attrs = '', inner = '']) => {
    const attr = (name: string) => new RegExp(`(?:^| )${name}="([^"]*)"`).exec(attrs)?.[1];
    return {
      href: attr('href') ?? '',
      target: attr('target'),
      rel: attr('rel'),
      title: attr('title'),
      inner,
    };
  });
}

/** The link opens in a new tab, cut off from us, and shows and says that it leaves. */
function expectMarkedExternal(link: ReturnType<typeof links>[number], host: string) {
  expect(link.target).toBe('_blank');
  expect(link.rel).toBe('noopener noreferrer');
  expect(link.title).toBe(`Goes to ${host}, in a new tab`);
  expect(link.inner).toMatch(/<svg class="markdown-external-icon" aria-hidden="true"/);
  expect(link.inner).toContain(
    '<span class="visually-hidden"> (opens another website in a new tab)</span>',
  );
  // The address given to the browser is the one that was judged.
  expect(new URL(link.href).host).toBe(host);
}

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
    expect(html).toContain('target="_blank"');
    expect(html).toContain('rel="noopener noreferrer"');
    expect(html).toContain('>go<');
    expect(html).toContain('<svg class="markdown-external-icon" aria-hidden="true"');
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
});

describe('Headings in a text continue the page’s outline (no level skipped)', () => {
  const levels = (md: string, under?: number) =>
    [
      ...renderToStaticMarkup(createElement(Markdown, { text: md, under })).matchAll(/<h(\d)>/g),
    ].map((h) => Number(h[1]));

  it('starts one below the heading the text sits under', () => {
    expect(levels('# A', 1)).toEqual([2]);
    expect(levels('## A', 1)).toEqual([2]);
    expect(levels('### A', 2)).toEqual([3]);
    expect(levels('# A')).toEqual([3]);
  });

  it('goes down one level at most, and back up to where the writer went', () => {
    expect(levels('# A\n\n### B\n\n#### C\n\n## D\n\n# E', 1)).toEqual([2, 3, 4, 3, 2]);
    expect(levels('### A\n\n# B', 1)).toEqual([2, 2]);
  });

  it('stays at h6 past the deepest level', () => {
    expect(levels('# A\n\n## B\n\n### C\n\n#### D', 3)).toEqual([4, 5, 6, 6]);
  });

  it('finds headings inside quotes and lists too', () => {
    expect(levels('> ### Quoted\n\n- #### Listed', 1)).toEqual([2, 3]);
  });

  it('shows an image as its description only', () => {
    const html = render('![a cup of tea](https://example.com/tea.png)');
    expect(html).not.toContain('<img');
    expect(html).toContain('a cup of tea');
  });
});

describe('Links that leave the site are marked, and open apart from it', () => {
  // Markdown that reaches another host although it has no `http:` in front.
  it.each([
    ['protocol-relative', '[x](//evil.example/a)'],
    ['protocol-relative, escaped slash', '[x](/\\/evil.example/a)'],
    ['protocol-relative, character references', '[x](&#x2F;&#x2F;evil.example/a)'],
    ['protocol-relative, in angle brackets', '[x](<//evil.example/a>)'],
    ['protocol-relative, reference style', '[x][r]\n\n[r]: //evil.example/a'],
    ['scheme without slashes', '[x](https:evil.example/a)'],
    ['mixed-case scheme', '[x](HtTpS://Evil.Example/a)'],
    ['our host as user name', '[x](http://localhost:3000@evil.example/a)'],
    ['our host name as a prefix', '[x](http://localhost.evil.example:3000/a)'],
  ])('%s: %s', (_what, md) => {
    const found = links(render(md));
    expect(found).toHaveLength(1);
    const [link] = found;
    if (!link) throw new Error('no link');
    const host = new URL(link.href).host;
    expect(host).not.toBe('localhost:3000');
    expectMarkedExternal(link, host);
    expect(link.inner.startsWith('x')).toBe(true);
  });

  // Backslash, tab and newline tricks: the renderer percent-encodes those
  // characters, so the address stays a path on this site. Whatever the browser
  // makes of an address, a link that leaves the site is marked.
  it.each([
    '[x](/\\evil.example/b)',
    '[x](\\\\evil.example/b)',
    '[x](/&#x5C;evil.example/b)',
    '[x](</\t/evil.example>)',
    '[x](/&#9;/evil.example)',
    '[x](/&#10;/evil.example)',
    '[x](&#9;//evil.example)',
  ])('%s never leaves the site unmarked', (md) => {
    const found = links(render(md));
    expect(found).toHaveLength(1);
    for (const link of found) {
      const to = new URL(link.href, `${ORIGIN}/people/p1/preferences/x1`);
      if (to.origin === ORIGIN) {
        expect(link.target).toBeUndefined();
        expect(link.inner).toBe('x');
      } else {
        expectMarkedExternal(link, to.host);
      }
    }
  });

  it.each([
    ['[home](/people/p1/preferences)', '/people/p1/preferences'],
    ['[here](preferences/x2)', 'preferences/x2'],
    ['[top](#top)', '#top'],
    ['[abs](http://localhost:3000/people/p1)', 'http://localhost:3000/people/p1'],
    ['[abs](HTTP://LOCALHOST:3000/people/p1)', 'HTTP://LOCALHOST:3000/people/p1'],
  ])('a link on this site stays a plain link in the same tab: %s', (md, href) => {
    expect(render(md)).toBe(
      `<div class="markdown"><p><a href="${href}">${md.slice(1, md.indexOf(']'))}</a></p></div>`,
    );
  });

  it('says what a mail or chat link opens, and where it goes', () => {
    const [mail, chat] = links(
      render('[mail](mailto:aroha@example.com) [chat](xmpp:aroha@example.com)'),
    );
    expect(mail?.title).toBe('Writes an e-mail to aroha@example.com');
    expect(mail?.inner).toContain('> (opens your e-mail program)</span>');
    expect(chat?.title).toBe('Opens aroha@example.com in some other app');
    expect(chat?.inner).toContain('> (opens another program)</span>');
  });
});

describe('linkDestination: decided as the browser resolves the address', () => {
  const at = (href: string) => linkDestination(href, ORIGIN);

  it.each([
    ['//evil.example/a', 'evil.example'],
    ['/\\evil.example/a', 'evil.example'],
    ['\\\\evil.example/a', 'evil.example'],
    ['/\\/evil.example/a', 'evil.example'],
    ['https:evil.example', 'evil.example'],
    ['/\t/evil.example', 'evil.example'],
    ['/\n/evil.example', 'evil.example'],
    ['\t//evil.example', 'evil.example'],
    [' //evil.example', 'evil.example'],
    ['HTTPS://EVIL.example', 'evil.example'],
    ['hTtP://evil.example:8080/', 'evil.example:8080'],
    ['http://localhost:3000@evil.example/', 'evil.example'],
    ['http://localhost:3001/', 'localhost:3001'],
    ['https://localhost:3000/', 'localhost:3000'],
    ['https://xn--80ak6aa92e.com/', 'xn--80ak6aa92e.com'],
    ['https://аррӏе.com/', 'xn--80ak6aa92e.com'],
  ])('%j goes to %s', (href, host) => {
    expect(at(href)).toMatchObject({ kind: 'website', host });
  });

  it.each([
    '/people/p1',
    'people/p1',
    '?q=1',
    '#top',
    '',
    'http://localhost:3000/x',
    'HTTP://LocalHost:3000/x',
    // On an http page, `http:` without slashes is a path here, in a browser too.
    'http:evil.example',
  ])('%j stays here', (href) => {
    expect(at(href)).toEqual({ kind: 'here', href });
  });

  it.each([
    'javascript:alert(1)',
    'java\tscript:alert(1)',
    ' JAVASCRIPT:alert(1)',
    'data:text/html,hi',
    'vbscript:msgbox(1)',
    'file:///etc/passwd',
    'ftp://evil.example/',
    'http://',
    'http://[::1',
  ])('%j is not a link', (href) => {
    expect(at(href)).toEqual({ kind: 'none' });
  });

  it('names the program of mail and chat links', () => {
    expect(at('mailto:aroha%20n@example.com')).toMatchObject({
      kind: 'email',
      address: 'aroha n@example.com',
    });
    expect(at('xmpp:aroha@example.com')).toMatchObject({
      kind: 'program',
      address: 'aroha@example.com',
    });
    expect(at('ircs://irc.example.com/chan')).toMatchObject({
      kind: 'program',
      address: 'irc.example.com',
    });
  });
});
