/**
 * For tests only: a local stand-in for Unsplash's API (no network here, and
 * tests never call the real service). It answers `GET /search/photos`,
 * `GET /photos/{id}` and `GET /photos/{id}/download` as Unsplash documents
 * them, records every request (and whether it carried the access key), and
 * serves the photos' bytes from a second server, another origin, as Unsplash
 * serves images from its own host. `failWith` makes every API answer an error.
 */
import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';

/** The only access key the stand-in accepts. */
export const STAND_IN_KEY = 'test-access-key';

export type StandInPhoto = { id: string; description: string; photographer: string };

export type StandInRequest = {
  server: 'api' | 'images';
  path: string;
  query: Record<string, string>;
  authorization: string | undefined;
  acceptVersion: string | undefined;
};

export type UnsplashStandIn = {
  /** The API's base URL (UNSPLASH_API_URL). */
  url: string;
  /** Every request either server answered, in order. */
  requests: StandInRequest[];
  /** Ids whose download endpoint was called. */
  downloads: string[];
  /** While set, every API request gets this status (a provider failing). */
  failWith: number | undefined;
  /** While set, images are served as this (a page instead of a picture, say). */
  imageBody: { bytes: Uint8Array; contentType: string } | undefined;
  close: () => Promise<void>;
};

export const STAND_IN_PHOTOS: readonly StandInPhoto[] = [
  { id: 'Tea1abc', description: 'a cup of tea on a wooden table', photographer: 'Mere Tane' },
  { id: 'Tea2def', description: 'green tea in a glass teapot', photographer: 'John Smith' },
  { id: 'Tea3ghi', description: 'afternoon tea with scones', photographer: 'Aroha Ngata' },
  { id: 'Dog1jkl', description: 'a dog on the beach', photographer: 'Sam Lee' },
];

async function listen(server: Server): Promise<string> {
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

export async function unsplashStandIn(
  photos: readonly StandInPhoto[] = STAND_IN_PHOTOS,
): Promise<UnsplashStandIn> {
  const jpeg = new Uint8Array(
    await sharp({ create: { width: 64, height: 48, channels: 3, background: '#7a9c5e' } })
      .jpeg()
      .toBuffer(),
  );
  const requests: StandInRequest[] = [];
  const downloads: string[] = [];
  const record = (server: StandInRequest['server'], req: IncomingMessage) => {
    const u = new URL(req.url ?? '/', 'http://stand-in');
    requests.push({
      server,
      path: u.pathname,
      query: Object.fromEntries(u.searchParams),
      authorization: req.headers.authorization,
      acceptVersion: req.headers['accept-version'] as string | undefined,
    });
    return u;
  };

  const imagesServer = createServer((req, res) => {
    record('images', req);
    const body = standIn.imageBody ?? { bytes: jpeg, contentType: 'image/jpeg' };
    res.writeHead(200, { 'content-type': body.contentType });
    res.end(body.bytes);
  });
  const images = await listen(imagesServer);

  let api = '';
  const photoJson = (p: StandInPhoto) => ({
    id: p.id,
    width: 4000,
    height: 3000,
    description: null,
    alt_description: p.description,
    urls: {
      raw: `${images}/${p.id}?ixid=raw`,
      full: `${images}/${p.id}?ixid=full`,
      regular: `${images}/${p.id}?ixid=regular&w=1080`,
      small: `${images}/${p.id}?ixid=small&w=400`,
      thumb: `${images}/${p.id}?ixid=thumb&w=200`,
    },
    links: {
      self: `${api}/photos/${p.id}`,
      html: `https://unsplash.com/photos/${p.id}`,
      download: `https://unsplash.com/photos/${p.id}/download`,
      download_location: `${api}/photos/${p.id}/download?ixid=abc`,
    },
    user: {
      name: p.photographer,
      username: p.photographer.toLowerCase().replace(/\W+/g, ''),
      links: { html: `https://unsplash.com/@${p.photographer.toLowerCase().replace(/\W+/g, '')}` },
    },
  });

  const apiServer = createServer((req, res) => {
    const u = record('api', req);
    if (standIn.failWith) return send(res, standIn.failWith, { errors: ['Stand-in failure'] });
    if (req.headers.authorization !== `Client-ID ${STAND_IN_KEY}`) {
      return send(res, 401, { errors: ['OAuth error: The access token is invalid'] });
    }
    if (u.pathname === '/search/photos') {
      const q = (u.searchParams.get('query') ?? '').toLowerCase();
      const page = Number(u.searchParams.get('page') ?? 1);
      const perPage = Number(u.searchParams.get('per_page') ?? 10);
      const found = photos.filter((p) =>
        q.split(/\s+/).every((w) => p.description.toLowerCase().includes(w)),
      );
      return send(res, 200, {
        total: found.length,
        total_pages: Math.ceil(found.length / perPage),
        results: found.slice((page - 1) * perPage, page * perPage).map(photoJson),
      });
    }
    const download = /^\/photos\/([^/]+)\/download$/.exec(u.pathname);
    if (download?.[1]) {
      downloads.push(download[1]);
      return send(res, 200, { url: `${images}/${download[1]}?ixid=full` });
    }
    const photo = /^\/photos\/([^/]+)$/.exec(u.pathname);
    const found = photo && photos.find((p) => p.id === photo[1]);
    if (found) return send(res, 200, photoJson(found));
    return send(res, 404, { errors: ["Couldn't find Photo"] });
  });
  api = await listen(apiServer);

  const close = (s: Server) =>
    new Promise<void>((resolve) => {
      s.closeAllConnections();
      s.close(() => resolve());
    });
  const standIn: UnsplashStandIn = {
    url: api,
    requests,
    downloads,
    failWith: undefined,
    imageBody: undefined,
    close: async () => {
      await Promise.all([close(apiServer), close(imagesServer)]);
    },
  };
  return standIn;
}
