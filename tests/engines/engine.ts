/**
 * One tab of the engine under test, driven the same way whatever drives it:
 * Firefox through Playwright (WebDriver BiDi), WebKitGTK through WebDriver
 * classic (webdriver.ts). The care visit (care-visit.ts) is written once
 * against this, so both engines take exactly the same steps.
 *
 * Elements are found by XPath (`x` below), which both drivers take as it is,
 * and every step waits for its element as a person would (up to `WAIT_MS`).
 */
import type { BrowserContext, Page } from '@playwright/test';
import { openMagicLink } from '../harness/magic-link.ts';
import { PROBE_KEY } from './network.ts';
import type { Locator, WebDriverSession } from './webdriver.ts';

export const WAIT_MS = 15_000;

export type EngineName = 'firefox' | 'webkit';

export interface EngineTab {
  readonly engine: EngineName;
  goto(path: string): Promise<void>;
  url(): Promise<string>;
  click(xpath: string): Promise<void>;
  /** Replaces the field's value, typed as a person types it. */
  fill(xpath: string, text: string): Promise<void>;
  /** Types at the end (or the start) of the field's text, key by key. */
  typeAt(xpath: string, where: 'end' | 'start', text: string): Promise<void>;
  /** Asks the page what it shows (`inspect` below). */
  query<Q extends Query>(q: Q): Promise<Answer<Q>>;
  /** Another tab of the same browser (the same cookies). */
  newTab(): Promise<EngineTab>;
  close(): Promise<void>;
}

/** XPath helpers: the app's accessible names, as the e2e tests use them. */
export const x = {
  literal: (s: string) =>
    s.includes("'") ? `concat('${s.split("'").join(`', "'", '`)}')` : `'${s}'`,
  button: (name: string) => `//button[normalize-space()=${x.literal(name)}]`,
  link: (name: string) => `//a[normalize-space()=${x.literal(name)}]`,
  /** A link whose own line of text (a child, as the library's rows have) is `name`. */
  linkTo: (name: string) => `//a[.//*[normalize-space()=${x.literal(name)}]]`,
  heading: (name: string) =>
    `//*[self::h1 or self::h2 or self::h3][normalize-space()=${x.literal(name)}]`,
  /** The control a `<label for>` names (its text, without what a child span adds after it). */
  field: (label: string) =>
    `//*[@id=//label[normalize-space()=${x.literal(label)} or normalize-space(text())=${x.literal(label)}]/@for]`,
  h1: () => '//h1',
};

/** What a test may ask a page. */
export type Query =
  | { op: 'text'; xpath: string }
  | { op: 'count'; xpath: string }
  | { op: 'attr'; xpath: string; name: string }
  | { op: 'body' }
  | { op: 'session'; key: string };
type Answers = {
  text: string | null;
  count: number;
  attr: string | null;
  body: string;
  session: string | null;
};
export type Answer<Q extends Query> = Answers[Q['op']];

/** Runs in the page, as it is (no closure), through WebDriver's Execute Script. */
export function inspect(q: Query): unknown {
  const first = (xp: string) =>
    document.evaluate(xp, document, null, XPathResult.FIRST_ORDERED_NODE_TYPE, null)
      .singleNodeValue as HTMLElement | null;
  switch (q.op) {
    case 'text': {
      const el = first(q.xpath);
      if (!el) return null;
      return el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement
        ? el.value
        : el.textContent;
    }
    case 'count':
      return document.evaluate(
        q.xpath,
        document,
        null,
        XPathResult.ORDERED_NODE_SNAPSHOT_TYPE,
        null,
      ).snapshotLength;
    case 'attr':
      return first(q.xpath)?.getAttribute(q.name) ?? null;
    case 'body':
      return document.body.innerText;
    case 'session':
      return sessionStorage.getItem(q.key);
  }
}

/** Polls `check` until it returns true; fails with what it last saw. */
export async function until(
  what: string,
  check: () => Promise<boolean | { ok: boolean; saw: unknown }>,
  timeoutMs = WAIT_MS,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let saw: unknown;
  for (;;) {
    try {
      const r = await check();
      if (r === true) return;
      if (typeof r === 'object' && r.ok) return;
      saw = typeof r === 'object' ? r.saw : r;
    } catch (e) {
      saw = e instanceof Error ? e.message : e;
    }
    if (Date.now() > deadline)
      throw new Error(
        `timed out after ${timeoutMs} ms waiting for ${what}; last saw ${JSON.stringify(saw)}`,
      );
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * `wait`, and on its failure what the tab showed: its address and the start
 * of its text (the status line says whether it was connecting, say).
 */
export async function described<T>(tab: EngineTab, wait: Promise<T>): Promise<T> {
  try {
    return await wait;
  } catch (e) {
    const url = await tab.url().catch(() => '?');
    const body = await tab.query({ op: 'body' }).catch(() => '?');
    const shown = String(body).replace(/\s+/g, ' ').slice(0, 600);
    throw new Error(
      `${e instanceof Error ? e.message : String(e)}\n  at ${url}, showing: ${JSON.stringify(shown)}`,
    );
  }
}

/** Waits until the text (or a field's value) at `xpath` passes `test`. */
export async function expectText(
  tab: EngineTab,
  xpath: string,
  test: string | RegExp,
  timeoutMs = WAIT_MS,
) {
  await described(
    tab,
    until(
      `${xpath} to ${typeof test === 'string' ? `read "${test}"` : `match ${test}`} in ${tab.engine}`,
      async () => {
        const t = await tab.query({ op: 'text', xpath });
        const norm = t?.replace(/\s+/g, ' ').trim() ?? null;
        const ok = norm !== null && (typeof test === 'string' ? norm === test : test.test(norm));
        return { ok, saw: norm };
      },
      timeoutMs,
    ),
  );
}

export async function expectUrl(tab: EngineTab, re: RegExp, timeoutMs = WAIT_MS) {
  await described(
    tab,
    until(
      `the URL to match ${re} in ${tab.engine}`,
      async () => {
        const u = await tab.url();
        return { ok: re.test(u), saw: u };
      },
      timeoutMs,
    ),
  );
}

/** How many elements `xpath` finds, once it is `n`. */
export async function expectCount(tab: EngineTab, xpath: string, n: number, timeoutMs = WAIT_MS) {
  await described(
    tab,
    until(
      `${n} of ${xpath} in ${tab.engine}`,
      async () => {
        const c = await tab.query({ op: 'count', xpath });
        return { ok: c === n, saw: c };
      },
      timeoutMs,
    ),
  );
}

/** The session cookie of `email`, signed in through the real magic link (as the e2e fixtures do). */
export async function sessionCookie(baseUrl: string, email: string) {
  const { challengeId, completeUrl } = await openMagicLink(baseUrl, email);
  const res = await fetch(completeUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ challengeId }),
  });
  if (!res.ok) throw new Error(`complete: ${res.status}`);
  const body = (await res.json()) as { person: { id: string } };
  const raw = res.headers.getSetCookie().find((c) => c.startsWith('pb_session='));
  if (!raw) throw new Error('no session cookie');
  const value = raw.split(';')[0]?.slice('pb_session='.length) ?? '';
  return { name: 'pb_session', value, personId: body.person.id };
}

// Firefox, through Playwright over WebDriver BiDi.

export class PlaywrightTab implements EngineTab {
  readonly engine = 'firefox' as const;
  constructor(
    readonly page: Page,
    readonly baseUrl: string,
  ) {}
  /** The first visible element at `xpath` (as the WebDriver side takes the first displayed). */
  #at(xpath: string) {
    return this.page.locator(`xpath=${xpath}`).filter({ visible: true }).first();
  }
  async goto(path: string) {
    await this.page.goto(`${this.baseUrl}${path}`);
  }
  /**
   * From the page itself: Playwright's `page.url()` misses the app's own
   * navigations (history.pushState) in Firefox 140, whose BiDi has no
   * history-updated event yet.
   */
  async url() {
    return (await this.page.evaluate('location.href')) as string;
  }
  async click(xpath: string) {
    await this.#at(xpath).click({ timeout: WAIT_MS });
  }
  async fill(xpath: string, text: string) {
    const at = this.#at(xpath);
    await at.fill('', { timeout: WAIT_MS });
    await at.pressSequentially(text);
  }
  async typeAt(xpath: string, where: 'end' | 'start', text: string) {
    const at = this.#at(xpath);
    await at.focus({ timeout: WAIT_MS });
    await this.page.keyboard.press(where === 'end' ? 'Control+End' : 'Control+Home');
    await at.pressSequentially(text, { delay: 15 });
  }
  /**
   * Through locators, which Playwright runs in its own isolated world: in
   * Firefox, `page.evaluate` runs in the page's world and the app's CSP (no
   * eval) refuses it, logging an error each time.
   */
  async query<Q extends Query>(q: Q): Promise<Answer<Q>> {
    return (await this.#query(q)) as Answer<Q>;
  }
  async #query(q: Query): Promise<Answers[Query['op']]> {
    switch (q.op) {
      case 'text': {
        const at = this.page.locator(`xpath=${q.xpath}`).first();
        if ((await at.count()) === 0) return null;
        const field = this.page.locator(`xpath=(${q.xpath})[1][self::input or self::textarea]`);
        return (await field.count()) ? at.inputValue() : at.textContent();
      }
      case 'count':
        return this.page.locator(`xpath=${q.xpath}`).count();
      case 'attr': {
        const at = this.page.locator(`xpath=${q.xpath}`).first();
        return (await at.count()) ? at.getAttribute(q.name) : null;
      }
      case 'body':
        return this.page.locator('body').innerText();
      case 'session':
        throw new Error('sessionStorage is not read in Firefox (its page world is behind the CSP)');
    }
  }
  async newTab() {
    return new PlaywrightTab(await this.page.context().newPage(), this.baseUrl);
  }
  async close() {
    await this.page.close();
  }
}

/** A Firefox context signed in as `email` (the cookie set as a sign-in sets it). */
export async function signInFirefox(context: BrowserContext, baseUrl: string, email: string) {
  const c = await sessionCookie(baseUrl, email);
  await context.addCookies([
    { name: c.name, value: c.value, url: baseUrl, httpOnly: true, sameSite: 'Lax' },
  ]);
  return { personId: c.personId };
}

// WebKitGTK, through WebKitWebDriver (WebDriver classic).

export class WebDriverTab implements EngineTab {
  readonly engine = 'webkit' as const;
  constructor(
    readonly session: WebDriverSession,
    readonly handle: string,
    readonly baseUrl: string,
  ) {}
  async #focus() {
    await this.session.switchTo(this.handle);
  }
  /** The first displayed element at `xpath`, waited for. */
  async #find(xpath: string) {
    const locator: Locator = { using: 'xpath', value: xpath };
    let found: Awaited<ReturnType<WebDriverSession['findAll']>>[number] | undefined;
    await until(`${xpath} in webkit`, async () => {
      for (const el of await this.session.findAll(locator)) {
        if (await this.session.displayed(el)) {
          found = el;
          return true;
        }
      }
      return false;
    });
    if (!found) throw new Error(`no ${xpath}`);
    return found;
  }
  async goto(path: string) {
    await this.#focus();
    await this.session.navigate(`${this.baseUrl}${path}`);
  }
  async url() {
    await this.#focus();
    return this.session.currentUrl();
  }
  async click(xpath: string) {
    await this.#focus();
    const el = await this.#find(xpath);
    // WebDriver scrolls a control only until it shows at the bottom edge, where
    // the app's fixed bottom bar covers it ("click intercepted"): into the
    // middle first. And a click lands where the control is when it is sent:
    // while what loads above it still pushes it down, it would miss, so the
    // click waits until the control has stood still for 300 ms.
    await this.session.executeAsync(
      `const [el, done] = arguments;
       el.scrollIntoView({ block: 'center' });
       let last = '', still = 0;
       const look = () => {
         const r = el.getBoundingClientRect();
         const now = [r.x, r.y, r.width, r.height].join();
         still = now === last ? still + 1 : 0;
         last = now;
         if (still >= 3) {
           el.scrollIntoView({ block: 'center' });
           done();
         }
         else setTimeout(look, 100);
       };
       look();`,
      [el],
    );
    await this.session.click(el);
  }
  async fill(xpath: string, text: string) {
    await this.#focus();
    const el = await this.#find(xpath);
    await this.session.clear(el);
    await this.session.sendKeys(el, text);
  }
  async typeAt(xpath: string, where: 'end' | 'start', text: string) {
    await this.#focus();
    const el = await this.#find(xpath);
    // The caret is put there by script: WebKitGTK's Element Send Keys always
    // types at the end, and its Control+Home does not move the caret. What is
    // typed after is real key presses (Perform Actions), one key at a time.
    await this.session.execute(
      'const f = arguments[0]; f.focus(); const n = arguments[1] === "start" ? 0 : f.value.length; f.setSelectionRange(n, n);',
      [el, where],
    );
    for (const ch of text) await this.session.keys(ch);
  }
  async query<Q extends Query>(q: Q) {
    await this.#focus();
    // `__name`: what esbuild (tsx) wraps named functions in, when it compiled this file.
    return this.session.execute<Answer<Q>>(
      `var __name = (f) => f; return (${inspect.toString()})(arguments[0]);`,
      [q],
    );
  }
  async newTab() {
    const { handle } = await this.session.newWindow();
    return new WebDriverTab(this.session, handle, this.baseUrl);
  }
  async close() {
    await this.#focus();
    await this.session.closeWindow();
  }
  /** What the console probe (network.ts) kept in this tab. */
  async consoleErrors(): Promise<string[]> {
    try {
      return JSON.parse((await this.query({ op: 'session', key: PROBE_KEY })) ?? '[]') as string[];
    } catch {
      return [];
    }
  }
}

/** Signs the WebKit session in as `email`: the cookie, set on the app's origin. */
export async function signInWebKit(tab: WebDriverTab, email: string) {
  const c = await sessionCookie(tab.baseUrl, email);
  await tab.goto('/api/session');
  await tab.session.addCookie({
    name: c.name,
    value: c.value,
    path: '/',
    httpOnly: true,
    sameSite: 'Lax',
  });
  return { personId: c.personId };
}
