/**
 * A support session that ends when idle warns first (WCAG 2.2.1, ADR 008):
 * two minutes before the end the Supporter is asked whether they are still
 * there, and "Keep going" keeps the session. The tablet's clock is the test's.
 */
import { seedId } from '../../api/seed.ts';
import { expect, startSupporting, test } from './fixtures.ts';

const aroha = seedId('person:aroha');

test.use({
  allowedConsoleErrors: {
    // The test moves the page clock on by minutes: a ping Zero's client had
    // sent is then overdue at once, and it logs a failed connection (seen once
    // on a loaded machine) before it connects again. Not the app's fault.
    clockJump: /Failed to connect .*Server ping request failed/,
  },
});

test('an idle support session asks "Are you still there?" before it ends, and can go on', async ({
  page,
  signIn,
  sql,
}) => {
  await page.clock.install();
  await signIn('riley@example.com');
  // The page learns when the session ends when idle from its first heartbeat.
  // Its answer is held until the tablet's clock has moved on a minute, as on a
  // busy tablet or a slow connection: the end still counts from when it was
  // asked, so the question comes in time.
  const beatPath = /^\/api\/people\/[^/]+\/support\/[^/]+$/;
  let asked!: () => void;
  const beatAsked = new Promise<void>((resolve) => {
    asked = resolve;
  });
  let release!: () => void;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(
    (url) => beatPath.test(url.pathname),
    async (route) => {
      if (route.request().method() !== 'GET') return route.fallback();
      asked();
      const response = await route.fetch();
      await held;
      await route.fulfill({ response });
    },
    { times: 1 },
  );
  const firstBeat = page.waitForResponse(
    (r) => r.request().method() === 'GET' && beatPath.test(new URL(r.url()).pathname),
  );
  await startSupporting(page, aroha);
  await expect(page.getByText('You are supporting Aroha')).toBeVisible();
  await beatAsked;
  await page.clock.fastForward('01:00');
  release();
  await firstBeat;
  const [session] = await sql`select id, last_active_at from support_session
    where person_id = ${aroha} and ended_at is null order by started_at desc limit 1`;

  // 27 quiet minutes since the question was asked: nothing yet. 28 and a
  // half: the question, on "Keep going".
  await page.clock.fastForward('26:00');
  const dialog = page.getByRole('dialog', { name: 'Are you still there?' });
  await expect(dialog).toHaveCount(0);
  await page.clock.fastForward('01:30');
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('will end in 2 minutes');
  await expect(dialog.getByRole('button', { name: 'Keep going' })).toBeFocused();
  const answered = page.waitForResponse(
    (r) => r.request().method() === 'GET' && r.url().includes(`/support/${session?.id}`),
  );
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await answered;
  // The server heard it: the session's last activity moved, and it goes on.
  await expect
    .poll(async () => {
      const [now] =
        await sql`select last_active_at, ended_at from support_session where id = ${session?.id}`;
      return now && now.ended_at === null && now.last_active_at > session?.last_active_at;
    })
    .toBe(true);
  await expect(page.getByText('You are supporting Aroha')).toBeVisible();

  // Quiet again: asked again; this time Riley finishes.
  await page.clock.fastForward('28:30');
  await expect(dialog).toBeVisible();
  // Finishing asks nothing about the access it ends (asked beside the finish,
  // the server could end the session first and answer 403).
  const askedAccess: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === `/api/people/${aroha}/access`) askedAccess.push(r.url());
  });
  await dialog.getByRole('link', { name: 'Finish session' }).click();
  await expect(page).toHaveURL(/\/supporting/);
  expect(askedAccess).toEqual([]);
  await expect
    .poll(
      async () =>
        (await sql`select ended_reason from support_session where id = ${session?.id}`)[0],
    )
    .toEqual({ ended_reason: 'finished' });
});
