/**
 * In a real browser: every page carries the CSP of ADR 013 and its
 * companions; another site cannot frame the signed-in library; and the app
 * itself runs under that CSP without a single violation (sign-in, the
 * library, a preference, the live sync over zero-cache's WebSocket).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { test as base, expect } from './fixtures.ts';

const test = base.extend<{
  /** Serves `html` from a site of its own (another port is another origin); returns its URL. */
  otherSite: (html: string) => Promise<string>;
}>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures must destructure their first argument.
  otherSite: async ({}, use) => {
    const servers: http.Server[] = [];
    await use(async (html) => {
      const server = http.createServer((_req, res) => {
        res.writeHead(200, { 'content-type': 'text/html' });
        res.end(html);
      });
      servers.push(server);
      await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    });
    for (const server of servers) await new Promise((r) => server.close(r));
  },
});

test('the sign-in page carries the CSP, nosniff, a strict referrer and a narrow Permissions-Policy', async ({
  request,
  baseURL,
  stack,
}) => {
  const res = await request.get(`${baseURL}/login`);
  expect(res.status()).toBe(200);
  const h = res.headers();
  const csp = h['content-security-policy'] ?? '';
  const directives = new Map(
    csp.split(';').map((d) => {
      const [name = '', ...values] = d.trim().split(/\s+/);
      return [name, values] as const;
    }),
  );
  expect(directives.get('script-src')).toEqual(["'self'"]);
  expect(directives.get('frame-ancestors')).toEqual(["'none'"]);
  expect(directives.get('object-src')).toEqual(["'none'"]);
  expect(directives.get('base-uri')).toEqual(["'self'"]);
  const zero = new URL(stack.zeroUrl).origin;
  expect(directives.get('connect-src')).toEqual(
    expect.arrayContaining(["'self'", zero, zero.replace(/^http/, 'ws')]),
  );
  expect(directives.get('img-src')).toContain("'self'");
  expect(directives.get('media-src')).toContain("'self'");
  expect(h['x-content-type-options']).toBe('nosniff');
  expect(h['x-frame-options']).toBe('DENY');
  expect(h['referrer-policy']).toBe('strict-origin-when-cross-origin');
  const permissions = h['permissions-policy'] ?? '';
  expect(permissions).toContain('camera=(self)');
  expect(permissions).toContain('microphone=(self)');
  expect(permissions).toContain('geolocation=()');
  expect(permissions).toContain('payment=()');
});

test('a built asset and the app shell of a deep link carry the headers too', async ({
  request,
  baseURL,
}) => {
  const shell = await request.get(`${baseURL}/people/someone/preferences`);
  expect(shell.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
  const html = await shell.text();
  const script = /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
  expect(script).toBeTruthy();
  const asset = await request.get(`${baseURL}${script}`);
  expect(asset.headers()['x-content-type-options']).toBe('nosniff');
});

/**
 * Whether a crawler that follows `robots` may fetch `path` (RFC 9309: the
 * rules of the `*` group; the longest matching rule wins, Allow on a tie; `*`
 * matches anything, `$` ends the path).
 */
function crawlable(robots: string, path: string): boolean {
  const rules: Array<{ allow: boolean; pattern: string }> = [];
  let forAll = false;
  for (const raw of robots.split('\n')) {
    const line = raw.replace(/#.*/, '').trim();
    const [, field = '', value = ''] = /^([A-Za-z-]+)\s*:\s*(.*)$/.exec(line) ?? [];
    const name = field.toLowerCase();
    if (name === 'user-agent') forAll = value === '*';
    else if (forAll && (name === 'allow' || name === 'disallow') && value)
      rules.push({ allow: name === 'allow', pattern: value });
  }
  const matches = (pattern: string) => {
    const anchored = pattern.endsWith('$');
    const body = (anchored ? pattern.slice(0, -1) : pattern)
      .split('*')
      .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
      .join('.*');
    return new RegExp(`^${body}${anchored ? '$' : ''}`).test(path);
  };
  const best = rules
    .filter((r) => matches(r.pattern))
    .sort((a, b) => b.pattern.length - a.pattern.length || Number(b.allow) - Number(a.allow))[0];
  return best?.allow ?? true;
}

test('robots.txt opens the public pages to crawlers and nothing of anyone’s; pages have a description', async ({
  request,
  baseURL,
}) => {
  const res = await request.get(`${baseURL}/robots.txt`);
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toMatch(/^text\/plain/);
  const robots = await res.text();
  expect(robots).not.toContain('<html');
  for (const open of ['/', '/landing', '/login', '/register'])
    expect(crawlable(robots, open), `${open} may be crawled`).toBe(true);
  for (const closed of [
    '/people/',
    `/people/${crypto.randomUUID()}/preferences`,
    '/api/session',
    '/dev/mailbox',
    `/p/${'A'.repeat(43)}`,
    `/invite/${crypto.randomUUID()}/a-token`,
    `/login/link/${crypto.randomUUID()}/a-token`,
    '/survey/someone/supporter',
  ])
    expect(crawlable(robots, closed), `${closed} may not be crawled`).toBe(false);

  const shell = await (await request.get(`${baseURL}/login`)).text();
  const description = /<meta\s+name="description"\s+content="([^"]+)"/.exec(shell)?.[1] ?? '';
  expect(description).toMatch(/Circle of Support/);
  expect(description.length).toBeGreaterThan(50);
  expect(description.length).toBeLessThanOrEqual(160);
});

test('hashed assets are kept a year; files without a hash an hour; the shell and the service worker are asked for each time', async ({
  request,
  baseURL,
}) => {
  const cacheOf = async (path: string) => {
    const res = await request.get(`${baseURL}${path}`);
    expect(res.status(), path).toBe(200);
    return res.headers()['cache-control'];
  };
  const html = await (await request.get(`${baseURL}/`)).text();
  const assets = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => m[1] ?? '');
  expect(assets.length).toBeGreaterThan(0);
  for (const asset of assets)
    expect(await cacheOf(asset), asset).toBe('public, max-age=31536000, immutable');
  for (const file of ['/zod-jitless.js', '/robots.txt', '/icon.svg', '/icon-192.png'])
    expect(await cacheOf(file), file).toBe('public, max-age=3600');
  for (const fresh of [
    '/',
    '/index.html',
    '/login',
    '/people/someone',
    '/sw.js',
    '/manifest.webmanifest',
  ])
    expect(await cacheOf(fresh), fresh).toBe('no-cache');
});

test.describe(() => {
  test.use({
    allowedConsoleErrors: {
      'Chromium reports the frame it blocked, which this test waits for':
        /^console\.error: Framing '[^']+' violates the following Content Security Policy directive: "frame-ancestors 'none'"/,
    },
  });

  test('another site cannot frame the signed-in library', async ({
    page,
    signIn,
    otherSite,
    baseURL,
  }) => {
    await signIn('aroha@example.com');
    // A page on another origin that frames the app.
    const evil = await otherSite(
      `<!doctype html><title>evil</title><iframe id="f" src="${baseURL}/" width="800" height="600"></iframe>`,
    );
    const blocked = page.waitForEvent('console', {
      predicate: (m) => /frame-ancestors|Refused to (display|frame)/i.test(m.text()),
      timeout: 10_000,
    });
    await page.goto(evil);
    await blocked;
    // Nothing of the app was drawn inside the frame.
    const frame = page.frames().find((f) => f !== page.mainFrame());
    const text = frame
      ? await frame
          .locator('body')
          .innerText()
          .catch(() => '')
      : '';
    expect(text).not.toMatch(/preference|Aroha|library/i);
  });
});

test('the app runs under its CSP without a violation', async ({ page, signIn, baseURL }) => {
  const violations: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy|Refused to/i.test(m.text())) violations.push(m.text());
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      console.error(
        `Content Security Policy violation: ${e.violatedDirective} ${e.blockedURI} at ${e.sourceFile}:${e.lineNumber}:${e.columnNumber}`,
      );
    });
  });
  await page.goto(`${baseURL}/login`);
  await expect(page.getByLabel('Email')).toBeVisible();
  const { personId } = await signIn('aroha@example.com');
  await page.goto(`${baseURL}/`);
  await expect(page).toHaveURL(new RegExp(`/people/${personId}`));
  await page.goto(`${baseURL}/people/${personId}/preferences`);
  await expect(page.getByRole('link', { name: /cup of tea/i }).first()).toBeVisible();
  await page
    .getByRole('link', { name: /cup of tea/i })
    .first()
    .click();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(violations).toEqual([]);
});
