/**
 * A picture's copies for screens: a small tile for lists and a
 * display-size copy for the viewer, so a phone's 12-megapixel photo is never
 * what a tablet on a care visit downloads to show a 300-pixel tile. Made with
 * sharp (libvips) when the upload is confirmed, as WebP, turned upright by
 * the photo's own EXIF orientation; the original is kept as uploaded.
 */
import sharp from 'sharp';

/** The longest side of the display copy, in pixels (a tablet's full-screen view). */
export const DISPLAY_PX = 1600;
/** The longest side of a tile, in pixels (tiles show at up to ~200 CSS px, 2× density). */
export const THUMB_PX = 400;
/** Below this many bytes and DISPLAY_PX a picture is its own display copy. */
const SMALL_BYTES = 600 * 1024;
/** No picture larger than this is decoded (a decompression bomb is refused). */
const MAX_PIXELS = 120_000_000;

export type Variants = {
  /** The display copy; undefined when the original is already small enough (or animated). */
  display: Uint8Array | undefined;
  thumb: Uint8Array;
  /** The upright picture's size in pixels. */
  width: number;
  height: number;
};

/**
 * The copies of the picture `bytes`; throws when they are not a picture sharp
 * can read (the caller refuses the file).
 */
export async function makeVariants(bytes: Uint8Array): Promise<Variants> {
  const input = () => sharp(bytes, { failOn: 'error', limitInputPixels: MAX_PIXELS });
  const meta = await input().metadata();
  if (!meta.width || !meta.height) throw new Error('not a picture');
  // Orientations 5-8 turn the picture a quarter: its upright size swaps.
  const turned = (meta.orientation ?? 1) >= 5;
  const width = turned ? meta.height : meta.width;
  const height = turned ? meta.width : meta.height;
  const animated = (meta.pages ?? 1) > 1;
  const within = (px: number) => ({
    width: px,
    height: px,
    fit: 'inside' as const,
    withoutEnlargement: true,
  });
  const thumb = await input().rotate().resize(within(THUMB_PX)).webp({ quality: 75 }).toBuffer();
  const small = Math.max(width, height) <= DISPLAY_PX && bytes.byteLength <= SMALL_BYTES;
  const display =
    small || animated
      ? undefined
      : await input().rotate().resize(within(DISPLAY_PX)).webp({ quality: 82 }).toBuffer();
  return {
    display: display ? new Uint8Array(display) : undefined,
    thumb: new Uint8Array(thumb),
    width,
    height,
  };
}

/** Where a picture's copies are kept: beside the original, under its key. */
export function variantKeys(storageKey: string) {
  return { display: `${storageKey}/display.webp`, thumb: `${storageKey}/thumb.webp` };
}
