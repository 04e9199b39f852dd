/**
 * How media are served and answered: signed reads and their lifetime, the
 * Content-Disposition a file is served with (ADR 011: a file cannot become a
 * page), the JSON of a media item and of the library's storage, and the
 * middleware of a route that needs the store.
 */
import type { Row } from '@rocicorp/zero';
import { createMiddleware } from 'hono/factory';
import { idMessages } from '../../sync/ids.ts';
import { isMediaType, normaliseType, oneFileLimit } from '../../sync/media.ts';
import { type StorageSpace, storageMessage } from '../../sync/plan-limits.ts';
import type { MediaAnswer, StorageAnswer } from '../answers.ts';
import type { AppDeps, AppEnv } from '../deps.ts';
import { Refusal } from '../errors.ts';
import { isoTime as iso } from '../wire.ts';
import type { MediaStore, Served } from './store.ts';

export const mediaApiMessages = {
  badId: idMessages.invalid,
  notFound: 'We could not find that.',
  unavailable: 'Pictures cannot be stored right now. Please try again later.',
} as const;

/** The sizes a picture is served at besides its original (api/media/variants.ts). */
export const MEDIA_SIZES = ['thumb', 'display'] as const;
export type MediaSize = (typeof MEDIA_SIZES)[number];

/** Signed reads last this long; browsers may cache a redirect for a little less. */
export const DOWNLOAD_URL_SECONDS = 10 * 60;

/**
 * `inline` (shown, never saved as something else) with the file's name made
 * safe for a header: no quotes, backslashes, slashes or control characters;
 * the name as given in filename*.
 */
export function inlineDisposition(name: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it removes
  const clean = name.replace(/[\u0000-\u001f\u007f"\\/]/g, '').trim() || 'media';
  const ascii = clean.replace(/[^\x20-\x7e]/g, '_');
  // RFC 5987: ' ( ) * are not value characters either.
  const encoded = encodeURIComponent(clean).replace(
    /['()*]/g,
    (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `inline; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/**
 * How a media item is served: as its settled type. A record from before the
 * allow-list with another type is served as bytes to save, never to show.
 */
export function servedAs(row: { contentType: string; name: string }): Served {
  const type = normaliseType(row.contentType);
  return isMediaType(type)
    ? { contentType: type, contentDisposition: inlineDisposition(row.name) }
    : {
        contentType: 'application/octet-stream',
        contentDisposition: inlineDisposition(row.name).replace(/^inline/, 'attachment'),
      };
}

export type MediaRow = Row['media'];

/** A media item as the media routes answer it. */
export function mediaJson(m: MediaRow): MediaAnswer {
  return {
    id: m.id,
    personId: m.personId,
    preferenceId: m.preferenceId,
    createdById: m.createdBy,
    name: m.name,
    description: m.description,
    contentType: m.contentType,
    type: m.type,
    contentLength: m.contentLength,
    width: m.width,
    height: m.height,
    attribution: m.attribution,
    createdAt: iso(m.createdAt),
    settledAt: iso(m.settledAt),
  };
}

/**
 * Storage as screens show it (spec §9: GB and percent to 2 decimals there):
 * bytes used and allowed (null: unlimited), the percent used, the prompt, and
 * the most one file may have (the plan's, as announcing enforces it), so that
 * a form's "Up to …" is the limit that holds.
 */
export function storageJson(space: StorageSpace): StorageAnswer {
  const { used, limit } = space;
  return {
    used,
    limit,
    percent: limit ? Math.round((used / limit) * 10_000) / 100 : null,
    message: storageMessage(space),
    fileLimit: oneFileLimit(space.fileLimit),
  };
}

/**
 * The middleware of a route that reads or writes the media store: the store
 * on `c.var.store`; without one (no S3 configured) the route answers 503.
 */
export function mediaStoreRoute(deps: Pick<AppDeps, 'media'>) {
  return createMiddleware<AppEnv & { Variables: { store: MediaStore } }>(async (c, next) => {
    if (!deps.media) throw new Refusal(503, 'unavailable', mediaApiMessages.unavailable);
    c.set('store', deps.media);
    await next();
  });
}
