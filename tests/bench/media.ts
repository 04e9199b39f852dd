/**
 * Media in `npm run bench`: how fast a 20 MB file goes up (a
 * signed PUT to the development store, then the confirmation that checks it
 * and copies it into place), how long a 12-megapixel photo's confirmation
 * takes with its display copy and tile, and how soon a preference's media page
 * with 200 pictures shows its first picture in Chromium. Measures; asserts
 * nothing.
 */

import { chromium } from 'playwright-core';
import postgres from 'postgres';
import sharp from 'sharp';
import { seedId } from '../../api/seed.ts';
import { chromiumArgs } from '../../playwright.config.ts';
import { signIn } from '../harness/clients.ts';
import { openMagicLink } from '../harness/magic-link.ts';
import { startTestStack, type TestStack } from '../harness/stack.ts';
import { summarise } from './stats.ts';

const MB = 1024 * 1024;

/** `size` bytes that read as an MP4 video (an ftyp box, then zeros). */
function fakeVideo(size: number): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(size);
  bytes.set([0, 0, 0, 0x18], 0);
  bytes.set(new TextEncoder().encode('ftypmp42\0\0\0\0mp42isom'), 4);
  return bytes;
}

type Phases = { sign: number; put: number; settle: number };

async function uploadOnce(
  stack: TestStack,
  cookie: string,
  personId: string,
  file: { name: string; type: string; bytes: Uint8Array<ArrayBuffer> },
  target: Record<string, unknown>,
): Promise<Phases & { id: string }> {
  const headers = { cookie, 'content-type': 'application/json' };
  const t0 = performance.now();
  const signed = await fetch(`${stack.url}/api/people/${personId}/media/signed`, {
    method: 'POST',
    headers,
    body: JSON.stringify({
      name: file.name,
      contentType: file.type,
      contentLength: file.bytes.byteLength,
      ...target,
    }),
  });
  if (signed.status !== 201) throw new Error(`sign: ${signed.status} ${await signed.text()}`);
  const s = (await signed.json()) as { id: string; url: string; headers: Record<string, string> };
  const t1 = performance.now();
  const put = await fetch(s.url, { method: 'PUT', headers: s.headers, body: file.bytes });
  if (!put.ok) throw new Error(`put: ${put.status}`);
  const t2 = performance.now();
  const settled = await fetch(`${stack.url}/api/people/${personId}/media/upload-settled`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ id: s.id }),
  });
  if (!settled.ok) throw new Error(`settle: ${settled.status} ${await settled.text()}`);
  const t3 = performance.now();
  return { id: s.id, sign: t1 - t0, put: t2 - t1, settle: t3 - t2 };
}

export async function mediaBench(opts: { pageItems?: number } = {}) {
  const stack = await startTestStack({ web: 'static' });
  const sql = postgres(stack.databaseUrl, { max: 2, onnotice: () => {} });
  try {
    const aroha = await signIn(stack.url, 'aroha@example.com');
    const tea = seedId('preference:aroha:tea');

    // 1. A 20 MB file, five times.
    const video = { name: 'visit.mp4', type: 'video/mp4', bytes: fakeVideo(20 * MB) };
    const big: Phases[] = [];
    for (let i = 0; i < 5; i++) {
      big.push(await uploadOnce(stack, aroha.cookie, aroha.personId, video, { preferenceId: tea }));
    }

    // 2. A 12-megapixel photo (4000×3000 JPEG): its confirmation makes the copies.
    const photoBytes = await sharp({
      create: {
        width: 4000,
        height: 3000,
        channels: 3,
        background: '#7a9',
        noise: { type: 'gaussian', mean: 120, sigma: 30 },
      },
    })
      .jpeg({ quality: 85 })
      .toBuffer();
    const photo = { name: 'garden.jpg', type: 'image/jpeg', bytes: new Uint8Array(photoBytes) };
    const photos: Phases[] = [];
    for (let i = 0; i < 5; i++) {
      photos.push(
        await uploadOnce(stack, aroha.cookie, aroha.personId, photo, { preferenceId: tea }),
      );
    }

    // 3. The media page of a preference with `pageItems` pictures.
    const items = opts.pageItems ?? 200;
    const [pref] =
      await sql`insert into preference (id, person_id, title, access, status, created_by, updated_by)
      values (gen_random_uuid()::text, ${aroha.personId}, 'Photo album', 'General', 'Published', ${aroha.personId}, ${aroha.personId})
      returning id`;
    const preferenceId = String(pref?.id);
    const small = async (i: number) =>
      new Uint8Array(
        await sharp({
          create: {
            width: 800,
            height: 600,
            channels: 3,
            background: { r: (i * 37) % 255, g: (i * 91) % 255, b: (i * 53) % 255 },
          },
        })
          .jpeg({ quality: 80 })
          .toBuffer(),
      );
    const tSeed = performance.now();
    for (let i = 0; i < items; i += 4) {
      await Promise.all(
        [0, 1, 2, 3]
          .filter((k) => i + k < items)
          .map(async (k) =>
            uploadOnce(
              stack,
              aroha.cookie,
              aroha.personId,
              { name: `Photo ${i + k + 1}.jpg`, type: 'image/jpeg', bytes: await small(i + k) },
              { preferenceId },
            ),
          ),
      );
    }
    const seedSeconds = (performance.now() - tSeed) / 1000;

    const browser = await chromium.launch({
      executablePath: '/usr/bin/chromium',
      args: chromiumArgs,
    });
    const firstImage: number[] = [];
    const allTiles: number[] = [];
    try {
      for (let round = 0; round < 5; round++) {
        const context = await browser.newContext();
        const { challengeId, completeUrl } = await openMagicLink(stack.url, 'aroha@example.com');
        const res = await context.request.post(completeUrl, { data: { challengeId } });
        if (!res.ok()) throw new Error(`sign-in failed: ${res.status()}`);
        const page = await context.newPage();
        const t0 = Date.now();
        await page.goto(`${stack.url}/people/${aroha.personId}/preferences/${preferenceId}/media`, {
          waitUntil: 'commit',
        });
        // The first picture of the list decoded and shown.
        await page.waitForFunction(
          () =>
            [...document.querySelectorAll('main img')].some(
              (img) =>
                (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0,
            ),
          undefined,
          { timeout: 60_000, polling: 'raf' },
        );
        firstImage.push(Date.now() - t0);
        await page.waitForFunction(
          (n) => document.querySelectorAll('main li img').length >= n,
          items,
          { timeout: 60_000 },
        );
        allTiles.push(Date.now() - t0);
        await context.close();
      }
    } finally {
      await browser.close();
    }

    const mbps = (seconds: number) => 20 / (seconds / 1000);
    return {
      bigPut: summarise(big.map((p) => p.put)),
      bigTotal: summarise(big.map((p) => p.sign + p.put + p.settle)),
      bigPutMBps: summarise(big.map((p) => mbps(p.put))),
      bigTotalMBps: summarise(big.map((p) => mbps(p.sign + p.put + p.settle))),
      bigSettle: summarise(big.map((p) => p.settle)),
      photoMB: photoBytes.length / MB,
      photoSettle: summarise(photos.map((p) => p.settle)),
      photoTotal: summarise(photos.map((p) => p.sign + p.put + p.settle)),
      items,
      seedSeconds,
      firstImage: summarise(firstImage),
      allTiles: summarise(allTiles),
    };
  } finally {
    await sql.end();
    await stack.stop();
  }
}
