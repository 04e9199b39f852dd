/**
 * The photo search that needs no network: the bundled catalogue
 * (api/photo-search/catalogue.ts) of Twemoji graphics, CC BY 4.0. The SVGs
 * are never stored or served (the media allow-list refuses SVG): a chosen one
 * is drawn with sharp into a 512×512 PNG on a light background, and previews
 * are small PNGs drawn once and kept in memory (served by the API with
 * immutable caching). ADR 019.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import sharp from 'sharp';
import { type CatalogueEntry, catalogueEntry, searchCatalogue, twemojiFile } from './catalogue.ts';
import { type PhotoProvider, ProviderError, pictureOf } from './provider.ts';

/** What Twemoji's licence asks to be shown with each graphic. */
export const TWEMOJI_ATTRIBUTION = 'Twemoji by Twitter, Inc and other contributors, CC BY 4.0';
export const TWEMOJI_LICENCE = 'CC BY 4.0';
export const TWEMOJI_SOURCE = 'https://github.com/jdecked/twemoji';

/** A chosen picture's size, and the graphic's inside it (the rest is background). */
export const PHOTO_SIZE = 512;
const PHOTO_GRAPHIC = 400;
/** A preview's size (shown at about half, sharp on a high-density screen). */
export const PREVIEW_SIZE = 192;
const PREVIEW_GRAPHIC = 150;
/** The light background: the app's wash (web/styles/tokens.css --wash). */
const BACKGROUND = '#f4f2fa';
/** Twemoji's viewBox is 36 units square, drawn at 72 dpi by default. */
const TWEMOJI_UNITS = 36;

/** The installed @twemoji/svg package's folder (a dependency: the production image has it). */
function twemojiDir(): string {
  const require = createRequire(import.meta.url);
  return path.dirname(require.resolve('@twemoji/svg/package.json'));
}

/** Where the API serves an entry's preview; `v` changes when its graphic does, so it is cached for good. */
export function previewPath(entry: CatalogueEntry): string {
  return `/api/photo-search/catalogue/${entry.id}/preview?v=${twemojiFile(entry.emoji).replace(/\.svg$/, '')}`;
}

export type CatalogueProvider = PhotoProvider & {
  /** An entry's preview PNG, or undefined when there is no such entry. */
  preview(id: string): Promise<Uint8Array<ArrayBuffer> | undefined>;
};

export function catalogueProvider(opts: { dir?: string } = {}): CatalogueProvider {
  const dir = opts.dir ?? twemojiDir();
  const previews = new Map<string, Promise<Uint8Array<ArrayBuffer>>>();

  /** The entry's graphic, `graphic` pixels square, centred on a `size` square of the background. */
  async function draw(
    entry: CatalogueEntry,
    size: number,
    graphic: number,
  ): Promise<Uint8Array<ArrayBuffer>> {
    const file = path.join(dir, twemojiFile(entry.emoji));
    try {
      const svg = await readFile(file);
      const drawn = await sharp(svg, { density: (72 * graphic) / TWEMOJI_UNITS })
        .resize(graphic, graphic, { fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } })
        .png()
        .toBuffer();
      const png = await sharp({
        create: { width: size, height: size, channels: 3, background: BACKGROUND },
      })
        .composite([{ input: drawn, gravity: 'centre' }])
        .png({ palette: true, compressionLevel: 9 })
        .toBuffer();
      return new Uint8Array(png);
    } catch (e) {
      throw new ProviderError(`catalogue: cannot draw ${entry.id} (${file}): ${String(e)}`);
    }
  }

  return {
    name: 'catalogue',
    async search(query, { page, perPage }) {
      const found = searchCatalogue(query);
      const start = (page - 1) * perPage;
      return {
        total: found.length,
        results: found.slice(start, start + perPage).map((entry) => ({
          id: entry.id,
          title: entry.title,
          previewUrl: previewPath(entry),
          width: PHOTO_SIZE,
          height: PHOTO_SIZE,
          attribution: TWEMOJI_ATTRIBUTION,
          licence: TWEMOJI_LICENCE,
          sourceUrl: TWEMOJI_SOURCE,
        })),
      };
    },
    async fetch(id) {
      const entry = catalogueEntry(id);
      if (!entry) return undefined;
      const png = await pictureOf(await draw(entry, PHOTO_SIZE, PHOTO_GRAPHIC), `catalogue ${id}`);
      return {
        ...png,
        name: `${entry.title}.png`,
        attribution: TWEMOJI_ATTRIBUTION,
      };
    },
    preview(id) {
      const entry = catalogueEntry(id);
      if (!entry) return Promise.resolve(undefined);
      let png = previews.get(id);
      if (!png) {
        png = draw(entry, PREVIEW_SIZE, PREVIEW_GRAPHIC);
        // A failure is not kept: the next request tries again.
        png.catch(() => previews.delete(id));
        previews.set(id, png);
      }
      return png;
    },
  };
}
