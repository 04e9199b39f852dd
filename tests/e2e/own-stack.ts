/**
 * A stack of a test's own, started for it and stopped after it: for the fault
 * tests (postgres-restart, zero-cache-restart), which would disturb the tests
 * around them on the shared stack.
 */
import type { Page } from '@playwright/test';
import type postgres from 'postgres';
import { seedId } from '../../api/seed.ts';
import { startTestStack, type TestStack } from '../harness/stack.ts';
import { type Devices, expect, test as shared } from './fixtures.ts';

export const test = shared.extend<{ ownStack: TestStack }>({
  // Its start and stop have time of their own, not the test's.
  ownStack: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures must destructure their first argument.
    async ({}, use) => {
      const stack = await startTestStack({ web: 'static' });
      try {
        await use(stack);
      } finally {
        await stack.stop();
      }
    },
    { timeout: 120_000 },
  ],
  baseURL: async ({ ownStack }, use) => {
    await use(ownStack.url);
  },
  app: async ({ ownStack }, use) => {
    await use({ url: ownStack.url, databaseUrl: ownStack.databaseUrl });
  },
});

/**
 * Aroha's tea preference open to edit on one device and to read on another,
 * both ready and all saved: where the fault tests break something.
 */
export async function editorAndViewer(device: Devices) {
  const aroha = seedId('person:aroha');
  const id = seedId('preference:aroha:tea');
  const { page: editor } = await device('aroha@example.com');
  const { page: viewer } = await device('aroha@example.com');
  const status = editor.locator('.sync-status-line');
  await editor.goto(`/people/${aroha}/preferences/${id}/edit`);
  await viewer.goto(`/people/${aroha}/preferences/${id}`);
  await expect(status).toHaveText(/All changes saved/);
  await expect(viewer.getByRole('heading', { level: 1 })).toBeVisible();
  return { id, editor, viewer, status, heading: viewer.getByRole('heading', { level: 1 }) };
}

/** After an outage, nothing internal shows on these pages. */
export async function expectNothingInternal(pages: Page[]) {
  for (const page of pages) {
    const body = page.locator('body');
    await expect(body).not.toContainText('Zero');
    await expect(body).not.toContainText('127.0.0.1');
    await expect(body).not.toContainText('CONNECTION_CLOSED');
  }
}

/** The preference's title as Postgres holds it comes to be `title` (a saved edit has landed). */
export async function expectStoredTitle(
  sql: postgres.Sql,
  id: string,
  title: string,
  timeout = 30_000,
) {
  await expect
    .poll(async () => (await sql`select title from preference where id = ${id}`)[0], { timeout })
    .toEqual({ title });
}
