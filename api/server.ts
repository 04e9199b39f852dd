import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import { compress } from 'hono/compress';
import { logger } from 'hono/logger';
import { accessTokenKey } from './auth/access-token.ts';
import type { AppDeps } from './deps.ts';
import {
  apiHeaders,
  boundedNesting,
  cleanInput,
  closeUnreadBodies,
  JSON_BODY_LIMIT,
  pageHeaders,
  sameOriginWrites,
  sizeLimit,
  ZERO_BODY_LIMIT,
} from './edge.ts';
import { errorResponse, notFoundResponse } from './errors.ts';
import { UNSPLASH_IMAGE_ORIGIN } from './photo-search/unsplash.ts';
import { apiRoutes } from './routes/index.ts';

/** How long a file of web/public without a hash in its name may be kept (see below). */
export const UNHASHED_CACHE = 'public, max-age=3600';

export function createApp(input: Omit<AppDeps, 'accessTokenKey'>) {
  const deps: AppDeps = {
    ...input,
    accessTokenKey: accessTokenKey(input.config.ACCESS_TOKEN_SECRET),
  };
  const { config } = deps;
  const production = config.NODE_ENV === 'production';
  const allowedOrigin = new URL(config.publicUrl).origin;
  const app = new Hono();
  if (config.LOG_REQUESTS) app.use('*', logger());

  // The edge (api/edge.ts, ADR 013): headers on every response; a body's size
  // checked before it is read; no control characters in any input.
  app.use('/api/*', apiHeaders(production));
  app.use('/api/*', closeUnreadBodies);
  const zeroLimit = sizeLimit(ZERO_BODY_LIMIT);
  const jsonLimit = sizeLimit(JSON_BODY_LIMIT);
  app.use('/api/*', (c, next) =>
    c.req.path.startsWith('/api/zero/') ? zeroLimit(c, next) : jsonLimit(c, next),
  );
  // Zero's push is checked a mutation at a time (api/routes/zero.ts); Stripe's
  // webhook is signed over its exact bytes, which are Stripe's to word.
  app.use('/api/*', (c, next) =>
    c.req.path.startsWith('/api/zero/')
      ? boundedNesting(c, next)
      : c.req.path.startsWith('/api/webhooks/')
        ? next()
        : cleanInput(c, next),
  );
  let mediaOrigin: string | undefined;
  const media = deps.media;
  if (media) {
    // The store's origin, as the browser reaches it (a signed URL says it).
    media
      .signDownload('origin-probe', 60)
      .then((url) => {
        mediaOrigin = new URL(url).origin;
      })
      .catch((e: unknown) => console.error('media: cannot sign a URL', e));
  }
  const pages = pageHeaders({
    zero: config.zeroPublicUrl,
    media: () => mediaOrigin,
    // Unsplash's previews (api/photo-search/unsplash.ts) load from its image host.
    images: config.UNSPLASH_ACCESS_KEY ? [UNSPLASH_IMAGE_ORIGIN] : [],
    production,
  });
  app.use('*', (c, next) => (c.req.path.startsWith('/api/') ? next() : pages(c, next)));

  app.use('/api/*', sameOriginWrites(allowedOrigin));

  // The API (api/routes/index.ts): one typed app, which the web app's client (`hc`) follows.
  app.route('/api', apiRoutes(deps));

  if (deps.staticRoot) {
    const root = deps.staticRoot;
    app.use('*', compress());
    app.use(
      '/assets/*',
      serveStatic({
        root,
        onFound: (_p, c) => {
          c.header('cache-control', 'public, max-age=31536000, immutable');
        },
      }),
    );
    if (production || !deps.mailer.mailbox) app.all('/dev/*', (c) => c.text('Not found', 404));
    // The service worker and what it precaches are checked on every visit, so a
    // new version reaches an installed app (vite.config.ts, VitePWA). The
    // other files of web/public keep their names from one version to the next
    // (index.html names zod-jitless.js, crawlers ask for robots.txt): kept an
    // hour, so a page's loads do not ask again and a new version reaches every
    // browser within the hour (an installed app sooner: the service worker
    // fetches what it precaches by revision).
    app.use(
      '*',
      serveStatic({
        root,
        onFound: (p, c) => {
          c.header(
            'cache-control',
            /(?:^|\/)(?:sw\.js|workbox-[\w-]+\.js|manifest\.webmanifest|index\.html)$/.test(p)
              ? 'no-cache'
              : UNHASHED_CACHE,
          );
        },
      }),
    );
    // Client-side routes: every other GET gets the app shell.
    let shell: string | undefined;
    app.get('*', async (c) => {
      if (c.req.path.startsWith('/api/')) return c.notFound();
      shell ??= await readFile(path.join(root, 'index.html'), 'utf8');
      c.header('cache-control', 'no-cache');
      return c.html(shell);
    });
  }

  // Every error a handler throws is answered here (api/errors.ts); an API
  // path nothing answers is a JSON 404, like every other refusal.
  app.onError(errorResponse);
  app.notFound(notFoundResponse);

  return app;
}
