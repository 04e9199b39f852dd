/**
 * The Unsplash provider against a local stand-in of its API (no network
 * here; the real service is never called): the search's mapping, the
 * attribution, the download trigger, the key sent only to the API, and every
 * way the service can fail being the provider's failure.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { ProviderError } from '../../api/photo-search/provider.ts';
import { referral, UNSPLASH_APP_NAME, unsplashProvider } from '../../api/photo-search/unsplash.ts';
import { STAND_IN_KEY, type UnsplashStandIn, unsplashStandIn } from './unsplash.ts';

let standIn: UnsplashStandIn;
let provider: ReturnType<typeof unsplashProvider>;

beforeAll(async () => {
  standIn = await unsplashStandIn();
  provider = unsplashProvider({ accessKey: STAND_IN_KEY, apiUrl: standIn.url });
});

afterAll(async () => {
  await standIn.close();
});

beforeEach(() => {
  standIn.requests.length = 0;
  standIn.downloads.length = 0;
  standIn.failWith = undefined;
  standIn.imageBody = undefined;
});

describe('search', () => {
  test('GET /search/photos with the key, version, page and a strict content filter', async () => {
    await provider.search('cup of tea', { page: 2, perPage: 12 });
    expect(standIn.requests).toEqual([
      {
        server: 'api',
        path: '/search/photos',
        query: { query: 'cup of tea', page: '2', per_page: '12', content_filter: 'high' },
        authorization: `Client-ID ${STAND_IN_KEY}`,
        acceptVersion: 'v1',
      },
    ]);
  });

  test('results: title, hotlinked preview, size, attribution, licence and a referral link', async () => {
    const found = await provider.search('tea', { page: 1, perPage: 12 });
    expect(found.total).toBe(3);
    expect(found.results).toHaveLength(3);
    const first = found.results[0];
    expect(first).toEqual({
      id: 'Tea1abc',
      title: 'A cup of tea on a wooden table',
      previewUrl: expect.stringMatching(/\/Tea1abc\?ixid=small&w=400$/),
      width: 4000,
      height: 3000,
      attribution: 'Photo by Mere Tane on Unsplash',
      licence: 'Unsplash License',
      sourceUrl: `https://unsplash.com/@meretane?utm_source=${UNSPLASH_APP_NAME}&utm_medium=referral`,
    });
  });

  test('pages; Unsplash gives at most 30 a page', async () => {
    const page = await provider.search('tea', { page: 2, perPage: 2 });
    expect(page.total).toBe(3);
    expect(page.results.map((r) => r.id)).toEqual(['Tea3ghi']);
    await provider.search('tea', { page: 1, perPage: 100 });
    expect(standIn.requests.at(-1)?.query.per_page).toBe('30');
  });

  test('no hits is an empty page, not a failure', async () => {
    expect(await provider.search('xylophone', { page: 1, perPage: 12 })).toEqual({
      total: 0,
      results: [],
    });
  });
});

describe('fetch: choosing a photo', () => {
  test('triggers the download endpoint, then reads the regular size; the key never goes to the image host', async () => {
    const photo = await provider.fetch('Tea2def');
    expect(photo).toMatchObject({
      contentType: 'image/jpeg',
      name: 'green-tea-in-a-glass-teapot.jpg',
      attribution: 'Photo by John Smith on Unsplash',
    });
    expect(photo?.bytes.length).toBeGreaterThan(100);
    expect(standIn.downloads).toEqual(['Tea2def']);
    expect(standIn.requests.map((r) => [r.server, r.path, r.query.ixid])).toEqual([
      ['api', '/photos/Tea2def', undefined],
      ['api', '/photos/Tea2def/download', 'abc'],
      ['images', '/Tea2def', 'regular'],
    ]);
    const image = standIn.requests.find((r) => r.server === 'images');
    expect(image?.authorization).toBeUndefined();
    const trigger = standIn.requests.find((r) => r.path.endsWith('/download'));
    expect(trigger?.authorization).toBe(`Client-ID ${STAND_IN_KEY}`);
  });

  test('an unknown photo is nothing (and nothing is downloaded)', async () => {
    expect(await provider.fetch('Nope000')).toBeUndefined();
    expect(standIn.downloads).toEqual([]);
  });

  test('bytes that are not a picture we keep are the provider failing', async () => {
    standIn.imageBody = {
      bytes: new TextEncoder().encode('<html><script>alert(1)</script></html>'),
      contentType: 'image/jpeg',
    };
    await expect(provider.fetch('Tea1abc')).rejects.toBeInstanceOf(ProviderError);
    standIn.imageBody = {
      bytes: new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"></svg>'),
      contentType: 'image/svg+xml',
    };
    await expect(provider.fetch('Tea1abc')).rejects.toBeInstanceOf(ProviderError);
  });
});

describe('failures', () => {
  test('an error status, a wrong key and an unreachable service are ProviderErrors', async () => {
    standIn.failWith = 500;
    await expect(provider.search('tea', { page: 1, perPage: 12 })).rejects.toBeInstanceOf(
      ProviderError,
    );
    await expect(provider.fetch('Tea1abc')).rejects.toBeInstanceOf(ProviderError);
    standIn.failWith = undefined;

    const wrongKey = unsplashProvider({ accessKey: 'wrong', apiUrl: standIn.url });
    await expect(wrongKey.search('tea', { page: 1, perPage: 12 })).rejects.toBeInstanceOf(
      ProviderError,
    );

    const closed = await unsplashStandIn();
    const url = closed.url;
    await closed.close();
    const unreachable = unsplashProvider({ accessKey: STAND_IN_KEY, apiUrl: url });
    await expect(unreachable.search('tea', { page: 1, perPage: 12 })).rejects.toBeInstanceOf(
      ProviderError,
    );
  });

  test('an answer that is not what Unsplash sends is a ProviderError', async () => {
    const odd = unsplashProvider({
      accessKey: STAND_IN_KEY,
      fetch: async () => new Response('{"results": "nope"}', { status: 200 }),
    });
    await expect(odd.search('tea', { page: 1, perPage: 12 })).rejects.toBeInstanceOf(ProviderError);
  });
});

test('referral links carry utm_source and utm_medium=referral', () => {
  expect(referral('https://unsplash.com/@ana?x=1')).toBe(
    `https://unsplash.com/@ana?x=1&utm_source=${UNSPLASH_APP_NAME}&utm_medium=referral`,
  );
});
