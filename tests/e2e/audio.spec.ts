/**
 * Recording a sound for a preference (spec §2 /preferences/{id}/audio/create)
 * in Chromium with its fake microphone (a beeping tone, and permission given
 * without a prompt): the level and the time move while recording, the
 * recording plays back in the page with its length known, and saving uploads
 * it through the signed path into the real development store, settled, with
 * its description. A refused or missing microphone is said in words.
 */
import type { Page } from '@playwright/test';
import { seedId } from '../../api/seed.ts';
import { chromiumArgs } from '../../playwright.config.ts';
import { seriousViolations, smallTargets } from './axe.ts';
import { expect, test } from './fixtures.ts';

test.use({
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [...chromiumArgs, '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'],
  },
});

const aroha = seedId('person:aroha');
const tea = seedId('preference:aroha:tea');
const teaTitle = 'A cup of tea with milk, no sugar';
const recorderPath = `/people/${aroha}/preferences/${tea}/audio/create`;

/**
 * Keeps every microphone stream the page is given (getUserMedia itself runs
 * as ever), so the test can see that its tracks are stopped.
 */
async function watchMicrophone(page: Page) {
  await page.addInitScript(() => {
    const devices = navigator.mediaDevices;
    // Only secure pages have a microphone (not about:blank).
    if (!devices) return;
    const real = devices.getUserMedia.bind(devices);
    const given: MediaStream[] = [];
    Object.assign(window, { microphoneStreams: given });
    devices.getUserMedia = async (constraints) => {
      const stream = await real(constraints);
      given.push(stream);
      return stream;
    };
  });
}

/** The states of the tracks of every stream the page was given. */
function trackStates(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    (window as unknown as { microphoneStreams: MediaStream[] }).microphoneStreams.flatMap((s) =>
      s.getTracks().map((t) => t.readyState),
    ),
  );
}

test('record 3 seconds, see the level and the time, listen back, save with a description', async ({
  page,
  signIn,
  sql,
}) => {
  // Recording takes real time, and a loaded 2-core machine is slow.
  test.setTimeout(90_000);
  await watchMicrophone(page);
  await signIn('aroha@example.com');
  await page.goto(recorderPath);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Record a sound');
  await expect(page.getByText(`For “${teaTitle}”`)).toBeVisible();
  await expect(page).toHaveTitle(
    `Record a sound for ${teaTitle} – Aroha’s library – Preference Bank`,
  );
  expect(await seriousViolations(page)).toEqual([]);
  expect(await smallTargets(page, 'main button')).toBe('');

  // Keyboard only: Start recording, and focus goes to Stop.
  await page.getByRole('button', { name: 'Start recording' }).focus();
  await page.keyboard.press('Enter');
  const stop = page.getByRole('button', { name: 'Stop', exact: true });
  await expect(stop).toBeFocused();
  // The recorder's own status (the sync line's announcer is a status region too).
  const recorder = page.getByRole('status').filter({ hasText: /^Recording/ });
  await expect(recorder).toHaveText('Recording has started. Press Stop when you have finished.');
  await expect(page.getByText('Recording', { exact: true })).toBeVisible();

  // The level meter follows the sound (the fake microphone beeps) and the time
  // advances: every value the page shows, frame by frame, for at least a second
  // and a half and until the time reads 00:03.
  const meter = page.getByRole('meter', { name: 'Sound level' });
  const timer = page.getByRole('timer', { name: 'Time recorded' });
  await expect(meter).toBeVisible();
  await expect(timer).toBeVisible();
  expect(await trackStates(page)).toEqual(['live']);
  const seen = await page.evaluate(
    () =>
      new Promise<{ levels: number[]; times: string[] }>((resolve) => {
        const meter = document.querySelector('meter');
        const timer = document.querySelector('[role="timer"]');
        if (!meter || !timer) throw new Error('no meter or timer');
        const levels: number[] = [];
        const times = [timer.textContent ?? ''];
        let longEnough = false;
        const done = () => {
          if (!longEnough || (times.at(-1) ?? '') < '00:03') return;
          watch.disconnect();
          resolve({ levels, times });
        };
        const watch = new MutationObserver(() => {
          levels.push(meter.value);
          const time = timer.textContent ?? '';
          if (time !== times.at(-1)) times.push(time);
          done();
        });
        watch.observe(meter, { attributes: true, attributeFilter: ['value'] });
        watch.observe(timer, { characterData: true, childList: true, subtree: true });
        setTimeout(() => {
          longEnough = true;
          done();
        }, 1_500);
      }),
  );
  // Stop, by keyboard, as soon as the time reads 00:03 or more (focus is still on Stop).
  await page.keyboard.press('Enter');
  expect(new Set(seen.levels).size).toBeGreaterThanOrEqual(4);
  expect(Math.max(...seen.levels)).toBeGreaterThan(20);
  expect(Math.min(...seen.levels)).toBeLessThan(Math.max(...seen.levels));
  expect((seen.times.at(-1) ?? '') >= '00:03').toBe(true);
  expect(seen.times.length).toBeGreaterThanOrEqual(2);
  expect([...seen.times].sort()).toEqual(seen.times);

  // Stopped: the microphone is off, the recording is there to hear.
  const stopped = page.getByRole('status').filter({ hasText: /^Recording/ });
  await expect(stopped).toHaveText(
    /^Recording stopped\. It is \d+ seconds long\. You can listen to it, record again, or save it\.$/,
  );
  const said = Number(/It is (\d+) seconds/.exec((await stopped.textContent()) ?? '')?.[1]);
  expect(said).toBeGreaterThanOrEqual(3);
  expect(await trackStates(page)).toEqual(['ended']);
  const audio = page.locator('audio');
  await expect(audio).toBeFocused();
  await expect(page.getByRole('heading', { name: 'Listen to your recording' })).toBeVisible();
  // Its length is known before it is played (written into the WebM file).
  await expect
    .poll(() => audio.evaluate((a: HTMLAudioElement) => a.duration), { timeout: 5_000 })
    .toBeGreaterThan(2);
  const duration = await audio.evaluate((a: HTMLAudioElement) => a.duration);
  expect(duration - said).toBeGreaterThanOrEqual(0);
  expect(duration - said).toBeLessThan(1);
  // It plays.
  await audio.evaluate((a: HTMLAudioElement) => a.play());
  await expect
    .poll(() => audio.evaluate((a: HTMLAudioElement) => a.currentTime), { timeout: 5_000 })
    .toBeGreaterThan(0.5);
  await audio.evaluate((a: HTMLAudioElement) => a.pause());
  expect(await seriousViolations(page)).toEqual([]);
  expect(await smallTargets(page, 'main button')).toBe('');

  const description = `Aroha humming while the kettle boils ${Date.now()}`;
  await page.getByLabel('Description (optional)').fill(description);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/people/${aroha}/preferences/${tea}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(teaTitle);

  // Kept: settled, a sound, with its description and a name of when it was made.
  const saved = () =>
    sql<
      {
        id: string;
        type: string;
        content_type: string;
        name: string;
        content_length: string;
        settled: boolean;
      }[]
    >`select id, type, content_type, name, content_length::text, settled_at is not null as settled
      from media where preference_id = ${tea} and description = ${description}`;
  await expect.poll(async () => (await saved()).length, { timeout: 10_000 }).toBe(1);
  const rows = await saved();
  const row = rows[0];
  if (!row) throw new Error('no media row');
  expect(row).toMatchObject({ type: 'audio', content_type: 'audio/webm', settled: true });
  expect(row.name).toMatch(/^Recording \d{1,2} [A-Z][a-z]{2} \d{4} \d{1,2}\.\d{2} [ap]m\.webm$/);

  // The store holds the recording: served (through the signed redirect) as it was uploaded.
  const served = await page.request.get(`/api/people/${aroha}/media/${row.id}/signed/redirect`);
  expect(served.status()).toBe(200);
  expect(served.headers()['content-type']).toBe('audio/webm');
  const body = await served.body();
  expect(body.length).toBe(Number(row.content_length));
  // WebM (EBML) bytes, with a Duration element in its Info.
  expect([...body.subarray(0, 4)]).toEqual([0x1a, 0x45, 0xdf, 0xa3]);
  expect(body.subarray(0, 4096).includes(Buffer.from([0x44, 0x89, 0x88]))).toBe(true);
});

test('record again replaces the recording; cancelling an unsaved one asks first', async ({
  page,
  signIn,
  sql,
}) => {
  test.setTimeout(90_000);
  await watchMicrophone(page);
  await signIn('aroha@example.com');
  const count = async () =>
    Number((await sql`select count(*)::int n from media where preference_id = ${tea}`)[0]?.n);
  const before = await count();
  await page.goto(recorderPath);
  await page.getByRole('button', { name: 'Start recording' }).click();
  await expect(page.getByRole('timer', { name: 'Time recorded' })).toHaveText('00:01');
  await page.getByRole('button', { name: 'Stop', exact: true }).click();
  await expect(page.locator('audio')).toBeVisible();
  const first = await page.locator('audio').getAttribute('src');

  await page.getByRole('button', { name: 'Record again' }).click();
  await expect(page.getByRole('button', { name: 'Stop', exact: true })).toBeFocused();
  await expect(page.locator('audio')).toHaveCount(0);
  await expect(page.getByRole('timer', { name: 'Time recorded' })).toHaveText('00:01');
  // While recording, too: the meter, the timer and Stop pass axe and are big enough to hit.
  expect(await seriousViolations(page)).toEqual([]);
  expect(await smallTargets(page, 'main button')).toBe('');
  await page.getByRole('button', { name: 'Stop', exact: true }).click();
  await expect(page.locator('audio')).toBeVisible();
  expect(await page.locator('audio').getAttribute('src')).not.toBe(first);
  expect(await trackStates(page)).toEqual(['ended', 'ended']);

  // Cancel: the recording is not saved yet, so the page asks.
  await page.getByRole('button', { name: 'Cancel' }).click();
  const dialog = page.getByRole('dialog', { name: 'Are you sure you want to cancel?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'No, stay here' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.locator('audio')).toBeVisible();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await dialog.getByRole('button', { name: 'Yes, leave' }).click();
  await expect(page).toHaveURL(new RegExp(`/people/${aroha}/preferences/${tea}$`));
  expect(await count()).toBe(before);
});

test('leaving the page while recording turns the microphone off', async ({ page, signIn }) => {
  await watchMicrophone(page);
  await signIn('aroha@example.com');
  await page.goto(recorderPath);
  await page.getByRole('button', { name: 'Start recording' }).click();
  await expect(page.getByRole('timer', { name: 'Time recorded' })).toHaveText('00:01');
  expect(await trackStates(page)).toEqual(['live']);
  // Another page of the app (client-side: the page's script and its streams live on).
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Library' })
    .click();
  await expect(page).toHaveURL(new RegExp(`/people/${aroha}/preferences$`));
  await expect.poll(() => trackStates(page)).toEqual(['ended']);
});

for (const { error, message } of [
  {
    error: 'NotAllowedError',
    message:
      'This page is not allowed to use the microphone. To record, let this page use the microphone in your browser’s settings. Then press Start recording again.',
  },
  {
    error: 'NotFoundError',
    message:
      'We could not find a microphone. Connect one, or use a device that has one, then press Start recording again.',
  },
]) {
  test(`the browser refuses the microphone (${error}): said in plain words`, async ({
    page,
    signIn,
  }) => {
    // Only the browser's answer is made up: getUserMedia rejects as it does
    // when permission is denied or there is no microphone.
    await page.addInitScript((name) => {
      navigator.mediaDevices.getUserMedia = () =>
        Promise.reject(new DOMException('Refused by the test', name));
    }, error);
    await signIn('aroha@example.com');
    await page.goto(recorderPath);
    await page.getByRole('button', { name: 'Start recording' }).click();
    const alert = page.getByRole('alert');
    await expect(alert).toHaveText(message);
    await expect(alert).toBeFocused();
    // Nothing is recording; Start recording is there to try again.
    await expect(page.getByRole('timer')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Start recording' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
}

test.describe('the store cannot be reached', () => {
  test.use({
    allowedConsoleErrors: {
      'the upload to the store is cut off on purpose': /Failed to load resource: net::ERR_FAILED/,
    },
  });

  test('saving fails: said in words, and Save works again once the store is back', async ({
    page,
    signIn,
    sql,
  }) => {
    await signIn('aroha@example.com');
    await page.goto(recorderPath);
    await page.getByRole('button', { name: 'Start recording' }).click();
    await expect(page.getByRole('timer', { name: 'Time recorded' })).toHaveText('00:01');
    await page.getByRole('button', { name: 'Stop', exact: true }).click();
    const description = `Cut off ${Date.now()}`;
    await page.getByLabel('Description (optional)').fill(description);

    // The PUT to the store's signed URL fails as a dropped connection does.
    await page.route('**/uploads/**', (route) => route.abort('failed'));
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByRole('alert')).toHaveText(
      'Sorry, your recording could not be saved. Please check your internet connection, then press Save again.',
    );
    await expect(page).toHaveURL(/audio\/create$/);
    await expect(page.locator('audio')).toBeVisible();

    await page.unroute('**/uploads/**');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/people/${aroha}/preferences/${tea}$`));
    await expect
      .poll(
        async () =>
          (
            await sql`select 1 from media where preference_id = ${tea}
                      and description = ${description} and settled_at is not null`
          ).length,
      )
      .toBe(1);
  });
});

test('a browser without MediaRecorder is told so', async ({ page, signIn }) => {
  await page.addInitScript(() => {
    Reflect.deleteProperty(window, 'MediaRecorder');
  });
  await signIn('aroha@example.com');
  await page.goto(recorderPath);
  await page.getByRole('button', { name: 'Start recording' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'This browser cannot record sound. Please try a browser like Chrome, Edge, Firefox or Safari instead.',
  );
});

test('a spoken description: recorded from the preference, played in place of its words, then back to the words', async ({
  page,
  signIn,
  sql,
}) => {
  test.setTimeout(90_000);
  await signIn('aroha@example.com');
  await page.goto(`/people/${aroha}/preferences/${tea}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(teaTitle);
  const words = page.locator('.preference-description');
  await expect(words).toBeVisible();
  await page.getByRole('link', { name: 'Record a spoken description' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Record a sound');
  await page.getByRole('button', { name: 'Start recording' }).click();
  // Two seconds or more: a busy machine's poll can miss the second itself.
  await expect(page.getByRole('timer', { name: 'Time recorded' })).toHaveText(
    /^00:(0[2-9]|[1-5]\d)$/,
    {
      timeout: 15_000,
    },
  );
  await page.getByRole('button', { name: 'Stop', exact: true }).click();
  // Come from "Record a spoken description": the choice is ticked already.
  const choice = page.getByRole('checkbox', {
    name: 'Play this recording in place of the written description',
  });
  await expect(choice).toBeChecked();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/people/${aroha}/preferences/${tea}$`));

  // The recording comes first; the words are folded under it.
  await expect(page.getByRole('heading', { name: 'Listen', exact: true })).toBeVisible();
  const player = page.locator(`audio[aria-label="Spoken description of ${teaTitle}"]`);
  await expect(player).toBeVisible({ timeout: 10_000 });
  await expect
    .poll(() => player.evaluate((a: HTMLAudioElement) => a.duration), { timeout: 10_000 })
    .toBeGreaterThan(1);
  await expect(words).toBeHidden();
  const [row] = await sql<{ spoken: string | null; type: string | null }[]>`
    select p.spoken_media_id as spoken, m.type::text as type
    from preference p left join media m on m.id = p.spoken_media_id where p.id = ${tea}`;
  expect(row?.type).toBe('audio');
  // The words are one key press away.
  await page.getByText('Show the written words').focus();
  await page.keyboard.press('Enter');
  await expect(words).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  expect(await smallTargets(page, 'main summary')).toBe('');

  // Back to the words: the recording stays among the media, the words show again.
  await page.getByRole('button', { name: 'Use the written words instead' }).click();
  await expect(player).toBeHidden();
  await expect(words).toBeVisible();
  await expect(page.getByRole('link', { name: 'Record a spoken description' })).toBeVisible();
  await expect
    .poll(
      async () =>
        (await sql`select spoken_media_id from preference where id = ${tea}`)[0]?.spoken_media_id,
    )
    .toBeNull();
  expect(
    (await sql`select count(*)::int as n from media where id = ${row?.spoken ?? ''}`)[0]?.n,
  ).toBe(1);
});
