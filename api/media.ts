/**
 * Media over REST (spec §7 Media): a signed upload URL, then the settled
 * confirmation; reading through short-lived signed URLs; deletion. The rules
 * are sync/media.ts and sync/permissions.ts (media follow their preference; a
 * photo follows what shows it); the file itself never passes through the API.
 * A file cannot become a page (ADR 011): only the types of
 * MEDIA_TYPES are announced; the browser writes to an upload key nobody reads;
 * at settling the API reads the file's first bytes, and only a picture, sound
 * or video of the announced kind is copied to the key it is read from, stored
 * and served as what its bytes are, with a Content-Disposition.
 */
import { randomUUID } from 'node:crypto';
import type { Row } from '@rocicorp/zero';
import { and, eq, isNotNull, isNull, lt, notExists } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import { z } from 'zod';
import { category, mediaRemoval, media as mediaTable, person } from '../schema/index.ts';
import { zql } from '../schema/zero-schema.gen.ts';
import { circleQueries } from '../sync/circle.ts';
import type { AuthContext } from '../sync/context.ts';
import { appError } from '../sync/errors.ts';
import { itemId } from '../sync/library-fields.ts';
import {
  isMediaType,
  mediaChanges,
  mediaKind,
  mediaMessages,
  mediaQueries,
  mediaSettleArgs,
  normaliseType,
  pendingUpload,
  settledType,
  storageKeyFor,
} from '../sync/media.ts';
import { libraryAccess, readableMedia } from '../sync/permissions.ts';
import { type StorageSpace, storageMessage, storageSpace } from '../sync/plan-limits.ts';
import { personRoute, signedIn } from './auth/caller.ts';
import { sessionById } from './auth/sessions.ts';
import { runChange } from './change.ts';
import type { Db } from './db.ts';
import type { AppDeps, AppEnv } from './deps.ts';
import { Refusal } from './errors.ts';
import { issueMediaSourceToken, verifyMediaSourceToken } from './media/source-token.ts';
import { type MediaStore, type Served, UPLOAD_URL_SECONDS } from './media/store.ts';
import { makeVariants, type Variants, variantKeys } from './media/variants.ts';
import { personParams, valid } from './validate.ts';

export const mediaApiMessages = {
  badId: 'That is not a valid id.',
  notFound: 'We could not find that.',
  unavailable: 'Pictures cannot be stored right now. Please try again later.',
} as const;

/** The sizes a picture is served at besides its original (api/media/variants.ts). */
export const MEDIA_SIZES = ['thumb', 'display'] as const;
export type MediaSize = (typeof MEDIA_SIZES)[number];

/** Signed reads last this long; browsers may cache a redirect for a little less. */
export const DOWNLOAD_URL_SECONDS = 10 * 60;

/** Uploads never confirmed within this time are removed (file and record). */
export const UNSETTLED_MEDIA_MS = 60 * 60 * 1000;

/**
 * A photo uploaded for a form that was never saved (or one replaced since)
 * shows nowhere; after this long it is removed.
 */
export const UNUSED_PHOTO_MS = 24 * 60 * 60 * 1000;

/**
 * Bytes read from the start of an upload to tell what it really is: file-type
 * needs about 4 KB; more lets it look past a long header (an MP3's cover art).
 */
export const SNIFF_BYTES = 64 * 1024;

/** Where uploads land; nothing under it is ever read by a browser. */
export const UPLOAD_PREFIX = 'uploads/';

/**
 * Where the browser PUTs the file. Its signed URL lives on after the upload is
 * settled, so it never points at what is served: settling copies the checked
 * file to the storage key, and anything written here later is swept.
 */
export function uploadKeyFor(personId: string, id: string) {
  return `${UPLOAD_PREFIX}${storageKeyFor(personId, id)}`;
}

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

/** What the bytes say the file is (normalised), or undefined when they say nothing we know. */
async function sniff(bytes: Uint8Array): Promise<string | undefined> {
  const found = await fileTypeFromBuffer(bytes);
  return found ? normaliseType(found.mime) : undefined;
}

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

type MediaRow = Row['media'];

/** A media item as the media routes answer it. */
export function mediaJson(m: MediaRow) {
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
 * bytes used and allowed (null: unlimited), the percent used, and the prompt.
 */
export function storageJson(space: StorageSpace) {
  const { used, limit } = space;
  return {
    used,
    limit,
    percent: limit ? Math.round((used / limit) * 10_000) / 100 : null,
    message: storageMessage(space),
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

export function mediaRoutes(deps: AppDeps) {
  const { zdb } = deps;
  const caller = personRoute(deps, mediaApiMessages.badId);
  const item = valid('param', personParams({ id: itemId }), mediaApiMessages.badId);

  const store = mediaStoreRoute(deps);

  /** A media item of the person in the path that the caller may read; not_found otherwise. */
  const readable = (ctx: AuthContext, personId: string, id: string) =>
    readableRow(deps, ctx, personId, id);

  /** The signed URL of a media item the caller may read; its type and disposition signed in. */
  async function signedRead(
    mediaStore: MediaStore,
    ctx: AuthContext,
    personId: string,
    id: string,
    size: MediaSize | undefined,
  ) {
    const row = await readable(ctx, personId, id);
    const copy = size === 'thumb' ? (row.thumbKey ?? row.displayKey) : size && row.displayKey;
    if (copy) {
      return mediaStore.signDownload(copy, DOWNLOAD_URL_SECONDS, {
        contentType: 'image/webp',
        contentDisposition: inlineDisposition(`${row.name.replace(/\.[^.]*$/, '')}.webp`),
      });
    }
    return mediaStore.signDownload(row.storageKey, DOWNLOAD_URL_SECONDS, servedAs(row));
  }
  /** The size asked for (`?size=thumb|display`); anything else: the original. */
  const sizeOf = (asked: string | undefined) =>
    MEDIA_SIZES.find((s) => s === asked) as MediaSize | undefined;

  /** Announces an upload: records it (unconfirmed) and signs the URL the browser PUTs it to. */
  const announce = new Hono<AppEnv>().post(
    '/',
    store,
    caller,
    valid('json', z.record(z.string(), z.unknown())),
    async (c) => {
      const { ctx, personId } = c.var.caller;
      const args = await runChange(zdb, mediaChanges.begin, ctx, {
        ...c.req.valid('json'),
        id: randomUUID(),
        personId,
      });
      const key = uploadKeyFor(personId, args.id);
      const url = await c.var.store.signUpload(key, args.contentType, args.contentLength);
      return c.json(
        {
          id: args.id,
          method: 'PUT',
          url,
          headers: { 'Content-Type': args.contentType },
          expiresAt: new Date(Date.now() + UPLOAD_URL_SECONDS * 1000).toISOString(),
        },
        201,
      );
    },
  );

  return (
    new Hono<AppEnv>()
      .route('/people/:personId/media/signed', announce)
      /** Creating a media item is announcing its upload. */
      .route('/people/:personId/media', announce)
      /**
       * Confirms an upload: the store must hold exactly what was announced (type
       * and size), and its first bytes must be a picture, sound or video of the
       * announced kind (settledType). Not arrived yet: 409, try again. Something
       * else: the file and the record go, 400. Accepted: the file is copied to
       * its storage key, stored as what its bytes are, and the upload key emptied.
       */
      .post(
        '/people/:personId/media/upload-settled',
        store,
        caller,
        valid('json', mediaSettleArgs),
        async (c) => {
          const { ctx, personId } = c.var.caller;
          const row = await settleUpload(deps, c.var.store, ctx, personId, c.req.valid('json').id);
          return c.json(mediaJson(row));
        },
      )
      /**
       * How much of the library's storage is used (spec §8 "Your library is
       * nearly full!" / "full!"), for whoever may add media to it now.
       */
      .get('/people/:personId/media/storage', caller, async (c) => {
        const { ctx, personId } = c.var.caller;
        const space = await zdb.transaction(async (tx) => {
          const access = await libraryAccess(tx, ctx, personId);
          if (!access.write) throw appError('not_found', mediaApiMessages.notFound);
          return storageSpace(tx, personId);
        });
        return c.json(storageJson(space));
      })
      .get('/people/:personId/media/:id', caller, item, async (c) => {
        const { ctx, personId } = c.var.caller;
        return c.json(mediaJson(await readable(ctx, personId, c.req.valid('param').id)));
      })
      .get('/people/:personId/media/:id/signed', store, caller, item, async (c) => {
        const { ctx, personId } = c.var.caller;
        const { id } = c.req.valid('param');
        const url = await signedRead(c.var.store, ctx, personId, id, sizeOf(c.req.query('size')));
        return c.json({
          url,
          expiresAt: new Date(Date.now() + DOWNLOAD_URL_SECONDS * 1000).toISOString(),
        });
      })
      /** For `<img src>`: answers with the signed URL as a redirect. */
      .get('/people/:personId/media/:id/signed/redirect', store, caller, item, async (c) => {
        const { ctx, personId } = c.var.caller;
        const { id } = c.req.valid('param');
        const url = await signedRead(c.var.store, ctx, personId, id, sizeOf(c.req.query('size')));
        // Private: the redirect depends on who asks. Shorter than the URL's life.
        c.header('cache-control', `private, max-age=${DOWNLOAD_URL_SECONDS - 60}`);
        return c.redirect(url, 302);
      })
      /**
       * A supporter's photo in a Circle (spec §7): for whoever may read the
       * link, and only the photo that supporter shows now.
       */
      .get(
        '/people/:personId/supporters/:id/photo/:photoId/signed/redirect',
        store,
        caller,
        valid('param', personParams({ id: itemId, photoId: itemId }), mediaApiMessages.badId),
        async (c) => {
          const { ctx, personId } = c.var.caller;
          const { id, photoId } = c.req.valid('param');
          const link = await zdb.run(
            circleQueries.supporterLink.fn({ args: { personId, id }, ctx }),
          );
          if (!link?.supporter || link.supporter.photoId !== photoId) {
            throw appError('not_found', mediaApiMessages.notFound);
          }
          const url = await signedRead(
            c.var.store,
            ctx,
            link.supporter.id,
            photoId,
            sizeOf(c.req.query('size')) ?? 'thumb',
          );
          c.header('cache-control', `private, max-age=${DOWNLOAD_URL_SECONDS - 60}`);
          return c.redirect(url, 302);
        },
      )
      /**
       * A media-source token (spec §7; api/media/source-token.ts): reads one
       * item without the cookie, for an hour, while the session lasts.
       */
      .get(
        '/media-source/:id/token',
        signedIn(deps),
        valid('param', z.object({ id: itemId }), mediaApiMessages.badId),
        async (c) => {
          const session = c.var.session;
          const { id } = c.req.valid('param');
          const row = await zdb.run(readableMedia(session.auth).where('id', id).one());
          if (!row) throw appError('not_found', mediaApiMessages.notFound);
          const { token, expiresAt } = issueMediaSourceToken(deps.accessTokenKey, {
            mediaId: id,
            sessionId: session.sessionId,
          });
          return c.json({
            token,
            expiresAt: new Date(expiresAt).toISOString(),
            url: `/api/media-source/${id}?token=${encodeURIComponent(token)}`,
          });
        },
      )
      /** Reads through a media-source token: its session still live, its reader's access checked again. */
      .get(
        '/media-source/:id',
        store,
        valid('param', z.object({ id: itemId }), mediaApiMessages.badId),
        async (c) => {
          const { id } = c.req.valid('param');
          const claims = verifyMediaSourceToken(
            deps.accessTokenKey,
            c.req.query('token') ?? '',
            id,
          );
          const session = claims ? await sessionById(deps.db, claims.sessionId) : null;
          if (!session) throw appError('unauthenticated');
          const row = await zdb.run(readableMedia(session.auth).where('id', id).one());
          if (!row) throw appError('not_found', mediaApiMessages.notFound);
          const url = await signedRead(
            c.var.store,
            session.auth,
            row.personId,
            id,
            sizeOf(c.req.query('size')),
          );
          return c.redirect(url, 302);
        },
      )
      /** Changes the description (spec §7: the update carries a description). */
      .put(
        '/people/:personId/media/:id',
        caller,
        item,
        valid('json', z.record(z.string(), z.unknown())),
        async (c) => {
          const { ctx, personId } = c.var.caller;
          const row = await readable(ctx, personId, c.req.valid('param').id);
          await runChange(zdb, mediaChanges.update, ctx, {
            description: null,
            ...c.req.valid('json'),
            id: row.id,
          });
          return c.json(mediaJson(await readable(ctx, personId, row.id)));
        },
      )
      .delete('/people/:personId/media/:id', store, caller, item, async (c) => {
        const { ctx, personId } = c.var.caller;
        const row = await readable(ctx, personId, c.req.valid('param').id);
        await runChange(zdb, mediaChanges.delete, ctx, { id: row.id });
        // The record is gone: its files go too (the database queued them with
        // the deletion; what fails here, the minute sweep removes).
        await removeQueued(deps.db, c.var.store).catch((e: unknown) => {
          console.error('media: could not remove deleted files:', e);
        });
        return c.body(null, 204);
      })
  );
}

/**
 * Confirms the upload `id` that `ctx` began in `personId`'s library, once the
 * store holds it under its upload key (the browser's PUT, or the API's own
 * for a photo from a search): the store must hold exactly what was announced
 * (type and size), and its first bytes must be a picture, sound or video of
 * the announced kind (settledType). Not arrived yet: 409, try again. Something
 * else: the file and the record go, 400. Accepted: the file is copied to its
 * storage key, stored as what its bytes are, the upload key emptied, and the
 * item confirmed (its history written). Resolves to the confirmed row.
 */
export async function settleUpload(
  deps: AppDeps,
  mediaStore: MediaStore,
  ctx: AuthContext,
  personId: string,
  id: string,
): Promise<MediaRow> {
  const { zdb } = deps;
  const pending = await zdb.transaction((tx) => pendingUpload(tx, ctx, personId, id));
  const uploadKey = uploadKeyFor(pending.personId, pending.id);
  const refuse = async (message: string): Promise<never> => {
    const gone = await deps.db
      .delete(mediaTable)
      .where(unsettled(pending.id))
      .returning({ id: mediaTable.id });
    await mediaStore.remove(uploadKey);
    // Only while unconfirmed: a confirmation that won a race keeps its file.
    if (gone.length > 0) await mediaStore.remove(pending.storageKey);
    throw appError('invalid', message);
  };
  const notArrived = () => new Refusal(409, 'not_arrived', mediaMessages.notArrived);
  const stored = await mediaStore.head(uploadKey);
  if (!stored) throw notArrived();
  const type = normaliseType(stored.contentType ?? '');
  if (stored.contentLength !== pending.contentLength || type !== pending.contentType) {
    await refuse(mediaMessages.differs);
  }
  const start = await mediaStore.readStart(uploadKey, SNIFF_BYTES);
  if (!start) throw notArrived();
  const contentType = settledType(pending.contentType, await sniff(start.bytes));
  if (!contentType) return refuse(mediaMessages.notWhatItSays);
  // Only the bytes just read are copied: a write since (the URL still works) fails the copy.
  const served = servedAs({ contentType, name: pending.name });
  if (!(await mediaStore.copy(uploadKey, pending.storageKey, served, start.etag))) {
    await refuse(mediaMessages.differs);
  }
  await mediaStore.remove(uploadKey);
  const variants =
    mediaKind(contentType) === 'image'
      ? await storeVariants(mediaStore, pending.storageKey, pending.name)
      : undefined;
  if (variants === null) return refuse(mediaMessages.notWhatItSays);
  try {
    await runChange(zdb, mediaChanges.settle, ctx, {
      personId,
      id: pending.id,
      contentType,
      ...variants,
    });
  } catch (e) {
    // Refused (the library is full, access lost meanwhile): nothing is kept.
    const gone = await deps.db
      .delete(mediaTable)
      .where(unsettled(pending.id))
      .returning({ id: mediaTable.id });
    if (gone.length > 0) {
      const copies = variants ? [variants.displayKey, variants.thumbKey] : [];
      for (const key of [pending.storageKey, ...copies]) {
        if (key) await mediaStore.remove(key);
      }
    }
    throw e;
  }
  // Its uploader reads it back even when the read rule does not yet let them
  // (a supporter's photo for a category not saved yet shows nowhere so far).
  const row = await zdb.run(
    zql.media.where('id', pending.id).where('createdBy', ctx.personId).one(),
  );
  if (!row) throw appError('not_found', mediaApiMessages.notFound);
  return row;
}

/**
 * Makes and stores a picture's copies (api/media/variants.ts) beside its
 * original under `storageKey`; null when its bytes are no picture sharp can read.
 */
async function storeVariants(mediaStore: MediaStore, storageKey: string, name: string) {
  const bytes = await mediaStore.read(storageKey);
  if (!bytes) return null;
  let made: Variants;
  try {
    made = await makeVariants(bytes);
  } catch {
    return null;
  }
  const keys = variantKeys(storageKey);
  const base = name.replace(/\.[^.]*$/, '');
  await mediaStore.put(keys.thumb, made.thumb, 'image/webp', {
    contentType: 'image/webp',
    contentDisposition: inlineDisposition(`${base}-tile.webp`),
  });
  if (made.display) {
    await mediaStore.put(keys.display, made.display, 'image/webp', {
      contentType: 'image/webp',
      contentDisposition: inlineDisposition(`${base}.webp`),
    });
  }
  return {
    displayKey: made.display ? keys.display : null,
    thumbKey: keys.thumb,
    width: made.width,
    height: made.height,
  };
}

/** A media item of `personId` that `ctx` may read; not_found otherwise. */
async function readableRow(deps: AppDeps, ctx: AuthContext, personId: string, id: string) {
  const row = await deps.zdb.run(mediaQueries.byId.fn({ args: { personId, id }, ctx }));
  if (!row) throw appError('not_found', mediaApiMessages.notFound);
  return row;
}

/** The unconfirmed media record `id`. */
function unsettled(id: string) {
  return and(eq(mediaTable.id, id), isNull(mediaTable.settledAt));
}

/**
 * Removes what nobody can reach: uploads announced more than UNSETTLED_MEDIA_MS
 * ago and never confirmed, and photos (media of no preference) that no
 * category or person has shown for UNUSED_PHOTO_MS: their files and records;
 * and files under the upload prefix written that long ago (a settled upload's
 * URL used again: never read by anyone).
 */
export async function sweepMedia(db: Db, store: MediaStore, now = Date.now()) {
  // Deleting the records queues their files (the trigger on media).
  const unconfirmed = await db
    .delete(mediaTable)
    .where(
      and(
        isNull(mediaTable.settledAt),
        lt(mediaTable.createdAt, new Date(now - UNSETTLED_MEDIA_MS)),
      ),
    )
    .returning({ id: mediaTable.id });
  // Any upload still pending was announced less than UNSETTLED_MEDIA_MS ago, so
  // written since: older files are strays.
  const strays = (await store.list(UPLOAD_PREFIX)).filter(
    (o) => o.lastModified.getTime() < now - UNSETTLED_MEDIA_MS,
  );
  for (const o of strays) await store.remove(o.key);
  const unused = await db
    .delete(mediaTable)
    .where(
      and(
        isNotNull(mediaTable.settledAt),
        isNull(mediaTable.preferenceId),
        lt(mediaTable.createdAt, new Date(now - UNUSED_PHOTO_MS)),
        notExists(db.select().from(category).where(eq(category.photoId, mediaTable.id))),
        notExists(db.select().from(person).where(eq(person.photoId, mediaTable.id))),
      ),
    )
    .returning({ id: mediaTable.id });
  const removed = await removeQueued(db, store);
  return unconfirmed.length + unused.length + strays.length + removed;
}

/**
 * Removes from the store the files of deleted media records (queued by the
 * database in the deleting transaction: a media item deleted on its own, or
 * with its preference or person). Resolves to how many were removed.
 */
export async function removeQueued(db: Db, store: MediaStore): Promise<number> {
  let removed = 0;
  for (;;) {
    const batch = await db.select({ key: mediaRemoval.key }).from(mediaRemoval).limit(200);
    if (batch.length === 0) return removed;
    for (const { key } of batch) {
      await store.remove(key);
      await db.delete(mediaRemoval).where(eq(mediaRemoval.key, key));
      removed += 1;
    }
  }
}
