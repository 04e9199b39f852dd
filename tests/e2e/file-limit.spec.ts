/**
 * Every "up to …" a screen says about one file's size is the limit the server
 * enforces, read from the library's plan (spec §9): the preference's picture,
 * a category's photo and the media page follow the plan when it changes, and
 * the server refuses a file one byte over the words.
 */
import { seedId } from '../../api/seed.ts';
import { fileLimitMessages } from '../../sync/plan-limits.ts';
import { expect, test } from './fixtures.ts';

const aroha = seedId('person:aroha');
const tea = seedId('preference:aroha:tea');
const food = seedId('category:aroha:food');
const MB = 1024 ** 2;

test('the picture fields and the media page say the plan’s limit on one file, and follow it', async ({
  page,
  signIn,
  sql,
}) => {
  test.setTimeout(90_000);
  await signIn('aroha@example.com');
  const says = async (size: string) => {
    await page.goto(`/people/${aroha}/preferences/${tea}/edit/4`);
    await expect(page.getByText(/^A picture of this preference/)).toContainText(`Up to ${size}.`);
    await page.goto(`/people/${aroha}/preferences/categories/${food}/edit`);
    await expect(page.getByText(/^A picture that helps you know this category/)).toContainText(
      `Up to ${size}.`,
    );
    await page.goto(`/people/${aroha}/preferences/${tea}/media/create`);
    await expect(page.getByText(/^You can choose several at once/)).toContainText(
      `each up to ${size}`,
    );
  };
  // Aroha is on the free plan: 100 MB a file, as its subscription page says.
  await says('100 MB');
  await page.goto(`/people/${aroha}/settings/subscription`);
  await expect(page.getByText('Files up to 100 MB each').first()).toBeVisible();

  // The plan's limit changed: the words follow, and the server holds the new one.
  const [plan] = await sql<{ id: string; bytes: number }[]>`
    select id, content_length_limit::float8 as bytes from plan where is_default`;
  if (!plan) throw new Error('no default plan');
  try {
    await sql`update plan set content_length_limit = ${40 * MB} where id = ${plan.id}`;
    await says('40 MB');
    const announce = (bytes: number) =>
      page.request.post(`/api/people/${aroha}/media/signed`, {
        data: {
          name: 'visit.mp4',
          contentType: 'video/mp4',
          contentLength: bytes,
          preferenceId: tea,
        },
      });
    const over = await announce(40 * MB + 1);
    expect(over.status()).toBe(400);
    expect(((await over.json()) as { error: { message: string } }).error.message).toBe(
      fileLimitMessages.tooBig('40 MB'),
    );
    const fits = await announce(40 * MB);
    expect(fits.status()).toBe(201);
  } finally {
    await sql`update plan set content_length_limit = ${plan.bytes} where id = ${plan.id}`;
  }
});
