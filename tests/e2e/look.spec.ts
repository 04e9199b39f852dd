/**
 * The look on a tablet (issue 13): feelings are pictures shipped with the app,
 * so a device without an emoji font shows a face, not an empty box.
 */
import { seedId } from '../../api/seed.ts';
import { expect, test } from './fixtures.ts';

const aroha = seedId('person:aroha');
const tea = seedId('preference:aroha:tea');

test('feelings are drawn from the app’s own pictures, beside their word', async ({
  page,
  signIn,
}) => {
  await signIn('aroha@example.com');
  for (const [path, selector] of [
    [`/people/${aroha}/preferences`, '.library-feeling img'],
    [`/people/${aroha}/preferences/${tea}`, '.preference-feeling img'],
    [`/people/${aroha}/preferences/${tea}/edit`, '.pf-emoji img'],
  ] as const) {
    await page.goto(path);
    const icon = page.locator(selector).first();
    await expect(icon).toBeVisible();
    const drawn = await icon.evaluate((img: HTMLImageElement) =>
      img.decode().then(
        // Inlined into the app (a data: URL) or one of its own files: never fetched elsewhere.
        () => ({
          width: img.naturalWidth,
          own:
            img.src.startsWith('data:image/svg+xml') || new URL(img.src).origin === location.origin,
        }),
        () => ({ width: 0, own: false }),
      ),
    );
    expect(drawn, path).toEqual({ width: expect.any(Number), own: true });
    expect(drawn.width, path).toBeGreaterThan(0);
    // Decorative: the word says it.
    await expect(icon).toHaveAttribute('alt', '');
  }
});
