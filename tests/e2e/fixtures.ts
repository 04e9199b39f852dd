import { type BrowserContext, test as base, expect } from '@playwright/test';

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

/** Signs a browser context in through the development shortcut (the API sets the session cookie). */
export async function signInContext(context: BrowserContext, baseUrl: string, email: string) {
  const res = await context.request.post(`${baseUrl}/api/dev/sign-in`, { data: { email } });
  expect(res.status()).toBe(200);
  const body: unknown = await res.json();
  if (typeof body !== 'object' || body === null || !('personId' in body))
    throw new Error('no person');
  return { personId: String(body.personId) };
}
