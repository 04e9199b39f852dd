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
import { category, media as mediaTable, person } from '../schema/index.ts';
import type { AuthContext } from '../sync/context.ts';
import { appError } from '../sync/errors.ts';
import { itemId } from '../sync/library-fields.ts';
import {
  isMediaType,
  mediaChanges,
  mediaMessages,
  mediaQueries,
  mediaSettleArgs,
  normaliseType,
  pendingUpload,
  settledType,
  storageKeyFor,
} from '../sync/media.ts';
import { personRoute } from './auth/caller.ts';
import { runChange } from './change.ts';
import type { Db } from './db.ts';
import type { AppDeps, AppEnv } from './deps.ts';
import { Refusal } from './errors.ts';
import { type MediaStore, type Served, UPLOAD_URL_SECONDS } from './media/store.ts';
import { personParams, valid } from './validate.ts';

export const mediaApiMessages = {
  badId: 'That is not a valid id.',
  notFound: 'We could not find that.',
  unavailable: 'Pictures cannot be stored right now. Please try again later.',
} as const;

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

function mediaJson(m: MediaRow) {
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

export function mediaRoutes(deps: AppDeps) {
  const { zdb } = deps;
  const caller = personRoute(deps, mediaApiMessages.badId);
  const item = valid('param', personParams({ id: itemId }), mediaApiMessages.badId);

  /** The store; without one the media routes answer 503. */
  const store = createMiddleware<AppEnv & { Variables: { store: MediaStore } }>(async (c, next) => {
    if (!deps.media) throw new Refusal(503, 'unavailable', mediaApiMessages.unavailable);
    c.set('store', deps.media);
    await next();
  });

  /** A media item of the person in the path that the caller may read; not_found otherwise. */
  const readable = (ctx: AuthContext, personId: string, id: string) =>
    readableRow(deps, ctx, personId, id);

  /** The signed URL of a media item the caller may read; its type and disposition signed in. */
  async function signedRead(
    mediaStore: MediaStore,
    ctx: AuthContext,
    personId: string,
    id: string,
  ) {
    const row = await readable(ctx, personId, id);
    return mediaStore.signDownload(row.storageKey, DOWNLOAD_URL_SECONDS, servedAs(row));
  }

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
      .get('/people/:personId/media/:id', caller, item, async (c) => {
        const { ctx, personId } = c.var.caller;
        return c.json(mediaJson(await readable(ctx, personId, c.req.valid('param').id)));
      })
      .get('/people/:personId/media/:id/signed', store, caller, item, async (c) => {
        const { ctx, personId } = c.var.caller;
        const url = await signedRead(c.var.store, ctx, personId, c.req.valid('param').id);
        c.header('cache-control', 'no-store');
        return c.json({
          url,
          expiresAt: new Date(Date.now() + DOWNLOAD_URL_SECONDS * 1000).toISOString(),
        });
      })
      /** For `<img src>`: answers with the signed URL as a redirect. */
      .get('/people/:personId/media/:id/signed/redirect', store, caller, item, async (c) => {
        const { ctx, personId } = c.var.caller;
        const url = await signedRead(c.var.store, ctx, personId, c.req.valid('param').id);
        // Private: the redirect depends on who asks. Shorter than the URL's life.
        c.header('cache-control', `private, max-age=${DOWNLOAD_URL_SECONDS - 60}`);
        return c.redirect(url, 302);
      })
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
        // The record is gone: the file goes too (a failure here leaves an unreachable file).
        await c.var.store.remove(row.storageKey).catch((e: unknown) => {
          console.error(`media: could not remove ${row.storageKey}:`, e);
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
  // Not settled (access lost meanwhile): the refusal is the answer, and the
  // sweep removes the copy with the record.
  await runChange(zdb, mediaChanges.settle, ctx, { personId, id: pending.id, contentType });
  return readableRow(deps, ctx, personId, pending.id);
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
  const unconfirmed = await db
    .select({ id: mediaTable.id, storageKey: mediaTable.storageKey })
    .from(mediaTable)
    .where(
      and(
        isNull(mediaTable.settledAt),
        lt(mediaTable.createdAt, new Date(now - UNSETTLED_MEDIA_MS)),
      ),
    );
  for (const row of unconfirmed) {
    await store.remove(`${UPLOAD_PREFIX}${row.storageKey}`);
    await store.remove(row.storageKey);
    await db.delete(mediaTable).where(unsettled(row.id));
  }
  // Any upload still pending was announced less than UNSETTLED_MEDIA_MS ago, so
  // written since: older files are strays.
  const strays = (await store.list(UPLOAD_PREFIX)).filter(
    (o) => o.lastModified.getTime() < now - UNSETTLED_MEDIA_MS,
  );
  for (const o of strays) await store.remove(o.key);
  const unusedPhoto = and(
    isNotNull(mediaTable.settledAt),
    isNull(mediaTable.preferenceId),
    lt(mediaTable.createdAt, new Date(now - UNUSED_PHOTO_MS)),
    notExists(db.select().from(category).where(eq(category.photoId, mediaTable.id))),
    notExists(db.select().from(person).where(eq(person.photoId, mediaTable.id))),
  );
  const unused = await db
    .select({ id: mediaTable.id, storageKey: mediaTable.storageKey })
    .from(mediaTable)
    .where(unusedPhoto);
  for (const row of unused) {
    // Checked again as it goes: a category may have taken it meanwhile.
    const gone = await db
      .delete(mediaTable)
      .where(and(eq(mediaTable.id, row.id), unusedPhoto))
      .returning({ id: mediaTable.id });
    if (gone.length > 0) await store.remove(row.storageKey);
  }
  return unconfirmed.length + unused.length + strays.length;
}
