/**
 * Photo search (spec §1: "a photo search for preference images, supplied by a
 * stock-photo service"): what every provider answers. A search gives a page of
 * results, each with a small preview and who made it (its attribution and
 * licence, shown under the result and kept with the chosen photo); `fetch`
 * gives the chosen photo's bytes, which the API copies into the person's own
 * media store (api/routes/photo-search.ts). Providers: the bundled catalogue
 * (no network, api/photo-search/catalogue-provider.ts) and Unsplash when a key
 * is set (api/photo-search/unsplash.ts). ADR 019.
 */
import { fileTypeFromBuffer } from 'file-type';
import { isMediaType, mediaKind, normaliseType } from '../../sync/media.ts';

/** A found photo bigger than this is not fetched (a camera's photo fits; the store keeps a display copy). */
export const PHOTO_MAX_BYTES = 20 * 1024 * 1024;

export const PROVIDER_NAMES = ['catalogue', 'unsplash'] as const;
export type ProviderName = (typeof PROVIDER_NAMES)[number];

export type PhotoResult = {
  /** The provider's id of the photo: what `fetch` takes. */
  id: string;
  title: string;
  /** A small picture of it for the result tile (absolute, or a path of this API). */
  previewUrl: string;
  width?: number;
  height?: number;
  /** Who made it, in words to show beside it ("Photo by Ana on Unsplash"). */
  attribution: string;
  /** Its licence, by name ("CC BY 4.0", "Unsplash License"). */
  licence: string;
  /** Where the photo (or its maker) is on the web. */
  sourceUrl?: string;
};

export type PhotoPage = { results: PhotoResult[]; total: number };

/** A chosen photo: a picture of the media allow-list (never SVG), ready to store. */
export type PhotoFile = {
  bytes: Uint8Array;
  contentType: string;
  /** A file name for the media item. */
  name: string;
  attribution: string;
};

export type PhotoProvider = {
  readonly name: ProviderName;
  search(query: string, opts: { page: number; perPage: number }): Promise<PhotoPage>;
  /** The photo `id`; undefined when the provider has no such photo. */
  fetch(id: string): Promise<PhotoFile | undefined>;
};

/** The provider failed (unreachable, an error, an answer we cannot use): the API answers 502. */
export class ProviderError extends Error {
  override name = 'ProviderError';
}

/**
 * `bytes` as a picture we keep: what the bytes are (not what a server said),
 * one of the media allow-list's images, no bigger than a picture may be.
 * Anything else is the provider's failure.
 */
export async function pictureOf(
  bytes: Uint8Array,
  what: string,
): Promise<{ bytes: Uint8Array; contentType: string }> {
  if (bytes.length === 0) throw new ProviderError(`${what}: empty`);
  if (bytes.length > PHOTO_MAX_BYTES) throw new ProviderError(`${what}: too big`);
  const found = await fileTypeFromBuffer(bytes);
  const type = normaliseType(found?.mime ?? '');
  if (!isMediaType(type) || mediaKind(type) !== 'image') {
    throw new ProviderError(`${what}: not a picture we keep (${type || 'unknown'})`);
  }
  return { bytes, contentType: type };
}

/** A file name for a photo titled `title`: letters, digits and dashes, with the type's extension. */
export function fileNameFor(title: string, contentType: string): string {
  const ext = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' }[contentType];
  const base =
    title
      .normalize('NFD')
      .replace(/\p{M}/gu, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 80) || 'photo';
  return ext ? `${base}.${ext}` : base;
}
