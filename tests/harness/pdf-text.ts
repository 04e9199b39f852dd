/**
 * The words of a PDF file as pdfkit writes them, line by line: enough of PDF
 * to read what a reader would see, without a PDF library. pdfkit sets text in
 * embedded fonts as glyph numbers (hex strings in TJ arrays), and each font
 * carries a ToUnicode map from those numbers back to characters; its streams
 * are deflated. Lines are told apart by their text matrix's baseline, and
 * each keeps the font size (`Tf`) it is set in.
 */
import { inflateSync } from 'node:zlib';

type PdfObject = { dict: string; stream?: Buffer };

function objectsOf(pdf: Buffer): Map<number, PdfObject> {
  const text = pdf.toString('latin1');
  const objects = new Map<number, PdfObject>();
  for (const m of text.matchAll(/(\d+) 0 obj\s*([\s\S]*?)endobj/g)) {
    const body = m[2] ?? '';
    const at = body.indexOf('stream');
    if (at < 0) {
      objects.set(Number(m[1]), { dict: body });
      continue;
    }
    const dict = body.slice(0, at);
    const start = (m.index ?? 0) + m[0].indexOf(body) + at + 'stream'.length;
    const from = text[start] === '\r' ? start + 2 : start + 1;
    const end = text.indexOf('endstream', from);
    let raw = pdf.subarray(from, end);
    if (/\/FlateDecode/.test(dict)) raw = inflateSync(raw);
    objects.set(Number(m[1]), { dict, stream: raw });
  }
  return objects;
}

/** A ToUnicode map: glyph number (as hex, 4 digits) → characters. */
function cmapOf(source: string): Map<string, string> {
  const map = new Map<string, string>();
  // A ligature maps to several characters: "<0066 0069>" is "fi".
  const chars = (hex: string) =>
    String.fromCodePoint(
      ...(hex.replace(/\s/g, '').match(/.{4}/g) ?? []).map((h) => Number.parseInt(h, 16)),
    );
  for (const block of source.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    for (const line of (block[1] ?? '').split('\n')) {
      const list = /<([0-9a-f]+)>\s*<([0-9a-f]+)>\s*\[(.*)\]/i.exec(line);
      if (list) {
        const first = Number.parseInt(list[1] ?? '0', 16);
        [...(list[3] ?? '').matchAll(/<([0-9a-f\s]+)>/gi)].forEach((u, i) => {
          map.set((first + i).toString(16).padStart(4, '0'), chars(u[1] ?? ''));
        });
        continue;
      }
      const range = /<([0-9a-f]+)>\s*<([0-9a-f]+)>\s*<([0-9a-f]+)>/i.exec(line);
      if (range) {
        const first = Number.parseInt(range[1] ?? '0', 16);
        const last = Number.parseInt(range[2] ?? '0', 16);
        const u = Number.parseInt(range[3] ?? '0', 16);
        for (let g = first; g <= last; g++) {
          map.set(g.toString(16).padStart(4, '0'), String.fromCodePoint(u + g - first));
        }
      }
    }
  }
  for (const block of source.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const m of (block[1] ?? '').matchAll(/<([0-9a-f]+)>\s*<([0-9a-f]+)>/gi)) {
      map.set((m[1] ?? '').toLowerCase().padStart(4, '0'), chars(m[2] ?? ''));
    }
  }
  return map;
}

/**
 * A line of the PDF's text, the smallest font size (in points) it is set in,
 * and where it starts from the page's left edge (points).
 */
export type PdfLine = { text: string; size: number; x: number };

/** The PDF's text with its sizes: one line per baseline, in the order it is drawn. */
export function pdfSizedLines(pdf: Buffer): PdfLine[] {
  const objects = objectsOf(pdf);
  // Font resource name (F1, F2 …) → its ToUnicode map, from every page's resources.
  const fonts = new Map<string, Map<string, string>>();
  for (const { dict } of objects.values()) {
    const resources = /\/Font\s*<<([\s\S]*?)>>/.exec(dict);
    if (!resources) continue;
    for (const m of (resources[1] ?? '').matchAll(/\/(\w+)\s+(\d+) 0 R/g)) {
      const font = objects.get(Number(m[2]));
      const toUnicode = font && /\/ToUnicode (\d+) 0 R/.exec(font.dict);
      const cmap = toUnicode && objects.get(Number(toUnicode[1]))?.stream;
      if (cmap) fonts.set(m[1] ?? '', cmapOf(cmap.toString('latin1')));
    }
  }
  const lines: PdfLine[] = [];
  for (const { stream } of objects.values()) {
    if (!stream) continue;
    const content = stream.toString('latin1');
    if (!/\bBT\b/.test(content)) continue;
    let font = new Map<string, string>();
    let size = 0;
    let baseline: string | undefined;
    const ops =
      /\/(\w+) ([\d.]+) Tf|[\d.-]+ [\d.-]+ [\d.-]+ [\d.-]+ ([\d.-]+) ([\d.-]+) Tm|\[(.*?)\] TJ/g;
    for (const m of content.matchAll(ops)) {
      if (m[1] !== undefined) {
        font = fonts.get(m[1]) ?? new Map();
        size = Number(m[2]);
      } else if (m[4] !== undefined) {
        if (m[4] !== baseline) {
          lines.push({ text: '', size: Number.POSITIVE_INFINITY, x: Number(m[3]) });
        }
        baseline = m[4];
      } else {
        const words = [...(m[5] ?? '').matchAll(/<([0-9a-f]*)>/gi)]
          .flatMap((h) => (h[1] ?? '').match(/.{4}/g) ?? [])
          .map((g) => font.get(g.toLowerCase()) ?? '\uFFFD')
          .join('');
        const line = lines[lines.length - 1];
        if (line) {
          line.text += words;
          if (words.trim() !== '') line.size = Math.min(line.size, size);
        }
      }
    }
  }
  return lines.map((l) => ({ ...l, text: l.text.trim() })).filter((l) => l.text !== '');
}

/** The PDF's text: one string per line, in the order it is drawn. */
export function pdfLines(pdf: Buffer): string[] {
  return pdfSizedLines(pdf).map((l) => l.text);
}

/**
 * The pictures the PDF draws, in order: each as its image's filter
 * (`DCTDecode` for a JPEG, `FlateDecode` for a PNG).
 */
export function pdfPictures(pdf: Buffer): string[] {
  const objects = objectsOf(pdf);
  // XObject resource name (I1, I2 …) → its filter.
  const images = new Map<string, string>();
  for (const { dict } of objects.values()) {
    const resources = /\/XObject\s*<<([\s\S]*?)>>/.exec(dict);
    if (!resources) continue;
    for (const m of (resources[1] ?? '').matchAll(/\/(\w+)\s+(\d+) 0 R/g)) {
      const image = objects.get(Number(m[2]));
      if (image && /\/Subtype\s*\/Image/.test(image.dict)) {
        images.set(m[1] ?? '', /\/Filter\s*\/(\w+)/.exec(image.dict)?.[1] ?? '');
      }
    }
  }
  const drawn: string[] = [];
  for (const { stream } of objects.values()) {
    if (!stream) continue;
    for (const m of stream.toString('latin1').matchAll(/\/(\w+) Do\b/g)) {
      const filter = images.get(m[1] ?? '');
      if (filter !== undefined) drawn.push(filter);
    }
  }
  return drawn;
}
