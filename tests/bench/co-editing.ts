/**
 * Co-editing benchmarks (sync/shared-text.ts), in Debian's Chromium on a real
 * stack: a keystroke in one window visible in another (each keystroke is one
 * Yjs update through the `text.push` change, zero-cache and the other
 * window's merge), and two people typing 200 characters each into one
 * description at once: does the text converge, with every character, and how
 * long after the last keystroke.
 */
import { type Browser, chromium, type Page } from 'playwright-core';
import { seedId } from '../../api/seed.ts';
import { chromiumArgs } from '../../playwright.config.ts';
import { openMagicLink } from '../harness/magic-link.ts';
import { startTestStack } from '../harness/stack.ts';
import { summarise } from './stats.ts';

/**
 * Records, in the page, the time each text area's value is set by script
 * (y-textarea writes remote typing that way; no DOM event fires for it).
 */
const VALUE_WATCH = `(() => {
  const d = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value');
  Object.defineProperty(HTMLTextAreaElement.prototype, 'value', {
    configurable: true,
    get() { return d.get.call(this); },
    set(v) { d.set.call(this, v); window.__valueSet?.(v, performance.timeOrigin + performance.now()); },
  });
})()`;

async function signedInPage(browser: Browser, url: string, email: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1024, height: 768 } });
  const { challengeId, completeUrl } = await openMagicLink(url, email);
  const res = await context.request.post(completeUrl, { data: { challengeId } });
  if (!res.ok()) throw new Error(`sign-in failed: ${res.status()}`);
  const page = await context.newPage();
  await page.addInitScript(VALUE_WATCH);
  return page;
}

async function openEditor(page: Page, url: string) {
  await page.goto(url);
  const field = page.getByLabel('Description');
  await field.and(page.locator('[data-shared-text="ready"]')).waitFor();
  return field;
}

const KEYSTROKES = Number(process.env.BENCH_KEYSTROKES ?? 100);

export async function coEditing() {
  const stack = await startTestStack({ web: 'static' });
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: chromiumArgs,
  });
  try {
    const aroha = seedId('person:aroha');
    const url = `${stack.url}/people/${aroha}/preferences/${seedId('preference:aroha:radio')}/edit`;
    const typist = await signedInPage(browser, stack.url, 'aroha@example.com');
    // The other window: Riley, a Restricted supporter, in a support session.
    const other = await signedInPage(browser, stack.url, 'riley@example.com');
    await other.goto(`${stack.url}/people/${aroha}/supporters/start`);
    await other.waitForURL(/\/preferences$/);
    const typed = await openEditor(typist, url);
    const seen = await openEditor(other, url);

    // 1. One keystroke at a time, each until the other window shows it.
    await typed.focus();
    await typist.keyboard.press('Control+End');
    const samples: number[] = [];
    for (let i = 0; i < KEYSTROKES + 5; i++) {
      const ch = String.fromCharCode(97 + (i % 26));
      const expected = `${await typed.inputValue()}${ch}`;
      await other.evaluate(
        `window.__arrived = new Promise((resolve) => { window.__valueSet = (v, t) => { if (v === ${JSON.stringify(expected)}) resolve(t); }; }); undefined`,
      );
      await typist.evaluate(
        `document.activeElement.addEventListener('input', () => { window.__typedAt = performance.timeOrigin + performance.now(); }, { once: true }); undefined`,
      );
      await typist.keyboard.type(ch);
      const t1 = Number(await other.evaluate('window.__arrived'));
      const t0 = Number(await typist.evaluate('window.__typedAt'));
      if (i >= 5) samples.push(t1 - t0);
    }
    const keystroke = summarise(samples);

    // 1b. The other transport, for comparison (ADR 017): one message relayed
    // by the API's WebSocket (presence: a field entered in one window, its
    // outline in the other), with no database on the way.
    const relay: number[] = [];
    const fields = ['title', 'description'] as const;
    for (let i = 0; i < KEYSTROKES + 5; i++) {
      const field = fields[i % 2] ?? 'title';
      await other.evaluate(
        `window.__outlined = new Promise((resolve) => {
          const el = document.querySelector('[data-presence="${field}"]');
          const done = () => { if (el.hasAttribute('data-peer')) { resolve(performance.timeOrigin + performance.now()); return true; } return false; };
          if (done()) return;
          const obs = new MutationObserver(() => { if (done()) obs.disconnect(); });
          obs.observe(el, { attributes: true });
        }); undefined`,
      );
      const t0 = Number(
        await typist.evaluate(
          `(() => { const t = performance.timeOrigin + performance.now(); document.querySelector('[data-presence="${field}"] input, [data-presence="${field}"] textarea').focus(); return t; })()`,
        ),
      );
      const t1 = Number(await other.evaluate('window.__outlined'));
      if (i >= 5) relay.push(t1 - t0);
    }
    const socketRelay = summarise(relay);
    await typed.focus();

    // 2. Both type 200 characters at once: one at the start, one at the end.
    const before = await typed.inputValue();
    const mine = 'm'.repeat(100) + 'M'.repeat(100);
    const theirs = 't'.repeat(100) + 'T'.repeat(100);
    await seen.focus();
    await other.keyboard.press('Control+Home');
    await typed.focus();
    await typist.keyboard.press('Control+End');
    await Promise.all([typist.keyboard.type(mine), other.keyboard.type(theirs)]);
    const done = Date.now();
    const expected = `${theirs}${before}${mine}`;
    let converged = Number.NaN;
    for (let waited = 0; waited < 30_000; waited += 20) {
      const [a, b] = [await typed.inputValue(), await seen.inputValue()];
      if (a === expected && b === expected) {
        converged = Date.now() - done;
        break;
      }
      await new Promise((r) => setTimeout(r, 20));
    }
    const postgres = (await import('postgres')).default;
    const sql = postgres(stack.databaseUrl, { max: 1, onnotice: () => {} });
    let stored = '';
    for (let waited = 0; waited < 10_000 && stored !== expected; waited += 50) {
      const rows =
        await sql`select description from preference where id = ${seedId('preference:aroha:radio')}`;
      stored = String(rows[0]?.description ?? '');
      if (stored !== expected) await new Promise((r) => setTimeout(r, 50));
    }
    await sql.end();
    const [a, b] = [await typed.inputValue(), await seen.inputValue()];
    if (process.env.BENCH_DEBUG) console.log({ a, b, expected, stored });
    return {
      keystroke,
      socketRelay,
      together: {
        identical: a === b,
        everyCharacter: a === expected && b === expected,
        inPostgres: stored === expected,
        convergedAfterMs: converged,
      },
    };
  } finally {
    await browser.close();
    await stack.stop();
  }
}
