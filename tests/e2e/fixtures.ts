import { type BrowserContext, test as base, expect, type Page } from '@playwright/test';
import { openMagicLink } from '../harness/magic-link.ts';

function env(name: string): string {
  const v = process.env[name];
  if (!v) throw new Error(`${name} is not set: run through playwright.config.ts (global setup)`);
  return v;
}

export const test = base.extend<{ app: { url: string; databaseUrl: string } }>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures must destructure their first argument.
  baseURL: async ({}, use) => {
    await use(env('E2E_BASE_URL'));
  },
  // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures must destructure their first argument.
  app: async ({}, use) => {
    await use({ url: env('E2E_BASE_URL'), databaseUrl: env('E2E_DATABASE_URL') });
  },
});

export { expect };

/**
 * Signs a browser context in through the real e-mail magic link: the link is
 * read from the dev mailbox and opened, then the context completes the
 * challenge as the asking tab would, which sets its session cookie.
 */
export async function signInContext(context: BrowserContext, baseUrl: string, email: string) {
  const { challengeId, completeUrl } = await openMagicLink(baseUrl, email);
  const res = await context.request.post(completeUrl, { data: { challengeId } });
  expect(res.status()).toBe(200);
  const body: unknown = await res.json();
  if (typeof body !== 'object' || body === null || !('person' in body))
    throw new Error('no person');
  const p = body.person;
  if (typeof p !== 'object' || p === null || !('id' in p)) throw new Error('no person');
  return { personId: String(p.id) };
}

/** A tablet-sized window (issue 5: 1024×768), for `browser.newContext`. */
export const TABLET = { viewport: { width: 1024, height: 768 } } as const;

/** Starts (or resumes) a support session for `personId` in this tab, as a supporter does. */
export async function startSupporting(page: Page, baseUrl: string, personId: string) {
  await page.goto(`${baseUrl}/people/${personId}/supporters/start`);
  await expect(page).toHaveURL(new RegExp(`/people/${personId}/preferences$`));
}
