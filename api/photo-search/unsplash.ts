/**
 * Unsplash as the photo search's stock-photo service, when UNSPLASH_ACCESS_KEY
 * is set (api/config.ts), following Unsplash's API guidelines: search with
 * `GET /search/photos`; previews are Unsplash's own (hotlinked) image URLs;
 * every photo is attributed "Photo by {name} on Unsplash", with links that
 * carry `utm_source` and `utm_medium=referral`; choosing a photo triggers its
 * `download_location` endpoint before its bytes are fetched. The access key
 * goes only to the API's own origin. Tested against a stand-in server
 * (tests/stand-ins/unsplash.test.ts), never the real service. ADR 019.
 */
import { z } from 'zod';

import {
  fileNameFor,
  PHOTO_MAX_BYTES,
  type PhotoProvider,
  type PhotoResult,
  ProviderError,
  pictureOf,
} from './provider.ts';

export const UNSPLASH_DEFAULT_API_URL = 'https://api.unsplash.com';
/** The application's name in Unsplash's referral links (its guidelines ask for one). */
export const UNSPLASH_APP_NAME = 'preference_bank';
export const UNSPLASH_LICENCE = 'Unsplash License';
/** Unsplash's largest page. */
const MAX_PER_PAGE = 30;
const TIMEOUT_MS = 15_000;

const link = z.url();

const photoJson = z.object({
  id: z.string(),
  width: z.number().int().positive().optional(),
  height: z.number().int().positive().optional(),
  description: z.string().nullish(),
  alt_description: z.string().nullish(),
  urls: z.object({ regular: link, small: link, thumb: link.optional() }),
  links: z.object({ html: link, download_location: link }),
  user: z.object({ name: z.string(), links: z.object({ html: link }) }),
});
type UnsplashPhoto = z.infer<typeof photoJson>;

const searchJson = z.object({ total: z.number().int().nonnegative(), results: z.array(photoJson) });

/** An Unsplash page or profile link with the referral the guidelines ask for. */
export function referral(url: string): string {
  const u = new URL(url);
  u.searchParams.set('utm_source', UNSPLASH_APP_NAME);
  u.searchParams.set('utm_medium', 'referral');
  return u.toString();
}

export function unsplashAttribution(photo: { user: { name: string } }): string {
  return `Photo by ${photo.user.name.trim() || 'an Unsplash photographer'} on Unsplash`;
}

/** What a photo shows, in words: its alt text, else its description, else who took it. */
function titleOf(photo: UnsplashPhoto): string {
  const text = (photo.alt_description ?? photo.description ?? '').trim().replace(/\s+/g, ' ');
  if (!text) return unsplashAttribution(photo);
  const title = text.charAt(0).toUpperCase() + text.slice(1);
  return title.length > 120 ? `${title.slice(0, 119)}…` : title;
}

export function resultOf(photo: UnsplashPhoto): PhotoResult {
  return {
    id: photo.id,
    title: titleOf(photo),
    previewUrl: photo.urls.small,
    ...(photo.width ? { width: photo.width } : {}),
    ...(photo.height ? { height: photo.height } : {}),
    attribution: unsplashAttribution(photo),
    licence: UNSPLASH_LICENCE,
    sourceUrl: referral(photo.user.links.html),
  };
}

export function unsplashProvider(opts: {
  accessKey: string;
  apiUrl?: string;
  /** For tests: another fetch. */
  fetch?: typeof fetch;
}): PhotoProvider {
  const api = new URL(opts.apiUrl ?? UNSPLASH_DEFAULT_API_URL);
  const doFetch = opts.fetch ?? fetch;

  /** A GET; the key only to Unsplash's API itself, never to an image host. */
  async function get(url: URL, what: string): Promise<Response> {
    const headers: Record<string, string> = { 'Accept-Version': 'v1' };
    if (url.origin === api.origin) headers.Authorization = `Client-ID ${opts.accessKey}`;
    try {
      return await doFetch(url, { headers, signal: AbortSignal.timeout(TIMEOUT_MS) });
    } catch (e) {
      throw new ProviderError(`unsplash: ${what}: ${String(e)}`);
    }
  }

  async function json<T>(res: Response, schema: z.ZodType<T>, what: string): Promise<T> {
    if (!res.ok) throw new ProviderError(`unsplash: ${what}: ${res.status}`);
    const parsed = schema.safeParse(await res.json().catch(() => undefined));
    if (!parsed.success) throw new ProviderError(`unsplash: ${what}: unexpected answer`);
    return parsed.data;
  }

  /** The body of `res`, refused as soon as it is bigger than a picture may be. */
  async function bytesOf(res: Response, what: string): Promise<Uint8Array> {
    if (!res.ok || !res.body) throw new ProviderError(`unsplash: ${what}: ${res.status}`);
    const chunks: Uint8Array[] = [];
    let size = 0;
    const reader = res.body.getReader();
    for (;;) {
      const { done, value } = await reader.read().catch((e: unknown) => {
        throw new ProviderError(`unsplash: ${what}: ${String(e)}`);
      });
      if (done) break;
      size += value.length;
      if (size > PHOTO_MAX_BYTES) {
        await reader.cancel();
        throw new ProviderError(`unsplash: ${what}: too big`);
      }
      chunks.push(value);
    }
    const out = new Uint8Array(size);
    let at = 0;
    for (const c of chunks) {
      out.set(c, at);
      at += c.length;
    }
    return out;
  }

  const endpoint = (p: string) => new URL(p.replace(/^\//, ''), `${api.href.replace(/\/?$/, '/')}`);

  return {
    name: 'unsplash',
    async search(query, { page, perPage }) {
      const url = endpoint('search/photos');
      url.searchParams.set('query', query);
      url.searchParams.set('page', String(page));
      url.searchParams.set('per_page', String(Math.min(perPage, MAX_PER_PAGE)));
      // A care product: Unsplash's strictest filter.
      url.searchParams.set('content_filter', 'high');
      const found = await json(await get(url, 'search'), searchJson, 'search');
      return { total: found.total, results: found.results.map(resultOf) };
    },
    async fetch(id) {
      const res = await get(endpoint(`photos/${encodeURIComponent(id)}`), 'photo');
      if (res.status === 404) return undefined;
      const photo = await json(res, photoJson, 'photo');
      // The guidelines: a chosen photo's download is reported to Unsplash.
      const trigger = await get(new URL(photo.links.download_location), 'download');
      if (!trigger.ok) throw new ProviderError(`unsplash: download: ${trigger.status}`);
      await trigger.body?.cancel();
      const image = await pictureOf(
        await bytesOf(await get(new URL(photo.urls.regular), 'image'), 'image'),
        `unsplash ${id}`,
      );
      return {
        ...image,
        name: fileNameFor(titleOf(photo), image.contentType),
        attribution: unsplashAttribution(photo),
      };
    },
  };
}

/** Where Unsplash serves its images from (the pages' CSP lets previews load from it). */
export const UNSPLASH_IMAGE_ORIGIN = 'https://images.unsplash.com';
