import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, test } from 'vitest';
import {
  CATALOGUE,
  catalogueEntry,
  matchRank,
  normaliseWords,
  searchCatalogue,
  twemojiFile,
} from './catalogue.ts';
import {
  catalogueProvider,
  PHOTO_SIZE,
  PREVIEW_SIZE,
  previewPath,
  TWEMOJI_ATTRIBUTION,
} from './catalogue-provider.ts';
import { ProviderError } from './provider.ts';

const twemoji = path.dirname(createRequire(import.meta.url).resolve('@twemoji/svg/package.json'));
const ids = (query: string) => searchCatalogue(query).map((e) => e.id);

describe('the catalogue', () => {
  test('about 150 or more everyday things, each with a unique id, a title and keywords', () => {
    expect(CATALOGUE.length).toBeGreaterThanOrEqual(150);
    expect(new Set(CATALOGUE.map((e) => e.id)).size).toBe(CATALOGUE.length);
    for (const e of CATALOGUE) {
      expect(e.id).toMatch(/^[a-z0-9-]{1,64}$/);
      expect(e.title.trim()).toBe(e.title);
      expect(e.keywords.length).toBeGreaterThan(0);
    }
  });

  test('every entry points at a Twemoji file that is installed', () => {
    const missing = CATALOGUE.filter((e) => !existsSync(path.join(twemoji, twemojiFile(e.emoji))));
    expect(missing.map((e) => `${e.id}: ${twemojiFile(e.emoji)}`)).toEqual([]);
  });

  test('Twemoji file names: code points, U+FE0F dropped unless joined by a ZWJ', () => {
    expect(twemojiFile('🍵')).toBe('1f375.svg');
    expect(twemojiFile('☀️')).toBe('2600.svg');
    expect(twemojiFile('🧑‍⚕️')).toBe('1f9d1-200d-2695-fe0f.svg');
  });
});

describe('searching the catalogue', () => {
  test('any case; the exact title first, then keywords and prefixes', () => {
    expect(ids('tea')[0]).toBe('cup-of-tea');
    expect(ids('TEA')).toEqual(ids('tea'));
    expect(ids('tea')).toEqual(expect.arrayContaining(['teapot', 'hot-drink']));
    expect(ids('Cup of tea')[0]).toBe('cup-of-tea');
    expect(ids('teapot')[0]).toBe('teapot');
    expect(ids('coff')[0]).toBe('coffee');
  });

  test('New Zealand, British and American words', () => {
    expect(ids('jandals')).toContain('jandals');
    expect(ids('flip flops')).toContain('jandals');
    expect(ids('togs')).toContain('swimsuit');
    expect(ids('dairy')).toContain('corner-shop');
    expect(ids('loo')).toContain('toilet');
    expect(ids('whānau')).toContain('family');
    expect(ids('whanau')).toContain('family');
    expect(ids('cafe')).toContain('coffee');
    expect(ids('sneakers')[0]).toBe('sneakers');
    expect(ids('trainers')).toContain('sneakers');
  });

  test('nothing for what it does not know, or for nothing', () => {
    expect(ids('xylophone quartz')).toEqual([]);
    expect(ids('   ')).toEqual([]);
    expect(ids('!!!')).toEqual([]);
  });

  test('three letters do not start words inside other words ("tea" is not "tears")', () => {
    expect(ids('tea')).not.toContain('sad');
    const sad = catalogueEntry('sad');
    expect(sad && matchRank(sad, normaliseWords('tea'))).toBeUndefined();
    expect(sad && matchRank(sad, normaliseWords('tear'))).toBe(3);
  });
});

describe('the catalogue provider', () => {
  const provider = catalogueProvider();

  test('a page of results with previews, attribution and licence', async () => {
    const all = await provider.search('tea', { page: 1, perPage: 100 });
    const first = await provider.search('tea', { page: 1, perPage: 2 });
    const second = await provider.search('tea', { page: 2, perPage: 2 });
    expect(first.total).toBe(all.total);
    expect(first.results.map((r) => r.id)).toEqual(all.results.slice(0, 2).map((r) => r.id));
    expect(second.results.map((r) => r.id)).toEqual(all.results.slice(2, 4).map((r) => r.id));
    const entry = catalogueEntry('cup-of-tea');
    expect(first.results[0]).toEqual({
      id: 'cup-of-tea',
      title: 'Cup of tea',
      previewUrl: entry && previewPath(entry),
      width: PHOTO_SIZE,
      height: PHOTO_SIZE,
      attribution: TWEMOJI_ATTRIBUTION,
      licence: 'CC BY 4.0',
      sourceUrl: 'https://github.com/jdecked/twemoji',
    });
    expect(first.results[0]?.previewUrl).toBe(
      '/api/photo-search/catalogue/cup-of-tea/preview?v=1f375',
    );
  });

  test('a chosen picture is a 512 px PNG (never SVG), on an opaque background', async () => {
    const photo = await provider.fetch('cup-of-tea');
    expect(photo).toMatchObject({
      contentType: 'image/png',
      name: 'Cup of tea.png',
      attribution: TWEMOJI_ATTRIBUTION,
    });
    const meta = await sharp(photo?.bytes).metadata();
    expect(meta).toMatchObject({ format: 'png', width: 512, height: 512, hasAlpha: false });
    expect(photo?.bytes.length).toBeLessThan(100_000);
  });

  test('previews are small PNGs, drawn once', async () => {
    const a = await provider.preview('teapot');
    const b = await provider.preview('teapot');
    expect(a).toBe(b);
    const meta = await sharp(a).metadata();
    expect(meta).toMatchObject({ format: 'png', width: PREVIEW_SIZE, height: PREVIEW_SIZE });
  });

  test('an unknown id is nothing; a missing graphic is the provider failing', async () => {
    expect(await provider.fetch('no-such-thing')).toBeUndefined();
    expect(await provider.preview('no-such-thing')).toBeUndefined();
    const broken = catalogueProvider({ dir: '/nonexistent/twemoji' });
    await expect(broken.fetch('teapot')).rejects.toBeInstanceOf(ProviderError);
    await expect(broken.preview('teapot')).rejects.toBeInstanceOf(ProviderError);
  });
});
