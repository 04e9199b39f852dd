/**
 * zero-cache killed mid-edit: the stack starts it
 * again by itself (api/dev/supervise.ts); the browser says truthfully that
 * it is not connected while it is gone, keeps an edit made meanwhile, sends it
 * once zero-cache is back, and another screen sees it live, without a reload.
 *
 * This file runs its own stack: killing the shared one's zero-cache would
 * disturb the tests around it.
 */
import postgres from 'postgres';
import { waitFor } from '../../api/dev/ports.ts';
import { expect } from './fixtures.ts';
import { editorAndViewer, expectNothingInternal, expectStoredTitle, test } from './own-stack.ts';

// While zero-cache is gone the client logs its failed connections: the
// outage's, not a finding. What the page shows and what Postgres holds are
// asserted below.
test.use({ allowedConsoleErrors: { outage: /./ } });

test('zero-cache killed mid-edit: the screen says so, keeps the edit, sends it when zero-cache is back, and the other screen sees it live', async ({
  ownStack,
  device,
}) => {
  test.setTimeout(180_000);
  const { id, editor, viewer, status, heading } = await editorAndViewer(device);

  const killed = ownStack.pids.zeroCache;
  if (!killed) throw new Error('no zero-cache pid');
  process.kill(killed, 'SIGKILL');

  // Not connected: the status line stops saying all is saved.
  await expect(status).not.toHaveText(/All changes saved/, { timeout: 30_000 });
  await editor.getByLabel('Title', { exact: true }).fill('Tea, while the sync service was down');
  await editor.getByRole('button', { name: 'Save changes' }).click();

  // Started again by the stack (a new process), then the edit goes through.
  expect(
    await waitFor(async () => (ownStack.pids.zeroCache ?? killed) !== killed, {
      timeoutMs: 60_000,
    }),
  ).toBe(true);
  await expect(status).toHaveText(/All changes saved/, { timeout: 60_000 });
  const sql = postgres(ownStack.databaseUrl, { max: 1, onnotice: () => {} });
  try {
    await expectStoredTitle(sql, id, 'Tea, while the sync service was down');
    // The other screen, never reloaded, shows it; and stays live afterwards.
    await expect(heading).toHaveText('Tea, while the sync service was down', {
      timeout: 30_000,
    });
    await sql`update preference set title = 'Tea, live again' where id = ${id}`;
    await expect(heading).toHaveText('Tea, live again', {
      timeout: 30_000,
    });
  } finally {
    await sql.end();
  }
  await expectNothingInternal([editor, viewer]);
});
