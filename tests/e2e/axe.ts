import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';

const axeSource = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

type Violation = { id: string; impact: string | null; help: string; nodes: unknown[] };

/**
 * Best-practice rules checked beside the WCAG ones, and failing whatever their
 * impact: a heading that skips a level (axe calls it "moderate") leaves a gap
 * in the outline a screen reader's user moves by, and Lighthouse's
 * heading-order audit is this rule.
 */
const alsoChecked = ['heading-order'];

/**
 * Runs axe-core (WCAG 2.0-2.2 A/AA rules, and `alsoChecked`) in the page;
 * returns serious and critical violations, and any of `alsoChecked`.
 */
export async function seriousViolations(page: Page): Promise<Violation[]> {
  // Evaluated through the devtools protocol: the page's CSP (scripts from
  // itself only) rightly refuses a <script> tag the test would add.
  await page.evaluate(axeSource);
  const options = {
    runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] },
    // A rule named here runs whatever runOnly's tags say.
    rules: Object.fromEntries(alsoChecked.map((id) => [id, { enabled: true }])),
  };
  const result: { violations: Violation[] } = await page.evaluate(
    `axe.run(document, ${JSON.stringify(options)})`,
  );
  return result.violations.filter(
    (v) => v.impact === 'serious' || v.impact === 'critical' || alsoChecked.includes(v.id),
  );
}

/** Links, buttons and fields smaller than 44 × 44 px among `selector` (the skip link aside). */
export function smallTargets(page: Page, selector = 'a, button, input'): Promise<string> {
  return page.evaluate(
    (selector) =>
      [...document.querySelectorAll<HTMLElement>(selector)]
        .filter((el) => !el.classList.contains('skip-link'))
        .map((el) => ({
          text: el.textContent?.trim() || el.getAttribute('aria-label') || el.id,
          r: el.getBoundingClientRect(),
        }))
        .filter(({ r }) => r.width > 0 && (r.height < 44 || r.width < 44))
        .map(({ text, r }) => `${text} ${Math.round(r.width)}x${Math.round(r.height)}`)
        .join(', '),
    selector,
  );
}
