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
import { Hono } from 'hono';
import { z } from 'zod';
import { zql } from '../../schema/zero-schema.gen.ts';
import { circleQueries } from '../../sync/circle.ts';
import type { AuthContext } from '../../sync/context.ts';
import { appError } from '../../sync/errors.ts';
import { itemId } from '../../sync/library-fields.ts';
import { mediaQueries, mediaServerChanges, mediaSettleArgs } from '../../sync/media.ts';
import { libraryAccess, readableMedia } from '../../sync/permissions.ts';
import { storageSpace } from '../../sync/plan-limits.ts';
import { answers, mediaAnswer, signedAnswer, storageAnswer, uploadAnswer } from '../answers.ts';
import { personRoute, signedIn } from '../auth/caller.ts';
import { sessionById } from '../auth/sessions.ts';
import { type Resource, removed, runChange, updated } from '../change.ts';
import type { AppDeps, AppEnv } from '../deps.ts';
import {
  DOWNLOAD_URL_SECONDS,
  inlineDisposition,
  MEDIA_SIZES,
  type MediaRow,
  type MediaSize,
  mediaApiMessages,
  mediaJson,
  mediaStoreRoute,
  servedAs,
  storageJson,
} from '../media/serving.ts';
import { issueMediaSourceToken, verifyMediaSourceToken } from '../media/source-token.ts';
import { type MediaStore, UPLOAD_URL_SECONDS } from '../media/store.ts';
import { settleUpload, uploadKeyFor } from '../media/uploads.ts';
import { changeBody, personParams, redirects, revalidates, valid } from '../validate.ts';
import { lockRow, versioned } from '../versions.ts';

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
    return signedRow(mediaStore, await readable(ctx, personId, id), size);
  }
  /** The signed URL of a media row already known to be readable. */
  function signedRow(
    mediaStore: MediaStore,
    row: Pick<MediaRow, 'name' | 'storageKey' | 'displayKey' | 'thumbKey' | 'contentType'>,
    size: MediaSize | undefined,
  ) {
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
    answers(201, 'The upload, announced: where to PUT the file, and until when.', uploadAnswer),
    store,
    caller,
    changeBody(mediaServerChanges.begin, ['id', 'personId']),
    async (c) => {
      const { ctx, personId } = c.var.caller;
      const args = await runChange(deps, mediaServerChanges.begin, ctx, {
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

  /** A library's media. Mounted at /people/{personId}/media. */
  const media = new Hono<AppEnv>()
    .route('/signed', announce)
    /** Creating a media item is announcing its upload. */
    .route('/', announce)
    /**
     * Confirms an upload: the store must hold exactly what was announced (type
     * and size), and its first bytes must be a picture, sound or video of the
     * announced kind (settledType). Not arrived yet: 409, try again. Something
     * else: the file and the record go, 400. Accepted: the file is copied to
     * its storage key, stored as what its bytes are, and the upload key emptied.
     */
    .post(
      '/upload-settled',
      answers(200, 'The media item, confirmed.', mediaAnswer),
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
     * nearly full!" / "full!"), and how big one file may be, for whoever
     * may add media to it now.
     */
    .get(
      '/storage',
      answers(200, 'The storage used and allowed.', storageAnswer),
      caller,
      async (c) => {
        const { ctx, personId } = c.var.caller;
        const space = await zdb.transaction(async (tx) => {
          const access = await libraryAccess(tx, ctx, personId);
          if (!access.write) throw appError('not_found', mediaApiMessages.notFound);
          return storageSpace(tx, personId);
        });
        return c.json(storageJson(space));
      },
    )
    .get(
      '/:id',
      revalidates,
      answers(200, 'The media item.', mediaAnswer),
      caller,
      item,
      async (c) => {
        const { ctx, personId } = c.var.caller;
        return versioned(c, mediaJson(await readable(ctx, personId, c.req.valid('param').id)));
      },
    )
    .get(
      '/:id/signed',
      answers(200, 'A URL that reads the file for a short while.', signedAnswer),
      store,
      caller,
      item,
      async (c) => {
        const { ctx, personId } = c.var.caller;
        const { id } = c.req.valid('param');
        const url = await signedRead(c.var.store, ctx, personId, id, sizeOf(c.req.query('size')));
        return c.json({
          url,
          expiresAt: new Date(Date.now() + DOWNLOAD_URL_SECONDS * 1000).toISOString(),
        });
      },
    )
    /** For `<img src>`: answers with the signed URL as a redirect. */
    .get(
      '/:id/signed/redirect',
      redirects(302, 'the file, signed for a short while'),
      store,
      caller,
      item,
      async (c) => {
        const { ctx, personId } = c.var.caller;
        const { id } = c.req.valid('param');
        const url = await signedRead(c.var.store, ctx, personId, id, sizeOf(c.req.query('size')));
        // Private: the redirect depends on who asks. Shorter than the URL's life.
        c.header('cache-control', `private, max-age=${DOWNLOAD_URL_SECONDS - 60}`);
        return c.redirect(url, 302);
      },
    )
    /** Changes the description (spec §7: the update carries a description). */
    .on(
      ['PUT', 'PATCH'],
      '/:id',
      answers(200, 'The media item as it is now.', mediaAnswer),
      caller,
      item,
      changeBody(mediaServerChanges.update, ['id'], ['description']),
      async (c) => {
        const { ctx, personId } = c.var.caller;
        const { id } = c.req.valid('param');
        const input = { description: null, ...c.req.valid('json'), id };
        return updated(
          c,
          deps,
          mediaServerChanges.update,
          ctx,
          input,
          mediaResource(ctx, personId, id),
        );
      },
    )
    .delete('/:id', answers(204, 'Deleted, its files with it.'), store, caller, item, async (c) => {
      const { ctx, personId } = c.var.caller;
      const { id } = c.req.valid('param');
      // Its files leave the store with it (the change's server half).
      return removed(
        c,
        deps,
        mediaServerChanges.delete,
        ctx,
        { id },
        mediaResource(ctx, personId, id),
      );
    });

  /**
   * A supporter's photo in a Circle (spec §7): for whoever may read the
   * link, and only the photo that supporter shows now. Mounted at
   * /people/{personId}/supporters/{id}/photo.
   */
  const supporterPhoto = new Hono<AppEnv>().get(
    '/:photoId/signed/redirect',
    redirects(302, 'the photo, signed for a short while'),
    store,
    caller,
    valid('param', personParams({ id: itemId, photoId: itemId }), mediaApiMessages.badId),
    async (c) => {
      const { ctx, personId } = c.var.caller;
      const { id, photoId } = c.req.valid('param');
      const link = await zdb.run(circleQueries.supporterLink.fn({ args: { personId, id }, ctx }));
      if (!link?.supporter || link.supporter.photoId !== photoId) {
        throw appError('not_found', mediaApiMessages.notFound);
      }
      // The link is the permission: whoever reads it sees the supporter's
      // name and photo (an Administrator in session, say, who is not
      // linked to that supporter), and the photo is the one shown now.
      const row = await zdb.run(
        zql.media
          .where('personId', link.supporter.id)
          .where('id', photoId)
          .where('settledAt', 'IS NOT', null)
          .where('type', 'image')
          .one(),
      );
      if (!row) throw appError('not_found', mediaApiMessages.notFound);
      const url = await signedRow(c.var.store, row, sizeOf(c.req.query('size')) ?? 'thumb');
      c.header('cache-control', `private, max-age=${DOWNLOAD_URL_SECONDS - 60}`);
      return c.redirect(url, 302);
    },
  );

  /** Media read without the cookie, through a token. Mounted at /media-source. */
  const mediaSource = new Hono<AppEnv>()
    /**
     * A media-source token (spec §7; api/media/source-token.ts): reads one
     * item without the cookie, for an hour, while the session lasts.
     */
    .get(
      '/:id/token',
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
      '/:id',
      redirects(302, 'the file, signed for a short while'),
      store,
      valid('param', z.object({ id: itemId }), mediaApiMessages.badId),
      async (c) => {
        const { id } = c.req.valid('param');
        const claims = verifyMediaSourceToken(deps.accessTokenKey, c.req.query('token') ?? '', id);
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
    );

  return { media, supporterPhoto, mediaSource };
}

/** A media item of `personId` as its GET reads it, for a write of it (api/change.ts). */
function mediaResource(ctx: AuthContext, personId: string, id: string): Resource<MediaRow> {
  return {
    lock: (tx) => lockRow(tx, 'media', id),
    read: (tx) => tx.run(mediaQueries.byId.fn({ args: { personId, id }, ctx })),
    json: mediaJson,
    missing: () => appError('not_found', mediaApiMessages.notFound),
  };
}

/** A media item of `personId` that `ctx` may read; not_found otherwise. */
async function readableRow(deps: AppDeps, ctx: AuthContext, personId: string, id: string) {
  const row = await deps.zdb.run(mediaQueries.byId.fn({ args: { personId, id }, ctx }));
  if (!row) throw appError('not_found', mediaApiMessages.notFound);
  return row;
}
