/**
 * The look on a tablet: feelings are pictures shipped with the app,
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

test('home shows what a person comes back for: the library, reviews due, what changed, the Circle', async ({
  page,
  signIn,
  sql,
  library,
}) => {
  const food = seedId('category:aroha:food');
  await library.preference(aroha, { title: 'Just changed', categoryIds: [food] });
  await signIn('aroha@example.com');
  await page.goto(`/people/${aroha}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Kia ora, Aroha' })).toBeVisible();
  const [counts] = await sql`select
    (select count(*)::int from preference where person_id = ${aroha} and status = 'Published') as preferences,
    (select count(*)::int from supporter_link where supported_id = ${aroha}) as supporters,
    (select count(*)::int from preference where person_id = ${aroha} and status = 'Published'
       and review_at <= now()) as due`;
  const yours = page.getByRole('region', { name: 'Your library' });
  await expect(yours).toContainText(`${counts?.preferences} preferences`);
  const recent = page.getByRole('region', { name: 'Changed lately' });
  await expect(recent.getByRole('link').first()).toHaveText(/Just changed/);
  await expect(page.getByRole('region', { name: 'Your Circle of Support' })).toContainText(
    `${counts?.supporters} supporter`,
  );
  const review = page.getByRole('region', { name: 'Time to look again' });
  if (counts?.due > 0) await expect(review).toContainText(`${counts?.due}`);
  else await expect(review).toHaveCount(0);
  await recent.getByRole('link', { name: /Just changed/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Just changed' })).toBeFocused();
});
