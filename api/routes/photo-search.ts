/**
 * Photo search over REST (spec §1, §8; ADR 019):
 *
 * - `GET /api/people/{personId}/photo-search?query=&page=` searches the
 *   configured provider (Unsplash with a key, else the bundled catalogue) for
 *   someone who may change that person's library (sync/permissions.ts
 *   assertLibraryWrite, as every library write), or add their own photo to it;
 * - `GET /api/photo-search/catalogue/{id}/preview` serves the catalogue's
 *   small PNG previews, cached for good (their URL names their graphic);
 * - `POST /api/people/{personId}/media/from-search` copies a chosen photo into
 *   the person's media store by the one upload path: the same `begin` change
 *   as a browser's upload, the bytes written to its upload key by the API
 *   itself, then `settleUpload` (type sniffing, limits, history); the photo's
 *   attribution is kept on its media row.
 *
 * A provider that fails answers 502 "Sorry, something went wrong." and
 * nothing is stored; no results is an ordinary empty answer.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import { z } from 'zod';
import { media as mediaTable } from '../../schema/index.ts';
import type { AuthContext } from '../../sync/context.ts';
import { appError } from '../../sync/errors.ts';
import { idMessages } from '../../sync/ids.ts';
import { itemId } from '../../sync/library-fields.ts';
import { MEDIA_LIMITS, mediaServerChanges } from '../../sync/media.ts';
import { assertLibraryWrite } from '../../sync/permissions.ts';
import { personRoute } from '../auth/caller.ts';
import { runChange } from '../change.ts';
import type { AppDeps, AppEnv } from '../deps.ts';
import { Refusal } from '../errors.ts';
import { mediaApiMessages, mediaJson } from '../media/serving.ts';
import type { MediaStore } from '../media/store.ts';
import { settleUpload, uploadKeyFor } from '../media/uploads.ts';
import { PROVIDER_NAMES, ProviderError, type ProviderName } from '../photo-search/provider.ts';
import { photoProviders } from '../photo-search/providers.ts';
import { valid } from '../validate.ts';

export const photoSearchApiMessages = {
  /** Spec §8: the default failure, photo search included. */
  failed: 'Sorry, something went wrong.',
  noQuery: 'Please type what you are looking for.',
  queryTooLong: 'Please search with fewer words (at most 100 characters).',
  badPage: 'That is not a page of results.',
  badPhoto: 'That is not a photo of this search.',
  noProvider: 'That photo search is not available.',
  noPreference: 'Please choose the preference this picture is for.',
  notFound: 'We could not find that photo.',
  badId: idMessages.invalid,
} as const;

/** Results on one page. */
export const PHOTO_SEARCH_PER_PAGE = 12;
/** The last page anyone may ask for: enough for any search a person reads through. */
const MAX_PAGE = 50;
const QUERY_MAX = 100;

/** A provider's photo id: Unsplash's and the catalogue's alike. */
const photoId = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, photoSearchApiMessages.badPhoto);

/** A provider's name; another is a search that is not there (a message, not zod's own words). */
const providerName = z.string().refine((v) => (PROVIDER_NAMES as readonly string[]).includes(v), {
  message: photoSearchApiMessages.noProvider,
});

const searchQuery = z.object({
  query: z
    .string()
    .trim()
    .min(1, photoSearchApiMessages.noQuery)
    .max(QUERY_MAX, photoSearchApiMessages.queryTooLong),
  page: z
    .string()
    .regex(/^[1-9]\d{0,2}$/, photoSearchApiMessages.badPage)
    .refine((p) => Number(p) <= MAX_PAGE, photoSearchApiMessages.badPage)
    .optional(),
  provider: providerName.optional(),
});

const fromSearchBody = z
  .object({
    provider: providerName,
    photoId,
    /** A category's photo, or a preference's picture (as an upload's announcement says). */
    purpose: z.enum(['photo', 'preference']),
    preferenceId: itemId.nullish(),
  })
  .refine((b) => b.purpose !== 'preference' || !!b.preferenceId, {
    message: photoSearchApiMessages.noPreference,
    path: ['preferenceId'],
  });

/** Runs a provider's call; its failure is the answer 502 "Sorry, something went wrong." */
async function fromProvider<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (e) {
    if (!(e instanceof ProviderError)) throw e;
    console.warn(`photo search: ${e.message}`);
    throw new Refusal(502, 'provider_failed', photoSearchApiMessages.failed);
  }
}

export function photoSearchRoutes(deps: AppDeps, providers = photoProviders(deps.config)) {
  const { zdb } = deps;
  const caller = personRoute(deps, photoSearchApiMessages.badId);

  /**
   * Only someone who may change the library searches for it or adds to it;
   * `ownPhoto`: or adds only a photo of the person themselves, which a
   * Supporter, who has no library, may do too (sync/media.ts beginUpload).
   */
  const assertWrite = (ctx: AuthContext, personId: string, ownPhoto: boolean) =>
    zdb.transaction((tx) => assertLibraryWrite(tx, ctx, personId, { ownPhoto }));

  /** The provider named (the default when none is): a known one, configured here; 400 otherwise. */
  const providerNamed = (name: string | undefined) => {
    const provider = name ? providers.byName[name as ProviderName] : providers.default;
    if (!provider) throw appError('invalid', photoSearchApiMessages.noProvider);
    return provider;
  };

  /** The media store; without one there is nowhere to copy a photo to (503, as the media routes). */
  const store = createMiddleware<AppEnv & { Variables: { store: MediaStore } }>(async (c, next) => {
    if (!deps.media) throw new Refusal(503, 'unavailable', mediaApiMessages.unavailable);
    c.set('store', deps.media);
    await next();
  });

  /** Photo search for a library. Mounted at /people/{personId}/photo-search. */
  const search = new Hono<AppEnv>().get('/', caller, valid('query', searchQuery), async (c) => {
    const { ctx, personId } = c.var.caller;
    const { query, page: pageParam, provider: name } = c.req.valid('query');
    const provider = providerNamed(name);
    // A search adds nothing: it serves a photo as much as a preference's picture.
    await assertWrite(ctx, personId, true);
    const page = pageParam ? Number(pageParam) : 1;
    const perPage = PHOTO_SEARCH_PER_PAGE;
    const found = await fromProvider(() => provider.search(query, { page, perPage }));
    return c.json({
      provider: provider.name,
      query,
      page,
      perPage,
      total: found.total,
      hasMore: page * perPage < found.total && page < MAX_PAGE,
      results: found.results,
    });
  });

  /** The catalogue's previews. Mounted at /photo-search/catalogue. */
  const catalogue = new Hono<AppEnv>().get(
    '/:id/preview',
    valid('param', z.object({ id: photoId }), photoSearchApiMessages.notFound),
    async (c) => {
      const png = await fromProvider(() => providers.catalogue.preview(c.req.valid('param').id));
      if (!png) throw appError('not_found', photoSearchApiMessages.notFound);
      // Nothing personal, and its URL names its graphic (previewPath): cached for good.
      c.header('cache-control', 'public, max-age=31536000, immutable');
      return c.body(png, 200, { 'content-type': 'image/png' });
    },
  );

  /** A found photo copied into the library as its media. Mounted at /people/{personId}/media/from-search. */
  const fromSearch = new Hono<AppEnv>().post(
    '/',
    store,
    caller,
    valid('json', fromSearchBody),
    async (c) => {
      const { ctx, personId } = c.var.caller;
      const body = c.req.valid('json');
      const provider = providerNamed(body.provider);
      // Refused before anything is asked of the provider.
      await assertWrite(ctx, personId, body.purpose === 'photo' && !body.preferenceId);
      const photo = await fromProvider(() => provider.fetch(body.photoId));
      if (!photo) throw appError('not_found', photoSearchApiMessages.notFound);
      // Announced exactly as a browser's upload is (the same change and rules).
      const args = await runChange(deps, mediaServerChanges.begin, ctx, {
        id: randomUUID(),
        personId,
        name: photo.name.slice(0, MEDIA_LIMITS.name),
        contentType: photo.contentType,
        contentLength: photo.bytes.length,
        purpose: body.purpose,
        preferenceId: body.preferenceId ?? null,
      });
      const unconfirmed = and(eq(mediaTable.id, args.id), isNull(mediaTable.settledAt));
      try {
        // Kept with it from the start: the photo is never shown without its maker's name.
        await deps.db.update(mediaTable).set({ attribution: photo.attribution }).where(unconfirmed);
        await c.var.store.put(uploadKeyFor(personId, args.id), photo.bytes, args.contentType);
      } catch (e) {
        await deps.db.delete(mediaTable).where(unconfirmed);
        throw e;
      }
      // The one settling path: what arrived is checked, copied and confirmed, its history written.
      const row = await settleUpload(deps, c.var.store, ctx, personId, args.id);
      return c.json(mediaJson(row), 201);
    },
  );

  return { search, catalogue, fromSearch };
}
