/**
 * One-page profiles over REST (the page and its rules are
 * sync/profile.ts): making a share link (server only: its token is made and
 * hashed here and shown once), and what a share link shows to anyone who has
 * it, signed in or not: the page laid out live from the library at every
 * request, its pictures, its PDF files (as on screen, easy read, large print),
 * or "This page is no longer shared" (410) for a link
 * that is unknown, expired or revoked, which look the same.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import { z } from 'zod';
import { zql } from '../../schema/zero-schema.gen.ts';
import type { AuthContext } from '../../sync/context.ts';
import { appError } from '../../sync/errors.ts';
import {
  layOut,
  mediaOf,
  PROFILE_SHARE_DEFAULT_DAYS,
  type ProfileView,
  profileMessages,
  profileQueries,
  profileServerChanges,
  sharedPage,
} from '../../sync/profile.ts';
import { answers, answersFile } from '../answers.ts';
import { personRoute } from '../auth/caller.ts';
import { hashToken } from '../auth/sessions.ts';
import { runChange } from '../change.ts';
import type { AppDeps, AppEnv } from '../deps.ts';
import { Refusal } from '../errors.ts';
import { slugOf } from '../file-names.ts';
import { easyReadPdf, largePrintPdf, profilePdf } from '../profiles/pdf.ts';
import { personParams, redirects, valid } from '../validate.ts';

const itemId = z.string().min(1).max(64);
/** A share token as made here: 32 random bytes, base64url. */
const token = z.string().regex(/^[A-Za-z0-9_-]{43}$/);

const shareBody = z
  .object({ expiresInDays: z.number({ message: profileMessages.days }).optional() })
  .strict();

/** The address a share link opens (the web app's /p/{token}). */
export function profileShareUrl(publicUrl: string, t: string) {
  return `${publicUrl.replace(/\/$/, '')}/p/${t}`;
}

/** The other formats of a page's PDF, beside the first: by name in the path, with their maker. */
const PDF_FORMATS = { 'easy-read': easyReadPdf, 'large-print': largePrintPdf } as const;
type PdfFormat = keyof typeof PDF_FORMATS;
const pdfFormat = z.enum(Object.keys(PDF_FORMATS) as [PdfFormat, ...PdfFormat[]]);

/** "about-me-for-my-hospital-stay.pdf" (or "…-easy-read.pdf"): a file name from a title. */
function fileName(title: string, format?: PdfFormat) {
  return `${slugOf(title) || 'one-page-profile'}${format ? `-${format}` : ''}.pdf`;
}

export function profileRoutes(deps: AppDeps) {
  const { zdb, config } = deps;
  /** A picture the page shows (an item's hero, the person's photo), of its person; else undefined. */
  const pageImage = async (view: ProfileView, personId: string, mediaId: string) => {
    if (!mediaOf(view).has(mediaId)) return undefined;
    const row = await zdb.run(zql.media.where('id', mediaId).one());
    return row && row.personId === personId && row.type === 'image' ? row : undefined;
  };
  /** A page of `personId`'s as the caller may read it, laid out from the library now. */
  const ownView = async (ctx: AuthContext, personId: string, id: string) => {
    const page = await zdb.run(profileQueries.byId.fn({ args: { personId, id }, ctx }));
    const person = await zdb.run(zql.person.where('id', personId).one());
    if (!page || !person) throw appError('not_found');
    return layOut(page, person);
  };
  const pdfAnswer = async (view: ProfileView, personId: string, format?: PdfFormat) => {
    const make = format ? PDF_FORMATS[format] : profilePdf;
    const bytes = await make(view, async (mediaId) => {
      const row = deps.media ? await pageImage(view, personId, mediaId) : undefined;
      return row && deps.media?.read(row.thumbKey ?? row.displayKey ?? row.storageKey);
    });
    return new Response(new Uint8Array(bytes), {
      headers: {
        'content-type': 'application/pdf',
        'content-disposition': `attachment; filename="${fileName(view.title, format)}"`,
        'cache-control': 'no-store',
      },
    });
  };
  const caller = personRoute(deps);
  const gone = () => new Refusal(410, 'gone', profileMessages.noLongerShared);
  const read = async (t: string) => {
    const parsed = token.safeParse(t);
    if (!parsed.success) throw gone();
    const shown = await zdb.transaction((tx) => sharedPage(tx, hashToken(parsed.data)));
    if (!shown) throw gone();
    return shown;
  };

  /** A person's pages: share links and PDFs. Mounted at /people/{personId}/profiles. */
  const pages = new Hono<AppEnv>()
    /** A share link of one of the person's pages: `{expiresInDays?}` (1–90, 30 by default). */
    .post(
      '/:id/shares',
      answers(
        201,
        'The share link (shown once), and when it stops working.',
        z.object({ id: z.string(), url: z.url(), expiresAt: z.iso.datetime() }),
      ),
      caller,
      valid('param', personParams({ id: itemId })),
      valid('json', shareBody),
      async (c) => {
        const { ctx, personId } = c.var.caller;
        const { id } = c.req.valid('param');
        const page = await zdb.run(zql.profilePage.where('id', id).one());
        if (!page || page.personId !== personId) throw appError('not_found');
        const t = randomBytes(32).toString('base64url');
        const shareId = randomUUID();
        const days = c.req.valid('json').expiresInDays ?? PROFILE_SHARE_DEFAULT_DAYS;
        await runChange(deps, profileServerChanges.share, ctx, {
          shareId,
          pageId: id,
          tokenHash: hashToken(t),
          expiresInDays: days,
        });
        const share = await zdb.run(zql.profileShare.where('id', shareId).one());
        return c.json(
          {
            id: shareId,
            url: profileShareUrl(config.publicUrl, t),
            expiresAt: new Date(share?.expiresAt ?? Date.now()).toISOString(),
          },
          201,
        );
      },
    )
    /** One of the person's pages as a PDF file (the person, or their Administrator in session). */
    .get(
      '/:id/pdf',
      answersFile('application/pdf', 'The page, as a PDF file.'),
      caller,
      valid('param', personParams({ id: itemId })),
      async (c) => {
        const { ctx, personId } = c.var.caller;
        return pdfAnswer(await ownView(ctx, personId, c.req.valid('param').id), personId);
      },
    )
    /** The page as an easy-read or a large-print PDF file (the same people). */
    .get(
      '/:id/pdf/:format',
      answersFile('application/pdf', 'The page, as an easy-read or a large-print PDF file.'),
      caller,
      valid('param', personParams({ id: itemId, format: pdfFormat })),
      async (c) => {
        const { ctx, personId } = c.var.caller;
        const { id, format } = c.req.valid('param');
        return pdfAnswer(await ownView(ctx, personId, id), personId, format);
      },
    );

  /** What a share link shows, without signing in. Mounted at /shared-profiles. */
  const shared = new Hono<AppEnv>()
    /** What a share link shows now; no sign-in. Never cached: a revoked link ends at once. */
    .get('/:token', async (c) => {
      const { view } = await read(c.req.param('token'));
      c.header('cache-control', 'no-store');
      return c.json(view);
    })
    /** The shared page as a PDF file, laid out now. */
    .get(
      '/:token/pdf',
      answersFile('application/pdf', 'The shared page, as a PDF file.'),
      async (c) => {
        const { view, personId } = await read(c.req.param('token'));
        return pdfAnswer(view, personId);
      },
    )
    /** The shared page as an easy-read or a large-print PDF file, laid out now. */
    .get(
      '/:token/pdf/:format',
      answersFile('application/pdf', 'The shared page, as an easy-read or a large-print PDF file.'),
      valid('param', z.object({ token: z.string(), format: pdfFormat })),
      async (c) => {
        const { token: t, format } = c.req.valid('param');
        const { view, personId } = await read(t);
        return pdfAnswer(view, personId, format);
      },
    )
    /** A picture of a shared page (an item's hero, or the person's photo), as a redirect. */
    .get(
      '/:token/media/:mediaId',
      redirects(302, 'the picture, signed for a short while'),
      async (c) => {
        const { view, personId } = await read(c.req.param('token'));
        const row = await pageImage(view, personId, c.req.param('mediaId'));
        if (!row || !deps.media) throw appError('not_found');
        const key = row.displayKey ?? row.storageKey;
        const url = await deps.media.signDownload(key, 300, {
          contentType: row.displayKey ? 'image/webp' : row.contentType,
          contentDisposition: 'inline',
        });
        c.header('cache-control', 'private, max-age=60');
        return c.redirect(url, 302);
      },
    );

  return { pages, shared };
}
