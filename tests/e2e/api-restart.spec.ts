/**
 * The API restarted under an open app, as a redeploy does:
 * every connection it holds is closed and for a while nothing answers on its
 * port. zero-cache cannot run a change while the API is gone, so an edit made
 * then must wait, truthfully ("1 change waiting" or "Saving…", never "All
 * changes saved"), and go through once the API is back, without a reload; the
 * other screen sees it live. Nobody is signed out: sessions live in Postgres.
 *
 * This file runs its own stack: restarting the shared one's API would disturb
 * the tests around it.
 */
import postgres from 'postgres';
import { expect } from './fixtures.ts';
import { editorAndViewer, expectNothingInternal, expectStoredTitle, test } from './own-stack.ts';

// While the API is gone the page logs its failed requests: the outage's, not
// a finding. What the page shows and what Postgres holds are asserted below.
test.use({ allowedConsoleErrors: { outage: /./ } });

test('the API restarted mid-edit: the edit waits truthfully, is stored once the API is back, and the other screen sees it live', async ({
  ownStack,
  device,
}) => {
  test.setTimeout(180_000);
  const { id, editor, viewer, status, heading } = await editorAndViewer(device);

  // Down for 15 s; the edit is made while it is down.
  const restarted = ownStack.restartApi(15_000);
  await expect
    .poll(async () => (await fetch(`${ownStack.url}/api/health`).catch(() => undefined))?.ok)
    .not.toBe(true);
  await editor.getByLabel('Title', { exact: true }).fill('Tea, while the API was restarting');
  await editor.getByRole('button', { name: 'Save changes' }).click();
  // Truthful: not claimed as saved while nothing can store it.
  await expect(status).not.toHaveText(/All changes saved/);
  await expect(editor.locator('.sync-status')).not.toHaveAttribute('data-waiting', '0');
  await restarted;

  await expect(status).toHaveText(/All changes saved/, { timeout: 60_000 });
  const sql = postgres(ownStack.databaseUrl, { max: 1, onnotice: () => {} });
  try {
    await expectStoredTitle(sql, id, 'Tea, while the API was restarting');
    // The other screen, never reloaded, shows it; and stays live afterwards.
    await expect(heading).toHaveText('Tea, while the API was restarting', { timeout: 30_000 });
    // Still signed in, and edits flow as before.
    await editor.getByLabel('Title', { exact: true }).fill('Tea, after the restart');
    await editor.getByRole('button', { name: 'Save changes' }).click();
    await expect(heading).toHaveText('Tea, after the restart', {
      timeout: 30_000,
    });
    await expectStoredTitle(sql, id, 'Tea, after the restart', 5000);
  } finally {
    await sql.end();
  }
  await expectNothingInternal([editor, viewer]);
  await expect(editor.locator('body')).not.toContainText('Sign in');
});
